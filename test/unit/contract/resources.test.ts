import { describe, expect, it } from 'vitest'
import {
  DECT_INTERFACES,
  DECT_LANGUAGES,
  DectPhoneCreateSchema,
  DectPhoneListSchema,
  DectPhoneSchema,
  DectPhoneUpdateSchema,
  EMAIL_TEMPLATE_NAMES,
  EmailTemplateCreateSchema,
  EmailTemplateSchema,
  EmailTemplateUpdateSchema,
  IVR_TYPES,
  IvrServerCreateSchema,
  IvrServerListSchema,
  IvrServerUpdateSchema,
  IvrStatusSchema,
  normalizeMac,
  TRANSPORTS,
} from '../../../electron/contract/pbx'
import { parsed, passes, problems } from './helpers'

describe('IVR servers', () => {
  it('knows the types', () => {
    expect(IVR_TYPES).toEqual(['INTERNAL', 'EXTERNAL'])
  })

  it('needs a name and at least one address', () => {
    expect(parsed(IvrServerCreateSchema, { name: 'Reception', ipv4: '192.168.1.50' })).toEqual({
      name: 'Reception',
      ipv4: '192.168.1.50',
      enabled: true,
    })
    expect(passes(IvrServerCreateSchema, { name: 'v6', ipv6: '2001:db8::1' })).toBe(true)
    expect(problems(IvrServerCreateSchema, { name: 'none' })).toEqual([
      'ipv4: give an IPv4 or an IPv6 address (at least one is needed)',
    ])
    expect(problems(IvrServerCreateSchema, { ipv4: '10.0.0.1' })).toEqual(['name: is required'])
    expect(problems(IvrServerCreateSchema, { name: 'x'.repeat(65), ipv4: '10.0.0.1' })).toEqual([
      'name: must be at most 64 characters',
    ])
  })

  it('checks the address forms', () => {
    expect(problems(IvrServerCreateSchema, { name: 'x', ipv4: '300.1.1.1' })).toEqual([
      'ipv4: must be an IPv4 address (e.g. 192.168.1.50)',
    ])
    expect(problems(IvrServerCreateSchema, { name: 'x', ipv6: 'fe80:::1' })[0]).toMatch(/^ipv6: must be an IPv6 address/)
  })

  it('refuses the output-only type', () => {
    expect(problems(IvrServerCreateSchema, { name: 'x', ipv4: '10.0.0.1', type: 'EXTERNAL' })).toEqual(['type: unknown field'])
    expect(problems(IvrServerUpdateSchema, { type: 'INTERNAL' })).toEqual(['type: unknown field'])
  })

  it('updates enabled, name and addresses', () => {
    expect(parsed(IvrServerUpdateSchema, { enabled: false })).toEqual({ enabled: false })
    expect(passes(IvrServerUpdateSchema, { id: 'ivr-2', name: 'n', ipv4: '10.0.0.2', ipv6: '::1' })).toBe(true)
  })

  it('reads lists and status leniently', () => {
    expect(passes(IvrServerListSchema, { count: 1, items: [{ id: 'i', name: 'n', type: 'INTERNAL', port: 1 }] })).toBe(true)
    expect(passes(IvrStatusSchema, { reachable: true, checked_at: '2030-01-01T00:00:00Z' })).toBe(true)
  })
})

describe('custom email templates', () => {
  it('knows the 14 kinds', () => {
    expect(EMAIL_TEMPLATE_NAMES).toHaveLength(14)
    expect(EMAIL_TEMPLATE_NAMES).toContain('TRUNK_DISCONNECTED')
  })

  it('checks name, from, subject and body', () => {
    expect(passes(EmailTemplateCreateSchema, { name: 'DISK_LOW' })).toBe(true)
    expect(problems(EmailTemplateCreateSchema, {})).toEqual(['name: is required'])
    expect(problems(EmailTemplateCreateSchema, { name: 'DISK_FULL' })[0]).toMatch(/^name: must be one of USER_CREATION, /)
    expect(problems(EmailTemplateCreateSchema, { name: 'DISK_LOW', from: 'nobody' })).toEqual([
      'from: must be an email address (e.g. name@example.com)',
    ])
    expect(problems(EmailTemplateCreateSchema, { name: 'DISK_LOW', subject: 's'.repeat(256) })).toEqual([
      'subject: must be at most 255 characters',
    ])
    expect(passes(EmailTemplateCreateSchema, { name: 'DISK_LOW', body: 'b'.repeat(65536) })).toBe(true)
    expect(problems(EmailTemplateCreateSchema, { name: 'DISK_LOW', body: 'b'.repeat(65537) })).toEqual([
      'body: must be at most 65536 characters',
    ])
  })

  it('updates from, subject and body only', () => {
    expect(passes(EmailTemplateUpdateSchema, { subject: 'Hi' })).toBe(true)
    expect(problems(EmailTemplateUpdateSchema, { name: 'DISK_LOW' })).toEqual(['name: unknown field'])
  })

  it('reads a template', () => {
    expect(passes(EmailTemplateSchema, { name: 'DISK_LOW', subject: 's', extra: 1 })).toBe(true)
  })
})

