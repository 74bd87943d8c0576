import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplyPreview, Rollout } from '../../../electron/contract/config-apply'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'
import { tenantApi } from './tenant-api'

// A rollout never skips in silence on the command line either (issue 38): `config apply` says by
// PBX what it will and will not do, refuses to skip unattended unless told to (--skip-unmapped),
// counts its results by PBX, and `config finish` applies later to the PBXs it skipped. "Demo
// Company" is the source; "Branch Office" (the same tenant on a second demo PBX) has its provider
// "Telco One"; "Other Company" (another tenant) has only "Other Telco".

const MAPPED = 'CLI Mapped Rule'
const SKIPPED = 'CLI Skipped Rule'

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the command line's skip and finish tests: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('config apply skips only on purpose; config finish applies to what it skipped', { timeout: 60_000 }, () => {
  const dataDir = tempDir('pbx-cli-skip-')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, timeoutMs: 30_000, ...more })
  let main: DemoPbx
  let branch: DemoPbx
  let branchApi: Awaited<ReturnType<typeof tenantApi>>
  let otherApi: Awaited<ReturnType<typeof tenantApi>>
  /** `config apply` of a rule of the source to both PBXs */
  const apply = (rule: string, ...more: string[]) => cli(['config', 'apply', 'Demo Company', '--to', 'Branch Office', '--to', 'Other Company', '--item', `rule:${rule}`, ...more])
  /** the provider of a rule's first route on a PBX, by name */
  const routeProvider = async (api: typeof otherApi, rule: string) => {
    const made = await api.rule(rule)
    return made && (await api.providers()).find((p) => p.id === made.routes[0]?.provider_id)?.name
  }

  beforeAll(async () => {
    ;[main, branch] = await Promise.all([startDemoPbx({ port: 0, users: 5 }), startDemoPbx({ port: 0, users: 5 })])
    const add = async (name: string, url: string, domain: string) => {
      const run = await cli(['pbx', 'add', name, '--url', url, '--user', 'manager', '--domain', domain, '--password-env', 'PW'], { env: { PW: 'manager' } })
      expect(run.code, run.stderr).toBe(0)
    }
    await add('Demo Company', main.url, 'demo.pbx.example')
    await add('Branch Office', branch.url, 'demo.pbx.example')
    await add('Other Company', main.url, 'other.pbx.example')
    // two rules on the source, each with one route over "Telco One" and no holiday
    const source = await tenantApi(main, 'demo.pbx.example')
    const telco = (await source.providers()).find((p) => p.name === 'Telco One')!
    for (const [name, prefix] of [[MAPPED, '0901'], [SKIPPED, '0902']] as const) {
      await source.call('/api/outbound_rules', { name, number_prefix: prefix, priority: 500, routes: [{ provider_id: telco.id }] })
    }
    ;[branchApi, otherApi] = await Promise.all([tenantApi(branch, 'demo.pbx.example'), tenantApi(main, 'other.pbx.example')])
  }, 60_000)

  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await Promise.all([main?.stop(), branch?.stop()])
  })

  it('says after the preview what it will do by PBX; with --yes but without --skip-unmapped it writes nothing (exit 2) and names the options', async () => {
    const dry = await apply(SKIPPED, '--dry-run')
    expect(dry.stdout).toMatch(/^ {2}CANNOT {5}Outbound rules: CLI Skipped Rule: this PBX has no provider "Telco One"/m)
    expect(dry.stdout).toMatch(/\nCLI Skipped Rule: 1 PBX ready, 1 needs a provider for "Telco One"\.\n$/)
    expect(dry.stdout).not.toMatch(/^Preview: /m)

    const refused = await apply(SKIPPED, '--yes')
    expect(refused.code).toBe(2)
    expect(refused.stdout).toMatch(/^CLI Skipped Rule: 1 PBX ready, 1 needs a provider for "Telco One"\.$/m)
    expect(refused.stderr).toContain(
      'Nothing was done: 1 PBX would be skipped: 1 needs a provider for "Telco One". To go on, map the names with --map-provider / --map-holiday / --drop-holiday, or add --skip-unmapped to apply to the others and skip it.',
    )
    expect(await branchApi.rule(SKIPPED)).toBeUndefined()
    expect(await otherApi.rule(SKIPPED)).toBeUndefined()
    expect(jsonOf<Rollout[]>(await cli(['config', 'history', '--json']))).toEqual([])

    // --json: the preview as before, and the outlook counted by PBX
    const json = jsonOf<{ preview: ApplyPreview; outlook: Record<string, number>; rollout: null }>(await apply(SKIPPED, '--dry-run', '--json'))
    expect(json.outlook).toEqual({ ready: 1, skipped: 1, unchanged: 0, unread: 0 })
    expect(json.preview.targets.map((t) => t.items[0]!.action)).toEqual(['create', 'cannot'])
    expect(json.rollout).toBeNull()
  })

  it('with --map-provider every PBX takes the rule (exit 0), the result counted by PBX', async () => {
    const run = await apply(MAPPED, '--map-provider', 'Telco One=Other Telco', '--yes')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^CLI Mapped Rule: 2 PBXs ready\.$/m)
    expect(run.stdout).toMatch(/^Result: 2 PBXs changed\.$/m)
    expect(run.stderr).not.toMatch(/config finish/)
    expect(await routeProvider(branchApi, MAPPED)).toBe('Telco One')
    expect(await routeProvider(otherApi, MAPPED)).toBe('Other Telco')
  })

  it('with --skip-unmapped the PBX that lacks the provider is skipped (exit 3) and says why; `config finish` maps it there (exit 0)', async () => {
    const run = await apply(SKIPPED, '--skip-unmapped', '--yes')
    expect(run.code, run.stderr).toBe(3)
    expect(run.stdout).toMatch(/^"Other Company": skipped: no provider "Telco One"\n {2}SKIPPED {4}Outbound rules: CLI Skipped Rule: this PBX has no provider "Telco One"/m)
    expect(run.stdout).toMatch(/^Result: 1 PBX changed · 1 skipped\.$/m)
    const note = /`pbx-provisioner config finish (\w{8}) --map-provider "Telco One=…"` finishes the 1 skipped PBX; `pbx-provisioner config undo \1` takes the rollout back\./.exec(run.stderr)
    expect(note, run.stderr).not.toBeNull()
    const id = note![1]!
    expect(await routeProvider(branchApi, SKIPPED)).toBe('Telco One')
    expect(await otherApi.rule(SKIPPED)).toBeUndefined()

    // the history: the list counts by PBX, the rollout says why the PBX was skipped
    const list = await cli(['config', 'history'])
    expect(list.stdout).toMatch(new RegExp(`^${id}\\s.*\\s1 PBX changed · 1 skipped\\s`, 'm'))
    const one = await cli(['config', 'history', id])
    expect(one.stdout).toMatch(/^"Other Company": skipped: no provider "Telco One"$/m)
    expect(one.stdout).toMatch(/^Result: 1 PBX changed · 1 skipped\.$/m)

    // finishing without a mapping applies nothing, and says what to map
    const unmapped = await cli(['config', 'finish', id, '--yes'])
    expect(unmapped.code).toBe(1)
    expect(unmapped.stdout).toMatch(/add --map-provider "Telco One=…" \(its providers: Other Telco\)/)
    expect(unmapped.stderr).toMatch(/Nothing to finish: map the names/)
    // a dry run with the mapping says what it would do, and writes nothing
    const dry = await cli(['config', 'finish', id, '--map-provider', 'Telco One=Other Telco', '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(/^"Other Company"\n {2}create {5}Outbound rules: CLI Skipped Rule\nCLI Skipped Rule: 1 PBX ready\.$/m)
    expect(await otherApi.rule(SKIPPED)).toBeUndefined()

    const finished = await cli(['config', 'finish', id, '--map-provider', 'Telco One=Other Telco', '--yes'])
    expect(finished.code, finished.stderr).toBe(0)
    expect(finished.stderr).toMatch(/\[1\/1\] "Other Company": done, as manager \(1 created\)/)
    expect(finished.stdout).toMatch(/^Result: 2 PBXs changed\.$/m)
    expect(await routeProvider(otherApi, SKIPPED)).toBe('Other Telco')
    expect((await branchApi.call<{ items: { name: string }[] }>('/api/outbound_rules')).items.filter((rule) => rule.name === SKIPPED)).toHaveLength(1)

    const again = await cli(['config', 'finish', id, '--yes'])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain(`${id}: that rollout skipped no PBX for a provider or holiday it lacked: there is nothing to finish.`)
  })
})
