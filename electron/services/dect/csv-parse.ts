import Papa from 'papaparse'
import { MAX_CSV_FILE_BYTES, type CsvEncoding } from '../../contract/dect'
import { ServiceError } from '../errors'
import { isMac } from './mac'

/**
 * Spreadsheet text → header and data rows, with papaparse. Accepts what Excel, LibreOffice,
 * Numbers and Google Sheets write: `,` `;` or tab (detected), the encodings `decodeCsv` reads,
 * CRLF / LF / CR, quoted cells with delimiters and line breaks inside, blank lines and rows of
 * empty cells (skipped). A file that cannot be a batch gets ONE clear INVALID_INPUT error:
 * empty, header only, binary, unbalanced quotes, or larger than the limits below.
 *
 * Limits (a batch is for a site's handsets; a few hundred is usual, 20,000 leaves room for the
 * largest campus while keeping the preview and the batch file quick):
 * - `MAX_CSV_BYTES`: 20 MB (20 × 1024 × 1024 bytes of UTF-8), checked before anything is parsed;
 * - `MAX_CSV_ROWS`: 20,000 data rows.
 */

export const MAX_CSV_BYTES = MAX_CSV_FILE_BYTES
export const MAX_CSV_ROWS = 20_000

export const CSV_DELIMITERS = [',', ';', '\t'] as const
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number]

export interface ParsedCsv {
  /** column names, unique and non-empty ("Column 3" for an empty one, "Name (2)" for a repeat) */
  headers: string[]
  /** false when the first row already held data (a MAC) and the headers are "Column 1", ... */
  hasHeader: boolean
  /** the data rows (blank ones skipped), each as long as `headers` (missing cells are '') */
  records: string[][]
  /** the 1-based line of the file each record starts on (`lines[i]` for `records[i]`) */
  lines: number[]
  delimiter: CsvDelimiter
}

const fail = (message: string): ServiceError => new ServiceError('INVALID_INPUT', message)

const formatCount = (n: number): string => n.toLocaleString('en-US')

const formatMb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/** The size check, cheap enough to run before reading or parsing (bytes of UTF-8). */
export function checkCsvSize(bytes: number, fileName: string): void {
  if (bytes > MAX_CSV_BYTES) {
    throw fail(`${fileName} is ${formatMb(bytes)}; a batch file may be at most ${formatMb(MAX_CSV_BYTES)}. Split it into smaller files.`)
  }
}

/** A spreadsheet's text, and the encoding its bytes were read in. */
export interface DecodedCsv {
  text: string
  encoding: CsvEncoding
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * Bytes of a file → text, the one way every spreadsheet is read (a file from disk, or the bytes
 * of a file dropped or picked in the window): UTF-8 with or without BOM; UTF-16 with a BOM
 * (Excel's "Unicode text"); anything that is not valid UTF-8 is read as Windows-1252 (Excel's
 * "CSV" on Western Windows), except after a UTF-8 BOM, which says UTF-8: then a byte that is not
 * UTF-8 becomes U+FFFD, and the rows say so (row-validation.ts). The size is checked first;
 * binary content is refused here as in `parseCsv`.
 */
export function decodeCsv(bytes: Uint8Array, fileName: string): DecodedCsv {
  checkCsvSize(bytes.byteLength, fileName)
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' }
  if (bytes.includes(0)) throw notText(fileName)
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3)), encoding: 'utf-8 with BOM' }
  }
  try {
    return { text: UTF8.decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' }
  }
}

/**
 * Windows-1252 as the WHATWG Encoding Standard has it: Latin-1, except the bytes 80-9F, which are
 * € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ (81, 8D, 8F, 90 and 9D stay as they are).
 * Not Node's `TextDecoder('windows-1252')`: Node 20.18.3+ and 22.13+ decode it as Latin-1, so
 * "€" and "„…“" would come out as control characters (nodejs/node#60888).
 */
const WINDOWS_1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  return latin1.replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(WINDOWS_1252_80_9F[c.charCodeAt(0) - 0x80] as number))
}

/** `decodeCsv`, the text alone. */
export const decodeCsvBytes = (bytes: Uint8Array, fileName: string): string => decodeCsv(bytes, fileName).text

/** Text a caller holds already (not bytes of a file): Unicode, reported as UTF-8 (with BOM when it starts with one). */
export const textEncoding = (text: string): CsvEncoding => (text.charCodeAt(0) === 0xfeff ? 'utf-8 with BOM' : 'utf-8')

