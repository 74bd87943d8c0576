import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { describeCharacter, isPlainCharacter } from '../../contract/characters'
import { BatchRowSchema, BatchSchema, PUSH_CONCURRENCY, type Batch, type BatchRow, type DamagedBatch } from '../../contract/dect'
import { HandsetRowSchema, type HandsetRow } from '../../contract/dect-handsets'
import { checkInput } from '../../contract/pbx'
import { messageOf } from '../errors'
import { safeFileName } from '../files/file-name'
import { baseStampOf, readJournal } from './outcome-journal'
import { resultsCsv } from './results-csv'

/**
 * A batch file that does not read as a batch of this version, said in words an installer can act
 * on (cut short, not JSON at line 12, a field of the wrong type, a newer format), and what of it
 * still reads: the rows and handsets that pass the contract on their own. The store
 * (batch-store.ts) lists such files as damaged, exports what still reads as CSV, and moves a file
 * the user deletes aside rather than erasing it.
 *
 * A batch file is written one row a line (batch-file.ts `batchFileText`), so a file whose JSON does
 * not parse (cut short by a crash or a full disk, a byte changed on the disk) still gives up its
 * rows line by line: every line that is a whole row is read; the line that is damaged is not.
 */

/** the format version this app reads (the contract's `BatchSchema.version`) */
const READS_VERSION = BatchSchema.shape.version.value
/** far more than any batch (a 20 MB spreadsheet makes a file of some 40 MB): such a file is not read at all */
const MAX_INSPECTED_BYTES = 256 * 1024 * 1024

export type TextVerdict = { ok: true; batch: Batch } | { ok: false; reason: string; data: unknown }

/** what `batchOfText` gives as `data` for text that is not JSON */
export const NOT_JSON = Symbol('not JSON')

/** The batch a file's text holds, or what is wrong with it in words (and its JSON, when it parses). */
export function batchOfText(text: string, id: string): TextVerdict {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { ok: false, reason: jsonFailure(text, messageOf(error)), data: NOT_JSON }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, reason: `it holds ${Array.isArray(data) ? 'a list' : `a lone ${data === null ? 'null' : typeof data}`}, not a batch`, data }
  }
  const version = (data as { version?: unknown }).version
  if (typeof version === 'number' && version > READS_VERSION) {
    return {
      ok: false,
      reason: `it was written by a newer PBX Provisioner (batch file version ${version}; this one reads version ${READS_VERSION}): open it with that version, or update this one`,
      data,
    }
  }
  if (version !== READS_VERSION) {
    return { ok: false, reason: `its format version is ${version === undefined ? 'missing' : JSON.stringify(version)}, not ${READS_VERSION}: it is not a batch file of this app`, data }
  }
  const parsed = checkInput(BatchSchema, data)
  if (!parsed.success) {
    const [first, ...more] = parsed.problems
    const what = first ? `${fieldWords(first.path)}: ${first.message}` : 'a field is not valid'
    return { ok: false, reason: `${what}${more.length > 0 ? ` (and ${more.length} more ${more.length === 1 ? 'problem' : 'problems'})` : ''}`, data }
  }
  if (parsed.data.id !== id) {
    return { ok: false, reason: `it holds the batch ${parsed.data.id}, while its name says ${id}: it was copied or renamed by hand`, data }
  }
  return { ok: true, batch: parsed.data }
}

/** A field path of the batch file in words: `rows.3.outcome.state` → "row 4 in the file, outcome.state". */
function fieldWords(path: string): string {
  const listed = /^(rows|handsets)\.(\d+)(?:\.(.+))?$/.exec(path)
  if (!listed) return path || 'the batch'
  const [, list, index, rest] = listed
  const item = `${list === 'rows' ? 'row' : 'handset'} ${Number(index) + 1} in the file`
  return rest ? `${item}, ${rest}` : item
}

