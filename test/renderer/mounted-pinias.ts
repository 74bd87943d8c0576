import { disposePinia, type Pinia } from 'pinia'

/** every Pinia mountInApp made since the last cleanup: a test that mounts the app twice (a restart) made two */
const mounted: Pinia[] = []

export function noteMountedPinia(pinia: Pinia): void {
  mounted.push(pinia)
}

/**
 * Disposes the Pinias of the apps this test mounted (setup-cleanup.ts), not only the active one:
 * the test files of a worker share their modules (vitest.config.ts), and a store left running
 * would answer the next file's calls (the sessions store reads the sessions again on any
 * certificate failure, bridge-call.ts).
 */
export function disposeMountedPinias(): void {
  for (const pinia of mounted.splice(0)) disposePinia(pinia)
}
