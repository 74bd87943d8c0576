import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import type { ShownBase, SiteCounts } from '../../../electron/cli/site-text'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// `batch site <batch>` as an installer runs it after a push (issue 40): the On site tab in a
// terminal, against a demo PBX whose bases fetch their configuration when the test says so.

describe('batch site: bad usage, before anything is read', { timeout: 30_000 }, () => {
  const dir = tempDir('pbx-cli-site-usage-')
  const cli = (args: string[]) => runCli(args, { dataDir: join(dir, 'data') })

  it.concurrent.each([
    [['batch', 'site'], /Not enough non-option arguments/],
    [['batch', 'site', 'x', '--late-after', '0'], /--late-after: give whole minutes from 1 to 120\./],
    [['batch', 'site', 'x', '--late-after', '2.5'], /--late-after: give whole minutes from 1 to 120\./],
    [['batch', 'site', 'x', '--wait', '31'], /--wait: give minutes from 1 to 30\./],
    [['batch', 'site', 'x', '--wait', 'soon'], /--wait: give minutes from 1 to 30\./],
    [['batch', 'site', 'Nothing'], /There is no batch yet, so none is named "Nothing"/],
  ])('exits 2 and says what to do: %j', async (args, message) => {
    const run = await cli(args)
    expect(run.stderr).toMatch(message)
    expect(run.stdout).toBe('')
    expect(run.code).toBe(2)
  })
})

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the batch site tests against a PBX: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('batch site against the demo PBX', { timeout: 60_000 }, () => {
  let pbx: DemoPbx
  const dir = tempDir('pbx-cli-site-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  type SiteJson = { counts: SiteCounts; bases: ShownBase[]; supported: boolean; membersSupported: boolean }

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    await addDemoPbx(cli, 'Demo Company', pbx.url)
  })
  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('after a push: the base not seen first, its missing handset named; --wait ends when every base fetched its configuration', async () => {
    // Hall: two handsets the PBX takes; Yard: one whose extension no user has (refused, so missing
    // from the base); Shed: not a MAC, never sent
    const csv = join(dir, 'site.csv')
    writeFileSync(
      csv,
      [
        'Base MAC,Base name,IPUI,Extension,Name',
        '00:15:65:E3:00:01,Hall,00AD000001,1101,Anna',
        '00:15:65:E3:00:01,Hall,00AD000002,1102,Ben',
        '00:15:65:E3:00:02,Yard,00AD000003,9999,Nobody',
      ].join('\r\n') + '\r\n',
    )
    const imported = await cli(['batch', 'import', csv, '--vendor', 'Yealink', '--model', 'W70B'])
    expect(imported.code, imported.stderr).toBe(0)
    // before the push: no PBX to read, one must be named
    const early = await cli(['batch', 'site', 'site'])
    expect(early.stderr).toMatch(/Name the PBX to read for "site": --pbx <name or id>/)
    expect(early.code).toBe(2)
    const pushed = await cli(['batch', 'push', 'site', '--pbx', 'Demo Company'])
    expect(pushed.code, pushed.stderr).toBe(3)
    const batch = jsonOf<Batch>(await cli(['batch', 'show', 'site', '--json']))
    const urlOf = (name: string) => new URL(new URL(batch.rows.find((r) => r.values.name === name)!.outcome.url!).pathname, pbx.url)
    // Hall fetches its configuration; Yard not yet
    expect((await fetch(urlOf('Hall'))).status).toBe(200)

    const run = await cli(['batch', 'site', 'site'])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^On site: "site" on "Demo Company", read at .+: 1 of 2 bases fetched their configuration, 1 waiting; 2 of 3 handsets on their bases\.$/)
    expect(lines[1]).toMatch(/^STATE\s+BASE\s+MAC\s+HANDSETS\s+LINES\s+WHY$/)
    // waiting first, then the base that fetched its configuration
    expect(lines[2]).toMatch(/^waiting\s+Yard\s+00:15:65:E3:00:02\s+0 of 1 on the base\s+0 of 10 lines\s+Pushed less than a minute ago, not fetched yet\.$/)
    expect(lines[3]).toMatch(/^fetched\s+Hall\s+00:15:65:E3:00:01\s+2 of 2 on the base\s+2 of 10 lines\s+IP \S+ · firmware \S+/)
    expect(lines.slice(4)).toEqual(['Yard: Missing: 9999 Nobody (00AD000003)'])

    // counted late from a minute of waiting (--late-after), and as JSON
    const json = jsonOf<SiteJson>(await cli(['batch', 'site', 'site', '--json']))
    expect(json).toMatchObject({ supported: true, membersSupported: true, counts: { bases: 2, seen: 1, waiting: 1, late: 0, notPushed: 0, handsets: { onBase: 2, inBatch: 3 } } })
    expect(json.bases.map((b) => [b.name, b.shownState])).toEqual([['Yard', 'waiting'], ['Hall', 'seen']])
    expect(json.bases[0]!.handsets).toEqual([expect.objectContaining({ place: 'missing', ipui: '00AD000003', extension: '9999' })])

    // --wait with Yard still silent: asks again, then says what is left, exit 3
    const waited = await cli(['batch', 'site', 'site', '--wait', '0.1'])
    expect(waited.stderr).toMatch(/^Waiting: 1 of 2 bases fetched their configuration, 1 waiting; 2 of 3 handsets on their bases…$/m)
    expect(waited.stderr).toMatch(/^Waited 0\.1 min: 1 pushed base has not fetched its configuration yet\.$/m)
    expect(waited.code).toBe(3)

    // Yard fetches its configuration: --wait answers at once, exit 0
    expect((await fetch(urlOf('Yard'))).status).toBe(200)
    const done = await cli(['batch', 'site', 'site', '--wait', '5'])
    expect(done.code, done.stderr).toBe(0)
    expect(done.stderr).not.toMatch(/Waiting:/)
    expect(done.stdout).toMatch(/: 2 of 2 bases fetched their configuration; 2 of 3 handsets on their bases\.$/m)
  })
})
