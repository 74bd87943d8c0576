import { hiddenCharacterNote } from '../../contract/characters'
import { withDefaults, type BatchDefaults, type BatchField, type BatchRow, type BatchRowValues, type RowProblem } from '../../contract/dect'
import { checkInput, type CheckResult, DECT_INTERFACES, DECT_LANGUAGES, TRANSPORTS } from '../../contract/pbx'
import { parseBoolean, parseCodecs, parseInterface, parseLanguage, parseTransport } from './cell-spellings'
import type { RawRowValues } from './column-mapping'
import { parseMac } from './mac'
import { newRowId } from './row-id'
import { passesRowSchema, ROW_SCHEMA } from './row-schema'

/**
 * One spreadsheet row → a batch row: cells trimmed, the MAC normalised, yes/no and codec lists
 * understood, friendly enum spellings accepted ("English", "de", "udp", "web domain"), empty
 * cells filled from the batch defaults, and the result checked against the contract's
 * `DectPhoneCreateSchema` (without the passwords, which never go into a batch: row-schema.ts). Every problem is
 * a `RowProblem` whose message names the value, so the preview can show "row 14: MAC 00:15:65
 * has 6 of 12 hex digits".
 *
 * A cell that cannot be understood is an error, unless the batch has a default for that field:
 * then the default is used and the problem is a warning.
 *
 * `values` holds the row's own (normalised) cells only; empty cells are left empty, and the
 * batch defaults fill them when the row is checked and when it is pushed (`withDefaults`), so a
 * default changed later applies to every row that left the cell empty. A cell that was not
 * understood and has a default keeps the default in its place (the warning says so). The API's
 * own defaults (rps false, https true, interface WEB_DOMAIN, transport UDP) are not written in;
 * the PBX applies them. The extension is checked
 * loosely (a warning): the PBX never sees it, it is printed on labels.
 */

const LABELS: Partial<Record<BatchField, string>> = {
  mac: 'MAC',
  handset_language: 'handset language',
  preferred_transport: 'preferred transport',
}
const labelOf = (field: string): string => LABELS[field as BatchField] ?? field

const MAX_SHOWN = 40
const shown = (value: string): string => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value)

// --- building a row -------------------------------------------------------------------------

const ENUM_LISTS = {
  language: DECT_LANGUAGES,
  handset_language: DECT_LANGUAGES,
  interface: DECT_INTERFACES,
  preferred_transport: TRANSPORTS,
} as const

/** What a decoder puts for bytes it could not read: in a cell, the file's encoding was not recognised. */
export const REPLACEMENT_CHARACTER = '\uFFFD'

/** The warning of a cell holding U+FFFD (a row's field, a handset's name). */
export const replacementWarning = (label: string, value: string): string =>
  `${label} '${shown(value)}' contains \uFFFD (U+FFFD): the file's encoding was not recognised; check the ${label}`

