import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FleetEntry } from '../../../electron/contract/fleet'
import type { NumberTestResult } from '../../../electron/contract/number-test'
import type { PbxProfile } from '../../../electron/contract/profiles'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { accountOf } from '../../../electron/services/keychain/pbx-secrets'
import { KEYCHAIN_SERVICE } from '../../../electron/services/keychain/secret-store'
import { selfSignedCertificate } from '../../support/self-signed'
import { forgetKeptPasswords } from './kept-passwords'
import { closedPort, jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// The command line as a user runs it (run-cli.ts: in this process, or as a child process where
// stdin, signals or the entry matter), with its own data folder ($PBX_PROVISIONER_DATA_DIR), against demo PBXs running in this test. The
// commands that sign in keep passwords in the real OS keychain, so they run inside
// test/support/in-keyring.sh (as `npm test` runs vitest) and are skipped, saying why, elsewhere.



/** A file as `pbx export` writes it. */
function exportFile(dir: string, profiles: { label: string; baseUrl: string; username: string; domain?: string }[]): string {
  const file = join(dir, `export-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify({ version: 1, profiles: profiles.map((p) => ({ domain: '', ...p })) }))
  return file
}

describe('the command line, without a keychain', { timeout: 30_000 }, () => {
  const dataDir = tempDir('pbx-cli-plain-')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })

  it('--help shows the areas, the exit codes and examples; each command has its own', async () => {
    const top = await cli(['--help'])
    expect(top.code).toBe(0)
    expect(top.stdout).toMatch(/Examples:/)
    expect(top.stdout).toMatch(/pbx-provisioner fleet status --json/)
    expect(top.stdout).toMatch(/Exit codes: 0 done, 1 failed, 2 bad usage, 3 partly failed/)
    const add = await cli(['pbx', 'add', '--help'])
    expect(add.code).toBe(0)
    expect(add.stdout).toMatch(/Examples:\n\s+PBX_PASSWORD=… pbx-provisioner pbx add "Demo/)
    expect(add.stdout).toMatch(/--password-env/)
    const outbound = await cli(['outbound', 'test', '--help'])
    expect(outbound.stdout).toMatch(/Examples:\n\s+pbx-provisioner outbound test "Demo Company"/)
  })

  it.concurrent.each([
    [['pbx'], /Name a pbx command/],
    [['frobnicate'], /Unknown argument: frobnicate/],
    [['pbx', 'add', 'X', '--url', 'nope', '--user', 'u', '--password-env', 'SOME_PASSWORD'], /--url: enter an http:\/\/ or https:\/\/ address/],
    [['pbx', 'add', 'X', '--url', 'http://127.0.0.1:1', '--user', 'u'], /No password given: pass --password-env VAR .* or --password-stdin/],
    [['pbx', 'add', 'X', '--url', 'http://127.0.0.1:1', '--user', 'u', '--password', 'secret'], /never taken as an argument/],
    [['pbx', 'add', 'X', '--url', 'http://127.0.0.1:1', '--user', 'u', '--password-env', 'SOME_PASSWORD', '--trust-fingerprint', 'AB:CD'], /--trust-fingerprint: "AB:CD" is not a SHA-256 fingerprint/],
    [['pbx', 'test'], /Name the PBXs to test .* or give --all/],
    [['fleet', 'status', 'Nobody', '--no-refresh'], /No PBX is saved yet, so none is named "Nobody"/],
    [['fleet', 'status', '--concurrency', '99'], /--concurrency: /],
    [['outbound', 'test', 'Demo', '12a', '--from', '1001'], /<number>: may contain only digits, \*, # and \+/],
    [['outbound', 'test', 'Demo', '112'], /Missing required argument: from/],
  ])('bad usage exits 2 and says what to do on stderr: %j', async (args, message) => {
    const run = await cli(args, { env: { SOME_PASSWORD: 'x' } })
    expect(run.stderr).toMatch(message)
    expect(run.stderr).toMatch(/^pbx-provisioner: /)
    expect(run.stdout).toBe('')
    expect(run.code).toBe(2)
  })

  it('imports and exports the saved list; an ambiguous name is bad usage that lists the candidates', async () => {
    const file = exportFile(dataDir, [
      { label: 'Twin', baseUrl: 'http://127.0.0.1:1', username: 'a' },
      { label: 'Twin', baseUrl: 'http://127.0.0.1:2', username: 'b' },
      { label: 'Acme HQ', baseUrl: 'https://pbx.acme.example', username: 'admin' },
    ])
    const imported = await cli(['pbx', 'import', file, '--json'])
    expect(imported.code, imported.stderr).toBe(0)
    expect(jsonOf(imported)).toEqual({ added: 3, skipped: [] })

    const list = jsonOf<PbxProfile[]>(await cli(['pbx', 'list', '--json']))
    expect(list.map((p) => p.label).sort()).toEqual(['Acme HQ', 'Twin', 'Twin'])
    const exported = await cli(['pbx', 'export'])
    expect(exported.code, exported.stderr).toBe(0)
    expect(jsonOf<{ profiles: unknown[] }>(exported).profiles).toHaveLength(3)
    expect(exported.stderr).toMatch(/Exported 3 PBXs\. Passwords are not in the file/)

    const ambiguous = await cli(['fleet', 'status', 'Twin', '--no-refresh'])
    expect(ambiguous.code).toBe(2)
    expect(ambiguous.stderr).toMatch(/"Twin" names 2 saved PBXs: "Twin" \(id \S+, a@http:\/\/127\.0\.0\.1:1\), "Twin" \(id \S+, b@http:\/\/127\.0\.0\.1:2\)\. Name one by its id\./)
    const unknown = await cli(['fleet', 'status', 'acme', '--no-refresh'])
    expect(unknown.stderr).toMatch(/No saved PBX is named "acme"\. Did you mean "Acme HQ"\?/)
    const byId = await cli(['fleet', 'status', list[0]!.id, '--no-refresh', '--json'])
    expect(jsonOf<{ name: string }[]>(byId).map((row) => row.name)).toEqual([list[0]!.label])
  })

  it('shares the batches with another process: a batch it pushes is changed only once that push ended', async () => {
    const shared = tempDir('pbx-cli-shared-')
    // the other process (the desktop app): this test, pushing one row of the batch
    const app = createBatchStore(shared)
    const batch = await app.create({ name: 'Site B', source: 'b.csv', rows: [{ row: 1, values: { name: 'Desk', mac: '001565000001' }, problems: [] }] })
    const release = await app.lockForPush(batch.id)
    await app.setPushState(batch.id, { status: 'pushing' })
    await app.saveOutcomes(batch.id, { [batch.rows[0]!.id]: { state: 'created', phoneId: 'p1', at: '2024-05-01T10:00:00.000Z' } })
    const files = () => readdirSync(join(shared, 'batches')).filter((name) => !name.endsWith('.lock')).map((name) => [name, readFileSync(join(shared, 'batches', name), 'utf8')])
    const before = files()

    const refused = await runCli(['batch', 'delete', 'Site B'], { dataDir: shared })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/The batch "Site B" is being pushed by a command line or another window\. Wait until that push ends/)
    expect(files()).toEqual(before)

    await app.settleStatus(batch.id, () => 'done')
    await release()
    const deleted = await runCli(['batch', 'delete', 'Site B'], { dataDir: shared })
    expect(deleted.code, deleted.stderr).toBe(0)
    await expect(app.get(batch.id)).rejects.toThrow(/That batch no longer exists/)
  })
})

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the command line's tests that sign in: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('the command line against the demo PBX, with the keychain', { timeout: 30_000 }, () => {
  let pbx: DemoPbx
  const dataDir = tempDir('pbx-cli-')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  const saved = async () => jsonOf<PbxProfile[]>(await cli(['pbx', 'list', '--json']))
  const secretOf = (profileId: string) => (keychain.available ? keychain.store.getPassword(KEYCHAIN_SERVICE, accountOf(profileId)) : null)

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
  })
  afterAll(async () => {
    // nothing of this test stays in the keychain
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('adds PBXs with the password from an environment variable and from stdin', async () => {
    const tenant = await cli(['pbx', 'add', 'Demo Company', '--url', pbx.url, '--user', 'manager', '--domain', 'demo.pbx.example', '--password-env', 'DEMO_PASSWORD'], {
      env: { DEMO_PASSWORD: 'manager' },
    })
    expect(tenant.stderr).toBe('')
    expect(tenant.stdout).toMatch(/^Added "Demo Company" \(id \S+\): signed in as manager \(Admin\); the password is kept in the keychain\.\n$/)
    expect(tenant.code).toBe(0)
    const system = await cli(['pbx', 'add', 'System', '--url', pbx.url, '--user', 'admin', '--password-stdin', '--json'], { input: 'admin\n' })
    expect(system.code).toBe(0)
    const added = jsonOf<{ profile: PbxProfile; session: { status: string } }>(system)
    expect(added.profile).toMatchObject({ label: 'System', username: 'admin', rememberPassword: true })
    expect(added.session.status).toBe('signed_in')
    expect(JSON.parse((await secretOf(added.profile.id)) ?? '{}')).toMatchObject({ password: 'admin' })
  })

  it('keeps nothing when the sign-in fails: a wrong password, a one-time code with no terminal, a name taken', async () => {
    const wrong = await cli(['pbx', 'add', 'Wrong', '--url', pbx.url, '--user', 'admin', '--password-stdin'], { input: 'not-the-password' })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/Could not sign in to "Wrong", so it was not saved: .*Check --user, --domain and the password/)
    const code = await cli(['pbx', 'add', 'Installer', '--url', pbx.url, '--user', 'installer', '--domain', 'demo.pbx.example', '--password-stdin'], {
      input: 'installer',
    })
    expect(code.code).toBe(1)
    expect(code.stderr).toMatch(/asks for a one-time code sent by email .* run the command in a terminal/)
    const taken = await cli(['pbx', 'add', 'demo company', '--url', pbx.url, '--user', 'manager', '--password-stdin'], { input: 'manager' })
    expect(taken.code).toBe(2)
    expect(taken.stderr).toMatch(/A PBX named "Demo Company" is saved already/)
    expect((await saved()).map((p) => p.label).sort()).toEqual(['Demo Company', 'System'])
  })

  it('lists the saved PBXs as a table', async () => {
    const list = await cli(['pbx', 'list'])
    expect(list.code).toBe(0)
    const [header, ...rows] = list.stdout.trimEnd().split('\n')
    expect(header).toMatch(/^NAME\s+ID\s+ADDRESS\s+USER\s+DOMAIN\s+SYSTEM ADMIN\s+PASSWORD\s+LAST USED$/)
    expect(rows).toHaveLength(2)
    expect(rows.find((row) => row.startsWith('Demo Company'))).toMatch(/manager\s+demo\.pbx\.example\s+-\s+kept/)
  })

  it('tests one PBX, then all of them as JSON', async () => {
    const one = await cli(['pbx', 'test', 'Demo Company'])
    expect(one.code).toBe(0)
    expect(one.stdout).toMatch(/^ok\s+Demo Company\s+signed in as manager \(Admin\) \(\d+ ms\)$/m)
    const all = await cli(['pbx', 'test', '--all', '--json'])
    expect(all.code).toBe(0)
    const results = jsonOf<{ name: string; ok: boolean; role: string }[]>(all)
    expect(results.map(({ name, ok, role }) => ({ name, ok, role })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Demo Company', ok: true, role: 'Admin' },
      { name: 'System', ok: true, role: 'SystemAdmin' },
    ])
  })

  it('tests a number against the outbound rules, with the decision and why', async () => {
    const emergency = await cli(['outbound', 'test', 'demo company', '112', '--from', '1001', '--at', '2025-06-02T10:00'])
    expect(emergency.code).toBe(0)
    expect(emergency.stdout).toMatch(/^Call to 112 from extension 1001, Monday 2025-06-02 10:00 on the PBX's clock\.\nDecision: rule "Emergency" applies\./)
    expect(emergency.stdout).toMatch(/MATCHED\s+Emergency \(priority 1\): .*prefix 112/)
    expect(emergency.stdout).toMatch(/1\. Telco One: sends 112/)
    const local = jsonOf<NumberTestResult & { pbx: { name: string } }>(
      await cli(['outbound', 'test', 'Demo Company', '0301234567', '--from', '1001', '--at', '2025-12-25T10:00', '--json']),
    )
    expect(local.pbx.name).toBe('Demo Company')
    expect(local.call.number).toBe('0301234567')
    expect(local.matched?.name).toBe('Local')
    expect(local.rules.find((rule) => rule.name === 'Emergency')?.outcome).toBe('skipped')
    // Sunday: the international rule keeps office hours
    const sunday = await cli(['outbound', 'test', 'Demo Company', '0044207946000', '--from', '1001', '--at', '2025-06-01T10:00'])
    expect(sunday.stdout).toMatch(/Decision: no enabled rule applies/)
    expect(sunday.stdout).toMatch(/skipped\s+International \(priority 200\): office hours — Sunday is not an office day/)
  })

  it("prints the fleet overview's figures, one line per PBX, and as JSON", async () => {
    const table = await cli(['fleet', 'status'])
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/^PBX\s+REACHED\s+ACCESS\s+CERTIFICATE\s+TENANT\s+BASES\s+HANDSETS\s+RULES\s+IVR\s+WARNINGS\s+READ$/m)
    expect(table.stdout).toMatch(/^Demo Company\s+reachable \d+ ms\s+signed in\s+none \(http\)\s+Demo Company\s+3\s+2\s+3\s+denied\s/m)
    const json = await cli(['fleet', 'status', '--json'])
    expect(json.code).toBe(0)
    const rows = jsonOf<(FleetEntry & { name: string })[]>(json)
    const demo = rows.find((row) => row.name === 'Demo Company')
    expect(demo).toMatchObject({ reach: 'reachable', access: 'signed_in', tenant: 'Demo Company', counts: { dectBases: 3, outboundRules: 3 } })
    expect(rows.map((row) => row.name).sort()).toEqual(['Demo Company', 'System'])
  })

  it('an imported PBX has no password until `pbx sign-in` keeps one', async () => {
    const file = exportFile(dataDir, [{ label: 'Other Tenant', baseUrl: pbx.url, username: 'manager', domain: 'other.pbx.example' }])
    expect((await cli(['pbx', 'import', file])).code).toBe(0)
    const before = await cli(['pbx', 'test', 'Other Tenant'])
    expect(before.code).toBe(1)
    expect(before.stdout).toMatch(/FAILED\s+Other Tenant\s+No password is kept for "Other Tenant" .* run `pbx-provisioner pbx sign-in "Other Tenant"`/)
    const outbound = await cli(['outbound', 'test', 'Other Tenant', '112', '--from', '2001'])
    expect(outbound.code).toBe(1)
    expect(outbound.stderr).toMatch(/No password is kept for "Other Tenant"/)
    const signIn = await cli(['pbx', 'sign-in', 'Other Tenant', '--password-stdin'], { input: 'manager\n' })
    expect(signIn.code, signIn.stderr).toBe(0)
    expect(signIn.stdout).toMatch(/^Signed in to "Other Tenant" as manager \(Admin\); the password is kept in the keychain\.$/m)
    expect((await cli(['pbx', 'test', 'Other Tenant'])).code).toBe(0)
    expect((await cli(['pbx', 'remove', 'Other Tenant'])).code).toBe(0)
  })

  it('an unreachable PBX among good ones: the others pass and the exit code is 3', async () => {
    const file = exportFile(dataDir, [{ label: 'Down', baseUrl: `http://127.0.0.1:${await closedPort()}`, username: 'admin' }])
    expect((await cli(['pbx', 'import', file])).code).toBe(0)
    const tested = await cli(['pbx', 'test', 'Demo Company', 'Down'])
    expect(tested.code).toBe(3)
    expect(tested.stdout).toMatch(/^ok\s+Demo Company\s/m)
    expect(tested.stdout).toMatch(/^FAILED\s+Down\s+Could not reach 127\.0\.0\.1:\d+/m)
    const alone = await cli(['pbx', 'test', 'Down', '--json'])
    expect(alone.code).toBe(1)
    expect(jsonOf<{ ok: boolean; error: { code: string } }[]>(alone)[0]).toMatchObject({ ok: false, error: { code: 'UNREACHABLE' } })
    const fleet = await cli(['fleet', 'status', '--json'])
    expect(fleet.code).toBe(3)
    expect(jsonOf<FleetEntry[]>(fleet).find((row) => row.reach === 'unreachable')).toBeDefined()
  })

  it('trusts a self-signed certificate only by the fingerprint given', async () => {
    const certificate = selfSignedCertificate()
    const secure = await startDemoPbx({ port: 0, tls: certificate })
    try {
      const args = ['pbx', 'add', 'Secure', '--url', secure.url, '--user', 'admin', '--password-env', 'PW']
      const untrusted = await cli(args, { env: { PW: 'admin' } })
      expect(untrusted.code).toBe(1)
      expect(untrusted.stderr).toContain(`fingerprint: ${certificate.fingerprint256} (SHA-256)`)
      expect(untrusted.stderr).toContain(`run the command again with --trust-fingerprint ${certificate.fingerprint256}`)
      const other = await cli([...args, '--trust-fingerprint', '00'.repeat(32)], { env: { PW: 'admin' } })
      expect(other.code).toBe(1)
      expect(other.stderr).toMatch(/not the one given to --trust-fingerprint: nothing was saved/)
      // typed as some tools print it: lower case, no colons
      const typed = certificate.fingerprint256.replace(/:/g, '').toLowerCase()
      const trusted = await cli([...args, '--trust-fingerprint', typed], { env: { PW: 'admin' } })
      expect(trusted.stderr).toBe('')
      expect(trusted.code).toBe(0)
      expect((await saved()).find((p) => p.label === 'Secure')?.trustedCertificate?.fingerprint256).toBe(certificate.fingerprint256)
      expect((await cli(['pbx', 'test', 'Secure'])).code).toBe(0)
      expect((await cli(['pbx', 'remove', 'Secure'])).code).toBe(0)
    } finally {
      await secure.stop()
    }
  })

  it('Ctrl-C stops cleanly with exit code 130', async () => {
    pbx.faults.setLatency(3000)
    try {
      const before = pbx.requests
      const run = await cli(['pbx', 'test', 'Demo Company'], {
        started: (child) => {
          const poll = setInterval(() => {
            // the command has asked the PBX: interrupt it while it waits for the answer
            if (pbx.requests > before) {
              clearInterval(poll)
              child.kill('SIGINT')
            }
          }, 20)
        },
      })
      expect(run.code).toBe(130)
      expect(run.stderr).toMatch(/Stopping: signing out of the PBXs/)
      expect(run.stdout).toBe('')
    } finally {
      pbx.faults.setLatency(0)
    }
  })

  it('removes a PBX with its keychain entry', async () => {
    const system = (await saved()).find((p) => p.label === 'System')!
    expect(await secretOf(system.id)).not.toBeNull()
    const removed = await cli(['pbx', 'remove', 'System'])
    expect(removed.code).toBe(0)
    expect(removed.stdout).toMatch(/^Removed "System" \(id \S+\)\.$/m)
    expect(await secretOf(system.id)).toBeNull()
    expect((await saved()).map((p) => p.label).sort()).toEqual(['Demo Company', 'Down'])
  })
})