const notText = (fileName: string): ServiceError =>
  fail(`${fileName} is not a text file (it looks like a binary file, e.g. an .xlsx or an image). Save the spreadsheet as CSV and import that.`)

/**
 * NUL bytes anywhere, or many control characters at the start: not a spreadsheet. U+FFFD does not
 * count: it is text read in the wrong encoding at some point, which the rows warn of
 * (row-validation.ts), not a sign of a binary file.
 */
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true
  const sample = text.slice(0, 4096)
  let odd = 0
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i)
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) odd++
  }
  return odd > 8 && odd / sample.length > 0.02
}

type LineBreak = '\r\n' | '\n' | '\r'

const QUOTE = 0x22
const LF = 0x0a
const CR = 0x0d
const COMMA = 0x2c
const SEMICOLON = 0x3b
const TAB = 0x09

/**
 * The line break that ends the rows: the first one outside a quoted cell. Excel's "CSV
 * (Macintosh)" ends rows with CR and writes Alt+Enter in a cell as LF, so the first break of any
 * kind may be inside a cell. The scan stops at the first break outside quotes (most often the end
 * of the header) and jumps over each quoted cell with `indexOf`, so it costs a line, not the file.
 * A quote opens a cell only at the start of one (after a delimiter), as papaparse reads it; an
 * unclosed one leaves the first break of any kind, and papaparse then reports the quote.
 */
function lineBreakOf(text: string): LineBreak {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === LF) return '\n'
    if (c === CR) return text.charCodeAt(i + 1) === LF ? '\r\n' : '\r'
    if (c === QUOTE && opensCell(text, i)) {
      const end = closingQuote(text, i + 1)
      if (end < 0) break
      i = end
    }
  }
  const lf = text.indexOf('\n')
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n'
  if (lf >= 0) return '\n'
  return text.includes('\r') ? '\r' : '\n'
}

/** a quote at the start of a cell: the file's, or after a delimiter papaparse may guess */
function opensCell(text: string, at: number): boolean {
  if (at === 0) return true
  const before = text.charCodeAt(at - 1)
  return before === COMMA || before === SEMICOLON || before === TAB
}

/** the quote that closes a quoted cell whose text starts at `from` (a doubled quote is text); -1 when none does */
function closingQuote(text: string, from: number): number {
  let at = text.indexOf('"', from)
  while (at >= 0 && text.charCodeAt(at + 1) === QUOTE) at = text.indexOf('"', at + 2)
  return at
}

function countOf(text: string, needle: string, from: number, to: number): number {
  let n = 0
  let i = text.indexOf(needle, from)
  while (i >= 0 && i < to) {
    n++
    i = text.indexOf(needle, i + needle.length)
  }
  return n
}

/**
 * Line breaks between `from` and `to` as a text editor counts them: CRLF, CR and LF one each,
 * whichever ends the rows; so a line an error names is the one an editor shows, also for an
 * Alt+Enter (LF) in a cell of a CRLF or CR file.
 */
const breaksIn = (text: string, from: number, to: number): number =>
  countOf(text, '\n', from, to) + countOf(text, '\r', from, to) - countOf(text, '\r\n', from, to)

/** Unique, non-empty names: "" → "Column 3", a repeated "Name" → "Name (2)". */
export function uniqueHeaders(raw: readonly string[]): string[] {
  const seen = new Map<string, number>()
  const out: string[] = []
  raw.forEach((cell, i) => {
    let name = cell.trim() || `Column ${i + 1}`
    const key = name.toLowerCase()
    const times = (seen.get(key) ?? 0) + 1
    seen.set(key, times)
    if (times > 1) name = `${name} (${times})`
    while (out.some((o) => o.toLowerCase() === name.toLowerCase())) name = `${name}'`
    out.push(name)
  })
  return out
}

/** A row of empty or whitespace-only cells (a blank line, or ",,," from an emptied row). */
function isBlank(row: readonly string[]): boolean {
  for (const cell of row) if (cell.trim() !== '') return false
  return true
}

/**
 * The delimiter papaparse guesses among `CSV_DELIMITERS` (the most consistent cell count over the
 * first rows, blank rows not counted), read from a parse of the first row; ',' when none fits.
 */