/** Why JSON.parse refused the text, in words (V8's messages name a position, or the end). */
function jsonFailure(text: string, message: string): string {
  if (text.trim() === '') return 'it is empty: nothing was written in it (a crash or a full disk while it was saved?)'
  const end = text.trimEnd().length
  const at = /at position (\d+)/.exec(message)
  const ended = /end of JSON input/i.test(message)
  const position = at ? Number(at[1]) : ended ? undefined : errorPosition(text)
  if (ended || (position !== undefined && position >= end)) {
    return `it is cut short: it ends after ${Buffer.byteLength(text)} bytes, in the middle of the batch (a crash or a full disk while it was saved?)`
  }
  if (position !== undefined) {
    const before = text.slice(0, position)
    const line = before.split('\n').length
    const column = position - before.lastIndexOf('\n')
    const ch = String.fromCodePoint(text.codePointAt(position) ?? 0)
    return `it is not valid JSON at line ${line}, column ${column}: ${shownCharacter(ch)} was not expected there (the file was damaged or edited by hand)`
  }
  const token = /Unexpected token '(.+?)'/u.exec(message)?.[1]
  return token === undefined
    ? 'it is not valid JSON (the file was damaged or edited by hand)'
    : `it is not valid JSON: ${shownCharacter(token)} was not expected (the file was damaged or edited by hand)`
}

/**
 * Where JSON.parse stopped when its message does not say ("Unexpected token 'x', …"): the first
 * place a prefix of the text goes wrong. A prefix that ends before the damage fails only for
 * ending early, so the place is found by halving (a few dozen parses, for a damaged file only).
 */
function errorPosition(text: string): number | undefined {
  const wrongWithin = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length))
      return false
    } catch (error) {
      const message = messageOf(error)
      if (/end of JSON input/i.test(message)) return false
      const at = /at position (\d+)/.exec(message)
      return at ? Number(at[1]) < length : true
    }
  }
  if (!wrongWithin(text.length)) return undefined
  let low = 0
  let high = text.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (wrongWithin(middle + 1)) high = middle
    else low = middle + 1
  }
  return low
}

const shownCharacter = (ch: string): string =>
  isPlainCharacter(ch) ? `'${ch}'` : `${describeCharacter(ch)}${ch === '\uFFFD' ? ' (bytes that are not UTF-8 text)' : ''}`

/** What of a damaged file still reads: from its JSON when that parses, else line by line. */
export interface ReadableParts {
  name?: string
  rows: BatchRow[]
  handsets: HandsetRow[]
}

/** the items of `list` that pass `schema` on their own */
function validItems<T>(schema: { safeParse(item: unknown): { success: true; data: T } | { success: false } }, list: unknown): T[] {
  if (!Array.isArray(list)) return []
  const out: T[] = []
  for (const item of list) {
    const parsed = schema.safeParse(item)
    if (parsed.success) out.push(parsed.data)
  }
  return out
}
const validRows = (list: unknown): BatchRow[] => validItems(BatchRowSchema, list)
const validHandsets = (list: unknown): HandsetRow[] => validItems(HandsetRowSchema, list)
const nameOf = (data: unknown): string | undefined => {
  const name = typeof data === 'object' && data !== null ? (data as { name?: unknown }).name : undefined
  return typeof name === 'string' && name.trim() !== '' ? name : undefined
}

