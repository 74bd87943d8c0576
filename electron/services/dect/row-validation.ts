import { hiddenCharacterNote } from '../../contract/characters'
import { macForPeople, rowHasErrors, withDefaults, type BatchDefaults, type BatchField, type BatchRow, type BatchRowValues, type RowProblem } from '../../contract/dect'
import {
  checkInput,
  type CheckResult,
  DECT_INTERFACES,
  DECT_LANGUAGES,
  TRANSPORTS,
  type DectInterface,
  type DectLanguage,
  type DectPhone,
  type Transport,
} from '../../contract/pbx'
import { findDectPhoneByMac } from '../pbx-client/dect-phones'
import { headerKey, type RawRowValues } from './column-mapping'
import { parseMac, parseMacForm } from './mac'
import { isRowsOwnPhone } from './own-phone'
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

// --- friendly spellings ----------------------------------------------------------------------

const LANGUAGE_WORDS: Record<DectLanguage, readonly string[]> = {
  ENGLISH: ['english', 'en', 'eng', 'englisch', 'anglais', 'ingles', 'inglese', 'engels'],
  CHINESE: ['chinese', 'zh', 'zho', 'chi', 'chinesisch', 'chinois', 'chino', 'cinese', 'chinees', '中文', '汉语', '漢語'],
  DUTCH: ['dutch', 'nl', 'nld', 'dut', 'nederlands', 'niederländisch', 'néerlandais', 'holandés', 'olandese'],
  FRENCH: ['french', 'fr', 'fra', 'fre', 'français', 'französisch', 'francés', 'francese', 'frans'],
  GERMAN: ['german', 'de', 'deu', 'ger', 'deutsch', 'allemand', 'alemán', 'tedesco', 'duits'],
  GREEK: ['greek', 'el', 'ell', 'gre', 'griechisch', 'grec', 'griego', 'greco', 'grieks', 'ελληνικά'],
  ITALIAN: ['italian', 'it', 'ita', 'italienisch', 'italien', 'italiano', 'italiaans'],
  JAPANESE: ['japanese', 'ja', 'jpn', 'japanisch', 'japonais', 'japonés', 'giapponese', 'japans', '日本語'],
  POLISH: ['polish', 'pl', 'pol', 'polnisch', 'polonais', 'polaco', 'polacco', 'pools', 'polski'],
  RUSSIAN: ['russian', 'ru', 'rus', 'russisch', 'russe', 'ruso', 'russo', 'русский'],
  SPANISH: ['spanish', 'es', 'spa', 'spanisch', 'espagnol', 'español', 'castellano', 'spagnolo', 'spaans'],
  SWEDISH: ['swedish', 'sv', 'swe', 'schwedisch', 'suédois', 'sueco', 'svedese', 'zweeds', 'svenska'],
  // not "uk": people write it for the United Kingdom
  UKRAINIAN: ['ukrainian', 'ukr', 'ukrainisch', 'ukrainien', 'ucraniano', 'ucraino', 'oekraïens', 'українська'],
  BULGARIAN: ['bulgarian', 'bg', 'bul', 'bulgarisch', 'bulgare', 'búlgaro', 'bulgaro', 'bulgaars', 'български'],
}
const LANGUAGES = new Map<string, DectLanguage>()
for (const language of DECT_LANGUAGES) {
  LANGUAGES.set(headerKey(language), language)
  for (const word of LANGUAGE_WORDS[language]) LANGUAGES.set(headerKey(word), language)
}

/** Enum cells repeat down a column: each distinct spelling is looked up once (bounded). */
function memo<T>(lookup: (value: string) => T | undefined): (value: string) => T | undefined {
  const seen = new Map<string, T | undefined>()
  return (value) => {
    // one lookup for a known spelling (most cells); `has` only tells a remembered "not understood"
    const known = seen.get(value)
    if (known !== undefined || seen.has(value)) return known
    const result = lookup(value)
    if (seen.size < 1000) seen.set(value, result)
    return result
  }
}

