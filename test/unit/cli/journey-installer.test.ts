import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchSummary, PushProgress } from '../../../electron/contract/dect'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { phonesOn, signedIn } from '../dect/push-support'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// The installer's day through the command line, as a child process (issue 37), the same day as
// test/e2e/journey-installer.spec.ts: twelve bases for the customer's PBX (one model it does not
// have, one MAC cut short) → the model set on the rows kept out → the push, the broken row said not
// sent → handsets unboxed after the push, added from a spreadsheet, their extensions set from a
// range → pushed → the MAC fixed →
// pushed: done, exit 0. What the commands call done is read back from the demo PBX's API.

const macOf = (i: number) => `00:15:65:E4:00:${i.toString(16).toUpperCase().padStart(2, '0')}`

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the command line's installer journey: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)("the installer's day through the command line", { timeout: 120_000 }, () => {
  let pbx: DemoPbx
  const dir = tempDir('pbx-cli-journey-')
  const dataDir = join(dir, 'data')
  // every command a child process, as the installer types it
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, process: 'child', ...more })
  const sheet = (name: string, lines: string[]) => {
    const file = join(dir, name)
    writeFileSync(file, `${lines.join('\r\n')}\r\n`)
    return file
  }

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    await addDemoPbx(cli, 'Kunde Süd', pbx.url)
  })
  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('bases for Kunde Süd → the model set → pushed, one not sent → handsets added after the push → pushed → the MAC fixed → pushed: done, on the PBX', async () => {
    // in the office: the spreadsheet, for Kunde Süd
    const bases = sheet('halle-2.csv', [
      'Name,MAC,Vendor,Model',
      ...Array.from({ length: 12 }, (_, i) => {
        const n = i + 1
        if (n === 5) return `Base ${n},${macOf(n)},Yealink,W73H`
        if (n === 9) return `Base ${n},00:15:65:E4:00,Yealink,W70B`
        return `Base ${n},${macOf(n)},Yealink,W70B`
      }),
    ])
    const imported = await cli(['batch', 'import', bases, '--name', 'Halle 2', '--pbx', 'Kunde Süd'])
    expect(imported.stdout).toMatch(/^Saved batch "Halle 2" \(id \S+\): 12 rows: 10 ready, 2 with errors \(not pushed\)\.$/m)
    expect(imported.stdout).toMatch(/^ {2}row 5, model: error: model 'W73H' is not a model of Kunde Süd \(its list as of \d{4}-\d\d-\d\d\); its Yealink models: W70B, W80B; the closest is W70B$/m)
    expect(imported.stdout).toMatch(/^ {2}row 9, mac: error: /m)
    expect(imported.code).toBe(3)

    // the model, on the rows kept out by an error: row 9's MAC stays wrong
    const set = await cli(['batch', 'set', 'Halle 2', 'model=W70B', '--state', 'not_sent'])
    expect(set.stdout).toMatch(/^Set model to "W70B" on 2 rows of "Halle 2" \(rows 5, 9\)\.$/m)
    expect(set.stdout).toMatch(/^The batch now has 12 rows: 11 ready, 1 with errors \(not pushed\)\.$/m)
    expect(set.code).toBe(3)

    // the push: eleven bases; the broken one named, not sent
    const first = await cli(['batch', 'push', 'Halle 2', '--pbx', 'Kunde Süd', '--json'])
    const firstEnd = jsonOf<PushProgress & { notSent: { kind: string; row: number; reason: string }[] }>(first)
    expect(firstEnd.state).toMatchObject({ verdict: 'incomplete', rows: { total: 12, done: 11, not_sent: 1 } })
    expect(firstEnd.notSent).toEqual([expect.objectContaining({ kind: 'base', row: 9, reason: expect.stringMatching(/^mac: /) })])
    expect(first.code).toBe(3)

    // on site: handsets out of their boxes, after the push, their IPUIs scanned into a list; then
    // their extensions, from the customer's range
    const handsets = sheet('handsets.csv', ['Base MAC,IPUI', `${macOf(1)},00B1000001`, `${macOf(1)},00B1000002`, `${macOf(2)},00B1000003`])
    const added = await cli(['batch', 'import', handsets, '--into', 'Halle 2'])
    expect(added.stdout).toMatch(/^Added to batch "Halle 2" \(id \S+\): 3 handsets \(0 ready, 3 with errors\)\.$/m)
    expect(added.stdout).toMatch(/^ {2}handset row 1 \(file row 1\), extension: error: extension is missing/m)
    const numbered = await cli(['batch', 'set', 'Halle 2', 'extension=1171', '--handset-state', 'not_sent'])
    expect(numbered.stdout).toMatch(/^Set extension to "1171" on 3 handsets of "Halle 2" \(handsets 1-3\)\.$/m)
    expect(numbered.stdout).toMatch(/^The batch now has 12 rows: 11 ready, 1 with errors \(not pushed\); 3 handsets: 3 ready\.$/m)
    const second = await cli(['batch', 'push', 'Halle 2', '--json'])
    expect(jsonOf<PushProgress>(second).state).toMatchObject({ verdict: 'incomplete', handsets: { total: 3, done: 3 }, rows: { not_sent: 1 } })
    expect(second.code).toBe(3)

    // the MAC fixed, pushed: done
    const fixed = await cli(['batch', 'set', 'Halle 2', `mac=${macOf(9)}`, '--rows', '9'])
    expect(fixed.stdout).toMatch(/^The batch now has 12 rows: 12 ready; 3 handsets: 3 ready\.$/m)
    expect(fixed.code).toBe(0)
    const third = await cli(['batch', 'push', 'Halle 2'])
    expect(third.code, third.stderr).toBe(0)
    const listed = jsonOf<BatchSummary[]>(await cli(['batch', 'list', '--json'])).find((b) => b.name === 'Halle 2')!
    expect(listed.state).toMatchObject({ verdict: 'done', rows: { total: 12, done: 12 }, handsets: { total: 3, done: 3 } })

    // on the PBX, over its API
    const caller = await signedIn(pbx.url)
    const phones = (await phonesOn(caller)).filter((p) => p.mac?.startsWith('001565E4'))
    expect(phones.map((p) => p.mac).sort()).toEqual(Array.from({ length: 12 }, (_, i) => macOf(i + 1).replaceAll(':', '')))
    expect(phones.find((p) => p.mac === '001565E40005')!.model).toBe('W70B')
    const members = createDectMembersClient(caller)
    expect((await members.list(phones.find((p) => p.mac === '001565E40001')!.id)).map((m) => [m.extension_number, m.ipui])).toEqual([
      ['1171', '00B1000001'],
      ['1172', '00B1000002'],
    ])
    expect((await members.list(phones.find((p) => p.mac === '001565E40002')!.id)).map((m) => m.ipui)).toEqual(['00B1000003'])
  })

  it('batch set refuses bad usage with exit 2, saying what to do, and changes nothing', async () => {
    const updatedAt = async () => jsonOf<BatchSummary[]>(await cli(['batch', 'list', '--json'])).find((b) => b.name === 'Halle 2')!.updatedAt
    const before = await updatedAt()
    const refusals: [string[], RegExp][] = [
      [['model=W70B'], /Name what to set: --rows 3-7,9 or --state not_sent for rows, --handsets 1-30/],
      [['model=W70B', '--rows', '1', '--handsets', '1'], /\(one of them\)/],
      [['colour=red', '--rows', '1'], /colour is not a field of a row to set; the fields are name, mac, extension/],
      [['model', '--rows', '1'], /model: write field=value/],
      [['model=W70B', '--rows', '2-x'], /--rows 2-x: write numbers and ranges/],
      [['model=W70B', '--rows', '40'], /"Halle 2" has no row 40 \(its rows are rows 1-12\)/],
      [['mac=00:15:65:E4:00:01', '--rows', '1-2'], /mac: each phone has its own; set it on one row/],
      [['model=W70B', '--state', 'failed'], /No row of "Halle 2" is failed: nothing to set/],
      [['model=W70B', '--handsets', '1'], /model is not a field of a handset to set; the fields are base_mac, ipui, extension, handset_index, name/],
      [['extension=1171-1172', '--handsets', '1-3'], /extension: 1171-1172 has 2 free extensions for 3 handsets\. Nothing was changed/],
      [['ipui=00B1000009', '--handsets', '1-2'], /ipui: each handset has its own; set it on one handset, not 2/],
      [['extension=1180', '--handsets', '7'], /"Halle 2" has no handset 7 \(its handsets are handsets 1-3\)/],
    ]
    // none of them changes anything, so they run side by side
    const runs = await Promise.all(refusals.map(([args]) => cli(['batch', 'set', 'Halle 2', ...args])))
    refusals.forEach(([args, message], i) => {
      expect(runs[i]!.stderr, args.join(' ')).toMatch(message)
      expect(runs[i]!.code, args.join(' ')).toBe(2)
    })
    expect(await updatedAt()).toBe(before)
  })
})
