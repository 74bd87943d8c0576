import { PbxProfileFieldsSchema } from '@contract/profiles'
import { fieldError, schemaRule } from '@renderer/lib/form-rules'
import type { FormItemRule } from 'naive-ui'
import { describe, expect, it } from 'vitest'

const shape = PbxProfileFieldsSchema.shape

/** What the rule's validator answers for `value`: true, or the message. */
function check(rule: FormItemRule, value: unknown): true | string {
  const answer = rule.validator?.(rule, value as never, () => undefined, {}, {})
  if (answer === true) return true
  if (answer instanceof Error) return answer.message
  throw new Error(`unexpected answer ${String(answer)}`)
}

describe('schemaRule', () => {
  it.each([
    ['label', shape.label, '   ', 'enter a name for this PBX'],
    ['label', shape.label, 'x'.repeat(81), 'must be at most 80 characters'],
    ['baseUrl', shape.baseUrl, 'pbx.example.com', 'enter an http:// or https:// address, e.g. https://pbx.example.com:8887'],
    ['baseUrl', shape.baseUrl, 'ftp://pbx.example.com', 'enter an http:// or https:// address, e.g. https://pbx.example.com:8887'],
    ['username', shape.username, '', 'must not be empty'],
    ['username', shape.username, 'a b', "may contain only letters, digits and the characters _ - ' ."],
    ['domain', shape.domain, 'd'.repeat(281), 'must be at most 280 characters'],
    ['tags', shape.tags, ['ok', 't'.repeat(33)], '“ttttttttttttttttttttttttttttttttt”: must be at most 32 characters'],
    ['tags', shape.tags, Array.from({ length: 21 }, (_, i) => `t${i}`), 'at most 20 tags'],
  ])('%s %j fails with the schema’s message', (_field, schema, value, message) => {
    expect(check(schemaRule(schema), value)).toBe(message)
  })

  it.each([
    [shape.label, 'Acme HQ'],
    [shape.baseUrl, 'https://pbx.example.com:8887'],
    [shape.domain, ''],
    [shape.tags, ['a', 'b']],
    [shape.customer, ''],
  ])('passes a valid value', (schema, value) => {
    expect(check(schemaRule(schema), value)).toBe(true)
  })

  it('marks a field required when the schema has no default, and keeps key and trigger', () => {
    expect(schemaRule(shape.label).required).toBe(true)
    expect(schemaRule(shape.baseUrl).required).toBe(true)
    expect(schemaRule(shape.domain).required).toBe(false)
    expect(schemaRule(shape.customer).required).toBe(false)
    const rule = schemaRule(shape.label, { key: 'label', trigger: 'blur' })
    expect(rule).toMatchObject({ key: 'label', trigger: 'blur' })
    expect(schemaRule(shape.label).trigger).toBeUndefined()
  })
})

describe('fieldError', () => {
  const fields = ['label', 'baseUrl', 'domain'] as const

  it('finds the field a dotted path ends with, and drops the field from the message', () => {
    expect(fieldError({ code: 'INVALID_INPUT', message: 'fields.label: enter a name for this PBX', field: 'fields.label' }, fields)).toEqual({
      field: 'label',
      message: 'enter a name for this PBX',
    })
    expect(fieldError({ code: 'PBX_ERROR', message: 'The PBX knows no tenant acme.example', field: 'domain', status: 404 }, fields)).toEqual({
      field: 'domain',
      message: 'The PBX knows no tenant acme.example',
    })
  })

  it('answers null for an error of the whole form or another field', () => {
    expect(fieldError({ code: 'UNREACHABLE', message: 'Nothing answered' }, fields)).toBeNull()
    expect(fieldError({ code: 'INVALID_INPUT', message: 'bad', field: 'id' }, fields)).toBeNull()
  })
})
