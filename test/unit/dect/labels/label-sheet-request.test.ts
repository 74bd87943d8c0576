import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BridgeHandlers } from '../../../../electron/contract/bridge'
import type { BatchRow } from '../../../../electron/contract/dect'
import type { HandsetRow } from '../../../../electron/contract/dect-handsets'
import { labelGrid, startIndex } from '../../../../electron/contract/label-sheet'
import { dispatch } from '../../../../electron/services/bridge/dispatch'
import { createBatchStore } from '../../../../electron/services/dect/batch-store'
import { createDectService } from '../../../../electron/services/dect/dect-service'
import { labelPdf, type LabelPhone } from '../../../../electron/services/dect/labels/label-pdf'
import { sheetLayout } from '../../../../electron/services/dect/labels/label-layout'
import type { LabelPrintJob, PrintAnswer } from '../../../../electron/services/dect/labels/label-print'
import type { SessionManager } from '../../../../electron/services/session/session-manager'
import { linesOf, readPdf } from '../../../support/pdf-read'

// A partly used sheet and a reprint: where the first label lands, which labels the sheet holds,
// read back from the PDF by pdf.js; the start past the sheet's end refused at the Bridge, naming
// the field; the print request as the print dependency (the system's dialog) receives it.

const url = (mac: string) => `https://pbx.demo.example/dect/demo.pbx.example/${mac}.xml`
const mac = (i: number) => `001565B1${i.toString(16).toUpperCase().padStart(4, '0')}`
const phone = (i: number): LabelPhone => ({ row: i, name: `Base ${i}`, mac: mac(i), extension: String(1000 + i), url: url(mac(i)) })

/** the first line of each cell of `page` ('' for an empty cell) */
const firstLines = (page: Parameters<typeof linesOf>[0], size: Parameters<typeof sheetLayout>[0]) => sheetLayout(size).cells.map((cell) => linesOf(page, cell)[0] ?? '')

describe('the grid of a stock', () => {
  it('counts the rows a page holds and the cells before a start', () => {
    expect(labelGrid('a4-21')).toEqual({ rows: 7, columns: 3 })
    expect(labelGrid('a4-14')).toEqual({ rows: 7, columns: 2 })
    expect(labelGrid('letter-30')).toEqual({ rows: 10, columns: 3 })
    expect(labelGrid('roll-89x36')).toEqual({ rows: 1, columns: 1 })
    expect(sheetLayout('a4-21').cells).toHaveLength(21)
    expect(startIndex({ row: 3, column: 2 }, 'a4-21')).toBe(7)
    expect(startIndex({ row: 1, column: 1 }, 'letter-30')).toBe(0)
  })
})

describe('the label PDF from a start cell', () => {
  it('leaves the used cells blank, starts at row 3, column 2, and goes on at the top of the next page', async () => {
    const phones = Array.from({ length: 16 }, (_, i) => phone(i + 1))
    const result = await labelPdf({ bases: phones, handsets: [] }, 'a4-21', 'Site', 7)
    // 7 used + 16 labels = 23 cells: a full first page, 2 labels on the second
    expect(result).toMatchObject({ labels: 16, pages: 2 })
    const read = await readPdf(result.pdf)
    expect(read.pages).toHaveLength(2)
    const first = firstLines(read.pages[0]!, 'a4-21')
    expect(first.slice(0, 7)).toEqual(['', '', '', '', '', '', ''])
    expect(first.slice(7)).toEqual(Array.from({ length: 14 }, (_, i) => `Base ${i + 1}`))
    expect(firstLines(read.pages[1]!, 'a4-21').slice(0, 3)).toEqual(['Base 15', 'Base 16', ''])
  })

  it('prints a fresh sheet from the first cell, and refuses a skip off the page', async () => {
    const read = await readPdf((await labelPdf({ bases: [phone(1)], handsets: [] }, 'letter-30', 'Site', 0)).pdf)
    expect(firstLines(read.pages[0]!, 'letter-30').slice(0, 2)).toEqual(['Base 1', ''])
    await expect(labelPdf({ bases: [phone(1)], handsets: [] }, 'a4-21', 'Site', 21)).rejects.toThrow(RangeError)
  })
})

