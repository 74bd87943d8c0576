import Papa from 'papaparse'
import { ServiceError } from '../errors'
import { isMac } from './mac'

/**
 * Spreadsheet text → header and data rows, with papaparse. Accepts what Excel, LibreOffice,
 * Numbers and Google Sheets write: `,` `;` or tab (detected), UTF-8 with or without BOM,
 * CRLF / LF / CR, quoted cells with delimiters and line breaks inside, blank lines and rows of
 * empty cells (skipped). A file that cannot be a batch gets ONE clear INVALID_INPUT error:
 * empty, header only, binary, unbalanced quotes, or larger than the limits below.
 *
 * Limits (a batch is for a site's handsets; a few hundred is usual, 20,000 leaves room for the
 * largest campus while keeping the preview and the batch file quick):
 * - `MAX_CSV_BYTES`: 20 MB (20 × 1024 × 1024 bytes of UTF-8), checked before anything is parsed;
 * - `MAX_CSV_ROWS`: 20,000 data rows.
 */

export const MAX_CSV_BYTES = 20 * 1024 * 1024
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

/**
 * Bytes of a file → text: UTF-8 with or without BOM; UTF-16 with a BOM (Excel's "Unicode text");
 * anything that is not valid UTF-8 is read as Windows-1252 (Excel's "CSV" on Western Windows).
 * Binary content is refused here as in `parseCsv`.
 */
export function decodeCsvBytes(bytes: Uint8Array, fileName: string): string {
  checkCsvSize(bytes.byteLength, fileName)
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  if (bytes.includes(0)) throw notText(fileName)
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

const notText = (fileName: string): ServiceError =>
  fail(`${fileName} is not a text file (it looks like a binary file, e.g. an .xlsx or an image). Save the spreadsheet as CSV and import that.`)

/** NUL bytes anywhere, or many control / replacement characters at the start: not a spreadsheet. */
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true
  const sample = text.slice(0, 4096)
  let odd = 0
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i)
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) odd++
  }
  return odd > 8 && odd / sample.length > 0.02
}

function lineBreakOf(text: string): '\r\n' | '\n' | '\r' {
  const lf = text.indexOf('\n')
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n'
  if (lf >= 0) return '\n'
  return text.includes('\r') ? '\r' : '\n'
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

export function parseCsv(input: string, fileName: string): ParsedCsv {
  // a string is at least as many UTF-8 bytes as it has UTF-16 units: the O(1) check first
  if (input.length > MAX_CSV_BYTES) checkCsvSize(input.length, fileName)
  else checkCsvSize(Buffer.byteLength(input, 'utf8'), fileName)

  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  if (looksBinary(text)) throw notText(fileName)
  // nothing but blanks and delimiters (an emptied sheet saved as CSV) counts as empty
  if (/^[\s,;]*$/.test(text)) throw fail(`${fileName} is empty: there is nothing to import.`)

  const newline = lineBreakOf(text)
  const rows: string[][] = []
  const lines: number[] = []
  let quoteError: { code: string; line: number; row: number } | undefined
  // line counting: `line` is the line number at offset `pos` (the start of a line)
  let pos = 0
  let line = 1

  const result = Papa.parse<string[]>(text, {
    delimitersToGuess: [...CSV_DELIMITERS],
    newline,
    skipEmptyLines: 'greedy',
    step: (step) => {
      const cursor = step.meta.cursor
      const breaks = countOf(text, newline, pos, cursor)
      const endsWithBreak = text.startsWith(newline, cursor - newline.length) && cursor > pos
      const endLine = line + breaks - (endsWithBreak ? 1 : 0)
      let inside = 0
      for (const cell of step.data) if (cell.includes(newline)) inside += countOf(cell, newline, 0, cell.length)
      for (const error of step.errors) {
        if (error.type === 'Quotes' && quoteError === undefined) {
          const at = typeof error.index === 'number' ? error.index : cursor
          quoteError = { code: error.code, line: 1 + countOf(text, newline, 0, at), row: rows.length }
        }
      }
      rows.push(step.data)
      lines.push(endLine - inside)
      line += breaks
      pos = cursor
    },
  })

  if (quoteError !== undefined) {
    const where = quoteError.row === 0 ? `the header (line ${quoteError.line})` : `row ${quoteError.row} (line ${quoteError.line})`
    throw fail(
      quoteError.code === 'InvalidQuotes'
        ? `${fileName}: ${where} has a quoted cell with text after its closing quote (like "abc"def). Put the whole cell in quotes and double the quotes inside it ("abc""def"), then import again.`
        : `${fileName}: ${where} has a quote (") that is never closed, so the rest of the file would be read as one cell. Close or remove that quote, then import again.`,
    )
  }

  const delimiter = (CSV_DELIMITERS as readonly string[]).includes(result.meta.delimiter)
    ? (result.meta.delimiter as CsvDelimiter)
    : ','

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
