import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BatchSummary, PushProgress } from '../../../electron/contract/dect'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { phonesOn, signedIn } from '../dect/push-support'
import { sheetLayout } from '../../../electron/services/dect/labels/label-layout'
import { linesOf, readPdf } from '../../support/pdf-read'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// `batch …` as a user runs it: the whole command line (run-cli.ts: in this process, or as a child
// process where stdin, signals or the entry matter) with its own data folder, against a demo PBX running in this test. Importing needs no keychain; pushing
// signs in with the password kept in the real OS keychain, so it runs inside
// test/support/in-keyring.sh (as `npm test` runs vitest) and is skipped, saying why, elsewhere.


/** 00:15:65:00:00:00, 00:15:65:00:00:01, …: unicast, manufacturer-assigned, one per row */
const macOf = (i: number) => `001565${i.toString(16).toUpperCase().padStart(6, '0')}`.replace(/(..)(?!$)/g, '$1:')

/** A spreadsheet of `count` phones; `change` edits a row's cells (0-based) */
function spreadsheet(dir: string, name: string, count: number, change: (cells: string[], i: number) => string[] = (cells) => cells): string {
  const lines = ['MAC address,Name,Extension', ...Array.from({ length: count }, (_, i) => change([macOf(i), `Handset ${i + 1}`, String(2000 + i)], i).join(','))]
  const file = join(dir, name)
  writeFileSync(file, `${lines.join('\r\n')}\r\n`)
  return file
}

interface ImportJson {
  batch: BatchSummary
  encoding: string
  mapping: Record<string, string>
  counts: { rows: { total: number; valid: number; withErrors: number } }
  problems: { kind: string; row: number; field: string; severity: string; message: string }[]
}

