import type { Batch, BatchRow } from '../../contract/dect'
import type { HandsetRow } from '../../contract/dect-handsets'
import { nextRowNumber } from './batch-parts'

/**
 * A spreadsheet's rows and handsets joined to a batch that exists (`importCsvIntoBatch`), before
 * the whole batch is checked again:
 * - numbered after the batch's own: a new row's number is its number in the file (its data row)
 *   plus the offset, so a problem still points at the file's line;
 * - a handset spreadsheet names its base on every line, and its first line of each base MAC makes
 *   a base row: a base the batch has already is not added again (its handsets go to that base).
 *   A spreadsheet of bases adds every row: a MAC the batch has is then an error on the new row;
 * - the batch's own rows, handsets and outcomes are left as they are.
 */

export interface Joined {
  rows: BatchRow[]
  handsets: HandsetRow[]
  added: { rows: string[]; handsets: string[] }
  offsets: { rows: number; handsets: number }
}

export function joinImport(batch: Pick<Batch, 'rows' | 'handsets'>, incoming: { rows: readonly BatchRow[]; handsets: readonly HandsetRow[] }): Joined {
  const offsets = { rows: nextRowNumber(batch.rows) - 1, handsets: nextRowNumber(batch.handsets) - 1 }
  const perHandset = incoming.handsets.length > 0
  const macs = new Set(batch.rows.map((row) => row.values.mac).filter((mac) => mac !== undefined))
  const rows = incoming.rows.filter((row) => !(perHandset && row.values.mac !== undefined && macs.has(row.values.mac))).map((row) => ({ ...row, row: row.row + offsets.rows }))
  const handsets = incoming.handsets.map((h) => ({ ...h, row: h.row + offsets.handsets }))
  return {
    rows: [...batch.rows, ...rows],
    handsets: [...batch.handsets, ...handsets],
    added: { rows: rows.map((row) => row.id), handsets: handsets.map((h) => h.id) },
    offsets,
  }
}
