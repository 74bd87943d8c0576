import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import { HandoverReportSchema } from '../../../electron/contract/handover-report'
import { PAPER_SIZES } from '../../../electron/services/dect/handsets/handover/pdf-page'
import { linesOf, readPdf } from '../../support/pdf-read'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { openKeytarStore } from '../../../electron/services/keychain/keytar-store'
import { createProvisionedPhonesClient } from '../../../electron/services/pbx-client/provisioned-phones'
import { signedIn } from '../dect/push-support'
import { addDemoPbx, forgetKeptPasswords } from './kept-passwords'
import { jsonOf, runCli, tempDir, type CliOptions } from './run-cli'

// `batch report <batch> <out>` as a user runs it (issue 43): the hand-over report read fresh from a
// demo PBX, as a PDF (A4 or Letter) or JSON (--json), checked against what the PBX holds.

describe('batch report: bad usage, before anything is read', { timeout: 30_000 }, () => {
  const dir = tempDir('pbx-cli-report-plain-')
  const dataDir = join(dir, 'data')
  const cli = (args: string[]) => runCli(args, { dataDir })

  it.concurrent.each([
    [['batch', 'report', 'x'], /Not enough non-option arguments/],
    [['batch', 'report', 'x', 'report.txt'], /<out>: the report is a PDF: name a \.pdf file, e\.g\. report\.pdf, or add --json for the report as JSON\./],
    [['batch', 'report', 'x', 'report.json', '--json', '--paper', 'letter'], /--paper: only the PDF has a paper size/],
    [['batch', 'report', 'x', 'report.pdf', '--paper', 'a3'], /Invalid values:[\s\S]*paper/],
    [['batch', 'report', 'x', join(dir, 'no-such-folder', 'report.pdf')], /<out>: \S+report\.pdf cannot be written \(its folder does not exist\)/],
    [['batch', 'report', 'x', 'report.pdf', '--json'], /<out>: the report is JSON: name a \.json file, e\.g\. report\.json \(or - for stdout\)\./],
    [['batch', 'report', 'x', 'report.json', '--json', '--installer', '  '], /--installer: enter the installer’s name\./],
    [['batch', 'report', 'x', join(dir, 'no-such-folder', 'report.json'), '--json'], /<out>: /],
    [['batch', 'report', 'Nothing', join(dir, 'r.json'), '--json'], /There is no batch yet, so none is named "Nothing"/],
  ])('exits 2 and says what to do: %j', async (args, message) => {
    const run = await cli(args)
    expect(run.stderr).toMatch(message)
    expect(run.stdout).toBe('')
    expect(run.code).toBe(2)
  })

  it('--help offers the PDF, its paper, and JSON', async () => {
    const run = await cli(['batch', 'report', '--help'])
    expect(run.stdout).toMatch(/a PDF to print and sign, or JSON\s+\(--json\)/)
    expect(run.stdout).toMatch(/--paper +The PDF's paper +\[choices: "a4", "letter"\] \[default: a4\]/)
    expect(run.code).toBe(0)
  })
})

const keychain = await openKeytarStore()
if (!keychain.available) console.warn(`Skipping the batch report tests against a PBX: ${keychain.reason} (run vitest inside test/support/in-keyring.sh).`)

describe.skipIf(!keychain.available)('batch report against the demo PBX', { timeout: 60_000 }, () => {
  let pbx: DemoPbx
  const dir = tempDir('pbx-cli-report-')
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

  it('writes the report of a pushed batch as the PBX has it; the installer is remembered; a file there needs --force', async () => {
    const csv = join(dir, 'site.csv')
    writeFileSync(csv, 'MAC address,Name,Extension\r\n00:15:65:E2:00:01,Hall,3001\r\n00:15:65:E2:00:02,Yard,3002\r\nnot a mac,Shed,3003\r\n')
    expect((await cli(['batch', 'import', csv, '--vendor', 'Yealink', '--model', 'W70B'])).code).toBe(3)
    // before a push, the batch has no PBX: one must be named
    const unnamed = await cli(['batch', 'report', 'site', join(dir, 'early.json'), '--json'])
    expect(unnamed.stderr).toMatch(/Name the PBX to read for "site": --pbx <name or id>/)
    expect(unnamed.code).toBe(2)
    const pushed = await cli(['batch', 'push', 'site', '--pbx', 'Demo Company'])
    expect(pushed.code, pushed.stderr).toBe(3)
    // Hall fetches its configuration; Yard does not
    const batch = jsonOf<Batch>(await cli(['batch', 'show', 'site', '--json']))
    expect((await fetch(new URL(new URL(batch.rows[0]!.outcome.url!).pathname, pbx.url))).status).toBe(200)

    const out = join(dir, 'site-handover.json')
    const run = await cli(['batch', 'report', 'site', out, '--json', '--installer', 'Ines Meyer'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(new RegExp(`^Wrote the hand-over report of "site" \\(2 of 3 bases on the PBX; 2 left undone\\) to ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.$`, 'm'))
    const report = HandoverReportSchema.parse(JSON.parse(readFileSync(out, 'utf8')))
    const devices = await createProvisionedPhonesClient(await signedIn(pbx.url)).list()
    const hall = devices.supported ? devices.items.find((d) => d.mac.replace(/[:-]/g, '').toUpperCase() === '001565E20001') : undefined
    expect(hall?.fwver).toBeTruthy()
    expect(report).toMatchObject({ customer: '', pbx: { label: 'Demo Company', address: pbx.url }, tenant: 'demo.pbx.example', installer: 'Ines Meyer', batch: { name: 'site' } })
    expect(report.bases.map((b) => [b.name, b.mac, b.onPbx, b.fetchedConfig, b.firmware])).toEqual([
      ['Hall', '001565E20001', true, true, hall!.fwver],
      ['Yard', '001565E20002', true, false, undefined],
      ['Shed', 'not a mac', false, false, undefined],
    ])
    expect(report.undone.map((u) => [u.kind, u.item])).toEqual([
      ['not_seen', 'Yard (00:15:65:E2:00:02)'],
      ['not_sent', 'Shed (not a mac)'],
    ])
    expect(report.undone[1]!.reason).toMatch(/MAC/)
    expect(report.counts).toMatchObject({ bases: 3, basesOnPbx: 2, basesFetchedConfig: 1, notSent: 1, failed: 0, notSeen: 1 })
    expect(report.cannotRead).toEqual([])

    // there already: bad usage, the file left as it was
    const again = await cli(['batch', 'report', 'site', out, '--json'])
    expect(again.stderr).toMatch(/exists already: choose another file, or add --force/)
    expect(again.code).toBe(2)
    // to stdout, without --installer: the name given last
    const piped = await cli(['batch', 'report', 'site', '-', '--json'])
    expect(piped.code, piped.stderr).toBe(0)
    expect(jsonOf<{ installer: string }>(piped).installer).toBe('Ines Meyer')
    expect(existsSync(join(dir, '-'))).toBe(false)

    // the PDF: A4 unless --paper says otherwise, the installer given last, the counts and each base
    for (const paper of ['a4', 'letter'] as const) {
      const pdfFile = join(dir, `site-handover-${paper}.pdf`)
      const made = await cli(['batch', 'report', 'site', pdfFile, ...(paper === 'a4' ? [] : ['--paper', paper])])
      expect(made.code, made.stderr).toBe(0)
      expect(made.stdout).toBe('')
      const paperName = paper === 'a4' ? 'A4' : 'Letter'
      expect(made.stderr).toMatch(new RegExp(`^Wrote the hand-over report of "site" \\(2 of 3 bases on the PBX; 2 left undone, 1 page of ${paperName}\\) to .*site-handover-${paper}\\.pdf\\.$`, 'm'))
      const read = await readPdf(readFileSync(pdfFile))
      expect(read.pages).toHaveLength(1)
      expect([read.pages[0]!.width, read.pages[0]!.height]).toEqual([expect.closeTo(PAPER_SIZES[paper].width, 1), expect.closeTo(PAPER_SIZES[paper].height, 1)])
      const lines = linesOf(read.pages[0]!)
      expect(lines).toContain('Installer Ines Meyer')
      expect(lines).toContain('2 of 3 1 of 2 none 2')
      expect(lines).toContain('The batch has no handsets.')
      expect(lines.find((l) => l.startsWith('Hall 00:15:65:E2:00:01 W70B'))).toBe(`Hall 00:15:65:E2:00:01 W70B ${hall!.fwver} ${hall!.ip ?? '—'} yes`)
      expect(lines.find((l) => l.startsWith('Base not sent'))).toMatch(/^Base not sent Shed \(not a mac\) .*MAC/)
    }
    // piped to stdout: the PDF's bytes
    const piped2 = await cli(['batch', 'report', 'site', '-'])
    expect(piped2.code, piped2.stderr).toBe(0)
    expect(piped2.stdout.startsWith('%PDF-')).toBe(true)
  })
})
