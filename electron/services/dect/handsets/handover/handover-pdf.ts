import type { HandoverPaper, HandoverReport } from '../../../../contract/handover-report'
import { BASE_COLUMNS, baseCells, countBoxes, countNotes, footerWords, HANDSET_COLUMNS, handsetCells, subtitle, titleFacts, UNDONE_COLUMNS, undoneCells, unreadLines } from './handover-words'
import { BODY, drawFooters, drawLines, ensureRoom, heading, lineHeight, openDocument, paragraph, TYPE, wrap, type Page, type TextStyle } from './pdf-page'
import { drawFacts, drawTable } from './pdf-table'

/**
 * The hand-over report (contract/handover-report.ts) as a PDF to print and sign, in black on white:
 * the title block, the counts, what the PBX could not give, the bases, the handsets, what is left
 * undone with its reasons, and the sign-off. The pages' mechanics are pdf-page.ts and pdf-table.ts;
 * the words, handover-words.ts.
 */

export interface HandoverPdfFile {
  pdf: Buffer
  pages: number
  /** texts with characters the fonts lack, which print as empty boxes */
  warnings: string[]
}

export async function handoverPdf(report: HandoverReport, paper: HandoverPaper): Promise<HandoverPdfFile> {
  const { page, done } = openDocument(paper, `Hand-over report: ${report.batch.name}`)
  const title: TextStyle = { font: 'bold', pt: TYPE.title }
  drawLines(page, ['Hand-over report'], page.left, page.y, title)
  page.y += lineHeight(title) + 2
  paragraph(page, subtitle(report), { font: 'sans', pt: TYPE.heading })
  page.y += 8
  drawFacts(page, titleFacts(report))

  page.y += 10
  drawCounts(page, report)
  for (const note of countNotes(report)) paragraph(page, note)
  const unread = unreadLines(report)
  if (unread.length > 0) {
    heading(page, 'What the PBX could not give', unread.length * lineHeight(BODY))
    for (const line of unread) paragraph(page, `• ${line}`)
  }

  drawTable(page, { title: 'Bases', columns: BASE_COLUMNS, rows: report.bases.map((b) => baseCells(report, b)) })
  if (report.handsets.length > 0) drawTable(page, { title: 'Handsets', columns: HANDSET_COLUMNS, rows: report.handsets.map((h) => handsetCells(report, h)) })
  if (report.undone.length > 0) drawTable(page, { title: 'Left undone', columns: UNDONE_COLUMNS, rows: report.undone.map(undoneCells) })
  else {
    heading(page, 'Left undone', lineHeight(BODY))
    paragraph(page, 'Nothing: every base and handset of the batch is on the PBX and was seen there.')
  }
  drawSignOff(page, report)

  const pages = page.doc.bufferedPageRange().count
  drawFooters(page, footerWords(report))
  page.doc.end()
  return { pdf: await done, pages, warnings: page.warnings.list() }
}

/** The counts as a row of boxes: a large figure over what it counts. */
function drawCounts(page: Page, report: HandoverReport): void {
  const boxes = countBoxes(report)
  const gap = 8
  const width = (page.width - gap * (boxes.length - 1)) / boxes.length
  const figure: TextStyle = { font: 'bold', pt: 15 }
  const label: TextStyle = { font: 'sans', pt: TYPE.small }
  const labels = boxes.map((box) => wrap(page, box.label, width - 12, label))
  const height = 8 + lineHeight(figure) + Math.max(...labels.map((l) => l.length)) * lineHeight(label) + 8
  ensureRoom(page, height)
  boxes.forEach((box, i) => {
    const x = page.left + i * (width + gap)
    page.doc.rect(x, page.y, width, height).lineWidth(0.8).strokeColor('#000').stroke()
    drawLines(page, wrap(page, box.figure, width - 12, figure).slice(0, 1), x + 6, page.y + 8, figure)
    drawLines(page, labels[i]!, x + 6, page.y + 8 + lineHeight(figure), label)
  })
  page.y += height + 8
}

/** The sign-off: the installer and the customer, each with name, signature and date lines, kept on one page. */
function drawSignOff(page: Page, report: HandoverReport): void {
  const intro =
    report.undone.length === 0
      ? 'The bases and handsets listed above were installed and handed over.'
      : 'The bases and handsets listed above were installed and handed over, except what is listed as left undone.'
  const introLines = wrap(page, intro, page.width, BODY)
  const rowGap = 30
  const height = 10 + lineHeight({ font: 'bold', pt: TYPE.heading }) + 4 + introLines.length * lineHeight(BODY) + 16 + lineHeight(BODY) + 3 * rowGap + 8
  ensureRoom(page, height)
  heading(page, 'Sign-off', height - 30)
  paragraph(page, intro)
  page.y += 16
  const gap = 24
  const width = (page.width - gap) / 2
  const who: [string, string | undefined][] = [
    ['Installer', report.installer],
    ['Customer', undefined],
  ]
  const top = page.y
  who.forEach(([role, name], i) => {
    const x = page.left + i * (width + gap)
    drawLines(page, [role], x, top, { font: 'bold', pt: TYPE.body })
    ;['Name', 'Signature', 'Date'].forEach((line, n) => {
      const y = top + lineHeight(BODY) + (n + 1) * rowGap
      const labelWidth = 58
      drawLines(page, [line], x, y - lineHeight(BODY) - 2, BODY)
      page.doc
        .moveTo(x + labelWidth, y)
        .lineTo(x + width, y)
        .lineWidth(0.6)
        .strokeColor('#000')
        .stroke()
      if (line === 'Name' && name) drawLines(page, wrap(page, name, width - labelWidth, BODY).slice(0, 1), x + labelWidth + 2, y - lineHeight(BODY) - 2, BODY)
    })
  })
  page.y = top + lineHeight(BODY) + 3 * rowGap + 8
}
