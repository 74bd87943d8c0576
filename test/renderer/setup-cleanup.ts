import { disableAutoUnmount, enableAutoUnmount } from '@vue/test-utils'
import { disposePinia, getActivePinia } from 'pinia'
import { afterEach, vi } from 'vitest'
import { removeMenu } from './fake-menu'
import { disposeMountedPinias } from './mounted-pinias'
import { removePbx } from './fake-pbx'

/**
 * The cleanup after every renderer test (the `renderer` project's `setupFiles`, vitest.config.ts),
 * after the test file's own `afterEach` hooks: unmounts every wrapper `mount` made in the test
 * (mountInApp's too, @vue/test-utils' auto-unmount), empties the document (Naive UI teleports its
 * dialogs, drawers and messages to the body), removes the fake `window.pbx` and `window.pbxMenu`
 * whether a test installed them or not, disposes the test's Pinia (its stores stop listening, e.g.
 * to every bridge failure, bridge-call.ts), clears the timers the test left (below), empties
 * localStorage (a choice a screen remembers there, the fleet's columns, is not the next test's) and
 * restores what `vi.spyOn` replaced, real timers and the globals `vi.stubGlobal` replaced.
 */
/**
 * The timers a test leaves behind, cleared when it ends. Naive UI's messages start their hide
 * timer with `window.setTimeout`, which here is Node's own (the test window is the global), and
 * do not clear it when they are unmounted: a message shown near a file's end fired after the test
 * window was gone (`window is not defined`, an unhandled error that fails the whole run).
 * Wrapping the global timers records what each test starts; the cleanup clears what is left.
 */
const pendingTimers = new Set<ReturnType<typeof setTimeout>>()
// Node's own, kept once per worker: each test file runs this file again on the same global
const keeper = globalThis as typeof globalThis & { __nodeSetTimeout?: typeof setTimeout }
const realSetTimeout = (keeper.__nodeSetTimeout ??= globalThis.setTimeout)
globalThis.setTimeout = Object.assign(
  (handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    const timer = realSetTimeout(() => {
      pendingTimers.delete(timer)
      handler(...args)
    }, delay)
    pendingTimers.add(timer)
    return timer
  },
  realSetTimeout,
) as typeof setTimeout

disableAutoUnmount()
enableAutoUnmount((unmountAll) =>
  afterEach(() => {
    unmountAll()
    for (const timer of pendingTimers) clearTimeout(timer)
    pendingTimers.clear()
    document.body.innerHTML = ''
    localStorage.clear()
    removePbx()
    removeMenu()
    disposeMountedPinias()
    const pinia = getActivePinia()
    if (pinia) disposePinia(pinia)
    vi.restoreAllMocks()
    // the next test, in this file or the next one (they share the worker's globals), starts on
    // real timers and the real globals
    vi.useRealTimers()
    vi.unstubAllGlobals()
    storageStillWrites()
  }),
)

/**
 * A test that left localStorage refusing writes fails, by name: happy-dom's localStorage is a Proxy
 * that takes a method put back on it (a spy restored) for an item, so a spy on it outlived its
 * test and the files after it in the worker lost what they stored (issue 41). A test wanting a
 * storage that refuses stubs the global (`vi.stubGlobal('localStorage', …)`), which the cleanup puts back.
 */
function storageStillWrites(): void {
  const probe = 'pbx-provisioner.cleanup-probe'
  try {
    localStorage.setItem(probe, '1')
    localStorage.removeItem(probe)
  } catch (error) {
    throw new Error(`this test left localStorage.setItem refusing writes (${String(error)}): stub the global instead (vi.stubGlobal('localStorage', …)), which the cleanup puts back`, { cause: error })
  }
}

