import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConfigSnapshot } from '../../../electron/contract/config-snapshot'
import type { Batch } from '../../../electron/contract/dect'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { profileFields } from '../../support/profile-fields'
import { makeRows } from '../dect/push-support'
import { invoker } from '../invoke'
import { testServices } from '../test-services'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { runCli, tempDir, type CliOptions } from './run-cli'
import { runOnTerminal, terminalAvailable } from './on-terminal'
import { expectExactJson, expectOnOneLine, expectSafe, expectScreenSafe, hostile, literal, LONG_TAIL, shown } from './screen-bytes'
import { tenantApi } from './tenant-api'

/**
 * The command line under hostile names (issue 39), as a child process (all it writes, a library's
 * stray write too, is on the screen): names from snapshot files,
 * spreadsheets, file and folder names, saved labels and the PBX itself hold ESC[2J, an OSC title
 * sequence, BEL, CR, an RTL override, C1 and DEL, some 10 kB long. On the screen (stdout and
 * stderr, text and --json) no such character is raw, the hostile part is shown visibly, a 10 kB
 * name is whole on one line, and --json parses back to the very names. The PBX takes names of 64
 * characters at most (the API reference's limits: a DECT base's, a rule's, an IVR server's), so
 * the names that come from it are hostile but short; the 10 kB ones come from files.
 */

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the hostile-name tests that sign in: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

let pbx: DemoPbx
/** a real snapshot of the demo PBX's tenant, as `config snapshot` writes it */
let snapshot: ConfigSnapshot

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0 })
  snapshot = await snapshotOf(pbx.url)
}, 30_000)
afterAll(() => pbx?.stop())

/** The demo PBX's tenant read through the services that write snapshot files (a keychain in memory). */
async function snapshotOf(url: string): Promise<ConfigSnapshot> {
  const services = testServices(tempDir('pbx-cli-hostile-services-'))
  try {
    const call = invoker(services.handlers)
    const { id } = await call('saveProfile', { fields: profileFields('Demo', url, 'manager', { domain: 'demo.pbx.example' }) })
    await call('signIn', { profileId: id, password: 'manager', remember: false })
    return (await call('takeSnapshot', { profileId: id })).snapshot
  } finally {
    await services.dispose()
  }
}

const LONG_RULE = `${hostile('Long')}${LONG_TAIL}`
const LONG_SOURCE = `${hostile('Source')}${LONG_TAIL}`

/**
 * The snapshot as a user's edited file holds it (snapshots carry no checksum: an edited file is
 * read as it is): the source's label (10 kB), two rules renamed (one 10 kB), an IVR server and a
 * DECT base named so. `right` is the other side of a comparison: a rule's prefix, the base's name
 * and a template's body changed, the 10 kB rule and the IVR server gone.
 */
function hostileSnapshot(side: 'left' | 'right'): ConfigSnapshot {
  const copy = structuredClone(snapshot)
  if (copy.outboundRules.state !== 'read' || copy.dectBases.state !== 'read' || copy.emailTemplates.state !== 'read') throw new Error('the tenant reads its rules, bases and templates')
  copy.source.label = LONG_SOURCE
  const [first, second] = copy.outboundRules.items
  const [base] = copy.dectBases.items
  const [template] = copy.emailTemplates.items
  if (!first || !second || !base || !template) throw new Error('the seed has rules, a DECT base and a template')
  first.name = hostile('Rule')
  second.name = LONG_RULE
  base.name = hostile(side === 'left' ? 'Base' : 'Other base')
  copy.ivrServers = { state: 'read', items: side === 'left' ? [{ id: 'ivr-1', name: hostile('IVR'), enabled: true, type: 'INTERNAL' }] : [] }
  if (side === 'right') {
    copy.outboundRules.items.splice(1, 1)
    first.number_prefix = hostile('Prefix')
    template.body = `${template.body}\n${hostile('Body')}`
  }
  return copy
}

