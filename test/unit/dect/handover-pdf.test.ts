import { mkdirSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { macForPeople } from '../../../electron/contract/dect'
import type { HandoverPaper, HandoverReport } from '../../../electron/contract/handover-report'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createProvisionedPhonesClient } from '../../../electron/services/pbx-client/provisioned-phones'
import { createBatchStore, type BatchStore, type NewHandsetRow } from '../../../electron/services/dect/batch-store'
import { handoverPdf } from '../../../electron/services/dect/handsets/handover/handover-pdf'
import { MARGIN, PAPER_SIZES } from '../../../electron/services/dect/handsets/handover/pdf-page'
import { linesOf, readPdf, type PdfPage, type PdfRead } from '../../support/pdf-read'
import { linesFromModels } from '../../../electron/services/dect/handsets/handset-import'
import { createHandoverReport } from '../../../electron/services/dect/handsets/handover-report'
import { createHandoverSettings } from '../../../electron/services/dect/handsets/handover-settings'
import { createSiteCheck } from '../../../electron/services/dect/handsets/site-check'
import { createPushRunner } from '../../../electron/services/dect/push'
import { PROFILE_ID, phonesOn, signedIn, startPbx, tempDir, type Demo } from './push-support'

// The hand-over report's PDF (issue 43), of a site of 12 bases and 150 handsets pushed to the demo
// PBX with three things left undone (a base not sent, a handset the PBX refused, a base that never
// fetched its configuration), on A4 and Letter, read back with pdf.js: every base and handset is
// there, the counts are the PBX's, the undone items carry their reasons, the tables go on across
// pages under their header, and nothing is drawn outside the margins.

let pbx: Demo
let caller: PbxCaller
let store: BatchStore
let dataDir: string
let cleanup: () => Promise<void>

const PBX = { label: 'Demo PBX · Demo Company', baseUrl: 'http://127.0.0.1:1', customer: 'Demo Company', domain: 'demo.pbx.example' }
const LONG_BASE = 'Warehouse north wing, loading bay 3, above the roller door'
const LONG_USER = 'Maximiliane Alexandrina von Hohenzollern-Sigmaringen, reception'
const macOf = (n: number): string => `001565A${n.toString(16).toUpperCase().padStart(5, '0')}`
const ipuiOf = (n: number): string => `00AF${n.toString(16).toUpperCase().padStart(6, '0')}`

let report: HandoverReport
const reporter = (callerFor: () => PbxCaller = () => caller) => {
  const site = createSiteCheck({ store, callerFor: async () => callerFor(), linesOf: async () => linesFromModels(undefined) })
  return createHandoverReport({ getBatch: ({ batchId }) => store.get(batchId), siteStatus: site.siteStatus, profileOf: async () => PBX, settings: createHandoverSettings(dataDir) })
}
let batchId: string

beforeAll(async () => {
  pbx = await startPbx({ seed: true })
  caller = await signedIn(pbx.url)
  const temp = await tempDir()
  cleanup = temp.cleanup
  dataDir = temp.dir
  store = createBatchStore(temp.dir)
  // bases 1..11 sendable, base 12 held back by an error of its own; 149 handsets on bases 1..11 and one the PBX refuses (9999: no such user)
  const rows = Array.from({ length: 12 }, (_, i) => ({
    row: i + 1,
    values: { name: i === 2 ? LONG_BASE : `Base ${i + 1}`, mac: macOf(i + 1), vendor: 'Yealink', model: 'W80B' },
    problems: i === 11 ? [{ field: 'model', message: 'the model is not on the PBX yet', severity: 'error' as const }] : [],
  }))
  const handsets: NewHandsetRow[] = Array.from({ length: 150 }, (_, i) => ({
    row: i + 1,
    values: { base_mac: macOf((i % 11) + 1), ipui: ipuiOf(i + 1), extension: i === 149 ? '9999' : String(1011 + i), name: i === 7 ? LONG_USER : `User ${1011 + i}` },
    problems: [],
  }))
  const batch = await store.create({ name: 'Site P', source: 'site.csv', rows, handsets })
  batchId = batch.id
  const end = await createPushRunner({ store, callerFor: () => caller, retryDelaysMs: [10] }).start(batch.id, PROFILE_ID)
  const pushed = await store.get(batch.id)
  expect(end.handsets).toMatchObject({ enrolled: 149, failed: 1 })
  // bases 1..10 fetch their configuration; 11 does not
  for (const row of pushed.rows.slice(0, 10)) expect((await fetch(new URL(new URL(row.outcome.url!).pathname, pbx.url))).status).toBe(200)
  report = await reporter().handoverReport({ batchId, profileId: PROFILE_ID, installer: 'Ines Installer' })
}, 60_000)
afterAll(async () => {
  await pbx?.stop()
  await cleanup?.()
})

const pdfs = new Map<HandoverPaper, { read: PdfRead; pages: number }>()
async function rendered(paper: HandoverPaper) {
  let found = pdfs.get(paper)
  if (!found) {
    const { pdf, pages } = await handoverPdf(report, paper)
    // kept for a look with pdftoppm (the report names what was seen)
    mkdirSync('/tmp/handover-png', { recursive: true })
    writeFileSync(`/tmp/handover-png/handover-${paper}.pdf`, pdf)
    found = { read: await readPdf(pdf), pages }
    pdfs.set(paper, found)
  }
  return found
}

