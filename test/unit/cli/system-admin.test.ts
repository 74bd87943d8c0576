import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FleetEntry } from '../../../electron/contract/fleet'
import type { PbxProfile } from '../../../electron/contract/profiles'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { accountOf, secretKeyOf } from '../../../electron/services/keychain/pbx-secrets'
import { KEYCHAIN_SERVICE } from '../../../electron/services/keychain/secret-store'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// One saved entry per PBX for both roles (issue 38), on the command line: `pbx sign-in
// --system-admin` keeps the system administrator's sign-in on a tenant entry, in its own keychain
// account; `fleet status` then reads the IVR servers as that role and the rest as the tenant.
const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the command line's two-role tests: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('a tenant entry signed in as its system administrator too, on the command line', { timeout: 30_000 }, () => {
  let pbx: DemoPbx
  const dataDir = tempDir('pbx-cli-roles-')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  const fleet = async () => jsonOf<(FleetEntry & { name: string })[]>(await cli(['fleet', 'status', '--json']))[0]!

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
  })
  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('keeps the second sign-in on the same entry; the fleet reads IVR servers with it', async () => {
    await addDemoPbx(cli, 'Demo Company', pbx.url)
    expect((await fleet()).counts.ivrServers).toBe('not_allowed')

    const refused = await cli(['pbx', 'sign-in', 'Demo Company', '--system-admin', 'admin', '--password-stdin'], { input: 'wrong\n' })
    expect(refused.code).toBe(1)
    expect(jsonOf<PbxProfile[]>(await cli(['pbx', 'list', '--json']))[0]!.systemAdmin).toBeNull()

    const signIn = await cli(['pbx', 'sign-in', 'Demo Company', '--system-admin', 'admin', '--password-stdin'], { input: 'admin\n' })
    expect(signIn.code, signIn.stderr).toBe(0)
    expect(signIn.stdout).toMatch(/^Signed in to "Demo Company" as its system administrator admin, beside manager; the password is kept in the keychain\.$/m)
    const [entry] = jsonOf<PbxProfile[]>(await cli(['pbx', 'list', '--json']))
    expect(entry).toMatchObject({ label: 'Demo Company', domain: 'demo.pbx.example', systemAdmin: { username: 'admin', rememberPassword: true } })
    const kept = keychain.available ? await keychain.store.getPassword(KEYCHAIN_SERVICE, accountOf(secretKeyOf(entry!.id, 'system'))) : null
    expect(kept).toContain('"password":"admin"')
    expect((await cli(['pbx', 'list'])).stdout).toMatch(/^Demo Company\s+\S+\s+\S+\s+manager\s+demo\.pbx\.example\s+admin\s+kept\s/m)

    const after = await fleet()
    expect(after.counts).toMatchObject({ ivrServers: 2, dectBases: 3, outboundRules: 3 })
  })

  it('refuses --system-admin on an entry that is the system administrator already, and an empty name (exit 2)', async () => {
    const added = await cli(['pbx', 'add', 'Server', '--url', pbx.url, '--user', 'admin', '--password-env', 'PW'], { env: { PW: 'admin' } })
    expect(added.code, added.stderr).toBe(0)
    const twice = await cli(['pbx', 'sign-in', 'Server', '--system-admin', 'admin', '--password-stdin'], { input: 'admin\n' })
    expect(twice.code).toBe(2)
    expect(twice.stderr).toMatch(/--system-admin: "Server" signs in as the system administrator already/)
    const empty = await cli(['pbx', 'sign-in', 'Demo Company', '--system-admin', ' ', '--password-stdin'], { input: 'admin\n' })
    expect(empty.code).toBe(2)
    expect(empty.stderr).toMatch(/--system-admin: give the user name of the system administrator/)
  })
})
