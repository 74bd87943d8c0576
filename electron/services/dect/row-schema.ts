import type { z } from 'zod'
import { BatchRowValuesSchema, isEmptyValue, withDefaults, type BatchDefaults, type BatchRowValues } from '../../contract/dect'
import { DectPhoneCreateSchema } from '../../contract/pbx'

/**
 * The contract's check of a batch row: `DectPhoneCreateSchema` without the passwords (they never
 * go into a batch), plus the row's extension as `BatchRowValuesSchema` has it (the PBX never sees
 * it), so a row's values with the defaults filled in are checked as they are. Built once.
 */
export const ROW_SCHEMA = DectPhoneCreateSchema.omit({ password: true, user_password: true, engineer_password: true }).extend({
  extension: BatchRowValuesSchema.shape.extension,
})

type RowField = keyof typeof ROW_SCHEMA.shape

/*
 * `passesRowSchema` answers what `ROW_SCHEMA.safeParse(withDefaults(values, defaults)).success`
 * answers, with about half the work for the usual row (an import checks up to 20,000). An
 * object schema checks each field on its own, so:
 * - the row's own cells are parsed with ROW_SCHEMA narrowed (`pick`) to those fields and to the
 *   required ones the defaults do not fill (absent, they fail as they would); a field left out is
 *   optional or defaulted, so it cannot fail, and the narrowed schema is as strict about unknown
 *   fields. Narrowed schemas are kept per set of fields (a batch's rows fill the same few), at
 *   most `MAX_NARROWED`;
 * - the defaults' fields are parsed once (again when other defaults come, or these change), not
 *   in every row they fill.
 * Anything unusual (a field ROW_SCHEMA does not know, an empty own value, an inherited one) takes
 * the plain way.
 */
const FIELDS = Object.keys(ROW_SCHEMA.shape) as RowField[]
const BIT = new Map<string, number>(FIELDS.map((field, i) => [field, 1 << i]))
/** the fields without which a row fails: neither optional nor defaulted */
const REQUIRED = FIELDS.reduce((mask, field, i) => (ROW_SCHEMA.shape[field].safeParse(undefined).success ? mask : mask | (1 << i)), 0)
const MAX_NARROWED = 64
const narrowed = new Map<number, z.ZodType>()

function narrowedTo(mask: number): z.ZodType {
  const known = narrowed.get(mask)
  if (known !== undefined) return known
  const picked: Partial<Record<RowField, true>> = {}
  FIELDS.forEach((field, i) => {
    if ((mask & (1 << i)) !== 0) picked[field] = true
  })
  const schema = ROW_SCHEMA.pick(picked)
  if (narrowed.size < MAX_NARROWED) narrowed.set(mask, schema)
  return schema
}

/** The defaults' own non-empty fields (`given`) and those of them ROW_SCHEMA refuses (`failing`). */
interface DefaultsCheck {
  given: number
  failing: number
  /** what was checked: the defaults' entries, arrays copied, to tell whether they are still the same */
  entries: Array<readonly [string, unknown]>
}
let lastDefaults: { source: BatchDefaults; check: DefaultsCheck | undefined } | undefined

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b

function sameEntries(defaults: BatchDefaults, entries: DefaultsCheck['entries']): boolean {
  let n = 0
  for (const key in defaults) {
    const entry = entries[n++]
    if (entry === undefined || entry[0] !== key || !sameValue(entry[1], defaults[key as keyof BatchDefaults])) return false
  }
  return n === entries.length
}

/** `defaults` checked field by field, or undefined when one is not a ROW_SCHEMA field (the plain way then). */
function checkedDefaults(defaults: BatchDefaults): DefaultsCheck | undefined {
  if (lastDefaults?.source === defaults && (lastDefaults.check === undefined || sameEntries(defaults, lastDefaults.check.entries))) return lastDefaults.check
  let check: DefaultsCheck | undefined = { given: 0, failing: 0, entries: [] }
  for (const key in defaults) {
    const value: unknown = defaults[key as keyof BatchDefaults]
    check.entries.push([key, Array.isArray(value) ? [...(value as unknown[])] : value])
    const bit = BIT.get(key)
    if (bit === undefined || !Object.hasOwn(defaults, key)) {
      check = undefined
      break
    }
    if (isEmptyValue(value)) continue
    check.given |= bit
    if (!ROW_SCHEMA.shape[key as RowField].safeParse(value).success) check.failing |= bit
  }
  lastDefaults = { source: defaults, check }
  return check
}

const passesPlainly = (values: BatchRowValues, defaults: BatchDefaults): boolean => ROW_SCHEMA.safeParse(withDefaults(values, defaults)).success

/** True when a row's values, with the batch defaults in its empty cells, pass ROW_SCHEMA (for why they do not, parse `withDefaults(values, defaults)` with ROW_SCHEMA itself). */
export function passesRowSchema(values: BatchRowValues, defaults: BatchDefaults): boolean {
  const given = checkedDefaults(defaults)
  if (given === undefined) return passesPlainly(values, defaults)
  let own = 0
  for (const key in values) {
    const bit = BIT.get(key)
    if (bit === undefined || !Object.hasOwn(values, key) || isEmptyValue(values[key as keyof BatchRowValues])) return passesPlainly(values, defaults)
    own |= bit
  }
  const filled = given.given & ~own
  if ((filled & given.failing) !== 0) return false
  return narrowedTo(own | (REQUIRED & ~filled)).safeParse(values).success
}