/** DejaVu's ascent, as a share of the type size: how far above its baseline a line's glyphs may reach. */
const ASCENT = 0.93

const allText = (read: PdfRead): string => read.pages.flatMap((p) => linesOf(p)).join('\n')
const squash = (text: string): string => text.replace(/\s+/g, '')

/** The texts of a page from `x` rightwards, top to bottom: a table's last column. */
const columnFrom = (page: PdfPage, x: number): string =>
  page.texts
    .filter((t) => t.x >= x - 0.5)
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((t) => t.str)
    .join(' ')

describe.each(['a4', 'letter'] as const)('the hand-over report PDF on %s', { timeout: 30_000 }, (paper) => {
  it('has the paper size, every base and handset, the counts the PBX holds', async () => {
    const { read, pages } = await rendered(paper)
    expect(read.pages).toHaveLength(pages)
    expect(pages).toBeGreaterThan(3)
    for (const page of read.pages) expect([page.width, page.height]).toEqual([expect.closeTo(PAPER_SIZES[paper].width, 1), expect.closeTo(PAPER_SIZES[paper].height, 1)])
    expect(read.title).toBe('Hand-over report: Site P')
    const text = allText(read)
    expect(text).toMatch(/^Hand-over report$/m)
    expect(text).toMatch(/Customer Demo Company/)
    expect(text).toMatch(/Tenant demo\.pbx\.example/)
    expect(text).toMatch(/Installer Ines Installer/)
    expect(text).toContain(`PBX read at ${report.readAt.slice(0, 10)} ${report.readAt.slice(11, 16)} UTC`)

    // every base's MAC on a line of its own row; every handset's extension on the line of its IPUI
    const lines = read.pages.flatMap((p) => linesOf(p))
    for (let n = 1; n <= 12; n++) expect(lines.some((l) => l.includes(macForPeople(macOf(n)))), macOf(n)).toBe(true)
    for (let i = 0; i < 150; i++) {
      const extension = i === 149 ? '9999' : String(1011 + i)
      expect(lines.some((l) => l.startsWith(`${extension} `) && l.includes(ipuiOf(i + 1))), extension).toBe(true)
    }

    // the counts, from the PBX itself
    const onPbx = new Set((await phonesOn(caller)).map((p) => p.mac))
    const batchMacs = Array.from({ length: 12 }, (_, i) => macOf(i + 1))
    const basesOnPbx = batchMacs.filter((mac) => onPbx.has(mac)).length
    const devices = await createProvisionedPhonesClient(caller).list()
    const fetched = devices.supported ? batchMacs.filter((mac) => devices.items.some((d) => d.mac.replace(/[:-]/g, '').toUpperCase() === mac)).length : -1
    const members = createDectMembersClient(caller)
    let handsetsOnPbx = 0
    for (const phone of (await phonesOn(caller)).filter((p) => p.mac !== undefined && batchMacs.includes(p.mac))) handsetsOnPbx += (await members.list(phone.id)).length
    expect([basesOnPbx, fetched, handsetsOnPbx]).toEqual([11, 10, 149])
    const first = linesOf(read.pages[0]!).join('\n')
    expect(first).toContain(`${basesOnPbx} of 12`)
    expect(first).toContain(`${fetched} of ${basesOnPbx}`)
    expect(first).toContain(`${handsetsOnPbx} of 150`)
    expect(first).toMatch(/bases on the PBX/)
    expect(first).toContain('Left undone: 1 not sent, 1 refused by the PBX, 1 not seen on the PBX (listed with their reasons below).')
  })

  it('wraps long names, repeats the tables’ header on each page, and draws nothing past the margins', async () => {
    const { read } = await rendered(paper)
    const { width, height } = PAPER_SIZES[paper]
    for (const [n, page] of read.pages.entries()) {
      for (const t of page.texts) {
        expect(t.x, `page ${n + 1}: ${t.str}`).toBeGreaterThanOrEqual(MARGIN - 0.5)
        expect(t.x + t.width, `page ${n + 1}: ${t.str}`).toBeLessThanOrEqual(width - MARGIN + 0.5)
        expect(t.y - ASCENT * t.size, `page ${n + 1}: ${t.str}`).toBeGreaterThanOrEqual(MARGIN - 0.5)
        expect(t.y, `page ${n + 1}: ${t.str}`).toBeLessThanOrEqual(height - MARGIN + 0.5)
      }
      for (const r of page.rects) {
        expect(r.x).toBeGreaterThanOrEqual(MARGIN - 0.5)
        expect(r.x + r.width).toBeLessThanOrEqual(width - MARGIN + 0.5)
        expect(r.y).toBeGreaterThanOrEqual(MARGIN - 0.5)
        expect(r.y + r.height).toBeLessThanOrEqual(height - MARGIN + 0.5)
      }
      expect(linesOf(page).at(-1)).toBe(`Hand-over report · Site P · Demo Company · ${report.date} Page ${n + 1} of ${read.pages.length}`)
    }
    // the long names whole, over several lines
    const words = squash(read.pages.flatMap((p) => p.texts.map((t) => t.str)).join(''))
    expect(words).toContain(squash(LONG_BASE))
    expect(words).toContain(squash(LONG_USER))
    expect(allText(read)).not.toContain(LONG_USER)
    // a page the handsets go on to starts with their title and header again
    const continued = read.pages.filter((p) => linesOf(p).includes('Handsets (continued)'))
    expect(continued.length).toBeGreaterThan(0)
    for (const page of continued) {
      const lines = linesOf(page)
      expect(lines[0]).toBe('Handsets (continued)')
      expect(lines[1]).toBe('Ext. User IPUI IPEI Base Index On the PBX')
    }
  })

  it('lists what is left undone with its reasons, then the sign-off', async () => {
    const { read } = await rendered(paper)
    expect(report.undone.map((u) => [u.kind, u.item])).toEqual([
      ['not_seen', `Base 11 (${macForPeople(macOf(11))})`],
      ['not_sent', `Base 12 (${macForPeople(macOf(12))})`],
      ['failed', `9999 User 1160 (IPUI ${ipuiOf(150)})`],
    ])
    // the table from its first page on, maybe over two: each page's reasons below its own header
    const at = read.pages.findIndex((p) => linesOf(p).includes('Left undone'))
    expect(at).toBeGreaterThan(0)
    const pages = read.pages.slice(at)
    const reasons = squash(
      pages
        .map((page) => {
          const head = page.texts.find((t) => t.str === 'Reason')!
          return columnFrom({ ...page, texts: page.texts.filter((t) => t.y > head.y) }, head.x)
        })
        .join(''),
    )
    for (const undone of report.undone) expect(reasons).toContain(squash(undone.reason))
    const items = squash(pages.flatMap((page) => page.texts.map((t) => t.str)).join(''))
    for (const undone of report.undone) expect(items).toContain(squash(undone.item))
    expect(pages.flatMap((page) => linesOf(page)).join('\n')).toMatch(/Base not seen[\s\S]*Base not sent[\s\S]*Handset refused/)
    expect(report.undone[0]!.reason).toMatch(/^it has not fetched its configuration from the PBX since it was pushed at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/)

    const last = linesOf(read.pages.at(-1)!)
    const signOff = last.indexOf('Sign-off')
    expect(signOff).toBeGreaterThanOrEqual(0)
    expect(last.slice(signOff + 1)).toEqual([
      'The bases and handsets listed above were installed and handed over, except what is listed as left undone.',
      'Installer Customer',
      'Name Ines Installer Name',
      'Signature Signature',
      'Date Date',
      `Hand-over report · Site P · Demo Company · ${report.date} Page ${read.pages.length} of ${read.pages.length}`,
    ])
  })
})

