import { readFile } from 'node:fs/promises'
import type { Batch, BatchRow, RowOutcome } from '../../contract/dect'
import { messageOf, ServiceError } from '../errors'
import { batchOfText } from './batch-damage'
import { baseStampOf, readJournal } from './outcome-journal'

/**
 * One batch on disk, as batch-store.ts keeps it: the file's text (the contract's `Batch`, one row
 * a line), and reading it back with its outcome journal (outcome-journal.ts) applied.
 */

/** What reading a batch answers: the batch, and what the next write needs to know of its files. */
export interface BatchRead {
  batch: Batch
  /** the stamp of the file's text, which a journal names to extend it */
  stamp: string
  /** bytes of the journal that extends the file; Infinity when it must not be appended to */
  journalBytes: number
}

/**
 * Reads and checks the batch file `file` (of batch `id`), then applies its outcome journal
 * `journal`. A damaged file or journal throws INTERNAL naming it (and is left as it is); a file
 * that is not there throws NOT_FOUND.
 */
export async function readBatchFiles(file: string, journal: string, id: string): Promise<BatchRead> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ServiceError('NOT_FOUND', 'That batch no longer exists.')
    throw error
  }
  const verdict = batchOfText(text, id)
  if (!verdict.ok) {
    throw new ServiceError('INTERNAL', `The batch file ${file} cannot be read (${verdict.reason}). It was left as it is; delete it or restore it from a copy.`)
  }
  const batch = verdict.batch
  const stamp = baseStampOf(text)
  const damaged = (reason: string) =>
    new ServiceError('INTERNAL', `The outcome journal ${journal} of a batch cannot be read (${reason}). It was left as it is; delete it to go back to the outcomes in ${file}.`)
  let read: Awaited<ReturnType<typeof readJournal>>
  try {
    read = await readJournal(journal, stamp)
  } catch (error) {
    throw damaged(messageOf(error))
  }
  if (!read) return { batch, stamp, journalBytes: 0 }
  const byId = rowIndex(batch)
  for (const [n, entry] of read.entries.entries()) {
    for (const [rowId, outcome] of Object.entries(entry.outcomes)) {
      const row = byId.get(rowId)
      if (!row) throw damaged(`entry ${n + 1} names row ${rowId}, which the batch does not have`)
      row.outcome = outcome
    }
    for (const [handsetId, outcome] of Object.entries(entry.handsets ?? {})) {
      const handset = batch.handsets.find((h) => h.id === handsetId)
      if (!handset) throw damaged(`entry ${n + 1} names handset ${handsetId}, which the batch does not have`)
      handset.outcome = outcome
    }
    if (entry.status !== undefined) batch.status = entry.status
    batch.updatedAt = entry.updatedAt
  }
  return { batch, stamp, journalBytes: read.torn ? Infinity : read.bytes }
}

/**
 * The file's text: the batch's fields, then one row a line. A row's text is kept until the row
 * changes, so writing a batch again after a few outcomes costs those rows' JSON, not every row's.
 */
const rowTexts = new WeakMap<BatchRow, { outcome: RowOutcome; text: string }>()
function rowText(row: BatchRow): string {
  const cached = rowTexts.get(row)
  if (cached && cached.outcome === row.outcome) return cached.text
  const text = JSON.stringify(row)
  rowTexts.set(row, { outcome: row.outcome, text })
  return text
}
export function batchFileText(batch: Batch): string {
  const { rows, ...head } = batch
  return `${JSON.stringify(head).slice(0, -1)},\n"rows":[\n${rows.map(rowText).join(',\n')}\n]}\n`
}

/** row ids → rows of a batch in memory (rebuilt when its rows are replaced) */
const rowIndexes = new WeakMap<BatchRow[], Map<string, BatchRow>>()
export function rowIndex(batch: Batch): Map<string, BatchRow> {
  let index = rowIndexes.get(batch.rows)
  if (!index) {
    index = new Map(batch.rows.map((r) => [r.id, r]))
    rowIndexes.set(batch.rows, index)
  }
  return index
}

/** what `parseJson` answers for text that is not JSON */
export const INVALID = Symbol('invalid')

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return INVALID
  }
}