/** The rows and handsets of a damaged file's text that pass the contract on their own. */
export function readableParts(text: string, data: unknown): ReadableParts {
  if (data !== NOT_JSON) {
    const fields = typeof data === 'object' && data !== null ? (data as { rows?: unknown; handsets?: unknown }) : {}
    const name = nameOf(data)
    return { ...(name ? { name } : {}), rows: validRows(fields.rows), handsets: validHandsets(fields.handsets) }
  }
  // one row a line: the first line holds the batch's fields (and its handsets), then `"rows":[`
  const lines = text.split('\n')
  const head = parseOrUndefined(`${(lines[0] ?? '').replace(/,\s*$/, '')}}`)
  const rows: BatchRow[] = []
  for (const line of lines.slice(1)) {
    const trimmed = line.trim().replace(/,$/, '')
    if (!trimmed.startsWith('{')) continue
    rows.push(...validRows([parseOrUndefined(trimmed)]))
  }
  const name = nameOf(head)
  return { ...(name ? { name } : {}), rows, handsets: validHandsets((head as { handsets?: unknown } | undefined)?.handsets) }
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** A damaged batch as the list shows it, with what of it still reads (`parts`, for the export). */
export interface Inspection {
  damaged: DamagedBatch
  parts: ReadableParts
}

/**
 * Looks at the files of batch `id` that did not read (`file`, and its outcome journal `journal`):
 * which one is damaged, why in words, and what still reads.
 */
export async function inspectBatchFiles(file: string, journal: string, id: string): Promise<Inspection> {
  const info = await stat(file)
  const about = { id, fileName: basename(file), path: file, bytes: info.size, modifiedAt: info.mtime.toISOString() }
  if (info.size > MAX_INSPECTED_BYTES) {
    const megabytes = Math.round(info.size / (1024 * 1024))
    return { damaged: { ...about, part: 'file', reason: `it is ${megabytes} MB, far more than any batch: it is not a batch file this app wrote`, readable: { rows: 0, handsets: 0 } }, parts: { rows: [], handsets: [] } }
  }
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    return { damaged: { ...about, part: 'file', reason: `it cannot be opened (${messageOf(error)})`, readable: { rows: 0, handsets: 0 } }, parts: { rows: [], handsets: [] } }
  }
  const verdict = batchOfText(text, id)
  if (verdict.ok) {
    // the file reads: the journal beside it is what is damaged
    const parts = { name: verdict.batch.name, rows: verdict.batch.rows, handsets: verdict.batch.handsets }
    const why = await readJournal(journal, baseStampOf(text)).then(
      () => 'it names a row or handset the batch does not have',
      (error: unknown) => messageOf(error),
    )
    const journalInfo = await stat(journal).catch(() => info)
    return {
      damaged: {
        ...about,
        fileName: basename(journal),
        path: journal,
        bytes: journalInfo.size,
        modifiedAt: journalInfo.mtime.toISOString(),
        part: 'journal',
        name: verdict.batch.name,
        reason: `the outcome journal beside the batch file cannot be read (${why}); the batch file itself reads, with the outcomes saved before the journal`,
        readable: { rows: parts.rows.length, handsets: parts.handsets.length },
      },
      parts,
    }
  }
  const parts = readableParts(text, verdict.data)
  return {
    damaged: { ...about, part: 'file', reason: verdict.reason, ...(parts.name ? { name: parts.name } : {}), readable: { rows: parts.rows.length, handsets: parts.handsets.length } },
    parts,
  }
}

/**
 * What still reads of a damaged batch, as the results CSV (a line per base, then per handset, with
 * what the push did). Undefined when nothing reads.
 */
export function readableCsv(inspection: Inspection): { fileName: string; csv: string; rows: number; handsets: number } | undefined {
  const { parts, damaged } = inspection
  if (parts.rows.length + parts.handsets.length === 0) return undefined
  const name = parts.name ?? damaged.id
  // a batch in all but its damaged fields, for the one CSV writer of the app
  const batch: Batch = {
    version: READS_VERSION,
    id: damaged.id,
    name,
    createdAt: damaged.modifiedAt,
    updatedAt: damaged.modifiedAt,
    source: damaged.fileName,
    targetProfileId: null,
    defaults: {},
    rows: parts.rows,
    handsets: parts.handsets,
    status: 'draft',
    concurrency: PUSH_CONCURRENCY.default,
  }
  return { fileName: `${safeFileName(name, 'batch')}-readable-rows.csv`, csv: resultsCsv(batch).csv, rows: parts.rows.length, handsets: parts.handsets.length }
}
