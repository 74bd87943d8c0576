import Papa from 'papaparse'
import type { Batch } from '../../contract/dect'

/** The results of a batch as CSV: row, MAC, name, id, url, outcome (and the PBX's error). */
export function resultsCsv(batch: Batch): { fileName: string; csv: string } {
  const rows = batch.rows.map((row) => ({
    row: row.row,
    mac: row.values.mac ?? '',
    name: row.values.name ?? '',
    extension: row.values.extension ?? '',
    id: row.outcome.phoneId ?? '',
    url: row.outcome.url ?? '',
    outcome: row.problems.some((p) => p.severity === 'error') && row.outcome.state === 'pending' ? 'not pushed (errors)' : row.outcome.state,
    error: row.outcome.error ?? '',
  }))
  const csv = Papa.unparse(rows, { columns: ['row', 'mac', 'name', 'extension', 'id', 'url', 'outcome', 'error'], newline: '\r\n' })
  const safeName = batch.name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'batch'
  return { fileName: `${safeName}-results.csv`, csv: `${csv}\r\n` }
}
