import { z } from 'zod'
import { BatchDefaultsSchema, BatchRowValuesSchema, type BatchRow, type BatchRowValues } from './dect'

/**
 * One value set on many rows of a batch at once (the app's "Set a value…", `batch set` on the
 * command line), and its undoing: which fields may be set (a row's text fields; its MAC, each
 * phone's own, on one row at a time), the values a field takes where the contract lists them, the
 * edits of one setting (`{n}` in the value is each row's number: "Handset {n}"), and the edits that
 * undo it (each row's value before; empty where it had none, which the row then takes from the
 * batch defaults).
 */

export type SettableField = Exclude<keyof BatchRowValues, 'codecs' | 'rps' | 'https'>

const isText = (schema: z.ZodType): boolean => schema instanceof z.ZodOptional && schema.unwrap() instanceof z.ZodString

/** the fields a setting may fill, in the contract's order */
export const SETTABLE_FIELDS = Object.entries(BatchRowValuesSchema.shape)
  .filter(([, schema]) => isText(schema as z.ZodType))
  .map(([field]) => field as SettableField)

/** fields each row has its own value of: set on one row at a time */
export const ONE_ROW_FIELDS: readonly SettableField[] = ['mac']

/** the values a field takes when the contract lists them (a language, the interface, the transport); undefined: free text */
export function choicesOf(field: SettableField): readonly string[] | undefined {
  const schema = (BatchDefaultsSchema.shape as Record<string, z.ZodType>)[field]
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : undefined
}

export interface RowEdit {
  rowId: string
  values: BatchRowValues
}

/** The edits that set `field` to `value` on `rows` (`{n}`: the row's number). */
export function settingEdits(rows: readonly Pick<BatchRow, 'id' | 'row'>[], field: SettableField, value: string): RowEdit[] {
  const text = value.trim()
  return rows.map((row) => ({ rowId: row.id, values: { [field]: text.replaceAll('{n}', String(row.row)) } }))
}

/** The edits that put back what `rows` had in `field` before a setting (empty where they had nothing). */
export function undoEdits(rows: readonly Pick<BatchRow, 'id' | 'values'>[], field: SettableField): RowEdit[] {
  return rows.map((row) => ({ rowId: row.id, values: { [field]: row.values[field] ?? '' } }))
}
