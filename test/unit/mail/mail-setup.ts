import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Services } from '../../../electron/services'
import { invoker, type BridgeFailure } from '../invoke'
import { testServices } from '../test-services'

/**
 * The real services with an in-memory keychain, called through `dispatch` (the path IPC uses),
 * and saved PBXs signed in to a demo PBX (or a proxy in front of one).
 */
export interface MailTestApp {
  services: Services
  call: ReturnType<typeof invoker>
  /** saves a PBX at `baseUrl` for that account and signs in; answers its profile id */
  signedIn(baseUrl: string, account: Account): Promise<string>
  dispose(): Promise<void>
}

export type Account = 'admin' | 'manager@demo' | 'manager@other'

const ACCOUNTS: Record<Account, { username: string; password: string; domain: string }> = {
  admin: { username: 'admin', password: 'admin', domain: '' },
  'manager@demo': { username: 'manager', password: 'manager', domain: 'demo.pbx.example' },
  'manager@other': { username: 'manager', password: 'manager', domain: 'other.pbx.example' },
}

export function startMailTestApp(): MailTestApp {
  const dir = mkdtempSync(join(tmpdir(), 'pbx-mail-'))
  const services = testServices(dir)
  const call = invoker(services.handlers)
  let n = 0
  return {
    services,
    call,
    async signedIn(baseUrl, account) {
      const { username, password, domain } = ACCOUNTS[account]
      const profile = await call('saveProfile', { fields: { label: `PBX ${++n} (${account})`, baseUrl, username, domain } })
      await call('signIn', { profileId: profile.id, password, remember: false })
      return profile.id
    },
    async dispose() {
      await services.dispose()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The BridgeFailure a call ended with (fails the test when it succeeded). */
export async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'the call should have failed').toHaveProperty('code')
  return error as BridgeFailure
}