const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`)

describe('names from files, spreadsheets and saved labels (no keychain)', { timeout: 60_000 }, () => {
  it('config compare: two hostile snapshot files, one of them under a hostile file name; a damaged one named in the error', async () => {
    const dir = tempDir('pbx-cli-hostile-config-')
    const cli = (args: string[]) => runCli(args, { dataDir: join(dir, 'data'), process: 'child' })
    const left = join(dir, `left ${hostile('File')}.pbxconfig.json`)
    const right = join(dir, 'right.pbxconfig.json')
    const damaged = join(dir, `damaged ${hostile('Damaged')}.pbxconfig.json`)
    writeJson(left, hostileSnapshot('left'))
    writeJson(right, hostileSnapshot('right'))
    writeJson(damaged, { format: 'pbx-provisioner/config-snapshot', version: hostile('Version') })

    const [text, json, refused] = await Promise.all([cli(['config', 'compare', left, right]), cli(['config', 'compare', left, right, '--json']), cli(['config', 'compare', damaged, right])])
    expect(text.code, text.stderr).toBe(0)
    expectScreenSafe(text)
    expect(text.stdout).toContain(`Left:  ${dir}/left ${shown('File')}.pbxconfig.json (snapshot of "${shown('Source')}${LONG_TAIL}", taken `)
    expect(text.stdout).toContain(`only on the left: ${shown('IVR')}`)
    expect(text.stdout).toMatch(new RegExp(`^ {2}changed: ${literal(shown('Rule'))}\n {4}number prefix\n {4}- \\S*\n {4}\\+ ${literal(shown('Prefix'))}$`, 'm'))
    expect(text.stdout).toContain(`- ${shown('Base')}`)
    expect(text.stdout).toContain(`+ ${shown('Other base')}`)
    expect(text.stdout).toContain(`+ ${shown('Body')}`)
    expectOnOneLine(text.stdout, `  only on the left: ${shown('Long')}${LONG_TAIL}`)

    expect(json.code, json.stderr).toBe(0)
    expectExactJson(json, LONG_SOURCE, hostile('Rule'), LONG_RULE, hostile('IVR'), hostile('Prefix'), hostile('Base'), hostile('Other base'), hostile('Body'))

    expect(refused.code).toBe(2)
    expectScreenSafe(refused)
    expect(refused.stdout).toBe('')
    expect(refused.stderr).toContain(`${dir}/damaged ${shown('Damaged')}.pbxconfig.json: This snapshot is of version "Version\\u001b[2J`)
  })

  it('batch import, list, show and export-results: a batch named by a hostile file, rows holding hostile and 10 kB names; damaged files in a hostile folder named on stderr', async () => {
    const dir = tempDir('pbx-cli-hostile-batch-')
    const dataDir = join(dir, `data ${hostile('Folder')}`)
    mkdirSync(dataDir)
    const cli = (args: string[]) => runCli(args, { dataDir, process: 'child' })
    const sheet = join(dir, `site ${hostile('Sheet')}.csv`)
    const name = `site ${hostile('Sheet')}`
    const long = `${hostile('Ben')}${LONG_TAIL}`
    // a cell holding a CR is quoted, as a spreadsheet program writes it
    writeFileSync(sheet, ['MAC address,Name,Extension', `00:15:65:00:00:01,"${hostile('Anna')}",2001`, `00:15:65:00:00:02,"${long}",2002`, `00:15:65:00:00:03,Clara,"${hostile('Ext')}"`, ''].join('\r\n'))

    const imported = await cli(['batch', 'import', sheet, '--vendor', 'Yealink', '--model', 'W70B'])
    expect(imported.code, imported.stderr).toBe(3)
    expectScreenSafe(imported)
    expect(imported.stdout).toContain(`Read site ${shown('Sheet')}.csv: `)
    expect(imported.stdout).toContain(`Saved batch "site ${shown('Sheet')}" (id `)
    expect(imported.stdout).toContain(shown('Ext'))

    // a batch file that does not read, named in a note with its folder, and a damaged saved-PBX file
    const store = createBatchStore(dataDir)
    const broken = await store.create({ name: 'Broken', source: 'b.csv', rows: makeRows(1) })
    writeJson(join(dataDir, 'batches', `${broken.id}.json`), { ...broken, name: `${hostile('Damaged')}${LONG_TAIL}`, version: 3 })
    writeFileSync(join(dataDir, 'profiles.json'), '[]')

    const [list, listJson, show, showJson, piped, onTerminal] = await Promise.all([
      cli(['batch', 'list']),
      cli(['batch', 'list', '--json']),
      cli(['batch', 'show', name]),
      cli(['batch', 'show', name, '--json']),
      cli(['batch', 'export-results', name]),
      terminalAvailable ? runOnTerminal(['batch', 'export-results', name], dataDir) : undefined,
    ])
    expect(list.code, list.stderr).toBe(3) // the saved PBXs could not be read: the answer is incomplete
    expectScreenSafe(list)
    expect(list.stdout).toMatch(new RegExp(`^site ${literal(shown('Sheet'))} +\\S+ +not pushed `, 'm'))
    expectOnOneLine(list.stderr, `${dir}/data ${shown('Folder')}/batches/${broken.id}.json ("${shown('Damaged')}${LONG_TAIL}")`)
    expect(list.stderr).toContain(`${dir}/data ${shown('Folder')}/profiles.json could not be read`)

    expect(listJson.code, listJson.stderr).toBe(0)
    const listed = expectExactJson(listJson, name, `${hostile('Damaged')}${LONG_TAIL}`, dataDir) as { name: string }[]
    expect(listed.map((b) => b.name)).toEqual([name, `${hostile('Damaged')}${LONG_TAIL}`])

    expect(show.code, show.stderr).toBe(0)
    expectScreenSafe(show)
    expect(show.stdout).toContain(`Batch "site ${shown('Sheet')}" (id `)
    expect(show.stdout).toMatch(new RegExp(`^ +1 +${literal(shown('Anna'))} +00:15:65:00:00:01 +2001 +ready`, 'm'))
    expectOnOneLine(show.stdout, `${shown('Ben')}${LONG_TAIL}`)

    expect(showJson.code, showJson.stderr).toBe(0)
    const batch = expectExactJson(showJson) as Batch
    expect(batch.name).toBe(name)
    expect(batch.rows.map((row) => [row.values.name, row.values.extension])).toEqual([
      [hostile('Anna'), '2001'],
      [long, '2002'],
      ['Clara', hostile('Ext')],
    ])

    // the results CSV: for a pipe, the file's bytes as they are; on a terminal, shown
    expect(piped.code, piped.stderr).toBe(0)
    expect(piped.stdout).toContain(`,"${hostile('Anna')}",`)
    if (onTerminal) {
      expect(onTerminal.code).toBe(0)
      expectSafe(onTerminal.screen, 'the terminal')
      expect(onTerminal.screen).toContain(`,"${shown('Anna')}",`)
      expectOnOneLine(onTerminal.screen, `"${shown('Ben')}${LONG_TAIL}"`)
    }
  })

  it('pbx list, fleet status and pbx export: a saved label holding escapes, 10 kB long', async () => {
    const dataDir = tempDir('pbx-cli-hostile-label-')
    const label = `${hostile('PBX')}${LONG_TAIL}`
    const saved = { id: 'p1', label, baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in', customer: '', tags: [], notes: '', createdAt: '2026-12-01T09:00:00.000Z', lastUsedAt: null, rememberPassword: false, trustedCertificate: null, demo: false }
    writeJson(join(dataDir, 'profiles.json'), { version: 1, profiles: [saved] })
    const cli = (args: string[]) => runCli(args, { dataDir, process: 'child' })

    const [list, listJson, fleet, fleetJson, exported] = await Promise.all([
      cli(['pbx', 'list']),
      cli(['pbx', 'list', '--json']),
      cli(['fleet', 'status']),
      cli(['fleet', 'status', '--json']),
      cli(['pbx', 'export']),
    ])
    for (const run of [list, fleet]) {
      expectScreenSafe(run)
      expect(run.stdout).toMatch(new RegExp(`^${literal(shown('PBX'))}${LONG_TAIL}  `, 'm'))
    }
    expect(list.code, list.stderr).toBe(0)
    expect(fleet.stdout).toMatch(/ reachable \d+ ms /)
    for (const run of [listJson, fleetJson]) {
      const [entry] = expectExactJson(run, label) as { label?: string; name?: string }[]
      expect(entry?.label ?? entry?.name).toBe(label)
    }
    // the file's JSON on stdout, for `| pbx-provisioner pbx import` elsewhere
    expect(exported.code, exported.stderr).toBe(0)
    expect((expectExactJson(exported, label) as { profiles: { label: string }[] }).profiles.map((p) => p.label)).toEqual([label])
  })
})

