import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { PbxProfile } from '../../../electron/contract/profiles'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { accountOf, secretKeyOf } from '../../../electron/services/keychain/pbx-secrets'
import { KEYCHAIN_SERVICE } from '../../../electron/services/keychain/secret-store'
import type { CliRun } from './run-cli'

// The keychain side of the command line's tests: a demo PBX saved with its password kept, and
// every password a test's data folder kept removed afterwards (nothing of a test stays there).

/** `pbx add <label>` for the demo PBX's tenant manager, the password kept in the keychain. */
export async function addDemoPbx(cli: (args: string[], more?: { env?: Record<string, string> }) => Promise<CliRun>, label: string, url: string): Promise<void> {
  const added = await cli(['pbx', 'add', label, '--url', url, '--user', 'manager', '--domain', 'demo.pbx.example', '--password-env', 'PW'], { env: { PW: 'manager' } })
  expect(added.code, added.stderr).toBe(0)
}

/** Removes from the keychain the passwords of every PBX saved in data folder `dataDir`. */
export async function forgetKeptPasswords(store: { deletePassword(service: string, account: string): Promise<boolean> }, dataDir: string): Promise<void> {
  const file = join(dataDir, 'profiles.json')
  if (!existsSync(file)) return
  for (const profile of JSON.parse(readFileSync(file, 'utf8')).profiles as PbxProfile[]) {
    // its own sign-in's, and its system administrator's
    for (const role of ['entry', 'system'] as const) await store.deletePassword(KEYCHAIN_SERVICE, accountOf(secretKeyOf(profile.id, role)))
  }
}

type Cli = (args: string[], more?: { env?: Record<string, string> }) => Promise<CliRun>

/**
 * A demo PBX saved as "Demo Company" in data folder `dataDir` for the tests of a file: started and
 * added before them, its kept password forgotten and the PBX stopped after them. The object holds it.
 */
export function demoCompanyPerFile(cli: Cli, dataDir: string, store: Parameters<typeof forgetKeptPasswords>[0]): { pbx: DemoPbx } {
  const held = {} as { pbx: DemoPbx }
  beforeAll(async () => {
    held.pbx = await startDemoPbx({ port: 0 })
    await addDemoPbx(cli, 'Demo Company', held.pbx.url)
  })
  afterAll(async () => {
    await forgetKeptPasswords(store, dataDir)
    await held.pbx?.stop()
  })
  return held
}