const parseLanguage = memo((value: string): DectLanguage | undefined => {
  const direct = LANGUAGES.get(headerKey(value))
  if (direct !== undefined) return direct
  // a locale: en-GB, de_AT, pt-BR
  const locale = /^([a-z]{2,3})[-_][a-z0-9]{2,8}$/i.exec(value)
  return locale ? LANGUAGES.get((locale[1] as string).toLowerCase()) : undefined
})

const INTERFACES = new Map<string, DectInterface>([
  ...DECT_INTERFACES.map((v) => [headerKey(v), v] as [string, DectInterface]),
  ['web', 'WEB_DOMAIN'],
  ['domain', 'WEB_DOMAIN'],
  ['publicip', 'PUBLIC_IPV4'],
  ['publicip4', 'PUBLIC_IPV4'],
  ['publicip6', 'PUBLIC_IPV6'],
  ['privateip', 'PRIVATE_IPV4'],
  ['privateip4', 'PRIVATE_IPV4'],
  ['privateip6', 'PRIVATE_IPV6'],
  ['sbc', 'SBC_DOMAIN'],
])

const TRANSPORT_WORDS = new Map<string, Transport>([
  ...TRANSPORTS.map((v) => [headerKey(v), v] as [string, Transport]),
  ['sipudp', 'UDP'],
  ['siptcp', 'TCP'],
  ['siptls', 'TLS'],
  ['sips', 'TLS'],
])

const parseInterface = memo((value: string) => INTERFACES.get(headerKey(value)))
const parseTransport = memo((value: string) => TRANSPORT_WORDS.get(headerKey(value)))

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', '1', 'on', 'x', 'ja', 'j', 'oui', 'si', 'sí', 'wahr', 'enabled', 'enable', '✓', '✔'])
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0', 'off', 'nein', 'non', 'falsch', 'disabled', 'disable', '✗', '✘'])

function parseBoolean(value: string): boolean | undefined {
  const key = value.toLowerCase()
  if (TRUE_WORDS.has(key)) return true
  if (FALSE_WORDS.has(key)) return false
  return undefined
}

/** Usual spellings of codec names → the names the PBXs of this API use. */
const CODEC_NAMES = new Map<string, string>([
  ['PCMU', 'PCMU'],
  ['PCMA', 'PCMA'],
  ['G711U', 'PCMU'],
  ['G711MU', 'PCMU'],
  ['G711ULAW', 'PCMU'],
  ['ULAW', 'PCMU'],
  ['MULAW', 'PCMU'],
  ['G711A', 'PCMA'],
  ['G711ALAW', 'PCMA'],
  ['ALAW', 'PCMA'],
  ['G722', 'G722'],
  ['G729', 'G729'],
  ['G726', 'G726'],
  ['OPUS', 'OPUS'],
  ['ILBC', 'iLBC'],
])

/** "PCMU;PCMA", "PCMU, PCMA", "pcmu pcma", "G.711a | G.722" → names in priority order. */
export function parseCodecs(value: string): string[] {
  return value
    .split(/[;,|/\s]+/)
    .filter((c) => c !== '')
    .map((c) => CODEC_NAMES.get(c.toUpperCase().replace(/[._-]/g, '')) ?? c)
}

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

// --- across rows ----------------------------------------------------------------------------

const STORED_MAC = /^[0-9A-F]{12}$/

/** The problems of `findDuplicateMacs` (recognised so that calling it again adds nothing). */
const isDuplicateProblem = (p: RowProblem): boolean => p.field === 'mac' && / is also in rows? /.test(p.message)

/** The normalised MAC of a row whose MAC is valid, else undefined. */
function validMacOf(row: BatchRow): string | undefined {
  const mac = row.values.mac
  if (mac === undefined || !STORED_MAC.test(mac)) return undefined
  const broken = row.problems.some((p) => p.field === 'mac' && p.severity === 'error' && !isDuplicateProblem(p))
  return broken ? undefined : mac
}

const rowList = (numbers: number[]): string => {
  const shownNumbers = numbers.slice(0, 5).map(String)
  const more = numbers.length - shownNumbers.length
  if (numbers.length === 1) return `row ${shownNumbers[0] as string}`
  if (more > 0) return `rows ${shownNumbers.join(', ')} and ${more} more`
  return `rows ${shownNumbers.slice(0, -1).join(', ')} and ${shownNumbers[shownNumbers.length - 1] as string}`
}

