import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Batch, BatchSummary, PushProgress } from '../../../electron/contract/dect'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { phonesOn, signedIn } from '../dect/push-support'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// `batch import <file> --into <batch>` as a user runs it: a spreadsheet's bases and handsets join a
// batch that exists, pushed or not, with the checks of a new import (issue 37).

/** a spreadsheet from lines of cells */
function sheet(dir: string, name: string, lines: string[][]): string {
  const file = join(dir, name)
  writeFileSync(file, `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`)
  return file
}

interface IntoJson {
  batch: BatchSummary
  added: { rows: { total: number; valid: number; withErrors: number }; handsets: { total: number; valid: number; withErrors: number } }
  offsets: { rows: number; handsets: number }
  problems: { kind: string; row: number; fileRow: number; field: string; severity: string; message: string }[]
}

describe('batch import --into, without a PBX', { timeout: 30_000 }, () => {
  const dir = tempDir('pbx-cli-into-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  const bases = sheet(dir, 'bases.csv', [
    ['MAC', 'Name'],
    ['00:15:65:10:00:01', 'Hall'],
    ['00:15:65:10:00:02', 'Yard'],
  ])
  const batchFile = async (name: string): Promise<Batch> => {
    const id = jsonOf<BatchSummary[]>(await cli(['batch', 'list', '--json'])).find((b) => b.name === name)!.id
    return JSON.parse(readFileSync(join(dataDir, 'batches', `${id}.json`), 'utf8')) as Batch
  }

  beforeAll(async () => {
    const made = await cli(['batch', 'import', bases, '--name', 'Site', '--vendor', 'Yealink', '--model', 'W70B'])
    expect(made.code, made.stderr).toBe(0)
  })

  it.concurrent.each([
    [['--into', 'Site', '--name', 'Other'], /Arguments into and name are mutually exclusive/],
    [['--into', 'Site', '--model', 'W80B'], /--into: the batch's own defaults apply to the rows added; leave out --vendor, --model/],
    [['--into', 'Nowhere'], /No batch is named "Nowhere"\. Batches: "Site"\./],
    [['--into', ' '], /--into: name the batch/],
  ])('bad usage exits 2 and changes nothing: %j', async (flags, message) => {
    const before = readFileSync(join(dataDir, 'batches', `${(await batchFile('Site')).id}.json`), 'utf8')
    const run = await cli(['batch', 'import', bases, ...flags])
    expect(run.stderr).toMatch(message)
    expect(run.code).toBe(2)
    expect(readFileSync(join(dataDir, 'batches', `${(await batchFile('Site')).id}.json`), 'utf8')).toBe(before)
  })

  it('adds handsets to the batch: its bases are not added again; each problem names the batch row and the file row', async () => {
    const handsets = sheet(dir, 'handsets.csv', [
      ['Base MAC', 'IPUI', 'Extension', 'Name'],
      ['00:15:65:10:00:01', '00AC000001', '1101', 'Anna'],
      ['00:15:65:10:00:02', '00AC000002', '1102', 'Ben'],
      ['00:15:65:10:00:99', '00AC000003', '1103', 'Clara'],
      ['00:15:65:10:00:01', '00AC000001', '1104', 'Dora'],
    ])
    const run = await cli(['batch', 'import', handsets, '--into', 'Site'])
    expect(run.stdout).toMatch(/^Read handsets\.csv: utf-8, comma-separated, a header row, 4 data rows\.$/m)
    expect(run.stdout).toMatch(/^Added to batch "Site" \(id \S+\): 1 base \(1 ready\) and 4 handsets \(2 ready, 2 with errors\)\.$/m)
    // the base 00:15:65:10:00:99 is new to the batch: it is added as a row (row 5: the file's row 3 after the batch's 2), and Clara goes on it
    expect(run.stdout).toMatch(/^The batch now has 3 rows: 3 ready; 4 handsets: 2 ready, 2 with errors \(not pushed\)\.$/m)
    expect(run.stdout).toMatch(/^ {2}handset row 1 \(file row 1\), ipui: error: IPUI 00AC000001 is also in row 4$/m)
    expect(run.stdout).toMatch(/^ {2}handset row 4 \(file row 4\), ipui: error: IPUI 00AC000001 is also in row 1$/m)
    expect(run.code).toBe(3)
    const batch = await batchFile('Site')
    expect(batch.rows.map((r) => [r.row, r.values.mac, r.values.name])).toEqual([
      [1, '001565100001', 'Hall'],
      [2, '001565100002', 'Yard'],
      [5, '001565100099', 'Base 00:15:65:10:00:99'],
    ])
    expect(batch.handsets.map((h) => h.values.name)).toEqual(['Anna', 'Ben', 'Clara', 'Dora'])
  })

  it('more handsets later: numbered after the batch\'s own, an IPUI or extension the batch has is an error on the new line (--json)', async () => {
    const more = sheet(dir, 'more.csv', [
      ['Base MAC', 'IPUI', 'Extension'],
      ['00:15:65:10:00:02', '00AC000010', '1110'],
      ['00:15:65:10:00:02', '00AC000011', '1102'],
    ])
    const run = await cli(['batch', 'import', more, '--into', 'Site', '--json'])
    const json = jsonOf<IntoJson>(run)
    expect(json.offsets).toEqual({ rows: 5, handsets: 4 })
    expect(json.added.handsets).toMatchObject({ total: 2, valid: 1, withErrors: 1 })
    expect(json.added.rows).toMatchObject({ total: 0 })
    expect(json.problems).toEqual([
      expect.objectContaining({ kind: 'handset', row: 6, fileRow: 2, field: 'extension', severity: 'error', message: 'extension 1102 is also in row 2' }),
    ])
    expect(run.code).toBe(3)
  })

  it('a spreadsheet of bases: a MAC the batch has is an error on the new row, the batch\'s own row stays pushable', async () => {
    const again = sheet(dir, 'again.csv', [
      ['MAC', 'Name'],
      ['00:15:65:10:00:02', 'Yard again'],
      ['00:15:65:10:00:03', 'Roof'],
    ])
    const run = await cli(['batch', 'import', again, '--into', 'Site', '--json'])
    const json = jsonOf<IntoJson>(run)
    expect(json.added.rows).toMatchObject({ total: 2, valid: 1, withErrors: 1 })
    expect(json.problems).toEqual([expect.objectContaining({ kind: 'base', row: 6, fileRow: 1, field: 'mac', message: expect.stringMatching(/^MAC 00:15:65:10:00:02 is also in row 2: this row is left out of the push/) })])
    const batch = await batchFile('Site')
    expect(batch.rows.find((r) => r.row === 2)!.problems).toEqual([expect.objectContaining({ severity: 'warning', message: 'MAC 00:15:65:10:00:02 is also in row 6, which is left out of the push' })])
  })

  it('a batch another process is pushing is refused: exit 1, saying what to do, nothing changed', async () => {
    const { id } = await batchFile('Site')
    const before = readFileSync(join(dataDir, 'batches', `${id}.json`), 'utf8')
    const app = createBatchStore(dataDir)
    const release = await app.lockForPush(id)
    try {
      const refused = await cli(['batch', 'import', bases, '--into', 'Site'])
      expect(refused.stderr).toMatch(/The batch "Site" is being pushed by a command line or another window\. Wait until that push ends/)
      expect(refused.code).toBe(1)
    } finally {
      await release()
    }
    expect(readFileSync(join(dataDir, 'batches', `${id}.json`), 'utf8')).toBe(before)
  })
})

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the push tests of batch import --into: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('handsets after the bases were pushed, through the command line', { timeout: 60_000 }, () => {
  let pbx: DemoPbx
  const dir = tempDir('pbx-cli-into-push-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    await addDemoPbx(cli, 'Demo Company', pbx.url)
  })
  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('bases pushed (done), handsets added with --into, the next push enrols them: done, exit 0, the members on the PBX', async () => {
    const bases = sheet(dir, 'bases.csv', [
      ['MAC', 'Name'],
      ['00:15:69:00:00:01', 'Hall'],
      ['00:15:69:00:00:02', 'Yard'],
    ])
    expect((await cli(['batch', 'import', bases, '--name', 'Day', '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(0)
    const first = await cli(['batch', 'push', 'Day', '--pbx', 'Demo Company'])
    expect(first.code, first.stderr).toBe(0)

    const handsets = sheet(dir, 'handsets.csv', [
      ['Base MAC', 'IPUI', 'Extension'],
      ...Array.from({ length: 6 }, (_, i) => [`00:15:69:00:00:0${1 + (i % 2)}`, `00AD00000${i}`, String(1120 + i)]),
    ])
    const added = await cli(['batch', 'import', handsets, '--into', 'Day'])
    expect(added.stdout).toMatch(/^Added to batch "Day" \(id \S+\): 6 handsets \(6 ready\)\.$/m)
    expect(added.code).toBe(0)
    const listed = jsonOf<BatchSummary[]>(await cli(['batch', 'list', '--json'])).find((b) => b.name === 'Day')!
    expect(listed.state).toMatchObject({ verdict: 'incomplete', rows: { done: 2 }, handsets: { total: 6, ready: 6 } })

    const second = await cli(['batch', 'push', 'Day', '--pbx', 'Demo Company', '--json'])
    const end = jsonOf<PushProgress>(second)
    expect(end.state).toMatchObject({ verdict: 'done', rows: { total: 2, done: 2 }, handsets: { total: 6, done: 6 } })
    expect(second.code).toBe(0)

    // on the PBX: three handsets on each base, as the file said
    const caller = await signedIn(pbx.url)
    const members = createDectMembersClient(caller)
    for (const [mac, ipuis] of [
      ['001569000001', ['00AD000000', '00AD000002', '00AD000004']],
      ['001569000002', ['00AD000001', '00AD000003', '00AD000005']],
    ] as const) {
      const phone = (await phonesOn(caller)).find((p) => p.mac === mac)!
      expect((await members.list(phone.id)).map((m) => m.ipui).sort()).toEqual([...ipuis])
    }
  })
})
