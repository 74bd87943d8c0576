import { BODY, BOLD, ensureRoom, drawLines, lineHeight, newPage, TYPE, wrap, type Page, type TextStyle } from './pdf-page'

/**
 * A table on the report's pages: a header row on a light grey band (it prints as grey in black and
 * white), each cell's text wrapped to its column (a long word broken, never running over), thin
 * rules between rows. A short table (a third of a page at most) is kept on one page; in a long one
 * a row that does not fit starts a new page, where the header is drawn again under "<title> (continued)".
 */

export interface Column {
  title: string
  /** a share of the table's width; the shares are scaled to the width */
  share: number
  /** the monospaced font (MACs, IPUIs) */
  mono?: boolean
}

export interface Table {
  title: string
  columns: readonly Column[]
  rows: readonly (readonly string[])[]
}

const PAD_X = 4
const PAD_Y = 3
const CELL: TextStyle = { font: 'sans', pt: TYPE.small + 0.5 }
const MONO: TextStyle = { font: 'mono', pt: TYPE.small + 0.5 }
const HEAD: TextStyle = { font: 'bold', pt: TYPE.small + 0.5 }

interface Laid {
  height: number
  cells: string[][]
}

/** Each cell's lines and the row's height. */
function layRow(page: Page, cells: readonly string[], widths: readonly number[], styles: readonly TextStyle[]): Laid {
  const lines = cells.map((text, i) => wrap(page, text, widths[i]! - 2 * PAD_X, styles[i]!))
  const tallest = Math.max(...lines.map((l, i) => l.length * lineHeight(styles[i]!)))
  return { height: tallest + 2 * PAD_Y, cells: lines }
}

function drawRow(page: Page, laid: Laid, widths: readonly number[], styles: readonly TextStyle[], head: boolean): void {
  const { doc } = page
  if (head) doc.rect(page.left, page.y, page.width, laid.height).fillColor('#e4e4e4').fill()
  let x = page.left
  laid.cells.forEach((lines, i) => {
    drawLines(page, lines, x + PAD_X, page.y + PAD_Y, styles[i]!)
    x += widths[i]!
  })
  const below = page.y + laid.height
  doc
    .moveTo(page.left, below)
    .lineTo(page.left + page.width, below)
    .lineWidth(head ? 0.8 : 0.3)
    .strokeColor(head ? '#000' : '#777')
    .stroke()
  page.y = below
}

/** The table's title (with "(continued)" on a later page) and its header row. */
function drawHead(page: Page, table: Table, widths: readonly number[], continued: boolean): void {
  const title = continued ? `${table.title} (continued)` : table.title
  drawLines(page, [title], page.left, page.y, { font: 'bold', pt: TYPE.heading })
  page.y += lineHeight({ font: 'bold', pt: TYPE.heading }) + 4
  drawRow(
    page,
    layRow(
      page,
      table.columns.map((c) => c.title),
      widths,
      table.columns.map(() => HEAD),
    ),
    widths,
    table.columns.map(() => HEAD),
    true,
  )
}

/** Draws `table` at the cursor (after a gap), page after page as it needs. */
export function drawTable(page: Page, table: Table): void {
  const total = table.columns.reduce((sum, c) => sum + c.share, 0)
  const widths = table.columns.map((c) => (c.share / total) * page.width)
  const styles = table.columns.map((c) => (c.mono ? MONO : CELL))
  const headHeight = lineHeight({ font: 'bold', pt: TYPE.heading }) + 4 + layRow(page, table.columns.map((c) => c.title), widths, table.columns.map(() => HEAD)).height
  page.y += page.y === page.top ? 0 : 12
  const laidRows = table.rows.map((row) => layRow(page, row, widths, styles))
  const whole = headHeight + laidRows.reduce((sum, laid) => sum + laid.height, 0)
  // a short table stays on one page; a long one keeps its title and header with its first row
  ensureRoom(page, whole <= (page.bottom - page.top) / 3 ? whole : headHeight + (laidRows[0]?.height ?? 0))
  drawHead(page, table, widths, false)
  for (const laid of laidRows) {
    if (page.y + laid.height > page.bottom) {
      newPage(page)
      drawHead(page, table, widths, true)
    }
    drawRow(page, laid, widths, styles, false)
  }
}

/** Label–value lines (the title block): the labels in bold in a column of their own, values wrapped. */
export function drawFacts(page: Page, facts: readonly (readonly [string, string])[]): void {
  const labelWidth = Math.max(...facts.map(([label]) => page.doc.font(BOLD.font).fontSize(BOLD.pt).widthOfString(label))) + 10
  for (const [label, value] of facts) {
    const lines = wrap(page, value, page.width - labelWidth, BODY)
    const height = lines.length * lineHeight(BODY) + 2
    ensureRoom(page, height)
    drawLines(page, [label], page.left, page.y, BOLD)
    drawLines(page, lines, page.left + labelWidth, page.y, BODY)
    page.y += height
  }
}
