import { z } from 'zod'
import { LABEL_LAYOUTS, LABEL_SIZE_NAMES, type LabelSizeName } from './dect'

/**
 * Which labels a sheet prints and where on the stock it starts: shared by the PDF export, the
 * print request, the sheet's picture on screen and the command line. A partly used sheet starts
 * at a later cell (row and column, counted from 1, labels filling a row left to right); a reprint
 * names the batch's rows (bases) and handsets it wants, by id.
 */

/** Rows and columns of labels on one page of a stock (a page holds as many rows as fit below its top margin). */
export function labelGrid(size: LabelSizeName): { rows: number; columns: number } {
  const s = LABEL_LAYOUTS[size]
  // a hair of tolerance: 15.1 + 7 × 38.1 mm must count as fitting 297 mm however the sums round
  const rows = Math.max(1, Math.floor((s.pageMm[1] - s.marginTop + s.gapY + 1e-6) / (s.height + s.gapY)))
  return { rows, columns: s.columns }
}

/** The first cell to print on, counted from 1: row 1, column 1 is a fresh sheet. */
export const LabelStartSchema = z.strictObject({
  row: z.int().min(1, 'is counted from 1').max(100),
  column: z.int().min(1, 'is counted from 1').max(100),
})
export type LabelStart = z.infer<typeof LabelStartSchema>

export const FIRST_CELL: LabelStart = { row: 1, column: 1 }

/** The cells left unprinted before `start` (0 for a fresh sheet). */
export const startIndex = (start: LabelStart, size: LabelSizeName): number => (start.row - 1) * labelGrid(size).columns + (start.column - 1)

/**
 * Why `start` does not fit the stock, named by field, or null when it does: a row or column past
 * the sheet's end is refused, not wrapped to a next page nobody asked for.
 */
export function startProblem(start: LabelStart, size: LabelSizeName): { field: 'row' | 'column'; message: string } | null {
  const grid = labelGrid(size)
  if (start.row > grid.rows) return { field: 'row', message: `row ${start.row} is past the sheet's end: this stock has ${grid.rows} ${grid.rows === 1 ? 'row' : 'rows'}` }
  if (start.column > grid.columns) return { field: 'column', message: `column ${start.column} is past the sheet's end: this stock has ${grid.columns} ${grid.columns === 1 ? 'column' : 'columns'}` }
  return null
}

const IdsSchema = z.array(z.string().min(1).max(200)).max(20_000)

/** A reprint: only these rows (bases) and handsets of the batch, in the sheet's order. */
export const LabelChoiceSchema = z.strictObject({ rowIds: IdsSchema, handsetIds: IdsSchema })
export type LabelChoice = z.infer<typeof LabelChoiceSchema>

/** What the PDF export and the print request both take: the batch, the stock, where it starts, which labels. */
export const LabelSheetRequestSchema = z
  .strictObject({
    batchId: z.string().min(1),
    size: z.enum(LABEL_SIZE_NAMES),
    /** absent: a fresh sheet */
    start: LabelStartSchema.optional(),
    /** absent: every label of the batch */
    only: LabelChoiceSchema.optional(),
  })
  .superRefine((value, context) => {
    const problem = value.start ? startProblem(value.start, value.size) : null
    if (problem) context.addIssue({ code: 'custom', path: ['start', problem.field], message: problem.message, input: value.start })
  })
export type LabelSheetRequest = z.infer<typeof LabelSheetRequestSchema>

export const LabelsPdfSchema = z.object({ fileName: z.string(), base64: z.string(), labels: z.int(), pages: z.int(), warnings: z.array(z.string()) })

/** What a print request came to: sent to the printer, or cancelled in the system's dialog (not an error). */
export const LabelsPrintedSchema = z.object({ printed: z.boolean(), labels: z.int(), pages: z.int() })
export type LabelsPrinted = z.infer<typeof LabelsPrintedSchema>

export const labelOperations = {
  /**
   * the label sheet as a PDF file (base64): its labels and pages, and warnings of characters the
   * labels' font lacks (they print as empty boxes), each naming the row and the character
   */
  exportLabelsPdf: { input: LabelSheetRequestSchema, result: LabelsPdfSchema },
  /**
   * the same sheet through the system's print dialog (the desktop app: a hidden window holding the
   * PDF); `printed: false` when the user cancelled there; a printer's failure is PRINT_FAILED quoting the dialog
   */
  printLabels: { input: LabelSheetRequestSchema, result: LabelsPrintedSchema },
} as const
