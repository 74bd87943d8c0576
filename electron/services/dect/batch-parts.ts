import { BatchRowValuesSchema, RowProblemSchema, type BatchRow, type BatchRowValues, type RowProblem } from '../../contract/dect'
import { HandsetValuesSchema, type HandsetRow, type HandsetValues } from '../../contract/dect-handsets'
import { ServiceError } from '../errors'
import { checkedAt } from '../validation'
import { isRetired } from '../../contract/batch-state'

/**
 * The rows and handsets of a new batch (created, copied, imported), as batch-store.ts takes them:
 * each checked against the contract (a problem names its place, `handsets.3.values.ipui`), given
 * an id unique across rows and handsets, every outcome pending.
 */

/** A row as the CSV import or the scanner hands it over: no id or outcome yet (both are given here). */
export interface NewBatchRow {
  id?: string
  row: number
  values: BatchRowValues
  problems: RowProblem[]
}

/** A handset as the CSV import or the scanner hands it over. */
export interface NewHandsetRow {
  id?: string
  row: number
  values: HandsetValues
  problems: RowProblem[]
}

/** rows of a new batch: checked, with unique ids, every outcome pending */
function newRows(rows: readonly NewBatchRow[], seen = new Set<string>()): BatchRow[] {
  return freshList(rows, 'rows', 'r', seen, (values, where) => checkedAt(BatchRowValuesSchema, values, where))
}

/** handsets of a new batch, likewise; their ids never repeat a row's (`seen` holds the rows') */
function newHandsets(handsets: readonly NewHandsetRow[], seen: Set<string>): HandsetRow[] {
  return freshList(handsets, 'handsets', 'h', seen, (values, where) => checkedAt(HandsetValuesSchema, values, where))
}

function freshList<V>(
  list: readonly { id?: string; row: number; values: unknown; problems: RowProblem[] }[],
  field: string,
  prefix: string,
  seen: Set<string>,
  valuesOf: (values: unknown, where: string) => V,
): { id: string; row: number; values: V; problems: RowProblem[]; outcome: { state: 'pending' } }[] {
  if (!Array.isArray(list)) throw new ServiceError('INVALID_INPUT', `${field}: must be a list`, { field })
  return list.map((input, i) => {
    const where = `${field}.${i}`
    const values = valuesOf(input.values, `${where}.values`)
    const problems = checkedAt(RowProblemSchema.array(), input.problems ?? [], `${where}.problems`)
    const line = Number.isInteger(input.row) && input.row >= 1 ? input.row : i + 1
    let id = typeof input.id === 'string' && input.id !== '' && !seen.has(input.id) ? input.id : `${prefix}${i + 1}`
    for (let n = 2; seen.has(id); n++) id = `${prefix}${i + 1}-${n}`
    seen.add(id)
    return { id, row: line, values, problems, outcome: { state: 'pending' } }
  })
}

/** The number the next row (or handset) of a list gets: one past the highest, 1 for an empty list. */
export const nextRowNumber = (list: readonly { row: number }[]): number => 1 + list.reduce((max, item) => Math.max(max, item.row), 0)

/**
 * The rows (or handsets) a copy of a batch, or the batch sent to another machine, starts from:
 * those still in use, each pending again. A retired base or handset is gone from the site (issue
 * 43): a copy that took it along would push it again.
 */
export function preparedRows<R extends { outcome: { state: string } }>(rows: readonly R[]): R[] {
  return rows.filter((row) => !isRetired(row)).map((row) => ({ ...structuredClone(row), outcome: { state: 'pending' } }))
}

/** the rows and handsets of a new batch, with ids unique across both */
export function newParts(rows: readonly NewBatchRow[], handsets: readonly NewHandsetRow[] = []): { rows: BatchRow[]; handsets: HandsetRow[] } {
  const seen = new Set<string>()
  const built = newRows(rows, seen)
  return { rows: built, handsets: newHandsets(handsets, seen) }
}
