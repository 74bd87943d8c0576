import { BatchDefaultsSchema } from '@contract/dect'
import { DECT_LANGUAGES, DectPhoneUpdateSchema, IvrServerCreateSchema, LIMITS, MacSchema, RouteInputSchema } from '@contract/pbx'
import { PbxProfileFieldsSchema, PROFILE_COLOURS } from '@contract/profiles'
import { fieldFromSchema, innerSchema, sentenceWords } from '@renderer/lib/field-from-schema'
import { schemaProblem } from '@renderer/lib/form-rules'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

const batch = BatchDefaultsSchema.shape
const phone = DectPhoneUpdateSchema.shape
const route = RouteInputSchema.shape

describe('fieldFromSchema', () => {
  it('a string is a text field with the schema’s length limits', () => {
    expect(fieldFromSchema(batch.timezone)).toEqual({ kind: 'text', required: false, maxLength: 64 })
    expect(fieldFromSchema(phone.name)).toEqual({ kind: 'text', required: false, minLength: LIMITS.dectName.min, maxLength: LIMITS.dectName.max })
    expect(fieldFromSchema(z.string().min(3))).toEqual({ kind: 'text', required: true, minLength: 3 })
    expect(fieldFromSchema(z.string())).toEqual({ kind: 'text', required: true })
  })

  it('a string of a format (an address, an email) is a text field too', () => {
    expect(fieldFromSchema(IvrServerCreateSchema.shape.ipv4)).toEqual({ kind: 'text', required: false })
    expect(fieldFromSchema(z.email().max(80))).toEqual({ kind: 'text', required: true, maxLength: 80 })
  })

  it('looks through a transform to the string it parses', () => {
    expect(fieldFromSchema(MacSchema)).toEqual({ kind: 'text', required: true })
    expect(fieldFromSchema(z.string().max(5).transform((value) => value.length))).toEqual({ kind: 'text', required: true, maxLength: 5 })
  })

  it('a number is a number field with min and max, and says whether it is whole', () => {
    expect(fieldFromSchema(route.strip_digits)).toEqual({
      kind: 'number',
      required: false,
      integer: true,
      min: LIMITS.stripDigits.min,
      max: LIMITS.stripDigits.max,
    })
    expect(fieldFromSchema(z.number().min(0.5))).toEqual({ kind: 'number', required: true, integer: false, min: 0.5 })
  })

  it('an enum is a choice of its values, in the schema’s order', () => {
    expect(fieldFromSchema(batch.language)).toEqual({ kind: 'choice', required: false, values: [...DECT_LANGUAGES] })
    expect(fieldFromSchema(z.enum(['UDP', 'TCP']).nullable().default('UDP'))).toEqual({ kind: 'choice', required: false, values: ['UDP', 'TCP'] })
  })

  it('a literal is a choice of one; a union of choices is a choice of all their values', () => {
    expect(fieldFromSchema(z.literal('on'))).toEqual({ kind: 'choice', required: true, values: ['on'] })
    expect(fieldFromSchema(PbxProfileFieldsSchema.shape.colour)).toEqual({ kind: 'choice', required: false, values: ['', ...PROFILE_COLOURS] })
  })

  it('a union of a text and choices (‘empty, or a domain’) is that text, its least length gone', () => {
    expect(fieldFromSchema(PbxProfileFieldsSchema.shape.domain)).toEqual({ kind: 'text', required: false, maxLength: LIMITS.domain.max })
    expect(fieldFromSchema(z.union([z.literal(''), z.string().min(3).max(9)]))).toEqual({ kind: 'text', required: true, maxLength: 9 })
    expect(() => fieldFromSchema(z.union([z.string(), z.number()]))).toThrow('no form field shows a union of text, number')
  })

  it('a boolean is a switch; an array is a list of its entry’s field', () => {
    expect(fieldFromSchema(batch.https)).toEqual({ kind: 'switch', required: false })
    expect(fieldFromSchema(z.boolean())).toEqual({ kind: 'switch', required: true })
    expect(fieldFromSchema(phone.codecs)).toEqual({ kind: 'list', required: false, item: { kind: 'text', required: true, minLength: 1 } })
  })

  it('refuses a schema no control shows', () => {
    expect(() => fieldFromSchema(z.object({ a: z.string() }))).toThrow('no form field shows a value of type object')
  })

  it('innerSchema leaves a plain schema as it is', () => {
    const plain = z.string()
    expect(innerSchema(plain)).toBe(plain)
    expect(innerSchema(plain.optional().nullable())).toBe(plain)
  })
})

describe('the words of a field', () => {
  it('an enum value in sentence case, underscores as spaces', () => {
    expect(DECT_LANGUAGES.slice(0, 2).map(sentenceWords)).toEqual(['English', 'Chinese'])
    expect(sentenceWords('WEB_DOMAIN')).toBe('Web domain')
  })

  it('the message when invalid is the schema’s own, as main answers it', () => {
    expect(schemaProblem(batch.timezone, 'x'.repeat(65))).toBe('must be at most 64 characters')
    expect(schemaProblem(phone.name, '')).toBe('must not be empty')
    expect(schemaProblem(route.strip_digits, LIMITS.stripDigits.max + 1)).toBe(`must be at most ${LIMITS.stripDigits.max}`)
    expect(schemaProblem(batch.language, 'KLINGON')).toBe(`must be one of ${DECT_LANGUAGES.join(', ')}`)
    expect(schemaProblem(batch.timezone, 'Europe/Berlin')).toBeNull()
  })
})
