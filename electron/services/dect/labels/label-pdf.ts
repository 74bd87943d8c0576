import { LABEL_LAYOUTS, LABEL_TEXT, macForPeople, type LabelSizeName } from '../../../contract/dect'
import { HANDSET_LABEL_TEXT, handsetLabelLines, type LabelHandset } from '../../../contract/handset-labels'
import { qrMatrix } from '../qr-code'
import type { LabelFont } from './label-fonts'
import { openPdf } from './pdf-document'
import { mmToPt, pagesFor, sheetLayout, type Rect } from './label-layout'
import { fitLine, wrapLines } from './text-fit'
import { createFontWarnings } from './font-warnings'

/**
 * The printable label sheet as a PDF, drawn in plain Node (pdfkit), so the desktop app and the
 * command line print the same file: one label per pushed phone (base) with its QR code (the
 * auto-provisioning URL), name, MAC and extension, then one per handset on the PBX (its lines from
 * the contract's handsetLabelLines), on the same stock. Cells come from the stock's layout
 * (label-layout.ts); the QR code is drawn as vector squares, sharp at any printer resolution; the
 * fonts are embedded (label-fonts.ts). Print at 100 % ("actual size") for the labels to meet the
 * stock.
 */

export interface LabelPhone {
  /** the row of the batch, for warnings */
  row: number
  name: string
  mac: string
  extension?: string
  url: string
}

/** What a sheet shows: the bases' labels first, then the handsets'. */
export interface LabelSheet {
  bases: readonly LabelPhone[]
  handsets: readonly LabelHandset[]
}

export interface LabelPdf {
  pdf: Buffer
  labels: number
  pages: number
  /** characters the fonts lack, by label: they print as empty boxes */
  warnings: string[]
}

/** Line height as a share of the type size (as on screen). */
const LEADING = 1.15
/** The most lines a phone's name may take beside its QR code. */
const NAME_LINES = 3

/**
 * The sheet of `sheet`'s labels on `size` stock. `skip` cells of the first page are left unprinted
 * (a partly used sheet: the first label goes on the cell after them; the caller checks it is on the page).
 */
export async function labelPdf(sheet: LabelSheet, size: LabelSizeName, title: string, skip = 0): Promise<LabelPdf> {
  const layout = sheetLayout(size)
  if (!Number.isInteger(skip) || skip < 0 || skip >= layout.cells.length) throw new RangeError(`skip ${skip} is not a cell of the first page`)
  const labels = sheet.bases.length + sheet.handsets.length
  const { doc, bytes } = openPdf(title)
  const warnings = createFontWarnings()
  const draw = { doc, warnings }

  for (let i = 0; i < labels; i++) {
    const slot = (i + skip) % layout.cells.length
    if (slot === 0 || i === 0) doc.addPage({ size: layout.page, margin: 0 })
    const cell = inset(layout.cells[slot]!, mmToPt(LABEL_TEXT.paddingMm))
    if (i < sheet.bases.length) baseLabel(draw, sheet.bases[i]!, cell, size)
    else handsetLabel(draw, sheet.handsets[i - sheet.bases.length]!, cell)
  }
  doc.end()
  return { pdf: await bytes, labels, pages: pagesFor(labels, layout, skip), warnings: warnings.list() }
}

interface Draw {
  doc: PDFKit.PDFDocument
  warnings: ReturnType<typeof createFontWarnings>
}

const inset = (r: Rect, by: number): Rect => ({ x: r.x + by, y: r.y + by, width: r.width - 2 * by, height: r.height - 2 * by })

/** One line of text to draw: its font, size, the space above it, and the text as it fits. */
interface Line {
  text: string
  font: LabelFont
  pt: number
  above: number
}

const lineHeight = (line: Line): number => line.above + line.pt * LEADING

/** Draws `lines` top to bottom, the block centred in `box`'s height. */
function drawLines(doc: PDFKit.PDFDocument, lines: readonly Line[], box: Rect): void {
  const total = lines.reduce((sum, line) => sum + lineHeight(line), 0)
  let y = box.y + Math.max(0, (box.height - total) / 2)
  for (const line of lines) {
    y += line.above
    doc.font(line.font).fontSize(line.pt).text(line.text, box.x, y, { lineBreak: false, lineGap: 0 })
    y += line.pt * LEADING
  }
}

/** A function that measures text in `font` at `pt` (pdfkit's metrics). */
function measure(doc: PDFKit.PDFDocument, font: LabelFont, pt: number): (text: string) => number {
  return (text) => doc.font(font).fontSize(pt).widthOfString(text)
}

function baseLabel({ doc, warnings }: Draw, phone: LabelPhone, cell: Rect, size: LabelSizeName): void {
  const side = Math.min(mmToPt(LABEL_LAYOUTS[size].qr), cell.height)
  drawQr(doc, phone.url, cell.x, cell.y + (cell.height - side) / 2, side)
  const gap = mmToPt(LABEL_TEXT.gapMm)
  const box: Rect = { x: cell.x + side + gap, y: cell.y, width: cell.width - side - gap, height: cell.height }
  const detail = (text: string): Line => ({ text: fitLine(text, box.width, measure(doc, 'mono', LABEL_TEXT.detailPt)), font: 'mono', pt: LABEL_TEXT.detailPt, above: mmToPt(1) })
  const name = wrapLines(phone.name, box.width, NAME_LINES, measure(doc, 'bold', LABEL_TEXT.namePt))
  warnings.check(`Row ${phone.row}, Name`, phone.name, 'bold')
  drawLines(
    doc,
    [
      ...name.map((text): Line => ({ text, font: 'bold', pt: LABEL_TEXT.namePt, above: 0 })),
      detail(macForPeople(phone.mac)),
      ...(phone.extension ? [detail(`Ext. ${phone.extension}`)] : []),
    ],
    box,
  )
}

function handsetLabel({ doc, warnings }: Draw, handset: LabelHandset, cell: Rect): void {
  const t = HANDSET_LABEL_TEXT
  const lines = handsetLabelLines(handset)
  const line = (text: string | undefined, font: LabelFont, pt: number, above: number): Line[] =>
    text ? [{ text: fitLine(text, cell.width, measure(doc, font, pt)), font, pt, above }] : []
  const who = `Handset ${handset.ipui}`
  if (lines.name) warnings.check(`${who}, Name`, lines.name, 'sans')
  if (lines.place) warnings.check(`${who}, base name`, lines.place, 'sans')
  drawLines(
    doc,
    [
      ...line(lines.extension, 'bold', t.extensionPt, 0),
      ...line(lines.name, 'sans', t.namePt, 0),
      ...line(lines.ipui, 'mono', LABEL_TEXT.detailPt, mmToPt(0.5)),
      ...line(lines.ipei, 'mono', LABEL_TEXT.detailPt, mmToPt(0.5)),
      ...line(lines.place, 'sans', LABEL_TEXT.detailPt, mmToPt(0.5)),
    ],
    cell,
  )
}

/**
 * The QR code of `url` in a square of `side` at (x, y), its quiet zone included: each row's runs
 * of dark modules as one rectangle each, all filled at once.
 */
function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, side: number): void {
  const qr = qrMatrix(url)
  const unit = side / (qr.size + 2 * qr.margin)
  for (let row = 0; row < qr.size; row++) {
    let column = 0
    while (column < qr.size) {
      if (!qr.dark(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < qr.size && qr.dark(row, column)) column++
      doc.rect(x + (start + qr.margin) * unit, y + (row + qr.margin) * unit, (column - start) * unit, unit)
    }
  }
  doc.fillColor('#000').fill()
}
