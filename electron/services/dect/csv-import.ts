import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import {
  BatchDefaultsSchema,
  ColumnMappingSchema,
  type BatchDefaults,
  type BatchRow,
  type ColumnMapping,
  type CsvEncoding,
} from '../../contract/dect'
import type { HandsetRow } from '../../contract/dect-handsets'
import type { DectModel, DectPhone } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { checked } from '../validation'
import { applyMapping, doubleMappings, guessMappingFromRecords, planOf, type ColumnPlan, type RawRowValues } from './column-mapping'
import { checkCsvSize, decodeCsv, parseCsv, textEncoding, type CsvDelimiter, type DecodedCsv } from './csv-parse'
import { rowHasErrors } from '../../contract/dect'
import { importHandsetRecords, linesFromModels } from './handsets/handset-import'
import { flagModels, type ModelsOwner } from './row-models'
import { findDuplicateMacs, flagMacsOnPbx } from './mac-clashes'
import { buildRow, REPLACEMENT_CHARACTER } from './row-validation'

/**
 * The CSV import as the Bridge calls it: a file's bytes → text (`csvText`, the one decoding
 * path: `decodeCsv`) → a preview for the mapping step (`previewCsv`), then → validated batch rows
 * (`importCsv`). Nothing here talks to a PBX; pass the target's phones (`existingPhones`) to have
 * MACs already on it flagged.
 */

export const PREVIEW_RECORDS = 20
/** how many rows with U+FFFD the preview names (then "and N more") */
const PREVIEW_WARNED_ROWS = 5

export interface CsvPreview {
  fileName: string
  encoding: CsvEncoding
  /** rows with U+FFFD in a cell (the encoding was not recognised): "row 7, Name: contains � (U+FFFD): …" */
  warnings: string[]
  headers: string[]
  hasHeader: boolean
  delimiter: CsvDelimiter
  /** the first `PREVIEW_RECORDS` data rows */
  records: string[][]
  /** guessed from the headers (and the cells, for the MAC), with `remembered` deciding the headers it names */
  mapping: ColumnMapping
  rowCount: number
}

export interface CsvImportInput {
  fileName: string
  text: string
  /** the mapping the user confirmed; guessed (from the headers) when absent */
  mapping?: ColumnMapping
  defaults: BatchDefaults
  /** the target PBX's phones, when one is chosen: their MACs are flagged (warning) */
  existingPhones?: readonly DectPhone[]
  /** the target PBX's DECT models, when known: how many handsets each base takes */
  models?: readonly DectModel[]
  /** the PBX `models` are of, when it is the batch's own: a model it lacks is an error (row-models.ts) */
  owner?: ModelsOwner
}

export interface CsvImport {
  headers: string[]
  hasHeader: boolean
  delimiter: CsvDelimiter
  mapping: ColumnMapping
  rows: BatchRow[]
  /** a spreadsheet of handsets (it has an IPUI column): one handset a record */
  handsets: HandsetRow[]
  counts: { rows: number; withErrors: number; handsets: number; handsetsWithErrors: number }
}

/**
 * A spreadsheet as the Bridge receives it → its text: the file's bytes (base64) decoded by
 * `decodeCsv`, after their size is checked.
 */
export function csvText(input: { fileName: string; base64: string }): DecodedCsv {
  // the size the bytes will have, checked before they are made (3 bytes for 4 characters, less the padding)
  const padding = input.base64.endsWith('==') ? 2 : input.base64.endsWith('=') ? 1 : 0
  checkCsvSize((input.base64.length / 4) * 3 - padding, input.fileName)
  return decodeCsv(Buffer.from(input.base64, 'base64'), input.fileName)
}

/**
 * The preview of a spreadsheet: `source` is its decoded text with the encoding read, or text
 * (reported as UTF-8).
 */
export function previewCsv(fileName: string, source: string | DecodedCsv, remembered: ColumnMapping = {}, models: readonly DectModel[] = []): CsvPreview {
  const { text, encoding } = typeof source === 'string' ? { text: source, encoding: textEncoding(source) } : source
  const parsed = parseCsv(text, fileName)
  return {
    fileName,
    encoding,
    warnings: replacementWarnings(parsed.headers, parsed.records),
    headers: parsed.headers,
    hasHeader: parsed.hasHeader,
    delimiter: parsed.delimiter,
    records: parsed.records.slice(0, PREVIEW_RECORDS),
    mapping: guessMappingFromRecords(parsed.headers, parsed.records, remembered, models),
    rowCount: parsed.records.length,
  }
}

