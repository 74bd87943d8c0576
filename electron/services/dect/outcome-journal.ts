import { createHash } from 'node:crypto'
import { open, readFile } from 'node:fs/promises'
import { z } from 'zod'
import { BATCH_STATUSES, RowOutcomeSchema, type BatchStatus, type RowOutcome } from '../../contract/dect'
import { HandsetOutcomeSchema, type HandsetOutcome } from '../../contract/dect-handsets'
import { parsedJson } from '../validation'

/**
 * The outcome journal of one batch: `<id>.outcomes.ndjson` beside its file. A push saves each
 * row's outcome as it happens; rewriting the whole batch file for each would cost the push most of
 * its own time, so outcomes are appended here instead (one line per grouped write, synced to disk)
 * and folded into the batch file at its next whole write (any change other than outcomes and the
 * status, or when the journal grows past JOURNAL_COMPACT_BYTES).
 *
 * The first line names the batch file it extends (`base`: a hash of that file's text). A journal
 * whose base is not the file on disk is stale (the file was written again, with all of it, and the
 * journal's removal was cut short) and is ignored. A last line cut short by a crash is ignored
 * too: its outcomes were never reported saved. Any other line that is not an entry is damage.
 */

export const JOURNAL_SUFFIX = '.outcomes.ndjson'
export const JOURNAL_VERSION = 1
/** past this size the next write folds the journal into the batch file */
export const JOURNAL_COMPACT_BYTES = 1024 * 1024

export interface JournalEntry {
  /** row id → its new outcome */
  outcomes: Record<string, RowOutcome>
  /** handset id → its new outcome (absent in journals written before handsets) */
  handsets?: Record<string, HandsetOutcome>
  status?: BatchStatus
  updatedAt: string
}

const HeaderSchema = z.object({ journal: z.literal(JOURNAL_VERSION), base: z.string() })
const EntrySchema = z.object({
  outcomes: z.record(z.string(), RowOutcomeSchema),
  handsets: z.record(z.string(), HandsetOutcomeSchema).optional(),
  status: z.enum(BATCH_STATUSES).optional(),
  updatedAt: z.string(),
})

/** what identifies a batch file's text */
export function baseStampOf(text: string): string {
  return createHash('sha1').update(text).digest('hex')
}

export interface JournalRead {
  entries: JournalEntry[]
  /** bytes of the journal as read */
  bytes: number
  /** its last line was cut short (a crash mid-append): the next write must not append after it */
  torn: boolean
}

/**
 * The entries of the journal that extends the batch file stamped `stamp`; undefined when there is
 * none or it is stale. Throws a message naming the line when a line other than the last is damaged.
 */
export async function readJournal(file: string, stamp: string): Promise<JournalRead | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const lines = text.split('\n')
  const header = parsedJson(HeaderSchema, lines[0] ?? '', 'line')
  if (!header.ok || header.data.base !== stamp) return undefined
  // a file written whole ends with '\n': the part after the last one is empty unless cut short
  let last = lines.length - 1
  while (last > 0 && lines[last] === '') last--
  const entries: JournalEntry[] = []
  let torn = lines[lines.length - 1] !== ''
  for (let i = 1; i <= last; i++) {
    const entry = parsedJson(EntrySchema, lines[i]!, 'line')
    if (entry.ok) {
      entries.push(entry.data)
      continue
    }
    if (i === last) {
      torn = true
      break
    }
    throw new Error(`line ${i + 1}: ${entry.why}`)
  }
  return { entries, bytes: Buffer.byteLength(text), torn }
}

/**
 * Appends one entry and syncs it to disk; answers the bytes written. With `startFor` (the stamp of
 * the batch file just written) the journal is started afresh: any older journal is replaced.
 */
export async function appendEntry(file: string, entry: JournalEntry, startFor?: string): Promise<number> {
  const line = `${JSON.stringify(entry)}\n`
  const text = startFor === undefined ? line : `${JSON.stringify({ journal: JOURNAL_VERSION, base: startFor })}\n${line}`
  const handle = await open(file, startFor === undefined ? 'a' : 'w', 0o600)
  try {
    await handle.writeFile(text, 'utf8')
    await handle.datasync()
  } finally {
    await handle.close()
  }
  return Buffer.byteLength(text)
}
