import Papa from 'papaparse'
import { itemState } from '../../contract/batch-state'
import type { Batch, RowProblem } from '../../contract/dect'

/** The columns of the results CSV; a base row leaves the handset columns empty, a handset row mac, id and url. */
export const RESULTS_COLUMNS = ['kind', 'row', 'mac', 'name', 'extension', 'id', 'url', 'state', 'outcome', 'error', 'ipui', 'base_mac', 'handset_index'] as const

/**
 * A cell starting with = + - @, a tab or a CR is a formula to Excel, LibreOffice and Sheets: a name
 * "=HYPERLINK(…)" from a customer's sheet, or a PBX's error, would run when the results (or a
 * damaged batch's readable rows) are opened. papaparse's `escapeFormulae` puts a ' before such a
 * cell (and quotes it), which makes it text. An extension "+49 30 1234" gets one too, and that is
 * right for an installer: unescaped, Excel reads it as a formula (an error, the space being its
 * intersection operator) or "+4930…" as a number without its +; escaped, it stays the number as
 * typed (the ' may show in the cell). papaparse's own pattern (`escapeFormulae: true`,
 * /^[=+\-@\t\r].*$/) misses a cell with a line break after its first line, hence this one.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** A row still pending with an error problem was kept out of the push. */
const outcomeOf = (state: string, problems: readonly RowProblem[]): string =>
  state === 'pending' && problems.some((p) => p.severity === 'error') ? 'not pushed (errors)' : state

/**
 * The results of a batch as CSV: a line per base (row, MAC, name, id, url, state, outcome and the
 * PBX's error), then a line per handset (its IPUI, the base it is on and its index). `state` is
 * the one model of the app and the command line (contract/batch-state.ts: ready, not_sent,
 * pending, done, failed, retired); `outcome` says how (created, matched, enrolled).
 */
export function resultsCsv(batch: Batch): { fileName: string; csv: string } {
  const bases = batch.rows.map((row) => ({
    kind: 'base',
    row: row.row,
    mac: row.values.mac ?? '',
    name: row.values.name ?? '',
    extension: row.values.extension ?? '',
    id: row.outcome.phoneId ?? '',
    url: row.outcome.url ?? '',
    state: itemState(row, batch.status),
    outcome: outcomeOf(row.outcome.state, row.problems),
    error: row.outcome.error ?? '',
  }))
  const handsets = batch.handsets.map((handset) => ({
    kind: 'handset',
    row: handset.row,
    name: handset.values.name ?? '',
    extension: handset.values.extension ?? '',
    state: itemState(handset, batch.status),
    outcome: outcomeOf(handset.outcome.state, handset.problems),
    error: handset.outcome.error ?? '',
    ipui: handset.values.ipui ?? '',
    base_mac: handset.outcome.baseMac ?? handset.values.base_mac ?? '',
    handset_index: handset.outcome.handsetIndex ?? handset.values.handset_index ?? '',
  }))
  const csv = Papa.unparse([...bases, ...handsets], { columns: [...RESULTS_COLUMNS], newline: '\r\n', escapeFormulae: FORMULA_START })
  return { fileName: `${batchFileStem(batch)}-results.csv`, csv: `${csv}\r\n` }
}

/** The start of the names of the files made from a batch ("Site-A" for "Site A"): its results, its labels. */
export function batchFileStem(batch: Pick<Batch, 'name'>): string {
  return batch.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'batch'
}