/** The row with `problem` added, unless it says so already (same field and message). */
export const withProblem = (row: BatchRow, problem: RowProblem): BatchRow =>
  row.problems.some((p) => p.field === problem.field && p.message === problem.message)
    ? row
    : { ...row, problems: [...row.problems, problem] }

/**
 * A MAC in several rows: one row keeps it and stays pushable, the others are kept out of the push.
 * The row that keeps it is the first (in batch order) that is on the PBX already (created or
 * matched by a push), else the first without another error, else the first; it gets a warning
 * naming the others ("is also in rows 9 and 12"), each other row an error naming it ("is also in
 * row 3"). A push sends rows without errors only, so the MAC is pushed once, from the row that
 * keeps it. The problems of an earlier call are replaced, so calling it again adds nothing.
 */
export function findDuplicateMacs(rows: readonly BatchRow[]): BatchRow[] {
  const out = rows.map((row) => (row.problems.some(isDuplicateProblem) ? { ...row, problems: row.problems.filter((p) => !isDuplicateProblem(p)) } : row))
  // the first row of each MAC, and a list only for the MACs seen again (most are not)
  const firstOf = new Map<string, number>()
  const repeats = new Map<string, number[]>()
  out.forEach((row, i) => {
    const mac = validMacOf(row)
    if (mac === undefined) return
    const first = firstOf.get(mac)
    if (first === undefined) firstOf.set(mac, i)
    else {
      const list = repeats.get(mac)
      if (list) list.push(i)
      else repeats.set(mac, [first, i])
    }
  })
  for (const [mac, indexes] of repeats) {
    const rowAt = (i: number): BatchRow => out[i] as BatchRow
    const keeper = indexes.find((i) => isOnPbx(rowAt(i))) ?? indexes.find((i) => !rowHasErrors(rowAt(i))) ?? (indexes[0] as number)
    const keeperRow = rowAt(keeper).row
    const others = indexes.filter((i) => i !== keeper)
    const shownMac = macForPeople(mac)
    for (const i of others) {
      out[i] = withProblem(rowAt(i), {
        field: 'mac',
        message: `MAC ${shownMac} is also in row ${keeperRow}: this row is left out of the push; remove it or correct its MAC`,
        severity: 'error',
      })
    }
    out[keeper] = withProblem(rowAt(keeper), {
      field: 'mac',
      message: `MAC ${shownMac} is also in ${rowList(others.map((i) => rowAt(i).row))}, which ${others.length === 1 ? 'is' : 'are'} left out of the push`,
      severity: 'warning',
    })
  }
  return out
}

const isOnPbx = (row: BatchRow): boolean => row.outcome.state === 'created' || row.outcome.state === 'matched'

/**
 * Rows whose MAC is already a phone on the target PBX get a warning: the push matches that phone
 * when it is the row's own (its name), and reports the row when it is another phone; it never
 * creates a second one, which the PBX would refuse with 409 (own-phone.ts).
 */
export function flagMacsOnPbx(rows: readonly BatchRow[], existingPhones: readonly DectPhone[]): BatchRow[] {
  const known = new Set<string>()
  for (const phone of existingPhones) {
    const parsed = phone.mac === undefined ? undefined : parseMacForm(phone.mac)
    if (parsed?.ok) known.add(parsed.mac)
  }
  return rows.map((row) => {
    const mac = validMacOf(row)
    if (mac === undefined || !known.has(mac)) return row
    const phone = findDectPhoneByMac(existingPhones, mac)
    if (phone === undefined) return row
    const name = phone.name === undefined ? '' : ` as '${phone.name}'`
    const what = isRowsOwnPhone(phone, row.values) ? ': the push will match it' : ', another phone: the push will report this row'
    return withProblem(row, { field: 'mac', message: `MAC ${mac} is already on the PBX${name} (id ${phone.id})${what}, not create it`, severity: 'warning' })
  })
}

/** True when a row has a problem that stops its push. */

