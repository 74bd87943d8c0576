import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplyPreview, Rollout } from '../../../electron/contract/config-apply'
import type { ConfigComparison } from '../../../electron/contract/config-compare'
import type { ConfigSnapshot } from '../../../electron/contract/config-snapshot'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { forgetKeptPasswords } from './kept-passwords'
import { closedPort, jsonOf, runCli, tempDir, type CliOptions } from './run-cli'
import { tenantApi } from './tenant-api'

// `config snapshot | compare | apply | history | undo | retry` as a user runs them (run-cli.ts)
// with their own data folder, against demo PBXs running in this test. Three PBXs: "Demo Company"
// (the source, on one demo PBX), "Branch Office" (the same tenant on a second demo PBX: same
// provider and holiday names) and "Other Company" (another tenant, with another provider and no
// holidays, so a rule needs --map-provider and --drop-holiday there).

const RULE = 'CLI Test Rule'

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the config command line's tests: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

/** Every key of a JSON value, at any depth. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(keysOf) : value && typeof value === 'object' ? Object.entries(value).flatMap(([key, v]) => [key, ...keysOf(v)]) : []

describe.skipIf(!keychain.available)('config: snapshot, compare, apply to two PBXs, history, undo', { timeout: 60_000 }, () => {
  const dataDir = tempDir('pbx-cli-config-')
  const work = tempDir('pbx-cli-config-files-')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, timeoutMs: 30_000, ...more })
  let main: DemoPbx
  let branch: DemoPbx
  let source: Awaited<ReturnType<typeof tenantApi>>
  let branchApi: Awaited<ReturnType<typeof tenantApi>>
  let otherApi: Awaited<ReturnType<typeof tenantApi>>
  const file = join(work, 'demo.pbxconfig.json')

  beforeAll(async () => {
    ;[main, branch] = await Promise.all([startDemoPbx({ port: 0, users: 20 }), startDemoPbx({ port: 0, users: 20 })])
    const add = async (name: string, url: string, user: string, domain?: string) => {
      const run = await cli(['pbx', 'add', name, '--url', url, '--user', user, ...(domain ? ['--domain', domain] : []), '--password-env', 'PW'], { env: { PW: user } })
      expect(run.code, run.stderr).toBe(0)
    }
    await add('Demo Company', main.url, 'manager', 'demo.pbx.example')
    await add('Branch Office', branch.url, 'manager', 'demo.pbx.example')
    await add('Other Company', main.url, 'manager', 'other.pbx.example')
    await add('System', main.url, 'admin')
    // the rule to roll out, made on the source through the demo's API: a provider and a holiday by name
    ;[source, branchApi, otherApi] = await Promise.all([tenantApi(main, 'demo.pbx.example'), tenantApi(branch, 'demo.pbx.example'), tenantApi(main, 'other.pbx.example')])
    const telco = (await source.providers()).find((p) => p.name === 'Telco One')!
    const christmas = (await source.holidays()).find((h) => h.name === 'Christmas')!
    await source.call('/api/outbound_rules', { name: RULE, number_prefix: '0800', priority: 50, holidays: [christmas.id], routes: [{ provider_id: telco.id, prepend: '9' }] })
  }, 60_000)

  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await Promise.all([main?.stop(), branch?.stop()])
  })

  it('snapshots every PBX into a folder (the nightly backup): the files listed on stdout, no password in them, never overwritten without --force', async () => {
    const folder = join(work, 'nightly')
    const run = await cli(['config', 'snapshot', '--all', '--out', folder])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const listed = run.stdout.trimEnd().split('\n').sort()
    expect(listed).toHaveLength(4)
    expect(listed.map((path) => path.slice(folder.length + 1))).toEqual(
      ['Branch Office', 'Demo Company', 'Other Company', 'System'].map((name) => expect.stringMatching(new RegExp(`^${name} \\d{4}-\\d{2}-\\d{2}\\.pbxconfig\\.json$`))),
    )
    expect(readdirSync(folder)).toHaveLength(4)
    for (const path of listed) {
      const snapshot = JSON.parse(readFileSync(path, 'utf8')) as ConfigSnapshot
      expect(snapshot.format).toBe('pbx-provisioner/config-snapshot')
      expect(keysOf(snapshot).filter((key) => /password|secret|token/i.test(key))).toEqual([])
    }
    // the system administrator reads the notification settings: still no mail password
    const system = JSON.parse(readFileSync(listed.find((path) => path.includes('System'))!, 'utf8')) as ConfigSnapshot
    expect(system.notification.state).toBe('read')
    const again = await cli(['config', 'snapshot', 'Demo Company', 'System', '--out', folder])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/no snapshot of "Demo Company": .*exists already: add --force to replace it/)
    const forced = await cli(['config', 'snapshot', 'Demo Company', '--out', folder, '--force', '--json'])
    expect(forced.code, forced.stderr).toBe(0)
    expect(jsonOf<{ name: string; ok: boolean; file: string }[]>(forced)).toEqual([expect.objectContaining({ name: 'Demo Company', ok: true, file: expect.stringContaining(folder) })])
  })

  it('a PBX that is down among good ones: the others are written and the exit code is 3', async () => {
    const exported = join(work, 'down.json')
    writeFileSync(exported, JSON.stringify({ version: 1, profiles: [{ label: 'Down', baseUrl: `http://127.0.0.1:${await closedPort()}`, username: 'admin', domain: '' }] }))
    expect((await cli(['pbx', 'import', exported])).code).toBe(0)
    const run = await cli(['config', 'snapshot', 'Demo Company', 'Down', '--out', join(work, 'partly')])
    expect(run.code).toBe(3)
    expect(run.stdout).toMatch(/partly\/Demo Company \d{4}-\d{2}-\d{2}\.pbxconfig\.json\n$/)
    expect(run.stderr).toMatch(/no snapshot of "Down": .*(No password is kept|Could not reach)/)
    expect((await cli(['pbx', 'remove', 'Down'])).code).toBe(0)
  })

  it('compares a PBX with its snapshot (the same) and with another PBX (the rule on one side only)', async () => {
    const taken = await cli(['config', 'snapshot', 'Demo Company', '--out', file])
    expect(taken.code, taken.stderr).toBe(0)
    expect(taken.stdout).toBe(`${file}\n`)
    const same = await cli(['config', 'compare', 'Demo Company', file, '--exit-code'])
    expect(same.code, same.stderr).toBe(0)
    expect(same.stdout).toMatch(/^Left: {2}"Demo Company" \(saved PBX, read now\)\nRight: .*demo\.pbxconfig\.json \(snapshot of "Demo Company", taken /)
    expect(same.stdout).toMatch(/^Outbound rules: 4 same$/m)
    expect(same.stdout).toMatch(/\nThe configurations are the same\.\n$/)

    const other = await cli(['config', 'compare', 'Demo Company', 'Branch Office'])
    expect(other.code).toBe(0)
    expect(other.stdout).toMatch(/^Outbound rules: 3 same, 1 only on the left\n {2}only on the left: CLI Test Rule$/m)
    expect(other.stdout).toMatch(/The configurations differ: 1 only on the left\.\n$/)
    // --exit-code: 1 when they differ (as diff), 2 when the comparison cannot be made
    expect((await cli(['config', 'compare', 'Demo Company', 'Branch Office', '--exit-code'])).code).toBe(1)
    expect((await cli(['config', 'compare', 'Demo Company', join(work, 'missing.pbxconfig.json'), '--exit-code'])).code).toBe(2)

    const json = jsonOf<ConfigComparison & { same: boolean }>(await cli(['config', 'compare', file, 'Branch Office', '--json']))
    expect(json.same).toBe(false)
    expect(json.left).toMatchObject({ label: 'Demo Company', fromFile: true })
    expect(json.parts.find((part) => part.part === 'outboundRules')?.items.find((item) => item.key === RULE)?.status).toBe('removed')
  })

  it('shows a changed field as - before / + after', async () => {
    const rule = (await source.rule(RULE))!
    await source.call(`/api/outbound_rules/${rule.id}`, { priority: 60 })
    try {
      const run = await cli(['config', 'compare', file, 'Demo Company'])
      expect(run.stdout).toMatch(/^ {2}changed: CLI Test Rule\n {4}priority\n {4}- 50\n {4}\+ 60$/m)
    } finally {
      await source.call(`/api/outbound_rules/${rule.id}`, { priority: 50 })
    }
  })

  it('applies nothing without --yes when not in a terminal (exit 2), and says what a PBX lacks', async () => {
    const args = ['config', 'apply', file, '--to', 'Branch Office', '--to', 'Other Company', '--item', `outboundRules:${RULE}`]
    const refused = await cli(args)
    expect(refused.code).toBe(2)
    // a PBX would be skipped: that is said first, with --yes too
    expect(refused.stderr).toMatch(/Nothing was done: 1 PBX would be skipped: .*add --skip-unmapped to apply to the others and skip it \(with --yes, to apply unattended\)\./)
    const skipping = await cli([...args, '--skip-unmapped'])
    expect(skipping.code).toBe(2)
    expect(skipping.stderr).toMatch(/Nothing was done: add --yes to apply unattended/)
    expect(refused.stdout).toMatch(/^"Branch Office"\n {2}create {5}Outbound rules: CLI Test Rule$/m)
    expect(refused.stdout).toMatch(/^"Other Company"\n {2}CANNOT {5}Outbound rules: CLI Test Rule: this PBX has no provider "Telco One", no holiday "Christmas"/m)
    expect(refused.stdout).toMatch(/add --map-provider "Telco One=…" \(its providers: Other Telco\); --drop-holiday "Christmas" or --map-holiday "Christmas=…" \(its holidays: none\)/)
    expect(await branchApi.rule(RULE)).toBeUndefined()
    expect(await otherApi.rule(RULE)).toBeUndefined()
    expect(jsonOf<Rollout[]>(await cli(['config', 'history', '--json']))).toEqual([])
  })

  it('bad usage exits 2 and says what to do', async () => {
    const cases: [string[], RegExp][] = [
      [['config', 'apply', file, '--item', 'rule:x'], /Choose the PBXs to apply to: --to <pbx>/],
      [['config', 'apply', file, '--to', 'Branch Office', '--item', 'rule:Nope'], /--item "rule:Nope": the source has no such item; its outbound rules: "Emergency", /],
      [['config', 'apply', file, '--to', 'Branch Office', '--item', 'phones:x'], /"phones" is not a part; the parts are outboundRules, /],
      [['config', 'apply', file, '--to', 'Branch Office', '--map-provider', 'Telco One'], /--map-provider "Telco One": write the source's name, "=", and the name on the PBXs/],
      [['config', 'apply', file, '--tag', 'nowhere'], /--tag "nowhere": no saved PBX has this tag/],
      [['config', 'compare', 'Demo Company', 'no/such.pbxconfig.json'], /<right>: no\/such\.pbxconfig\.json cannot be read \(it does not exist\): name a snapshot file/],
      [['config', 'snapshot'], /Name the PBXs to snapshot .* or give --all/],
      [['config', 'undo', 'ffffffff'], /No rollout "ffffffff" is in the history/],
    ]
    const runs = await Promise.all(cases.map(([args]) => cli(args)))
    runs.forEach((run, index) => {
      expect(run.stderr, cases[index]![0].join(' ')).toMatch(cases[index]![1])
      expect(run.code).toBe(2)
    })
  })

  it('applies a rule to two PBXs with --yes, mapping the provider and leaving out the holiday one of them lacks; then undoes it', async () => {
    const run = await cli([
      'config', 'apply', file, '--to', 'Branch Office', '--to', 'Other Company', '--item', `outboundRules:${RULE}`,
      '--map-provider', 'Telco One=Other Telco', '--drop-holiday', 'Christmas', '--yes', '--json',
    ])
    expect(run.code, run.stderr).toBe(0)
    const { preview, rollout } = jsonOf<{ preview: ApplyPreview; rollout: Rollout }>(run)
    expect(preview.targets.map((t) => [t.label, t.items.map((i) => i.action)])).toEqual([
      ['Branch Office', ['create']],
      ['Other Company', ['create']],
    ])
    expect(rollout.running).toBe(false)
    expect(rollout.targets.map((t) => [t.label, t.state, t.items.map((i) => i.outcome)])).toEqual([
      ['Branch Office', 'done', ['created']],
      ['Other Company', 'done', ['created']],
    ])
    expect(run.stderr).toMatch(/\[\d\/2\] "Branch Office": done, as manager \(1 created\)/)
    expect(run.stderr).toContain(`config undo ${rollout.id.slice(0, 8)}\` takes the rollout back`)

    // on the branch: its own Telco One and Christmas; on the other tenant: Other Telco, no holiday
    const onBranch = (await branchApi.rule(RULE))!
    expect(onBranch.routes.map((r) => r.provider_id)).toEqual([(await branchApi.providers()).find((p) => p.name === 'Telco One')!.id])
    expect(onBranch.holidays.map((h) => h.id)).toEqual([(await branchApi.holidays()).find((h) => h.name === 'Christmas')!.id])
    const onOther = (await otherApi.rule(RULE))!
    expect(onOther.routes.map((r) => r.provider_id)).toEqual([(await otherApi.providers()).find((p) => p.name === 'Other Telco')!.id])
    expect(onOther.holidays).toEqual([])

    // applied again: nothing to do
    const again = await cli(['config', 'apply', file, '--to', 'Branch Office', '--item', `rule:${RULE.toLowerCase()}`])
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/^ {2}unchanged {2}Outbound rules: CLI Test Rule$/m)
    expect(again.stderr).toMatch(/Nothing to apply/)

    const history = await cli(['config', 'history'])
    expect(history.stdout).toMatch(new RegExp(`^${rollout.id.slice(0, 8)}\\s+\\S+ \\S+\\s+apply\\s+Demo Company\\s+2\\s+1\\s+2 PBXs changed\\s`, 'm'))
    const one = await cli(['config', 'history', rollout.id.slice(0, 6)])
    expect(one.stdout).toMatch(/^"Other Company": done, as manager\n {2}created {4}Outbound rules: CLI Test Rule$/m)

    const refused = await cli(['config', 'undo', rollout.id.slice(0, 8)])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/Nothing was done: add --yes to undo unattended/)
    expect(await branchApi.rule(RULE)).toBeDefined()
    const undone = await cli(['config', 'undo', rollout.id.slice(0, 8), '--yes'])
    expect(undone.code, undone.stderr).toBe(0)
    expect(undone.stdout).toMatch(/^"Branch Office"\n {2}delete {6}Outbound rules: CLI Test Rule$/m)
    expect(undone.stdout).toMatch(/^Result: 2 PBXs taken back\.$/m)
    expect(await branchApi.rule(RULE)).toBeUndefined()
    expect(await otherApi.rule(RULE)).toBeUndefined()
    const twice = await cli(['config', 'undo', rollout.id.slice(0, 8), '--yes'])
    expect(twice.code).toBe(2)
    expect(twice.stderr).toMatch(/was undone already/)
  })

  it('a PBX down during a rollout: exit code 3, and `config retry` applies its items once it is back', async () => {
    await branch.faults.down()
    let id: string
    try {
      const run = await cli(['config', 'apply', file, '--to', 'Branch Office', '--to', 'Other Company', '--item', `rule:${RULE}`, '--map-provider', 'Telco One=Other Telco', '--drop-holiday', 'Christmas', '--yes'])
      expect(run.code, run.stderr).toBe(3)
      expect(run.stdout).toMatch(/^"Branch Office": cannot be read: Could not reach/m)
      expect(run.stdout).toMatch(/^"Branch Office": FAILED: Could not reach .*\n {2}FAILED {5}Outbound rules: CLI Test Rule$/m)
      expect(run.stdout).toMatch(/^Result: 1 PBX changed · 1 failed\.$/m)
      id = /config retry (\w+)` runs the failed items again/.exec(run.stderr)![1]!
    } finally {
      await branch.faults.up()
    }
    const retried = await cli(['config', 'retry', id, '--json'])
    expect(retried.code, retried.stderr).toBe(0)
    expect(jsonOf<Rollout>(retried).targets.map((t) => [t.label, t.items.map((i) => i.outcome)])).toEqual([
      ['Branch Office', ['created']],
      ['Other Company', ['created']],
    ])
    expect(await branchApi.rule(RULE)).toBeDefined()
    const nothing = await cli(['config', 'retry', id])
    expect(nothing.code).toBe(0)
    expect(nothing.stderr).toMatch(/Nothing to retry/)
    expect((await cli(['config', 'undo', id, '--yes'])).code).toBe(0)
    expect(await branchApi.rule(RULE)).toBeUndefined()
  })

  it('Ctrl-C during a rollout: exit 130 after the PBXs under way get their few seconds; the history keeps what each did, and `config retry` finishes it, nothing made twice', async () => {
    const historyFile = join(dataDir, 'config-history.json')
    const historyBefore = existsSync(historyFile) ? readFileSync(historyFile, 'utf8') : ''
    const run = await cli(
      ['config', 'apply', file, '--to', 'Branch Office', '--to', 'Other Company', '--item', `rule:${RULE}`, '--map-provider', 'Telco One=Other Telco', '--drop-holiday', 'Christmas', '--yes'],
      {
        // the preview printed (it read the branch at full speed), the branch answers so slowly (6 s
        // a request) that the rollout is still writing it when Ctrl-C's few seconds are over; Ctrl-C
        // once the rollout is in the history
        started: (child) => {
          let printed = ''
          child.stdout!.on('data', (chunk: string) => {
            printed += chunk
            if (/^"Branch Office"$/m.test(printed)) branch.faults.setLatency(6000)
          })
          const watch = setInterval(() => {
            const now = existsSync(historyFile) ? readFileSync(historyFile, 'utf8') : ''
            if (now === historyBefore || !now.includes('"running": true')) return
            clearInterval(watch)
            setTimeout(() => child.kill('SIGINT'), 300)
          }, 20)
          child.on('close', () => clearInterval(watch))
        },
      },
    ).finally(() => branch.faults.setLatency(0))
    expect(run.code, run.stderr).toBe(130)
    expect(run.stderr).toMatch(/A rollout goes on while the command line runs: waiting up to 4 s for the PBXs being written\. The history keeps each PBX's result as it finishes: `pbx-provisioner config history (\w{8})`/)
    const id = /config history (\w{8})`/.exec(run.stderr)![1]!

    // read by the next command line: ended, the other company done, the branch cut short and retryable
    const cut = jsonOf<Rollout>(await cli(['config', 'history', id, '--json']))
    expect(cut.running).toBe(false)
    expect(cut.targets.find((t) => t.label === 'Other Company')!.items.map((i) => i.outcome)).toEqual(['created'])
    const branchTarget = cut.targets.find((t) => t.label === 'Branch Office')!
    expect(branchTarget.state).toBe('failed')
    expect(branchTarget.items[0]!.error).toMatch(/stopped before this item was done: retry it/)

    const retried = await cli(['config', 'retry', id, '--json'])
    expect(retried.code, retried.stderr).toBe(0)
    // created now, or found already there (the PBX may have finished the write the stopped process sent)
    expect(jsonOf<Rollout>(retried).targets.find((t) => t.label === 'Branch Office')!.items[0]!.outcome).toMatch(/^(created|unchanged)$/)
    const rules = (await branchApi.call<{ items: { name: string }[] }>('/api/outbound_rules')).items.filter((rule) => rule.name === RULE)
    expect(rules).toHaveLength(1)
    expect((await cli(['config', 'undo', id, '--yes'])).code).toBe(0)
  })
})
