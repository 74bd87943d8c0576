import { describe, expect, it } from 'vitest'
import { withDefaults, type BatchDefaults, type BatchRowValues } from '../../../electron/contract/dect'
import { passesRowSchema, ROW_SCHEMA } from '../../../electron/services/dect/row-schema'

// passesRowSchema parses a row's own cells with ROW_SCHEMA narrowed to its fields (kept per set
// of fields) and the batch defaults once (kept while they stay the same): its answer must be
// ROW_SCHEMA's on the row with the defaults filled in, whatever the fields, their order and the
// defaults.

const base = { name: 'Reception', mac: '001565AABBCC', vendor: 'Yealink', model: 'W70B' }

const rows: Array<[string, Record<string, unknown>]> = [
  ['the required fields', base],
  ['every field', { ...base, extension: '100', template: 't.xml', timezone: 'Europe/Berlin', region: 'DE', tone: 'GERMANY', language: 'GERMAN', handset_language: 'ENGLISH', rps: false, https: true, codecs: ['PCMU', 'PCMA'], interface: 'WEB_DOMAIN', preferred_transport: 'TLS' }],
  ['the same fields in another order', { model: 'W70B', https: true, vendor: 'Yealink', mac: '001565AABBCC', name: 'Reception', interface: 'WEB_DOMAIN' }],
  ['no name', { mac: '001565AABBCC', vendor: 'Yealink', model: 'W70B' }],
  ['no vendor and no model', { name: 'A', mac: '001565AABBCC', language: 'GERMAN' }],
  ['nothing', {}],
  ['an unknown field', { ...base, color: 'red' }],
  ['a password (left out of a batch)', { ...base, password: 'secret12' }],
  ['a MAC the PBX refuses', { ...base, mac: '0015.65AA.BBCC' }],
  ['a language not in the list', { ...base, language: 'English' }],
  ['an interface not in the list', { ...base, interface: 'web' }],
  ['a repeated codec', { ...base, codecs: ['PCMU', 'PCMU'] }],
  ['an empty codec list (the default applies)', { ...base, codecs: [] }],
  ['a blank name (the default applies, there is none)', { ...base, name: '   ' }],
  ['a boolean as text', { ...base, https: 'yes' }],
  ['a name too long', { ...base, name: 'x'.repeat(500) }],
  ['a present field that is undefined', { ...base, template: undefined }],
  ['a required field that is undefined', { ...base, name: undefined }],
  ['an extension that is not text', { ...base, extension: 100 }],
]

const defaultsSets: Array<[string, Record<string, unknown>]> = [
  ['none', {}],
  ['the usual', { https: true, interface: 'WEB_DOMAIN' }],
  ['vendor and model', { vendor: 'Snom', model: 'M400' }],
  ['codecs and a language', { codecs: ['G722', 'PCMA'], language: 'FRENCH' }],
  ['a default the PBX refuses (repeated codecs)', { codecs: ['PCMU', 'PCMU'] }],
  ['a default the PBX refuses (a template too long)', { template: 't'.repeat(300) }],
  ['empty ones', { vendor: '', codecs: [], tone: undefined }],
  ['one ROW_SCHEMA does not know', { color: 'red' }],
]

const expected = (values: Record<string, unknown>, defaults: Record<string, unknown>): boolean =>
  ROW_SCHEMA.safeParse(withDefaults(values as BatchRowValues, defaults as BatchDefaults)).success
const quick = (values: Record<string, unknown>, defaults: Record<string, unknown>): boolean =>
  passesRowSchema(values as BatchRowValues, defaults as BatchDefaults)

describe('passesRowSchema: the quick check of a row against the contract', () => {
  it.each(defaultsSets)('answers as ROW_SCHEMA does on each row with the defaults filled in: defaults %s', (_, defaults) => {
    const answers = rows.map(([name, values]) => [name, quick(values, defaults)])
    expect(answers).toEqual(rows.map(([name, values]) => [name, expected(values, defaults)]))
  })

  it('answers the same when asked again, in another order, and with the defaults changing between rows', () => {
    const all = defaultsSets.flatMap(([, defaults]) => rows.map(([name, values]) => [name, values, defaults] as const))
    expect(all.map(([, v, d]) => expected(v, d))).toContain(true)
    expect(all.map(([, v, d]) => expected(v, d))).toContain(false)
    for (const order of [all, [...all].reverse()]) {
      for (const [name, values, defaults] of order) expect([name, quick(values, defaults)]).toEqual([name, expected(values, defaults)])
    }
  })

  it('sees defaults changed in place (the same object, another value)', () => {
    const defaults: Record<string, unknown> = { vendor: 'Snom', model: 'M400', codecs: ['PCMU'] }
    const row = { name: 'A', mac: '001565AABBCC' }
    expect(quick(row, defaults)).toBe(true)
    defaults.model = ''
    expect(quick(row, defaults)).toBe(false)
    defaults.model = 'M400'
    ;(defaults.codecs as string[]).push('PCMU')
    expect(quick(row, defaults)).toBe(false)
    ;(defaults.codecs as string[]).pop()
    expect(quick(row, defaults)).toBe(true)
    delete defaults.vendor
    expect(quick(row, defaults)).toBe(false)
  })
})