/** "row 7, Name: contains � (U+FFFD): …" for the first rows with U+FFFD in a cell, then how many more. */
function replacementWarnings(headers: readonly string[], records: readonly string[][]): string[] {
  const warnings: string[] = []
  let more = 0
  records.forEach((record, i) => {
    const column = record.findIndex((cell) => cell.includes(REPLACEMENT_CHARACTER))
    if (column === -1) return
    if (warnings.length === PREVIEW_WARNED_ROWS) {
      more++
      return
    }
    const header = headers[column] ?? `Column ${column + 1}`
    warnings.push(`row ${i + 1}, ${header}: contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the ${header}`)
  })
  if (more > 0) warnings.push(`${more} more ${more === 1 ? 'row contains' : 'rows contain'} \uFFFD (U+FFFD)`)
  return warnings
}

export function importCsv(input: CsvImportInput): CsvImport {
  const defaults = checked(BatchDefaultsSchema, input.defaults, 'defaults')
  const given = input.mapping === undefined ? undefined : checked(ColumnMappingSchema, input.mapping, 'mapping')
  const parsed = parseCsv(input.text, input.fileName)

  let mapping: ColumnMapping
  if (given === undefined) mapping = guessMappingFromRecords(parsed.headers, parsed.records, {}, input.models)
  else {
    const doubles = doubleMappings(given)
    if (doubles.length > 0) {
      const [field, headers] = doubles[0] as [string, string[]]
      throw new ServiceError(
        'INVALID_INPUT',
        `Columns ${headers.map((h) => `'${h}'`).join(' and ')} are both mapped to ${field}; map one of them to another field or ignore it.`,
        { field: 'mapping' },
      )
    }
    // the given choices for this file's headers; a header it does not name is ignored
    mapping = Object.fromEntries(parsed.headers.map((h) => [h, Object.hasOwn(given, h) ? (given[h] as ColumnMapping[string]) : 'ignore']))
  }

  const plan = planOf(parsed.headers, mapping)
  const perHandset = plan.some(([, field]) => field === 'ipui')
  const imported = perHandset
    ? importHandsetRecords(parsed.records.map((record) => applyMapping(record, parsed.headers, plan)), defaults, linesFromModels(input.models))
    : { rows: buildRows(parsed.records, plan, defaults), handsets: [] }
  let rows = flagModels(findDuplicateMacs(imported.rows), defaults, input.models ?? [], input.owner)
  if (input.existingPhones !== undefined) rows = flagMacsOnPbx(rows, input.existingPhones)
  const handsets = imported.handsets

  return {
    headers: parsed.headers,
    hasHeader: parsed.hasHeader,
    delimiter: parsed.delimiter,
    mapping,
    rows,
    handsets,
    counts: {
      rows: rows.length,
      withErrors: countOf(rows, rowHasErrors),
      handsets: handsets.length,
      handsetsWithErrors: countOf(handsets, rowHasErrors),
    },
  }
}

/**
 * Batch rows from records, the first being row 1. One raw object is refilled for each record
 * (`applyMapping`'s work, in place): `buildRow` keeps nothing of it, and 10,000 records make no
 * 10,000 short-lived objects.
 */
function buildRows(records: readonly (readonly string[])[], plan: ColumnPlan, defaults: BatchDefaults): BatchRow[] {
  const raw: RawRowValues = {}
  return records.map((record, i) => {
    for (const [index, field] of plan) raw[field] = record[index]
    return buildRow(raw, defaults, i + 1)
  })
}

function countOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  let n = 0
  for (const item of items) if (test(item)) n++
  return n
}

/**
 * A CSV file from disk: its size checked before it is read, then decoded (`decodeCsv`: UTF-8 with
 * or without BOM, UTF-16 with BOM, else Windows-1252).
 */
export async function readCsvFile(path: string): Promise<{ fileName: string } & DecodedCsv> {
  const fileName = basename(path)
  let size: number
  try {
    size = (await stat(path)).size
  } catch {
    throw new ServiceError('INVALID_INPUT', `${fileName} could not be opened; check that it still exists.`)
  }
  checkCsvSize(size, fileName)
  const bytes = await readFile(path)
  return { fileName, ...decodeCsv(bytes, fileName) }
}