function delimiterOf(text: string, newline: LineBreak): CsvDelimiter {
  const guessed = Papa.parse<string[]>(text, { delimitersToGuess: [...CSV_DELIMITERS], newline, skipEmptyLines: 'greedy', preview: 1 }).meta.delimiter
  return (CSV_DELIMITERS as readonly string[]).includes(guessed) ? (guessed as CsvDelimiter) : ','
}

export function parseCsv(input: string, fileName: string): ParsedCsv {
  // a string is at least as many UTF-8 bytes as it has UTF-16 units: the O(1) check first
  if (input.length > MAX_CSV_BYTES) checkCsvSize(input.length, fileName)
  else checkCsvSize(Buffer.byteLength(input, 'utf8'), fileName)

  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  if (looksBinary(text)) throw notText(fileName)
  // nothing but blanks and delimiters (an emptied sheet saved as CSV) counts as empty
  if (/^[\s,;]*$/.test(text)) throw fail(`${fileName} is empty: there is nothing to import.`)

  const newline = lineBreakOf(text)

  // papaparse's own guess of the delimiter, blank rows not counted; then the rows are read with it
  // in one go, and blank ones skipped here, errors and all, as papaparse's 'greedy' would (its
  // skipping, and a callback a row, cost arrays and objects a row)
  const delimiter = delimiterOf(text, newline)
  const result = Papa.parse<string[]>(text, { delimiter, newline })
  const rows: string[][] = []
  const lines: number[] = []
  // the first quote error of a row that is not blank, and that row's place among the rows kept
  let quoteError: { code: string; line: number; row: number } | undefined
  const quoteErrors = result.errors.filter((error) => error.type === 'Quotes')
  // a row starts on the line after the one the previous row ended on: one line break ends a row,
  // and its quoted cells may hold more, of any kind
  let line = 1
  result.data.forEach((row, r) => {
    const start = line
    line++
    for (const cell of row) if (cell.includes('\n') || cell.includes('\r')) line += breaksIn(cell, 0, cell.length)
    if (isBlank(row)) return
    if (quoteError === undefined && quoteErrors.length > 0) {
      const error = quoteErrors.find((e) => e.row === r)
      if (error !== undefined) quoteError = { code: error.code, line: error.index === undefined ? start : 1 + breaksIn(text, 0, error.index), row: rows.length }
    }
    rows.push(row)
    lines.push(start)
  })

  if (quoteError !== undefined) {
    const where = quoteError.row === 0 ? `the header (line ${quoteError.line})` : `row ${quoteError.row} (line ${quoteError.line})`
    throw fail(
      quoteError.code === 'InvalidQuotes'
        ? `${fileName}: ${where} has a quoted cell with text after its closing quote (like "abc"def). Put the whole cell in quotes and double the quotes inside it ("abc""def"), then import again.`
        : `${fileName}: ${where} has a quote (") that is never closed, so the rest of the file would be read as one cell. Close or remove that quote, then import again.`,
    )
  }

  if (rows.length === 0) throw fail(`${fileName} is empty: there is nothing to import.`)

  // a first row holding a MAC is data: the file has no header row
  const first = rows[0] as string[]
  const hasHeader = !first.some((cell) => isMac(cell))
  const dataStart = hasHeader ? 1 : 0
  const dataCount = rows.length - dataStart
  if (dataCount === 0) throw fail(`${fileName} has a header but no rows: add one row per handset below it.`)
  if (dataCount > MAX_CSV_ROWS) {
    throw fail(`${fileName} has ${formatCount(dataCount)} rows; a batch takes at most ${formatCount(MAX_CSV_ROWS)}. Split it into smaller files.`)
  }

  // as many columns as the widest row that has something in its extra cells
  let width = hasHeader ? first.length : 0
  for (let r = dataStart; r < rows.length; r++) {
    const row = rows[r] as string[]
    for (let c = row.length - 1; c >= width; c--) {
      if ((row[c] as string).trim() !== '') {
        width = c + 1
        break
      }
    }
  }
  const rawHeaders = hasHeader ? first.slice(0, width) : []
  while (rawHeaders.length < width) rawHeaders.push('')
  const headers = uniqueHeaders(rawHeaders)

  const records: string[][] = new Array<string[]>(dataCount)
  for (let r = dataStart; r < rows.length; r++) {
    const row = rows[r] as string[]
    records[r - dataStart] = row.length === width ? row : Array.from({ length: width }, (_, c) => row[c] ?? '')
  }
  return { headers, hasHeader, records, lines: lines.slice(dataStart), delimiter }
}
