import { describe, expect, it } from 'vitest'
import { passesRowSchema, ROW_SCHEMA } from '../../../electron/services/dect/row-schema'

// passesRowSchema parses with ROW_SCHEMA narrowed to the fields a row has (kept per set of
// fields): its answer must be ROW_SCHEMA's, whichever fields come and in whatever order.

const base = { name: 'Reception', mac: '001565AABBCC', vendor: 'Yealink', model: 'W70B' }

const cases: Array<[string, Record<string, unknown>]> = [
  ['the required fields', base],
  ['every field', { ...base, extension: '100', template: 't.xml', timezone: 'Europe/Berlin', region: 'DE', tone: 'GERMANY', language: 'GERMAN', handset_language: 'ENGLISH', rps: false, https: true, codecs: ['PCMU', 'PCMA'], interface: 'WEB_DOMAIN', preferred_transport: 'TLS' }],
  ['the same fields in another order', { model: 'W70B', https: true, vendor: 'Yealink', mac: '001565AABBCC', name: 'Reception', interface: 'WEB_DOMAIN' }],
  ['a required field missing (name)', { mac: '001565AABBCC', vendor: 'Yealink', model: 'W70B' }],
  ['a required field missing (model), with others', { name: 'A', mac: '001565AABBCC', vendor: 'Yealink', language: 'GERMAN' }],
  ['nothing', {}],
  ['an unknown field', { ...base, color: 'red' }],
  ['a password (left out of a batch)', { ...base, password: 'secret12' }],
  ['a MAC the PBX refuses', { ...base, mac: '0015.65AA.BBCC' }],
  ['a language not in the list', { ...base, language: 'English' }],
  ['an interface not in the list', { ...base, interface: 'web' }],
  ['a repeated codec', { ...base, codecs: ['PCMU', 'PCMU'] }],
  ['an empty codec list', { ...base, codecs: [] }],
  ['a boolean as text', { ...base, https: 'yes' }],
  ['a name too long', { ...base, name: 'x'.repeat(500) }],
  ['a present field that is undefined', { ...base, template: undefined }],
  ['a required field that is undefined', { ...base, name: undefined }],
  ['an extension that is not text', { ...base, extension: 100 }],
]

describe('passesRowSchema: the quick check of a row against the contract', () => {
  it.each(cases)('answers as ROW_SCHEMA does: %s', (_, values) => {
    expect(passesRowSchema(values)).toBe(ROW_SCHEMA.safeParse(values).success)
  })

  it('answers each case the same when asked again (its narrowed schemas are kept) and in another order', () => {
    const expected = cases.map(([, values]) => ROW_SCHEMA.safeParse(values).success)
    expect(expected).toContain(true)
    expect(expected).toContain(false)
    for (const order of [cases, [...cases].reverse()]) {
      for (const [name, values] of order) expect([name, passesRowSchema(values)]).toEqual([name, ROW_SCHEMA.safeParse(values).success])
    }
  })
})
