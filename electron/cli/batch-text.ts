import { macForPeople, rowHasErrors, rowHasWarnings, type Batch, type BatchStatus, type RowProblem } from '../contract/dect'
import { plural } from './output'

/**
 * A batch's rows and problems in words, for `batch import`, `show`, `check` and `push`. Problems
 * name the row (the data row of the spreadsheet: 1 = the first after the header) and the field.
 */

/** One problem of a row, flat, as `--json` prints it. */
export interface ProblemLine {
  kind: 'base' | 'handset'
  row: number
  field: string
  severity: RowProblem['severity']
  message: string
}

/** Every problem of the batch's rows then handsets, errors before warnings within a row. */
export function problemsOf(batch: Pick<Batch, 'rows' | 'handsets'>): ProblemLine[] {
  const of = (kind: ProblemLine['kind'], rows: readonly { row: number; problems: readonly RowProblem[] }[]) =>
    rows.flatMap((row) =>
      [...row.problems]
        .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
        .map((p) => ({ kind, row: row.row, field: p.field, severity: p.severity, message: p.message })),
    )
  return [...of('base', batch.rows), ...of('handset', batch.handsets)]
}

/** "row 14, mac: error: MAC FF:FF:… is the broadcast address; no phone has it" */
export const problemText = (p: ProblemLine): string => `${p.kind === 'handset' ? 'handset ' : ''}row ${p.row}, ${p.field}: ${p.severity}: ${p.message}`

/** The first `limit` problems as lines, then how many more. */
export function problemLines(problems: readonly ProblemLine[], limit: number): string[] {
  const lines = problems.slice(0, limit).map((p) => `  ${problemText(p)}`)
  if (problems.length > limit) lines.push(`  … and ${plural(problems.length - limit, 'more problem')} (--json lists them all)`)
  return lines
}

/** How many rows (and handsets) are ready, have errors, have warnings. */
export function rowCounts(batch: Pick<Batch, 'rows' | 'handsets'>) {
  const count = (rows: readonly { problems: RowProblem[] }[]) => ({
    total: rows.length,
    valid: rows.filter((row) => !rowHasErrors(row)).length,
    withErrors: rows.filter(rowHasErrors).length,
    withWarnings: rows.filter((row) => !rowHasErrors(row) && rowHasWarnings(row)).length,
  })
  return { rows: count(batch.rows), handsets: count(batch.handsets) }
}

/** "200 rows: 199 ready, 1 with errors (not pushed), 3 with warnings" */
export function countsText(counts: ReturnType<typeof rowCounts>): string {
  const part = (c: ReturnType<typeof rowCounts>['rows'], one: string) =>
    `${plural(c.total, one)}: ${c.valid} ready${c.withErrors > 0 ? `, ${c.withErrors} with errors (not pushed)` : ''}${c.withWarnings > 0 ? `, ${c.withWarnings} with warnings` : ''}`
  return counts.handsets.total > 0 ? `${part(counts.rows, 'row')}; ${part(counts.handsets, 'handset')}` : part(counts.rows, 'row')
}

const STATUS_WORDS: Record<BatchStatus, string> = {
  draft: 'not pushed',
  pushing: 'pushing',
  paused: 'paused',
  done: 'done',
  partly_failed: 'some failed',
}

export const statusWords = (status: BatchStatus): string => STATUS_WORDS[status]

/** A row's outcome in one word: created, matched, FAILED, pending, or "errors" when kept out of the push. */
export function outcomeWords(row: Batch['rows'][number]): string {
  if (row.outcome.state === 'pending') return rowHasErrors(row) ? 'errors' : 'pending'
  return row.outcome.state === 'failed' ? 'FAILED' : row.outcome.state
}

/** A row as `batch show` prints it: row, name, MAC, extension, outcome, the PBX's id, and what went wrong. */
export function rowCells(row: Batch['rows'][number]): string[] {
  const why = row.outcome.error ?? row.problems.map((p) => `${p.field}: ${p.message}`).join('; ')
  return [String(row.row), row.values.name ?? '', macForPeople(row.values.mac), row.values.extension ?? '', outcomeWords(row), row.outcome.phoneId ?? '', why]
}
