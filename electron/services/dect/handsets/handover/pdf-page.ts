import type { HandoverPaper } from '../../../../contract/handover-report'
import { createFontWarnings } from '../../labels/font-warnings'
import type { LabelFont } from '../../labels/label-fonts'
import { openPdf } from '../../labels/pdf-document'
import { wrapLines } from '../../labels/text-fit'

/**
 * The pages of the hand-over report's PDF: the paper, its margins, the fonts (the labels' DejaVu,
 * embedded: label-fonts.ts), and a cursor that flows blocks of text down the page and starts a new
 * page before anything would cross the bottom margin. Nothing is drawn outside the margins: the
 * footer has its own strip inside them.
 */

/** Page sizes in points (1/72 inch). */
export const PAPER_SIZES: Record<HandoverPaper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
}

/** The margin on every side (15 mm): inside what office printers print. */
export const MARGIN = 42.5
/** The strip at the bottom of the writing area that holds the page's footer. */
export const FOOTER_HEIGHT = 16
/** Line height as a share of the type size. */
export const LEADING = 1.2

export const TYPE = { title: 18, heading: 12.5, body: 9.5, small: 8 } as const

export interface TextStyle {
  font: LabelFont
  pt: number
}

export const BODY: TextStyle = { font: 'sans', pt: TYPE.body }
export const BOLD: TextStyle = { font: 'bold', pt: TYPE.body }

export interface Page {
  doc: PDFKit.PDFDocument
  /** the texts drawn with characters the fonts lack: said with the file, so no name prints as boxes unannounced */
  warnings: ReturnType<typeof createFontWarnings>
  /** the writing area's left edge and width */
  left: number
  width: number
  top: number
  /** where the body stops (the footer's strip is below) */
  bottom: number
  /** where the next block starts */
  y: number
}

const REPORT_FONT_WORDS = {
  font: "the report's font",
  more: (count: number) => `${count} more ${count === 1 ? 'text has' : 'texts have'} characters the report's font lacks.`,
}

/** A document of `paper`, its pages kept until the end (for the footers' "page n of m"). */
export function openDocument(paper: HandoverPaper, title: string): { page: Page; done: Promise<Buffer> } {
  const size = PAPER_SIZES[paper]
  const { doc, bytes: done } = openPdf(title, { bufferPages: true })
  doc.addPage({ size: [size.width, size.height], margin: 0 })
  const page: Page = { doc, warnings: createFontWarnings(REPORT_FONT_WORDS), left: MARGIN, width: size.width - 2 * MARGIN, top: MARGIN, bottom: size.height - MARGIN - FOOTER_HEIGHT, y: MARGIN }
  return { page, done }
}

export function newPage(page: Page): void {
  const { width, height } = page.doc.page
  page.doc.addPage({ size: [width, height], margin: 0 })
  page.y = page.top
}

/** Starts a new page unless `height` fits below the cursor. Answers whether it did. */
export function ensureRoom(page: Page, height: number): boolean {
  if (page.y + height <= page.bottom || page.y === page.top) return false
  newPage(page)
  return true
}

export const lineHeight = (style: TextStyle): number => style.pt * LEADING

/** `text` wrapped to `width` in `style` (every line; a word wider than the line is broken). */
export function wrap(page: Page, text: string, width: number, style: TextStyle): string[] {
  const lines = text
    .split('\n')
    .flatMap((paragraph) => wrapLines(paragraph, width, Number.POSITIVE_INFINITY, (t) => page.doc.font(style.font).fontSize(style.pt).widthOfString(t)))
  return lines.length > 0 ? lines : ['']
}

/** Draws `lines` from (x, y) down, one line height apart. */
export function drawLines(page: Page, lines: readonly string[], x: number, y: number, style: TextStyle): void {
  page.doc.font(style.font).fontSize(style.pt).fillColor('#000')
  lines.forEach((line, i) => {
    if (!line) return
    page.warnings.check(`"${line}"`, line, style.font)
    page.doc.text(line, x, y + i * lineHeight(style), { lineBreak: false, lineGap: 0 })
  })
}

/** A paragraph at the cursor, wrapped to the writing width, moving to a new page between lines as needed. */
export function paragraph(page: Page, text: string, style: TextStyle = BODY, indent = 0): void {
  for (const line of wrap(page, text, page.width - indent, style)) {
    ensureRoom(page, lineHeight(style))
    drawLines(page, [line], page.left + indent, page.y, style)
    page.y += lineHeight(style)
  }
}

/** A section's heading, kept on the page with at least `keep` points of what follows it. */
export function heading(page: Page, text: string, keep = 60): void {
  const style: TextStyle = { font: 'bold', pt: TYPE.heading }
  page.y += page.y === page.top ? 0 : 10
  ensureRoom(page, lineHeight(style) + 4 + keep)
  drawLines(page, [text], page.left, page.y, style)
  page.y += lineHeight(style) + 4
}

/** On every page: "<left text>" and "Page n of m" in the footer's strip, over a thin rule. */
export function drawFooters(page: Page, left: string): void {
  const { doc } = page
  const range = doc.bufferedPageRange()
  const style: TextStyle = { font: 'sans', pt: TYPE.small }
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const y = page.bottom + FOOTER_HEIGHT - lineHeight(style)
    doc.moveTo(page.left, page.bottom + 4).lineTo(page.left + page.width, page.bottom + 4).lineWidth(0.5).strokeColor('#000').stroke()
    const number = `Page ${i - range.start + 1} of ${range.count}`
    const numberWidth = doc.font(style.font).fontSize(style.pt).widthOfString(number)
    const [shown] = wrapLines(left, page.width - numberWidth - 12, 1, (t) => doc.font(style.font).fontSize(style.pt).widthOfString(t))
    drawLines(page, [shown ?? ''], page.left, y, style)
    drawLines(page, [number], page.left + page.width - numberWidth, y, style)
  }
}
