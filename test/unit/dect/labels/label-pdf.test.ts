import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { afterAll, describe, expect, it } from 'vitest'
import { LABEL_LAYOUTS, LABEL_TEXT } from '../../../../electron/contract/dect'
import type { LabelHandset } from '../../../../electron/contract/handset-labels'
import { labelPdf, type LabelPhone } from '../../../../electron/services/dect/labels/label-pdf'
import { mmToPt, sheetLayout, type Rect } from '../../../../electron/services/dect/labels/label-layout'
import { qrMatrix } from '../../../../electron/services/dect/qr-code'
import { linesOf, readPdf, type PdfPage, type PdfRect } from '../../../support/pdf-read'

const dir = mkdtempSync(join(tmpdir(), 'pbx-label-pdf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const url = (mac: string) => `https://pbx.demo.example/dect/demo.pbx.example/${mac}.xml`
const phone = (i: number, name = `Phone ${i}`): LabelPhone => {
  const mac = `001565A1${i.toString(16).toUpperCase().padStart(4, '0')}`
  return { row: i + 1, name, mac, extension: String(100 + i), url: url(mac) }
}
const within = (r: PdfRect, box: Rect) => r.x >= box.x - 0.01 && r.y >= box.y - 0.01 && r.x + r.width <= box.x + box.width + 0.01 && r.y + r.height <= box.y + box.height + 0.01

/** The QR modules drawn in `box`, as a matrix: from the filled rectangles, one module high each. */
function drawnMatrix(page: PdfPage, box: Rect, size: number): boolean[][] {
  const rects = page.rects.filter((r) => within(r, box))
  const unit = rects[0]!.height
  const x0 = Math.min(...rects.map((r) => r.x))
  const y0 = Math.min(...rects.map((r) => r.y))
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  for (const r of rects) {
    expect(r.height).toBeCloseTo(unit, 3)
    const row = Math.round((r.y - y0) / unit)
    const from = Math.round((r.x - x0) / unit)
    for (let c = from; c < from + Math.round(r.width / unit); c++) matrix[row]![c] = true
  }
  return matrix
}

/** The matrix as a PNG (8 px a module, a quiet zone of 4), read by zbarimg: a decoder of its own. */
function zbar(matrix: boolean[][]): string {
  const scale = 8
  const side = (matrix.length + 8) * scale
  const png = new PNG({ width: side, height: side })
  png.data.fill(255)
  matrix.forEach((cells, row) =>
    cells.forEach((dark, column) => {
      if (!dark) return
      for (let y = 0; y < scale; y++) for (let x = 0; x < scale; x++) png.data.fill(0, ((row + 4) * scale + y) * side * 4 + ((column + 4) * scale + x) * 4, ((row + 4) * scale + y) * side * 4 + ((column + 4) * scale + x) * 4 + 3)
    }),
  )
  const file = join(dir, `${Math.random().toString(16).slice(2)}.png`)
  writeFileSync(file, PNG.sync.write(png))
  const run = spawnSync('zbarimg', ['-q', '--raw', file], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return run.stdout.trim()
}

describe('the label PDF', () => {
  it('puts 800 labels on 39 A4 pages of 21 (the last with 2), titled with the batch', async () => {
    const phones = Array.from({ length: 800 }, (_, i) => phone(i))
    const result = await labelPdf({ bases: phones, handsets: [] }, 'a4-21', 'Site A')
    expect(result).toMatchObject({ labels: 800, pages: 39, warnings: [] })
    expect(result.pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const read = await readPdf(result.pdf)
    expect(read.title).toBe('Site A')
    expect(read.pages).toHaveLength(39)
    for (const page of read.pages) {
      expect(page.width).toBeCloseTo(mmToPt(210), 2)
      expect(page.height).toBeCloseTo(mmToPt(297), 2)
    }
    const { cells } = sheetLayout('a4-21')
    // every label of the first and the last page in its cell: the name, the MAC in pairs, the extension
    cells.forEach((cell, i) => expect(linesOf(read.pages[0]!, cell)).toEqual([`Phone ${i}`, `00:15:65:A1:00:${i.toString(16).toUpperCase().padStart(2, '0')}`, `Ext. ${100 + i}`]))
    expect(linesOf(read.pages[38]!, cells[0])).toEqual(['Phone 798', '00:15:65:A1:03:1E', 'Ext. 898'])
    expect(linesOf(read.pages[38]!, cells[1])).toEqual(['Phone 799', '00:15:65:A1:03:1F', 'Ext. 899'])
    expect(linesOf(read.pages[38]!, cells[2])).toEqual([])
  }, 60_000)

  it.each(['a4-21', 'a4-14', 'letter-30', 'roll-89x36'] as const)('%s: draws each QR code at the stock’s size, module for module, read back by zbar', async (size) => {
    const phones = [phone(1), phone(2)]
    const read = await readPdf((await labelPdf({ bases: phones, handsets: [] }, size, 'QR')).pdf)
    const { cells } = sheetLayout(size)
    for (const [i, p] of phones.entries()) {
      const page = read.pages[size === 'roll-89x36' ? i : 0]!
      const cell = cells[size === 'roll-89x36' ? 0 : i]!
      const expected = qrMatrix(p.url)
      const matrix = drawnMatrix(page, cell, expected.size)
      expect(matrix).toEqual(Array.from({ length: expected.size }, (_, r) => Array.from({ length: expected.size }, (_, c) => expected.dark(r, c))))
      expect(zbar(matrix)).toBe(p.url)
      // the code's side with its quiet zone is the layout's, within the label's padding
      const rects = page.rects.filter((r) => within(r, cell))
      const unit = rects[0]!.height
      const x0 = Math.min(...rects.map((r) => r.x)) - unit
      expect(unit * (expected.size + 2)).toBeCloseTo(mmToPt(LABEL_LAYOUTS[size].qr), 3)
      expect(x0).toBeCloseTo(cell.x + mmToPt(LABEL_TEXT.paddingMm), 3)
    }
  })

  it('wraps a long name onto three lines beside the QR code, cuts the rest with an ellipsis, and keeps every text in its label', async () => {
    const long = 'Büro Jürgen Lagerhalle Nord Eingang West Treppenhaus zweiter Stock links'
    const read = await readPdf((await labelPdf({ bases: [phone(0, long), phone(1, 'Empfangstresenhauptgebäudeostflügel')], handsets: [] }, 'letter-30', 'x')).pdf)
    const [first, second] = sheetLayout('letter-30').cells
    const lines = linesOf(read.pages[0]!, first)
    expect(lines).toHaveLength(5)
    expect(lines.slice(0, 2).join(' ')).toBe(long.split(' ').slice(0, lines.slice(0, 2).join(' ').split(' ').length).join(' '))
    expect(lines[2]).toMatch(/…$/)
    expect(lines.slice(3)).toEqual(['00:15:65:A1:00:00', 'Ext. 100'])
    // a word wider than the line is broken, not run over the edge
    expect(linesOf(read.pages[0]!, second).slice(0, -2).join('')).toBe('Empfangstresenhauptgebäudeostflügel')
    const texts = read.pages[0]!.texts
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect([first, second].some((cell) => text.x >= cell!.x && text.x + text.width <= cell!.x + cell!.width + 0.01)).toBe(true)
  })

  it('prints handset labels after the bases, on the same stock: extension, name, IPUI, IPEI, base and index', async () => {
    const anna: LabelHandset = { extension: '1101', name: 'Anna Becker', ipui: '00092263DD', baseMac: '805EC0000001', baseName: 'Empfang', handsetIndex: 1 }
    const ben: LabelHandset = { extension: '1102', name: 'Ben <b>& "Co"</b>', ipui: '00092263DF', baseMac: '805EC0000002', handsetIndex: 2 }
    const result = await labelPdf({ bases: [phone(0, 'Empfang')], handsets: [anna, ben] }, 'letter-30', 'x')
    expect(result).toMatchObject({ labels: 3, pages: 1 })
    const read = await readPdf(result.pdf)
    const cells = sheetLayout('letter-30').cells
    expect(linesOf(read.pages[0]!, cells[1])).toEqual(['Ext. 1101', 'Anna Becker', 'IPUI 00092263DD', 'IPEI 00146 0156637 8', 'Base Empfang · handset 1'])
    expect(linesOf(read.pages[0]!, cells[2])).toEqual(['Ext. 1102', 'Ben <b>& "Co"</b>', 'IPUI 00092263DF', 'IPEI 00146 0156639 *', 'Base 80:5E:C0:00:00:02 · handset 2'])
    // no QR code on a handset's label
    expect(read.pages[0]!.rects.filter((r) => within(r, cells[1]!) || within(r, cells[2]!))).toEqual([])
    const ext = read.pages[0]!.texts.find((t) => t.str.includes('1101'))!
    expect(ext.size).toBe(14)
  })

  it('warns of characters the labels’ font lacks, naming the row and each character, and nothing for the scripts it has', async () => {
    const result = await labelPdf(
      {
        bases: [phone(0, 'Büro Jürgen'), phone(1, 'Σπύρος Ωμέγα'), phone(2, 'Мария Ёлкина'), phone(3, 'Empfang 中文')],
        handsets: [{ ipui: '00092263DD', baseMac: '805EC0000001', name: '東京', extension: '1' }],
      },
      'a4-21',
      'x',
    )
    expect(result.warnings).toEqual([
      "Row 4, Name: U+4E2D (letter) at position 9, U+6587 (letter) at position 10 are not in the labels' font: they print as empty boxes.",
      "Handset 00092263DD, Name: U+6771 (letter) at position 1, U+4EAC (letter) at position 2 are not in the labels' font: they print as empty boxes.",
    ])
  })

  it('lists twenty labels with missing characters, then counts the rest', async () => {
    const bases = Array.from({ length: 23 }, (_, i) => phone(i, `電話 ${i}`))
    const { warnings } = await labelPdf({ bases, handsets: [] }, 'a4-21', 'x')
    expect(warnings).toHaveLength(21)
    expect(warnings[0]).toMatch(/^Row 1, Name: U\+96FB/)
    expect(warnings[20]).toBe("3 more labels have characters the labels' font lacks.")
  })
})