describe('DECT phones', () => {
  const phone = { name: 'Reception', mac: '00:15:65:aa:bb:cc', vendor: 'Yealink', model: 'W70B' }

  it('knows the seed enums', () => {
    expect(DECT_LANGUAGES).toHaveLength(14)
    expect(DECT_LANGUAGES).toContain('UKRAINIAN')
    expect(DECT_INTERFACES).toEqual(['WEB_DOMAIN', 'PUBLIC_IPV4', 'PUBLIC_IPV6', 'PRIVATE_IPV4', 'PRIVATE_IPV6', 'SBC_DOMAIN'])
    expect(TRANSPORTS).toEqual(['UDP', 'TCP', 'TLS'])
  })

  it('normalises the MAC and fills the defaults', () => {
    expect(parsed(DectPhoneCreateSchema, phone)).toEqual({
      ...phone,
      mac: '001565AABBCC',
      rps: false,
      https: true,
      interface: 'WEB_DOMAIN',
      preferred_transport: 'UDP',
    })
    expect(normalizeMac('00-15-65-aa-bb-cc')).toBe('001565AABBCC')
  })

  it.each(['001565AABBCC', '001565aabbcc', '00:15:65:AA:BB:CC', '00-15-65-AA-BB-CC'])('accepts the MAC %s', (mac) => {
    expect(passes(DectPhoneCreateSchema, { ...phone, mac })).toBe(true)
  })

  it.each(['001565AABB', '001565AABBCCDD', '00:15:65-AA:BB:CC', '0015.65AA.BBCC', '00:15:65:AA:BB:GG', '0:15:65:AA:BB:CC'])(
    'refuses the MAC %s',
    (mac) => {
      expect(problems(DectPhoneCreateSchema, { ...phone, mac })[0]).toMatch(/^mac: must be 12 hex digits/)
    },
  )

  it('needs name, mac, vendor and model', () => {
    expect(problems(DectPhoneCreateSchema, {}).sort()).toEqual([
      'mac: is required',
      'model: is required',
      'name: is required',
      'vendor: is required',
    ])
    expect(problems(DectPhoneCreateSchema, { ...phone, name: 'x'.repeat(65) })).toEqual(['name: must be at most 64 characters'])
  })

  it('checks the enums, lengths and codec list', () => {
    expect(problems(DectPhoneCreateSchema, { ...phone, language: 'KLINGON' })[0]).toMatch(/^language: must be one of ENGLISH/)
    expect(problems(DectPhoneCreateSchema, { ...phone, handset_language: 'english' })[0]).toMatch(/^handset_language: /)
    expect(problems(DectPhoneCreateSchema, { ...phone, interface: 'LAN' })[0]).toMatch(/^interface: /)
    expect(problems(DectPhoneCreateSchema, { ...phone, preferred_transport: 'SCTP' })).toEqual([
      'preferred_transport: must be one of UDP, TCP, TLS',
    ])
    expect(problems(DectPhoneCreateSchema, { ...phone, timezone: 't'.repeat(65) })).toEqual(['timezone: must be at most 64 characters'])
    expect(problems(DectPhoneCreateSchema, { ...phone, password: 'p'.repeat(65) })).toEqual(['password: must be at most 64 characters'])
    expect(problems(DectPhoneCreateSchema, { ...phone, codecs: ['PCMU', 'PCMU'] })).toEqual(['codecs.1: repeats PCMU'])
    expect(problems(DectPhoneCreateSchema, { ...phone, codecs: [] })).toEqual(['codecs: must have at least 1 entry'])
    expect(problems(DectPhoneCreateSchema, { ...phone, lines: 10 })).toEqual(['lines: unknown field'])
    expect(problems(DectPhoneCreateSchema, { ...phone, url: 'x' })).toEqual(['url: unknown field'])
  })

  it('refuses the create-only fields on update, saying why', () => {
    expect(parsed(DectPhoneUpdateSchema, { name: 'New', language: 'GERMAN' })).toEqual({ name: 'New', language: 'GERMAN' })
    for (const field of ['mac', 'template', 'vendor', 'model']) {
      expect(problems(DectPhoneUpdateSchema, { [field]: 'x' })).toEqual([`${field}: is given on create only (${field} cannot be changed)`])
    }
    expect(problems(DectPhoneUpdateSchema, { url: 'x' })).toEqual(['url: unknown field'])
  })

  it('reads phone records leniently', () => {
    const record = { id: 'd1', mac: '001565AABBCC', codecs: ['X-NEW'], lines: 10, url: 'https://x/y.xml', firmware: '1.2' }
    expect(passes(DectPhoneSchema, record)).toBe(true)
    expect(passes(DectPhoneListSchema, { items: [record] })).toBe(true)
    expect(passes(DectPhoneSchema, { ...record, lines: '10' })).toBe(false)
  })
})