describe('batch commands without a PBX', { timeout: 30_000 }, () => {
  const dir = tempDir('pbx-cli-batch-plain-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  const good = spreadsheet(dir, 'good.csv', 3)

  it.concurrent.each([
    [['batch'], /Name a batch command: import, list/],
    [['batch', 'import'], /Not enough non-option arguments/],
    [['batch', 'import', join(dir, 'missing.csv')], /<file>: .*missing\.csv cannot be read \(it does not exist\): name a CSV file/],
    [['batch', 'import', good, '--map', 'colour=Name'], /--map colour=Name: colour is not a field; the fields are name, mac/],
    [['batch', 'import', good, '--map', 'mac'], /--map mac: write field=Header/],
    [['batch', 'import', good, '--map', 'mac=Serial'], /the file has no column "Serial"; its columns are "MAC address", "Name", "Extension"/],
    [['batch', 'import', good, '--language', 'Klingon'], /--language: /],
    [['batch', 'push', 'Nothing', '--pbx', 'Nobody'], /There is no batch yet, so none is named "Nothing"/],
    [['batch', 'push', 'x', '--concurrency', '99'], /--concurrency: must be at most 16/],
    [['batch', 'labels', 'x', 'labels.html'], /The labels are a PDF: name a \.pdf file, e\.g\. labels\.pdf/],
    [['batch', 'labels', 'x', 'labels.pdf', '--start', '8,1'], /--start 8,1: row 8 is past the sheet's end: this stock has 7 rows\./],
    [['batch', 'labels', 'x', 'labels.pdf', '--start', '1,3', '--size', 'a4-14'], /--start 1,3: column 3 is past the sheet's end: this stock has 2 columns\./],
    [['batch', 'labels', 'x', 'labels.pdf', '--start', 'two'], /--start two: write row,column, counted from 1/],
    // the hint names the command typed, from the area's own list of commands (a later one too)
    [['batch', 'site', 'x', '--bogus'], /Unknown argument: bogus\. Run `pbx-provisioner batch site --help`/],
    [['batch', 'swap', 'x', 'a', 'b', '--bogus'], /Run `pbx-provisioner batch swap --help`/],
    [['batch', 'move', 'x', 'a', 'b', '--bogus'], /Run `pbx-provisioner batch move --help`/],
    [['batch', 'renumber', 'x', 'a', 'b', '--bogus'], /Run `pbx-provisioner batch renumber --help`/],
    [['batch', 'retire', 'x', 'a', '--bogus'], /Run `pbx-provisioner batch retire --help`/],
    [['batch', 'retire', 'x'], /Not enough non-option arguments/],
  ])('bad usage exits 2 and says what to do: %j', async (args, message) => {
    const run = await cli(args)
    expect(run.stderr).toMatch(message)
    expect(run.stdout).toBe('')
    expect(run.code).toBe(2)
  })

  it('imports a spreadsheet: the row with a broadcast MAC is named, the rest is saved, exit 3', async () => {
    const file = spreadsheet(dir, 'site.csv', 40, (cells, i) => (i === 6 ? ['FF:FF:FF:FF:FF:FF', ...cells.slice(1)] : cells))
    const run = await cli(['batch', 'import', file, '--vendor', 'Yealink', '--model', 'W70B'])
    expect(run.stdout).toMatch(/^Read site\.csv: utf-8, comma-separated, a header row, 40 data rows\.$/m)
    expect(run.stdout).toMatch(/^Columns \(guessed; change with --map field=Header\): MAC address → mac, Name → name, Extension → extension\.$/m)
    expect(run.stdout).toMatch(/^Saved batch "site" \(id \S+\): 40 rows: 39 ready, 1 with errors \(not pushed\)\.$/m)
    expect(run.stdout).toMatch(/^ {2}row 7, mac: error: MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it$/m)
    expect(run.code).toBe(3)

    // the same file again: a free name; as JSON, with every problem
    const again = await cli(['batch', 'import', file, '--vendor', 'Yealink', '--model', 'W70B', '--json'])
    expect(again.code).toBe(3)
    const json = jsonOf<ImportJson>(again)
    expect(json.batch.name).toBe('site 2')
    expect(json.counts.rows).toMatchObject({ total: 40, valid: 39, withErrors: 1 })
    expect(json.problems).toEqual([expect.objectContaining({ kind: 'base', row: 7, field: 'mac', severity: 'error' })])
    const taken = await cli(['batch', 'import', file, '--name', 'SITE'])
    expect(taken.code).toBe(2)
    expect(taken.stderr).toMatch(/A batch named "site" exists already \(id \S+\): choose another --name/)
  })

  it('maps columns the guess does not know, by flags or by a mapping file; reads UTF-16', async () => {
    const lines = ['Geräte-ID;Mitarbeiter;Notiz', `${macOf(1)};Anna Schmidt;Lager`, `${macOf(2)};Jörg Weiß;Büro`]
    const file = join(dir, 'kunde.csv')
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf16le')]))
    const byFlags = await cli(['batch', 'import', file, '--map', 'mac=Geräte-ID', '--map', 'name=mitarbeiter', '--vendor', 'Yealink', '--model', 'W70B', '--json'])
    expect(byFlags.code, byFlags.stderr).toBe(0)
    const imported = jsonOf<ImportJson>(byFlags)
    expect(imported.encoding).toBe('utf-16le')
    expect(imported.mapping).toEqual({ 'Geräte-ID': 'mac', Mitarbeiter: 'name', Notiz: 'ignore' })
    expect(imported.counts.rows).toMatchObject({ total: 2, valid: 2 })

    // the output of that import is a mapping file for the next one
    const mappingFile = join(dir, 'mapping.json')
    writeFileSync(mappingFile, byFlags.stdout)
    const byFile = await cli(['batch', 'import', file, '--name', 'Kunde B', '--mapping', mappingFile, '--vendor', 'Yealink', '--model', 'W70B'])
    expect(byFile.code, byFile.stderr).toBe(0)
    expect(byFile.stdout).toMatch(/^Columns \(as given\): Geräte-ID → mac, Mitarbeiter → name, Notiz → \(ignored\)\.$/m)

    const show = await cli(['batch', 'show', 'kunde b'])
    expect(show.code).toBe(0)
    expect(show.stdout).toMatch(/^\s+1\s+Anna Schmidt\s+00:15:65:00:00:01\s+ready$/m)
    const list = jsonOf<BatchSummary[]>(await cli(['batch', 'list', '--json']))
    expect(list.map((b) => b.name).sort()).toEqual(['Kunde B', 'kunde', 'site', 'site 2'])
    const deleted = await cli(['batch', 'delete', 'Kunde B'])
    expect(deleted.stdout).toMatch(/^Deleted the batch "Kunde B" \(id \S+\)\.$/m)
    const unknown = await cli(['batch', 'show', 'kunde b'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/No batch is named "kunde b"\. Batches: "kunde", "site 2", "site"\. \(`pbx-provisioner batch list` shows them all\.\)/)
    expect((await cli(['batch', 'show', 'Kund'])).stderr).toMatch(/No batch is named "Kund"\. Did you mean "kunde"\?/)
  })

  it("completes the batches' names where a command takes one (Tab in bash), leaving out a file that is not a batch", async () => {
    writeFileSync(join(dataDir, 'batches', 'broken.json'), '{"version":1,"na')
    // as the completion script asks: the words of the command line, the program's name first
    const tab = (...words: string[]) => cli(['--get-yargs-completions', 'pbx-provisioner', ...words])
    const names = (await tab('batch', 'push', '')).stdout.split('\n').filter((line) => !line.startsWith('-'))
    expect(names.filter(Boolean)).toEqual(['kunde', 'site', 'site 2'])
    expect((await tab('batch', 'show', 'si')).stdout.split('\n').filter(Boolean)).toEqual(['site', 'site 2'])
    // the commands that change devices on site name their batch first (issue 43): it completes, not what follows it
    expect((await tab('batch', 'renumber', 'si')).stdout.split('\n').filter(Boolean)).toEqual(['site', 'site 2'])
    expect((await tab('batch', 'swap', 'site', '')).stdout).not.toMatch(/kunde/)
    expect((await tab('batch', 'retire', 'ku')).stdout.split('\n').filter(Boolean)).toEqual(['kunde'])
    expect((await tab('batch', 'retire', 'kunde', '')).stdout).not.toMatch(/site/)
    // the batch is the only argument: nothing more is offered after it, and no batch for `batch import`
    expect((await tab('batch', 'push', 'site', '')).stdout).not.toMatch(/kunde/)
    expect((await tab('batch', 'import', '')).stdout).not.toMatch(/kunde/)
    rmSync(join(dataDir, 'batches', 'broken.json'))
  })

  it('a file with nothing to import exits 1', async () => {
    const file = join(dir, 'empty.csv')
    writeFileSync(file, '')
    const run = await cli(['batch', 'import', file])
    expect(run.stderr).toMatch(/Nothing was imported: /)
    expect(run.code).toBe(1)
  })
})

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the batch push tests of the command line: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('batch push against the demo PBX, with the keychain', { timeout: 60_000 }, () => {
  let pbx: DemoPbx
  const dir = tempDir('pbx-cli-batch-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[], more: Partial<CliOptions> = {}) => runCli(args, { dataDir, ...more })
  const batchOf = async (name: string) => jsonOf<BatchSummary[]>(await cli(['batch', 'list', '--json'])).find((b) => b.name === name)!
  /** our phones on the demo PBX (its seed has others), read back through its API */
  const ourPhones = async () => (await phonesOn(await signedIn(pbx.url))).filter((phone) => phone.mac?.startsWith('001565'))

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    await addDemoPbx(cli, 'Demo Company', pbx.url)
  })
  afterAll(async () => {
    if (keychain.available) await forgetKeptPasswords(keychain.store, dataDir)
    await pbx?.stop()
  })

  it('pushes 200 rows; Ctrl-C half-way pauses (exit 130); the same command resumes to exactly 200', async () => {
    const file = spreadsheet(dir, 'hq.csv', 200)
    const imported = await cli(['batch', 'import', file, '--vendor', 'Yealink', '--model', 'W80B'])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/Saved batch "hq" \(id \S+\): 200 rows: 200 ready\./)
    const checked = await cli(['batch', 'check', 'hq', '--pbx', 'Demo Company'])
    expect(checked.code, checked.stderr).toBe(0)
    expect(checked.stdout).toMatch(/^Checked "hq" against "Demo Company": 200 rows: 200 ready; 0 MACs on the PBX already\.$/m)

    // slowed down, so that the push takes a few seconds: interrupted once the lines say 80 or more
    pbx.faults.setLatency(80)
    let interruptedAt = -1
    const first = await cli(['batch', 'push', 'hq', '--pbx', 'Demo Company'], {
      timeoutMs: 40_000,
      started: (child) => {
        let seen = ''
        child.stdout?.on('data', (chunk: string) => {
          seen += chunk
          const done = [...seen.matchAll(/^pushed (\d+) of 200 /gm)].map((m) => Number(m[1]))
          if (interruptedAt === -1 && done.some((n) => n >= 80)) {
            interruptedAt = Math.max(...done)
            child.kill('SIGINT')
          }
        })
      },
    })
    pbx.faults.setLatency(0)
    expect(interruptedAt, first.stdout + first.stderr).toBeGreaterThanOrEqual(80)
    expect(first.stdout).toMatch(/^pushed 0 of 200 \(created 0, matched 0, failed 0\)$/m)
    expect(first.stderr).toMatch(/Pausing the push: the rows being sent finish first/)
    const paused = /Paused at (\d+) of 200: run the same command to resume \(`pbx-provisioner batch push "hq" --pbx "Demo Company"`\)/.exec(first.stderr)
    expect(paused, first.stderr).not.toBeNull()
    expect(first.code).toBe(130)
    const pausedAt = Number(paused![1])
    expect(pausedAt).toBeGreaterThanOrEqual(interruptedAt)
    expect(pausedAt).toBeLessThan(200)
    // what the journal kept is what the PBX has
    const batch = await batchOf('hq')
    expect(batch.status).toBe('paused')
    expect(batch.counts.created).toBe(pausedAt)
    expect(await ourPhones()).toHaveLength(pausedAt)

    const resumed = await cli(['batch', 'push', 'hq', '--json'], { timeoutMs: 40_000 })
    expect(resumed.code, resumed.stderr).toBe(0)
    const end = jsonOf<PushProgress & { interrupted: boolean; failedRows: unknown[] }>(resumed)
    expect(end).toMatchObject({ status: 'done', total: 200, done: 200, created: 200, matched: 0, failed: 0, interrupted: false, failedRows: [] })
    expect(resumed.stderr).toMatch(new RegExp(`^pushed ${pausedAt} of 200 `, 'm'))
    const phones = await ourPhones()
    expect(phones).toHaveLength(200)
    expect(new Set(phones.map((phone) => phone.mac)).size).toBe(200)
    expect((await batchOf('hq')).status).toBe('done')
  })

  it('exports the results as CSV and the labels as PDF; nothing is left to retry', async () => {
    const csv = await cli(['batch', 'export-results', 'hq'])
    expect(csv.code, csv.stderr).toBe(0)
    const [header, ...rows] = csv.stdout.trimEnd().split('\r\n')
    expect(header).toBe('kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index')
    expect(rows).toHaveLength(200)
    expect(rows.every((row) => /^base,\d+,001565[0-9A-F]{6},Handset \d+,\d+,\S+,http\S+\.xml,done,created,/.test(row))).toBe(true)

    const labels = join(dir, 'labels.pdf')
    const sheet = await cli(['batch', 'labels', 'hq', labels, '--size', 'a4-14'])
    expect(sheet.code, sheet.stderr).toBe(0)
    expect(sheet.stderr).toMatch(/Wrote the labels of "hq" \(200 labels on 15 pages of a4-14 stock\) to .*labels\.pdf: print it at 100 % \("actual size"\)/)
    const pdf = await readPdf(readFileSync(labels))
    expect(pdf.pages).toHaveLength(15)
    expect(linesOf(pdf.pages[0]!, sheetLayout('a4-14').cells[0])).toEqual(['Handset 1', expect.stringMatching(/^00:15:65(:[0-9A-F]{2}){3}$/), 'Ext. 2000'])
    // a partly used sheet: the first label on row 2, column 2 (the fourth cell of a4-14), 203 cells on 15 pages
    const rest = join(dir, 'rest.pdf')
    expect((await cli(['batch', 'labels', 'hq', rest, '--size', 'a4-14', '--start', '2,2'])).code).toBe(0)
    const restPdf = await readPdf(readFileSync(rest))
    expect(restPdf.pages).toHaveLength(15)
    expect(sheetLayout('a4-14').cells.slice(0, 4).map((cell) => linesOf(restPdf.pages[0]!, cell)[0] ?? '')).toEqual(['', '', '', 'Handset 1'])
    const again = await cli(['batch', 'labels', 'hq', labels])
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/labels\.pdf exists already: choose another file, or add --force/)

    const retry = await cli(['batch', 'retry', 'hq'])
    expect(retry.code).toBe(0)
    expect(retry.stderr).toMatch(/Nothing to retry: no row or handset of "hq" failed/)
  })

  it('a row the PBX refuses fails, the others are pushed (exit 3), and retry sends only that row again', async () => {
    const file = spreadsheet(dir, 'annex.csv', 5, (cells, i) => [`00:15:66:00:00:0${i}`, cells[1]!, cells[2]!, i === 2 ? 'W99X' : 'W70B'])
    writeFileSync(file, readFileSync(file, 'utf8').replace('MAC address,Name,Extension', 'MAC address,Name,Extension,Model'))
    expect((await cli(['batch', 'import', file, '--vendor', 'Yealink'])).code).toBe(0)
    const pushed = await cli(['batch', 'push', 'annex', '--pbx', 'Demo Company'])
    expect(pushed.stdout).toMatch(/^Pushed 5 of 5 \(created 4, matched 0, failed 1\) to "Demo Company"\.$/m)
    expect(pushed.stdout).toMatch(/^ {2}row 3, 00:15:66:00:00:02 Handset 3: .*W99X/m)
    expect(pushed.stderr).toMatch(/`pbx-provisioner batch retry "annex"` sends the failed rows and handsets again/)
    expect(pushed.code).toBe(3)
    const retried = await cli(['batch', 'retry', 'annex', '--json'])
    expect(retried.code).toBe(3)
    expect(jsonOf<PushProgress>(retried)).toMatchObject({ status: 'partly_failed', created: 4, failed: 1 })
  })

  it('sees the handsets: show lists them with their state, --json names the failed and not-sent with why, retry sends a failed handset again, exit 3', async () => {
    // base 1: two handsets the PBX takes; base 2: one whose extension no user has (the PBX refuses
    // it); a fourth handset with a broken IPUI is kept out (not sent)
    const file = join(dir, 'handsets.csv')
    writeFileSync(
      file,
      [
        'Base MAC,IPUI,Extension,Name',
        '00:15:68:00:00:01,00AB000001,1101,Anna',
        '00:15:68:00:00:01,00AB000002,1102,Ben',
        '00:15:68:00:00:02,00AB000003,9999,Nobody',
        '00:15:68:00:00:01,12,1103,Clara',
      ].join('\r\n') + '\r\n',
    )
    const imported = await cli(['batch', 'import', file, '--vendor', 'Yealink', '--model', 'W70B'])
    expect(imported.code).toBe(3)
    const pushed = await cli(['batch', 'push', 'handsets', '--pbx', 'Demo Company', '--json'])
    const end = jsonOf<PushProgress & { failedRows: unknown[]; failedHandsets: { row: number; reason: string }[]; notSent: { kind: string; row: number; reason: string }[] }>(pushed)
    expect(end.state).toMatchObject({ verdict: 'partly_failed', rows: { total: 2, done: 2 }, handsets: { total: 4, done: 2, failed: 1, not_sent: 1 } })
    expect(end.failedRows).toEqual([])
    expect(end.failedHandsets).toEqual([expect.objectContaining({ kind: 'handset', row: 3, state: 'failed', ipui: '00AB000003', name: 'Nobody', reason: expect.stringMatching(/9999/) })])
    expect(end.notSent).toEqual([expect.objectContaining({ kind: 'handset', row: 4, state: 'not_sent', name: 'Clara', reason: expect.stringMatching(/^ipui: /) })])
    expect(pushed.code).toBe(3)

    const text = await cli(['batch', 'show', 'handsets'])
    expect(text.stdout).toMatch(/: partly failed, pushed to "Demo Company"\.$/m)
    expect(text.stdout).toMatch(/^2 of 2 bases sent; 2 of 4 handsets sent, 1 failed, 1 not sent \(errors\)\.$/m)
    expect(text.stdout).toMatch(/^\s+1\s+Anna\s+00AB000001\s+00:15:68:00:00:01\s+1\s+1101\s+done \(enrolled\)\s*$/m)
    expect(text.stdout).toMatch(/^\s+3\s+Nobody\s+00AB000003\s+00:15:68:00:00:02\s+9999\s+FAILED\s+\S.*9999/m)
    expect(text.stdout).toMatch(/^\s+4\s+Clara\s+12\s+.*not sent\s+ipui: /m)
    const listed = (await batchOf('handsets')).state
    expect(listed).toEqual(end.state)

    // only a handset failed: retry sends it again (and the PBX refuses it again)
    const retried = await cli(['batch', 'retry', 'handsets'])
    expect(retried.stderr).not.toMatch(/Nothing to retry/)
    expect(retried.stdout).toMatch(/^Pushed 2 of 2 \(created 2, matched 0, failed 0\); handsets 3 of 3 \(enrolled 2, matched 0, failed 1\) to "Demo Company"\.$/m)
    expect(retried.stdout).toMatch(/^ {2}handset row 3, IPUI 00AB000003 Nobody: .*9999/m)
    expect(retried.stdout).toMatch(/^ {2}handset row 4, IPUI 12 Clara: not sent: ipui: /m)
    expect(retried.code).toBe(3)
  })

  it('a reader of the output that goes away (`| head -1`) does not stop a push: it ends, every row on the PBX, and exits with its own code', async () => {
    const file = spreadsheet(dir, 'piped.csv', 40, ([, name, extension], i) => [macOf(5000 + i), name!, String(Number(extension) + 5000)])
    expect((await cli(['batch', 'import', file, '--vendor', 'Yealink', '--model', 'W80B'])).code).toBe(0)
    const before = (await ourPhones()).length
    pbx.faults.setLatency(30)
    let closed = false
    const run = await cli(['batch', 'push', 'piped', '--pbx', 'Demo Company'], {
      timeoutMs: 40_000,
      // as `| head -1` does: the first line read, then the pipe closed
      started: (child) => child.stdout?.once('data', () => ((closed = true), child.stdout?.destroy())),
    })
    pbx.faults.setLatency(0)
    expect(closed).toBe(true)
    expect(run.code, run.stderr).toBe(0)
    const batch = await batchOf('piped')
    expect(batch.status).toBe('done')
    expect(batch.counts.created).toBe(40)
    expect((await ourPhones()).length).toBe(before + 40)
  })

  it('a batch another process (the desktop app) is pushing is not pushed here: exit 1, saying what to do', async () => {
    const file = spreadsheet(dir, 'shared.csv', 2, (cells, i) => [`00:15:67:00:00:0${i}`, cells[1]!, cells[2]!])
    expect((await cli(['batch', 'import', file, '--vendor', 'Yealink', '--model', 'W80B'])).code).toBe(0)
    const { id } = await batchOf('shared')
    // the app: this test, holding the batch's push lock as a push does
    const app = createBatchStore(dataDir)
    const release = await app.lockForPush(id)
    await app.setPushState(id, { status: 'pushing' })
    try {
      const refused = await cli(['batch', 'push', 'shared', '--pbx', 'Demo Company'])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/The batch "shared" is being pushed by a command line or another window\. Wait until that push ends \(or pause it there\), then try again\./)
    } finally {
      await release()
    }
    expect((await batchOf('shared')).counts).toMatchObject({ created: 0, pending: 2 })
    expect((await phonesOn(await signedIn(pbx.url))).filter((phone) => phone.mac?.startsWith('001567'))).toEqual([])
  })
})
