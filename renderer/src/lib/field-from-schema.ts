import { z } from 'zod'

/**
 * What a form field is, read from the contract's schema of its value (issue 44): the kind of
 * control it wants and the limits and choices the schema itself holds, so a form writes out none
 * of them. Wrappers that do not change the control (optional, nullable, default, readonly, a
 * transform's input) are looked through; `required` says whether "no value" fails the schema.
 */
export type FieldSpec =
  | { kind: 'text'; required: boolean; minLength?: number; maxLength?: number }
  | { kind: 'number'; required: boolean; integer: boolean; min?: number; max?: number }
  | { kind: 'choice'; required: boolean; values: readonly string[] }
  | { kind: 'switch'; required: boolean }
  | { kind: 'list'; required: boolean; item: FieldSpec }

export type FieldKind = FieldSpec['kind']

/** The schema under the wrappers that leave the value's kind as it is. */
export function innerSchema(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return innerSchema(schema.unwrap() as z.ZodType)
  }
  if (schema instanceof z.ZodPrefault || schema instanceof z.ZodReadonly || schema instanceof z.ZodCatch) {
    return innerSchema(schema.def.innerType as z.ZodType)
  }
  if (schema instanceof z.ZodPipe) return innerSchema(schema.def.in as z.ZodType)
  return schema
}

/** `{ [key]: value }` for a limit worth showing (zod answers null or ±Infinity for none), else `{}`. */
function limit<K extends string>(key: K, value: number | null | undefined): Partial<Record<K, number>> {
  return typeof value === 'number' && Number.isFinite(value) ? ({ [key]: value } as Record<K, number>) : {}
}

/** The field a schema asks for; a schema of a kind no control shows is a mistake of the form. */
export function fieldFromSchema(schema: z.ZodType): FieldSpec {
  const required = !schema.safeParse(undefined).success
  const inner = innerSchema(schema)
  // a plain string, or a string of a format (an email, an IP address, a URL)
  if (inner instanceof z.ZodString || inner instanceof z.ZodStringFormat) {
    return { kind: 'text', required, ...limit('minLength', inner.minLength), ...limit('maxLength', inner.maxLength) }
  }
  if (inner instanceof z.ZodNumber) {
    return { kind: 'number', required, integer: inner.isInt, ...limit('min', inner.minValue), ...limit('max', inner.maxValue) }
  }
  if (inner instanceof z.ZodEnum) {
    return { kind: 'choice', required, values: inner.options.map((value) => String(value)) }
  }
  if (inner instanceof z.ZodLiteral) return { kind: 'choice', required, values: [...inner.values].map((value) => String(value)) }
  if (inner instanceof z.ZodUnion) return unionField(inner.options as readonly z.ZodType[], required)
  if (inner instanceof z.ZodBoolean) return { kind: 'switch', required }
  if (inner instanceof z.ZodArray) return { kind: 'list', required, item: fieldFromSchema(inner.element as z.ZodType) }
  throw new Error(`no form field shows a value of type ${inner.def.type}`)
}

/**
 * A union's field: choices alone (literals, enums; `'' | a colour`) are one choice of all their
 * values; choices beside a text (`'' | a domain`) are that text, the choices values it may take
 * too (so its least length no longer holds). Any other union is a mistake of the form.
 */
function unionField(members: readonly z.ZodType[], required: boolean): FieldSpec {
  const fields = members.map((member) => fieldFromSchema(member))
  const values = fields.flatMap((field) => (field.kind === 'choice' ? field.values : []))
  const others = fields.filter((field) => field.kind !== 'choice')
  if (others.length === 0) return { kind: 'choice', required, values: [...new Set(values)] }
  const [text] = others
  if (others.length === 1 && text?.kind === 'text') return { kind: 'text', required, ...limit('maxLength', text.maxLength) }
  throw new Error(`no form field shows a union of ${fields.map((field) => field.kind).join(', ')}`)
}

/** An enum value in words: `WEB_DOMAIN` → `Web domain`, `ENGLISH` → `English`. */
export const sentenceWords = (value: string): string => value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ')
