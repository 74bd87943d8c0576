import type { z } from 'zod'
import { BatchRowValuesSchema } from '../../contract/dect'
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
 * `passesRowSchema` answers what `ROW_SCHEMA.safeParse(values).success` answers, with about half
 * the work for the usual row (an import checks up to 20,000): it parses with ROW_SCHEMA narrowed
 * (`pick`) to the fields the row has and the required ones. A field the row leaves out is optional
 * or has a default in ROW_SCHEMA, so it cannot fail there; an object schema checks each field on
 * its own, and the narrowed one is as strict about unknown fields. Narrowed schemas are kept per
 * set of fields (a batch's rows mostly fill the same few), at most `MAX_NARROWED` of them.
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

/** True when `values` pass ROW_SCHEMA (for why they do not, parse with ROW_SCHEMA itself). */
export function passesRowSchema(values: Readonly<Record<string, unknown>>): boolean {
  let mask = REQUIRED
  for (const key in values) {
    const bit = BIT.get(key)
    // a field the schema does not know: ROW_SCHEMA says so
    if (bit === undefined) return ROW_SCHEMA.safeParse(values).success
    mask |= bit
  }
  return narrowedTo(mask).safeParse(values).success
}