const TEXT_FIELDS = ['name', 'extension', 'vendor', 'model', 'template', 'timezone', 'region', 'tone'] as const
const ENUM_FIELDS = ['language', 'handset_language', 'interface', 'preferred_transport'] as const
const BOOLEAN_FIELDS = ['rps', 'https'] as const
const EXTENSION = /^[0-9*#+]{1,32}$/

const parseEnum = (field: (typeof ENUM_FIELDS)[number], cell: string): string | undefined =>
  field === 'language' || field === 'handset_language' ? parseLanguage(cell) : field === 'interface' ? parseInterface(cell) : parseTransport(cell)

/** A cell trimmed; a whitespace-only cell counts as empty (undefined). */
const cellOf = (raw: RawRowValues, field: BatchField): string | undefined => raw[field]?.trim() || undefined

/** A cell not understood: the default stands in for it (warning), or it is an error. */
function notUnderstood(problems: RowProblem[], field: BatchField, message: string, fallback: string | boolean | string[] | undefined): void {
  if (fallback === undefined) {
    problems.push({ field, message, severity: 'error' })
    return
  }
  const text = Array.isArray(fallback) ? fallback.join(', ') : String(fallback)
  problems.push({ field, message: `${message}; the batch default ${text} is used instead`, severity: 'warning' })
}

/**
 * A batch row from the raw cells of one record. `rowNumber` is the row's place in the file
 * (1 = the first data row); `id` is kept for the row's life in the batch (a new UUID by default).
 * It runs for every row of an import (10,000 in a large one): the messages are built for the
 * cells that get one, and the constant lists live outside it.
 */
export function buildRow(raw: RawRowValues, defaults: BatchDefaults, rowNumber: number, id: string = newRowId()): BatchRow {
  const values: BatchRowValues = {}
  const problems: RowProblem[] = []

  for (const field of TEXT_FIELDS) {
    const v = cellOf(raw, field)
    if (v === undefined) continue
    values[field] = v
    if (v.includes(REPLACEMENT_CHARACTER)) problems.push({ field, message: replacementWarning(labelOf(field), v), severity: 'warning' })
  }
  if (values.extension !== undefined && !EXTENSION.test(values.extension)) {
    problems.push({
      field: 'extension',
      message: `extension '${shown(values.extension)}' is not a phone extension (digits, * # and + only${hiddenCharacterNote(values.extension)}); it is printed on the label as it is`,
      severity: 'warning',
    })
  }

  const macCell = cellOf(raw, 'mac')
  if (macCell === undefined) {
    problems.push({ field: 'mac', message: 'MAC is missing', severity: 'error' })
  } else {
    const mac = parseMac(macCell)
    if (mac.ok) {
      values.mac = mac.mac
      if (mac.warning !== undefined) problems.push({ field: 'mac', message: mac.warning, severity: 'warning' })
    } else {
      values.mac = macCell
      problems.push({ field: 'mac', message: mac.message, severity: 'error' })
    }
  }

  for (const field of ENUM_FIELDS) {
    const cell = cellOf(raw, field)
    if (cell === undefined) continue
    const parsed = parseEnum(field, cell)
    if (parsed !== undefined) {
      values[field] = parsed
      continue
    }
    const fallback = defaults[field]
    values[field] = fallback ?? cell
    notUnderstood(problems, field, `${labelOf(field)} '${shown(cell)}' is not one of ${ENUM_LISTS[field].join(', ')}`, fallback)
  }

  for (const field of BOOLEAN_FIELDS) {
    const cell = cellOf(raw, field)
    if (cell === undefined) continue
    const parsed = parseBoolean(cell)
    if (parsed !== undefined) {
      values[field] = parsed
      continue
    }
    const fallback = defaults[field]
    if (fallback !== undefined) values[field] = fallback
    notUnderstood(problems, field, `${field} '${shown(cell)}' is not yes or no (write yes/no, true/false, 1/0 or x for yes)`, fallback)
  }

  const codecs = cellOf(raw, 'codecs')
  if (codecs !== undefined) values.codecs = parseCodecs(codecs)

  // the contract's word on the rest, with the defaults in the empty cells: required fields,
  // lengths, codec repeats. Most rows pass: the quick check first; the defaults filled in and the
  // error map only for the rows that fail
  if (!passesRowSchema(values, defaults)) {
    const effective = withDefaults(values, defaults)
    contractProblems(problems, checkInput(ROW_SCHEMA, effective), effective)
  }

  return { id, row: rowNumber, values, problems, outcome: { state: 'pending' } }
}

/** The contract's problems of a row that failed its check: one a field, after the row's own. */
function contractProblems(problems: RowProblem[], check: CheckResult<unknown>, effective: BatchRowValues): void {
  if (check.success) return
  // a field with an error of its own already says what is wrong
  const reported = new Set(problems.filter((p) => p.severity === 'error').map((p) => p.field))
  for (const problem of check.problems) {
    const field = problem.path.split('.')[0] ?? ''
    if (reported.has(field)) continue
    problems.push({ field: field || 'row', message: messageOf(field, problem.message, effective), severity: 'error' })
    reported.add(field)
  }
}

function messageOf(field: string, message: string, values: BatchRowValues): string {
  const label = labelOf(field)
  if (message === 'is required') {
    return field === 'name'
      ? 'name is missing'
      : `${label} is missing: fill the column or set it in the batch defaults`
  }
  const value = (values as Record<string, unknown>)[field]
  if (field === 'codecs' && Array.isArray(value)) {
    const repeat = /^repeats (.+)$/.exec(message)
    const list = shown(value.join(', '))
    return repeat ? `codecs '${list}' name ${repeat[1] as string} twice` : `codecs '${list}' ${message}`
  }
  if (typeof value === 'string') return `${label} '${shown(value)}' ${message}`
  return `${label} ${message}`
}

/** A row rebuilt from its own values (after an edit), keeping its id, number and outcome. */
export function revalidateRow(row: BatchRow, defaults: BatchDefaults): BatchRow {
  const rebuilt = buildRow(rawOf(row.values), defaults, row.row, row.id)
  return { ...rebuilt, outcome: row.outcome }
}

/** A row's values as cells again (codecs joined, booleans as yes/no). */
export function rawOf(values: BatchRowValues): RawRowValues {
  const raw: RawRowValues = {}
  for (const [key, v] of Object.entries(values) as Array<[BatchField, unknown]>) {
    if (v === undefined) continue
    raw[key] = Array.isArray(v) ? v.join(', ') : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)
  }
  return raw
}

/** The row with `problem` added, unless it says so already (same field and message). */
export const withProblem = (row: BatchRow, problem: RowProblem): BatchRow =>
  row.problems.some((p) => p.field === problem.field && p.message === problem.message)
    ? row
    : { ...row, problems: [...row.problems, problem] }
