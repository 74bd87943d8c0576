import { basename } from 'node:path'
import { MAX_CSV_FILE_BYTES, type ColumnMapping, type CsvPreview } from '../contract/dect'
import { chooseMapping, mappingText, parseMapFlag, readMappingFile } from './batch-mapping'
import { BridgeFailure, type CliContext, type OpenServices } from './context'
import { failedError, usageError } from './exit-codes'
import { readInputFile } from './input-file'

/**
 * The spreadsheet a `batch import` reads, new batch or `--into`: its bytes and the column choices
 * (`--map`, `--mapping`) checked before anything is opened, then its columns mapped with the
 * services' guess.
 */

export interface SpreadsheetArgs {
  file: string
  map?: string[]
  mapping?: string
}

export interface SpreadsheetInput {
  fileName: string
  base64: string
  flags: ReturnType<typeof parseMapFlag>[]
  mappingFile: ColumnMapping | undefined
}

/** The flags and the file, checked and read: bad usage (2) or failed (1) before anything is opened. */
export async function readSpreadsheetInput(argv: SpreadsheetArgs): Promise<SpreadsheetInput> {
  const flags = (argv.map ?? []).map(parseMapFlag)
  const mappingFile = argv.mapping === undefined ? undefined : await readMappingFile(argv.mapping)
  const bytes = await readSpreadsheet(argv.file)
  return { fileName: basename(argv.file), base64: bytes.toString('base64'), flags, mappingFile }
}

/** What the file holds and the mapping to import it with (the guess, changed by the flags). */
export async function mapColumns(ctx: CliContext, open: OpenServices, input: SpreadsheetInput): Promise<{ preview: CsvPreview; mapping: ColumnMapping; chosen: string }> {
  const { fileName, base64, flags, mappingFile } = input
  const preview = await open.must('previewCsv', { fileName, base64 }).catch(nothingImported)
  const { mapping, unused } = chooseMapping(preview.headers, preview.mapping, { ...(mappingFile ? { file: mappingFile } : {}), flags })
  if (unused.length > 0) ctx.out.note(`Note: ${fileName} has no column ${unused.map((h) => `"${h}"`).join(', ')} of the --mapping file.`)
  const chosen = flags.length > 0 || mappingFile ? 'as given' : 'guessed; change with --map field=Header'
  return { preview, mapping, chosen }
}

/** How the file was read and mapped, as both imports' --json print it. */
export function readJson(fileName: string, preview: CsvPreview, mapping: ColumnMapping) {
  const { encoding, delimiter, hasHeader, headers, warnings } = preview
  return { fileName, encoding, delimiter, hasHeader, headers, mapping, warnings }
}

/** "Read site.csv: utf-8, …" and "Columns (guessed; …): MAC → mac, …", as both imports print them. */
export function readLines(fileName: string, preview: CsvPreview, mapping: ColumnMapping, chosen: string): string[] {
  return [`Read ${fileName}: ${readText(preview)}.`, `Columns (${chosen}): ${mappingText(preview.headers, mapping)}.`]
}

/** "utf-8, comma-separated, a header row, 200 data rows" */
function readText(preview: CsvPreview): string {
  const delimiter = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' }[preview.delimiter] ?? `"${preview.delimiter}"`
  return `${preview.encoding}, ${delimiter}-separated, ${preview.hasHeader ? 'a header row' : 'no header row'}, ${preview.rowCount} data rows`
}

/** The file's bytes; a file that cannot be read is bad usage, one too large failed. */
function readSpreadsheet(file: string): Promise<Buffer> {
  return readInputFile(
    { name: '<file>', path: file, hint: 'name a CSV file' },
    { bytes: MAX_CSV_FILE_BYTES, tooLarge: () => failedError(`${file} is too large for a batch (at most 20 MB): split it into several files.`) },
  )
}

/**
 * The file could not be read as a spreadsheet, or the mapping the flags made is bad: nothing was
 * imported, with the service's reason (a bad mapping is bad usage, 2; anything else failed, 1).
 */
export function nothingImported(error: unknown): never {
  if (error instanceof BridgeFailure && error.error.field === 'mapping') throw usageError(error.message)
  if (error instanceof BridgeFailure && error.error.code === 'INVALID_INPUT') throw failedError(`Nothing was imported: ${error.message.replace(/\.?$/, '.')}`)
  throw error
}