describe('the hand-over report PDF of a PBX that cannot give every figure', { timeout: 30_000 }, () => {
  it('says in words what the PBX could not give', async () => {
    mkdirSync('/tmp/handover-png', { recursive: true })
    const old: PbxCaller = { baseUrl: caller.baseUrl, call: (path, options) => caller.call(/^\/?api\/phones\b/.test(path) ? 'api/no_such_endpoint' : path, options) }
    const partial = await reporter(() => old).handoverReport({ batchId, profileId: PROFILE_ID })
    const { pdf } = await handoverPdf(partial, 'a4')
    writeFileSync('/tmp/handover-png/handover-partial-a4.pdf', pdf)
    const read = await readPdf(pdf)
    const first = linesOf(read.pages[0]!)
    expect(first).toContain('What the PBX could not give')
    expect(first).toContain('• firmware: this PBX does not list provisioned devices')
    expect(first).toContain('• IP address: this PBX does not list provisioned devices')
    expect(first).toContain('Bases that fetched their configuration: unknown, this PBX does not list provisioned devices.')
    const base1 = read.pages.flatMap((p) => linesOf(p)).find((l) => l.startsWith('Base 1 '))
    expect(base1).toBe(`Base 1 ${macForPeople(macOf(1))} W80B unknown unknown unknown`)
  })
})

it("names each text with characters the report's font lacks, once (the footer of every page too), and none for a report it can draw", { timeout: 30_000 }, async () => {
  expect((await handoverPdf(report, 'a4')).warnings).toEqual([])
  const { warnings, pages } = await handoverPdf({ ...report, customer: 'Zahnarztpraxis 张伟' }, 'a4')
  expect(pages).toBeGreaterThan(2)
  // the subtitle and the footer name the customer, each text once however many pages it is on
  expect(warnings).toEqual([
    expect.stringMatching(/^"[^"]*Zahnarztpraxis 张伟[^"]*": U\+5F20 .*U\+4F1F .* are not in the report's font: they print as empty boxes\.$/),
    expect.stringMatching(/^"[^"]*Zahnarztpraxis 张伟[^"]*": U\+5F20 .*U\+4F1F .* are not in the report's font: they print as empty boxes\.$/),
  ])
  expect(new Set(warnings).size).toBe(2)
})
