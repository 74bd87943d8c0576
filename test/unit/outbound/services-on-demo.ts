import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { startDemoPbx, type DemoPbx, type DemoPbxOptions } from '../../../electron/demo-pbx'
import { createServices, type Services } from '../../../electron/services'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import { invoker, type BridgeFailure } from '../invoke'

/**
 * The services of the app on a demo PBX of their own, called the way the renderer calls them
 * (through `dispatch`), with the demo accounts saved and signed in on demand.
 */

export type Who = 'manager@demo' | 'manager@other' | 'admin'

const ACCOUNTS: Record<Who, { username: string; password: string; domain: string }> = {
  'manager@demo': { username: 'manager', password: 'manager', domain: 'demo.pbx.example' },
  'manager@other': { username: 'manager', password: 'manager', domain: 'other.pbx.example' },
  admin: { username: 'admin', password: 'admin', domain: '' },
}

const app = { name: 'PBX Provisioner', version: 'test', versions: { node: process.versions.node }, platform: 'linux' }

export interface OnDemo {
  pbx: DemoPbx
  services: Services
  call: ReturnType<typeof invoker>
  /** saves a PBX for `who` (at `baseUrl`, the demo PBX by default), signs in, answers its profile id */
  signedIn(who: Who, baseUrl?: string): Promise<string>
  stop(): Promise<void>
}

export async function servicesOnDemo(options: DemoPbxOptions = {}): Promise<OnDemo> {
  const pbx = await startDemoPbx({ port: 0, ...options })
  const dataDir = mkdtempSync(join(tmpdir(), 'pbx-outbound-'))
  const services = createServices({ dataDir, keychain: { available: true, store: createMemorySecretStore() }, app })
  const call = invoker(services.handlers)
  return {
    pbx,
    services,
    call,
    async signedIn(who, baseUrl = pbx.url) {
      const account = ACCOUNTS[who]
      const profile = await call('saveProfile', {
        fields: { label: `${who} at ${baseUrl}`, baseUrl, username: account.username, domain: account.domain },
      })
      await call('signIn', { profileId: profile.id, password: account.password, remember: false })
      return profile.id
    },
    async stop() {
      await services.dispose()
      await pbx.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The BridgeError a call fails with (fails the test when it succeeds). */
export async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toHaveProperty('code')
  return error as BridgeFailure
}