describe.skipIf(!keychain.available)('names from the PBX, with the keychain', { timeout: 60_000 }, () => {
  const dataDirs: string[] = []
  const dataDirOf = (prefix: string) => {
    const dataDir = tempDir(prefix)
    dataDirs.push(dataDir)
    return dataDir
  }
  afterAll(async () => {
    if (keychain.available) for (const dataDir of dataDirs) await forgetKeptPasswords(keychain.store, dataDir)
  })

  it("batch check and push: a MAC on the PBX already, under the PBX's hostile base name, is named visibly; --json gives the name back", async () => {
    const dataDir = dataDirOf('pbx-cli-hostile-push-')
    const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, timeoutMs: 30_000, process: 'child', ...more })
    const label = hostile('Company')
    const api = await tenantApi(pbx, 'demo.pbx.example')
    // the PBX takes any characters in a base's name, up to 64 (the API reference's limit)
    await api.call('/api/dect_phones', { name: hostile('Lobby'), mac: '00:15:65:AB:00:01', vendor: 'Yealink', model: 'W70B' })
    await addDemoPbx(cli, label, pbx.url)
    const sheet = join(dataDir, 'lobby.csv')
    writeFileSync(sheet, ['MAC address,Name,Extension', '00:15:65:AB:00:01,Reception,3001', '00:15:65:AB:00:02,Hall,3002', ''].join('\r\n'))
    expect((await cli(['batch', 'import', sheet, '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(0)

    // one run at a time: runs signed in to the same PBX share its sign-in, which a new one replaces
    const check = await cli(['batch', 'check', 'lobby', '--pbx', label])
    const checkJson = await cli(['batch', 'check', 'lobby', '--pbx', label, '--json'])
    expect(check.code, check.stderr).toBe(0)
    expectScreenSafe(check)
    expect(check.stdout).toContain(`Checked "lobby" against "${shown('Company')}": `)
    expect(check.stdout).toMatch(new RegExp(`row 1, mac: warning: MAC 001565AB0001 is already on the PBX as '${literal(shown('Lobby'))}' \\(id \\S+\\), another phone`))
    expectExactJson(checkJson, hostile('Lobby'), label)

    const push = await cli(['batch', 'push', 'lobby', '--pbx', label])
    expect(push.code, push.stderr).toBe(3)
    expectScreenSafe(push)
    expect(push.stdout).toContain(`Pushed 2 of 2 (created 1, matched 0, failed 1) to "${shown('Company')}".`)
    expect(push.stdout).toContain(`  row 1, 00:15:65:AB:00:01 Reception: MAC 00:15:65:AB:00:01 is on the PBX already as '${shown('Lobby')}' (id `)

    // one after the other: a retry running beside the show turns the failed row back to "ready" while it sends it
    const show = await cli(['batch', 'show', 'lobby'])
    const retry = await cli(['batch', 'retry', 'lobby', '--json'])
    expectScreenSafe(show)
    expect(show.stdout).toMatch(new RegExp(`^ +1 +Reception +00:15:65:AB:00:01 +3001 +FAILED +MAC 00:15:65:AB:00:01 is on the PBX already as '${literal(shown('Lobby'))}'`, 'm'))
    expect(retry.code, retry.stderr).toBe(3)
    const retried = expectExactJson(retry, label) as { failedRows: { reason: string }[] }
    expect(retried.failedRows.map((row) => row.reason)).toEqual([expect.stringContaining(`as '${hostile('Lobby')}' (id `)])

    // On site in a terminal: the PBX's hostile label shown visibly; --json gives it back exactly
    const site = await cli(['batch', 'site', 'lobby'])
    const siteJson = await cli(['batch', 'site', 'lobby', '--json'])
    expect(site.code, site.stderr).toBe(0)
    expectScreenSafe(site)
    expect(site.stdout).toContain(`On site: "lobby" on "${shown('Company')}", read at `)
    expectExactJson(siteJson, label)
  })

  it("config apply of a hostile snapshot file: preview, progress and results show the names visibly; the PBX's snapshot on stdout is exact JSON", async () => {
    const dataDir = dataDirOf('pbx-cli-hostile-apply-')
    const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, timeoutMs: 30_000, process: 'child', ...more })
    const label = hostile('Target')
    await addDemoPbx(cli, label, pbx.url)
    const file = join(dataDir, `source ${hostile('File')}.pbxconfig.json`)
    const source = hostileSnapshot('left')
    writeJson(file, source)
    const baseMac = source.dectBases.state === 'read' ? source.dectBases.items[0]?.mac : undefined

    // the 10 kB rule stays out: an item's name is at most 300 characters (the PBX takes 64)
    const items = ['--item', `rule:${hostile('Rule')}`, '--item', `dectBases:${baseMac}`]
    const apply = await cli(['config', 'apply', file, '--to', label, ...items, '--yes'])
    expect(apply.code, apply.stderr).toBe(0)
    expectScreenSafe(apply)
    expect(apply.stdout).toContain(`Apply ${dataDir}/source ${shown('File')}.pbxconfig.json (snapshot of "${shown('Source')}${LONG_TAIL}", taken `)
    expect(apply.stdout).toContain(`\n"${shown('Target')}"\n`)
    expect(apply.stdout).toMatch(new RegExp(`^ +create +Outbound rules: ${literal(shown('Rule'))}$`, 'm'))
    expect(apply.stdout).toMatch(new RegExp(`^ +- .*\n +\\+ ${literal(shown('Base'))}$`, 'm'))
    expect(apply.stderr).toContain(`"${shown('Target')}": done`)
    expect(apply.stdout).toMatch(new RegExp(`^ +created +Outbound rules: ${literal(shown('Rule'))}$`, 'm'))

    // as the PBX stands now: its snapshot on stdout, the history (no sign-in: beside it), the preview again as JSON
    const [snapshotOut, history] = await Promise.all([cli(['config', 'snapshot', label, '--out', '-']), cli(['config', 'history'])])
    const preview = await cli(['config', 'apply', file, '--to', label, ...items, '--dry-run', '--json'])
    expectExactJson(preview, hostile('Rule'), label, LONG_SOURCE)
    expectScreenSafe(history)
    expectOnOneLine(history.stdout, `  ${shown('Source')}${LONG_TAIL}  `)
    // the snapshot itself on stdout: exact JSON (jq reads it), holding the rule the apply made
    expect(snapshotOut.code, snapshotOut.stderr).toBe(0)
    const taken = expectExactJson(snapshotOut, hostile('Rule'), hostile('Base'), label) as ConfigSnapshot
    expect(taken.source.label).toBe(label)
  })
})