describe('exportLabelsPdf and printLabels through the Bridge', () => {
  let dir: string
  let jobs: LabelPrintJob[]
  let answer: PrintAnswer
  const handlers = (withPrint = true) =>
    createDectService({
      dataDir: dir,
      sessions: { callerOf: () => Promise.reject(new Error('no PBX in this test')) } as unknown as SessionManager,
      ...(withPrint
        ? {
            print: async (job: LabelPrintJob) => {
              jobs.push(job)
              return answer
            },
          }
        : {}),
    }).handlers as unknown as BridgeHandlers
  const call = (name: 'exportLabelsPdf' | 'printLabels', input: unknown, withPrint = true) => dispatch(handlers(withPrint), name, input)

  const baseRow = (row: number): BatchRow => ({
    id: `r${row}`,
    row,
    values: { mac: mac(row), name: `Base ${row}`, vendor: 'Yealink', model: 'W70B' },
    problems: [],
    outcome: { state: 'created', phoneId: `dect-${row}`, url: url(mac(row)) },
  })
  const handset = (row: number): HandsetRow => ({
    id: `h${row}`,
    row,
    values: { ipui: `00092263${(0xa0 + row).toString(16).toUpperCase()}`, extension: String(1100 + row), name: `Handset ${row}`, base_mac: mac(1) },
    problems: [],
    outcome: { state: 'enrolled', baseMac: mac(1), handsetIndex: row },
  })

  async function batch(): Promise<string> {
    const store = createBatchStore(dir)
    const rows = Array.from({ length: 5 }, (_, i) => baseRow(i + 1))
    const handsets = Array.from({ length: 3 }, (_, i) => handset(i + 1))
    const created = await store.create({ name: 'Site', source: 'site.csv', rows, handsets })
    await store.update(created.id, (b) => {
      b.rows.forEach((row, i) => (row.outcome = rows[i]!.outcome))
      b.handsets.forEach((h, i) => (h.outcome = handsets[i]!.outcome))
    })
    return created.id
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pbx-label-request-'))
    jobs = []
    answer = { success: true }
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('a reprint holds the chosen rows and handsets alone, in the sheet order, from the start cell', async () => {
    const batchId = await batch()
    const result = await call('exportLabelsPdf', { batchId, size: 'a4-14', start: { row: 2, column: 2 }, only: { rowIds: ['r4', 'r2'], handsetIds: ['h3'] } })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toMatchObject({ labels: 3, pages: 1 })
    const read = await readPdf(Buffer.from((result.value as { base64: string }).base64, 'base64'))
    const cells = firstLines(read.pages[0]!, 'a4-14')
    // a4-14 has 2 columns: row 2, column 2 is the fourth cell
    expect(cells.slice(0, 6)).toEqual(['', '', '', 'Base 2', 'Base 4', 'Ext. 1103'])
    expect(cells.slice(6).filter(Boolean)).toEqual([])
  })

  it.each([
    [{ row: 8, column: 1 }, 'start.row', /row 8 is past the sheet's end: this stock has 7 rows/],
    [{ row: 1, column: 4 }, 'start.column', /column 4 is past the sheet's end: this stock has 3 columns/],
    [{ row: 0, column: 1 }, 'start.row', /counted from 1/],
  ])('refuses the start %o, naming %s', async (start, field, message) => {
    const batchId = await batch()
    for (const name of ['exportLabelsPdf', 'printLabels'] as const) {
      const result = await call(name, { batchId, size: 'a4-21', start })
      expect(result).toEqual({ ok: false, error: { code: 'INVALID_INPUT', field, message: expect.stringMatching(message) } })
    }
    expect(jobs).toEqual([])
  })

  it('a start that fits one stock is past the end of another (the roll has one cell)', async () => {
    const batchId = await batch()
    expect((await call('exportLabelsPdf', { batchId, size: 'letter-30', start: { row: 10, column: 3 } })).ok).toBe(true)
    expect(await call('exportLabelsPdf', { batchId, size: 'roll-89x36', start: { row: 2, column: 1 } })).toMatchObject({ ok: false, error: { field: 'start.row' } })
  })

  it('hands the print dialog the batch, the labels chosen, the start and the PDF; printed', async () => {
    const batchId = await batch()
    const result = await call('printLabels', { batchId, size: 'a4-21', start: { row: 3, column: 1 }, only: { rowIds: ['r1', 'r3'], handsetIds: [] } })
    expect(result).toEqual({ ok: true, value: { printed: true, labels: 2, pages: 1 } })
    expect(jobs).toHaveLength(1)
    const job = jobs[0]!
    expect(job).toMatchObject({ batchId, title: 'Site: labels', size: 'a4-21', start: { row: 3, column: 1 }, rows: [1, 3], handsets: [] })
    const cells = firstLines((await readPdf(job.pdf)).pages[0]!, 'a4-21')
    expect(cells.slice(0, 8)).toEqual(['', '', '', '', '', '', 'Base 1', 'Base 3'])
  })

  it('every label on a fresh sheet when nothing is chosen', async () => {
    const batchId = await batch()
    expect(await call('printLabels', { batchId, size: 'a4-21' })).toEqual({ ok: true, value: { printed: true, labels: 8, pages: 1 } })
    expect(jobs[0]).toMatchObject({ start: { row: 1, column: 1 }, rows: [1, 2, 3, 4, 5], handsets: ['00092263A1', '00092263A2', '00092263A3'] })
  })

  it('a dialog cancelled is not an error; no printer is PRINT_FAILED, quoting the dialog', async () => {
    const batchId = await batch()
    answer = { success: false, failureReason: 'cancelled' }
    expect(await call('printLabels', { batchId, size: 'a4-21' })).toEqual({ ok: true, value: { printed: false, labels: 8, pages: 1 } })
    answer = { success: false, failureReason: 'Invalid deviceName provided' }
    const failed = await call('printLabels', { batchId, size: 'a4-21' })
    expect(failed).toEqual({ ok: false, error: { code: 'PRINT_FAILED', message: expect.stringContaining('the print dialog said "Invalid deviceName provided"') } })
    expect(jobs).toHaveLength(2)
  })

  it('refuses a reprint of rows not on the PBX, and printing where there is no print dialog (the command line)', async () => {
    const batchId = await batch()
    expect(await call('printLabels', { batchId, size: 'a4-21', only: { rowIds: ['nope'], handsetIds: [] } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/None of the chosen rows or handsets is on the PBX yet/) },
    })
    expect(await call('printLabels', { batchId, size: 'a4-21' }, false)).toMatchObject({ ok: false, error: { code: 'NOT_SUPPORTED' } })
    expect(jobs).toEqual([])
  })
})
