import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { client, expectError, expectId, expectMessageMentions, expectNoBody, start } from './helpers'

const BASE = '/api/dect_phones'

const LANGUAGES = [
  'ENGLISH',
  'CHINESE',
  'DUTCH',
  'FRENCH',
  'GERMAN',
  'GREEK',
  'ITALIAN',
  'JAPANESE',
  'POLISH',
  'RUSSIAN',
  'SPANISH',
  'SWEDISH',
  'UKRAINIAN',
  'BULGARIAN',
]

const PASSWORD_KEYS = ['password', 'user_password', 'engineer_password']

let macCounter = 0x100
/** A fresh MAC (12 upper-case hex digits) for every call. */
function freshMac(): string {
  macCounter++
  return `00155D${macCounter.toString(16).toUpperCase().padStart(6, '0')}`
}

describe('DECT phones', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  async function create(extra: Record<string, unknown> = {}): Promise<{ id: string; mac: string }> {
    const mac = freshMac()
    const res = await c.api('POST', BASE, { token, json: { name: 'Phone', mac, vendor: 'Yealink', model: 'W70B', ...extra } })
    return { id: expectId(res, 201), mac }
  }
  async function get(id: string): Promise<Json> {
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.status, res.text).toBe(200)
    return res.body
  }

  it('lists the three seeded phones as {items} without count; full records with lines and url, no passwords', async () => {
    const res = await c.api('GET', BASE, { token })
    expect(res.status).toBe(200)
    expect(res.body).not.toHaveProperty('count')
    expect(res.body.items).toHaveLength(3)
    for (const p of res.body.items) {
      for (const key of ['id', 'name', 'mac', 'vendor', 'model', 'template', 'lines', 'url', 'interface', 'preferred_transport', 'codecs', 'https', 'rps']) {
        expect(p, `${p.name} has ${key}`).toHaveProperty(key)
      }
      expect(p.mac).toMatch(/^[0-9A-F]{12}$/)
      expect(typeof p.lines).toBe('number')
      expect(p.url).toMatch(new RegExp(`/dect/[^/]+/${p.mac}\\.xml$`))
      for (const key of PASSWORD_KEYS) expect(p).not.toHaveProperty(key)
    }
  })

  it('creates a phone: 201 {id}; MAC normalised; defaults; lines, template and url from model and interface', async () => {
    const res = await c.api('POST', BASE, {
      token,
      json: { name: 'Reception base', mac: 'aa:bb:cc:dd:ee:01', vendor: 'Yealink', model: 'W70B' },
    })
    const id = expectId(res, 201)
    const p = await get(id)
    expect(p).toMatchObject({
      id,
      name: 'Reception base',
      mac: 'AABBCCDDEE01',
      vendor: 'Yealink',
      model: 'W70B',
      template: 'yealink_w70b.xml',
      lines: 10,
      interface: 'WEB_DOMAIN',
      preferred_transport: 'UDP',
      codecs: ['PCMU', 'PCMA', 'G722'],
      rps: false,
      https: true,
    })
    expect(p.url).toMatch(/^https:\/\/pbx\.demo\.example\/dect\/[^/]+\/AABBCCDDEE01\.xml$/)
    const list = await c.api('GET', BASE, { token })
    expect(list.body.items.map((x: Json) => x.id)).toContain(id)
  })

  it('creates with every optional field and reads them back; passwords are write-only', async () => {
    const mac = freshMac()
    const json = {
      name: 'Warehouse',
      mac,
      vendor: 'Gigaset',
      model: 'N870',
      template: 'gigaset_n670.xml',
      password: 'web-secret',
      user_password: 'user-secret',
      engineer_password: 'eng-secret',
      timezone: 'Europe/Berlin',
      region: 'Germany',
      language: 'GERMAN',
      handset_language: 'FRENCH',
      tone: 'DE',
      rps: true,
      https: false,
      codecs: ['OPUS', 'iLBC', 'G726', 'G729'],
      interface: 'PRIVATE_IPV4',
      preferred_transport: 'TLS',
    }
    const id = expectId(await c.api('POST', BASE, { token, json }), 201)
    const p = await get(id)
    expect(p).toMatchObject({
      name: 'Warehouse',
      mac,
      vendor: 'Gigaset',
      model: 'N870',
      template: 'gigaset_n670.xml',
      lines: 250,
      timezone: 'Europe/Berlin',
      region: 'Germany',
      language: 'GERMAN',
      handset_language: 'FRENCH',
      tone: 'DE',
      rps: true,
      https: false,
      codecs: ['OPUS', 'iLBC', 'G726', 'G729'],
      interface: 'PRIVATE_IPV4',
      preferred_transport: 'TLS',
      url: expect.stringMatching(new RegExp(`^http://192\\.168\\.1\\.10/dect/[^/]+/${mac}\\.xml$`)),
    })
    for (const key of PASSWORD_KEYS) expect(p).not.toHaveProperty(key)
    const listed = (await c.api('GET', BASE, { token })).body.items.find((x: Json) => x.id === id)
    for (const key of PASSWORD_KEYS) expect(listed).not.toHaveProperty(key)
  })

  it.each([
    ['aabbccddee02', 'AABBCCDDEE02'],
    ['AA-BB-CC-DD-EE-03', 'AABBCCDDEE03'],
    ['aa:bb:cc:dd:ee:04', 'AABBCCDDEE04'],
    ['Aa:bB:cC:Dd:eE:05', 'AABBCCDDEE05'],
    ['AABBCCDDEE06', 'AABBCCDDEE06'],
  ])('normalises the MAC %s to %s', async (mac, stored) => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Mac form', mac, vendor: 'Snom', model: 'M400' } }), 201)
    const p = await get(id)
    expect(p.mac).toBe(stored)
    expect(p.url).toMatch(new RegExp(`/${stored}\\.xml$`))
  })

  it.each([
    ['10 hex digits', 'AABBCCDDEE'],
    ['14 hex digits', 'AABBCCDDEE0A0B'],
    ['a non-hex digit', 'GGBBCCDDEE07'],
    ['five pairs', 'AA:BB:CC:DD:EE'],
    ['groups of three', 'AAB:BCC:DDE:E08'],
    ['a dot separator', 'AA.BB.CC.DD.EE.09'],
    ['spaces', 'AA BB CC DD EE 0A'],
    ['empty', ''],
  ])('refuses a MAC with %s (400 naming mac)', async (_label, mac) => {
    expectError(
      await c.api('POST', BASE, { token, json: { name: 'Bad mac', mac, vendor: 'Snom', model: 'M400' } }),
      400,
      'VALIDATE_FAILED',
      'mac',
    )
  })

  it('answers 409 CONFLICT for a MAC already in the tenant, in any notation', async () => {
    const { mac } = await create()
    const pairs = mac.match(/../g)!.join(':').toLowerCase()
    expectError(
      await c.api('POST', BASE, { token, json: { name: 'Dup', mac: pairs, vendor: 'Snom', model: 'M900' } }),
      409,
      'CONFLICT',
    )
    expectError(
      await c.api('POST', BASE, { token, json: { name: 'Dup', mac, vendor: 'Yealink', model: 'W70B' } }),
      409,
      'CONFLICT',
    )
  })

  it.each([
    ['Yealink', 'W70B', 10, 'yealink_w70b.xml'],
    ['Yealink', 'W80B', 100, 'yealink_w80b.xml'],
    ['Snom', 'M400', 20, 'snom_m400.xml'],
    ['Snom', 'M900', 200, 'snom_m900.xml'],
    ['Gigaset', 'N670', 20, 'gigaset_n670.xml'],
    ['Gigaset', 'N870', 250, 'gigaset_n870.xml'],
  ])('%s %s has %i lines and the template %s by default', async (vendor, model, lines, template) => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: model, mac: freshMac(), vendor, model } }), 201)
    const p = await get(id)
    expect(p).toMatchObject({ vendor, model, lines, template })
  })

  it('accepts another template of the same vendor; lines still follow the model', async () => {
    const { id } = await create({ model: 'W70B', template: 'yealink_w80b.xml' })
    const p = await get(id)
    expect(p.template).toBe('yealink_w80b.xml')
    expect(p.lines).toBe(10)
  })

  it.each([
    ['WEB_DOMAIN', true, 'https://pbx.demo.example'],
    ['PUBLIC_IPV4', true, 'https://203.0.113.10'],
    ['PRIVATE_IPV4', false, 'http://192.168.1.10'],
    ['PUBLIC_IPV6', true, 'https://[2001:db8::10]'],
    ['PRIVATE_IPV6', false, 'http://[fd00::10]'],
    ['SBC_DOMAIN', true, 'https://sbc.pbx.demo.example'],
    ['WEB_DOMAIN', false, 'http://pbx.demo.example'],
  ])('url for interface %s with https %s starts with %s', async (iface, https, origin) => {
    const { id, mac } = await create({ interface: iface, https })
    const p = await get(id)
    expect(p.interface).toBe(iface)
    expect(p.url.startsWith(`${origin}/dect/`), p.url).toBe(true)
    expect(p.url.endsWith(`/${mac}.xml`), p.url).toBe(true)
    const key = p.url.slice(`${origin}/dect/`.length, -`/${mac}.xml`.length)
    expect(key).toMatch(/^[^/]+$/)
  })

  it('uses one tenant key for all phones of the tenant', async () => {
    const a = await get((await create()).id)
    const b = await get((await create({ interface: 'SBC_DOMAIN' })).id)
    const keyOf = (url: string): string | undefined => url.split('/dect/')[1]?.split('/')[0]
    expect(keyOf(a.url)).toBeDefined()
    expect(keyOf(a.url)).toBe(keyOf(b.url))
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['name missing', { name: undefined }, 'name'],
    ['name empty', { name: '' }, 'name'],
    ['name of 65 characters', { name: 'n'.repeat(65) }, 'name'],
    ['mac missing', { mac: undefined }, 'mac'],
    ['mac not a string', { mac: 123456789012 }, 'mac'],
    ['vendor missing', { vendor: undefined }, 'vendor'],
    ['vendor unknown', { vendor: 'Cisco' }, 'vendor'],
    ['model missing', { model: undefined }, 'model'],
    ['model of another vendor', { model: 'M400' }, 'model'],
    ['model unknown', { model: 'W99Z' }, 'model'],
    ['template of another vendor', { template: 'snom_m400.xml' }, 'template'],
    ['template unknown', { template: 'custom.xml' }, 'template'],
    ['language unknown', { language: 'KLINGON' }, 'language'],
    ['language in lower case', { language: 'english' }, 'language'],
    ['handset_language unknown', { handset_language: 'LATIN' }, 'handset_language'],
    ['interface unknown', { interface: 'LAN' }, 'interface'],
    ['preferred_transport unknown', { preferred_transport: 'SCTP' }, 'preferred_transport'],
    ['preferred_transport lower case', { preferred_transport: 'udp' }, 'preferred_transport'],
    ['codecs with a repeat', { codecs: ['PCMU', 'PCMA', 'PCMU'] }, 'codecs'],
    ['codecs with an unknown codec', { codecs: ['PCMU', 'MP3'] }, 'codecs'],
    ['codecs not an array', { codecs: 'PCMU' }, 'codecs'],
    ['timezone of 65 characters', { timezone: 't'.repeat(65) }, 'timezone'],
    ['region of 65 characters', { region: 'r'.repeat(65) }, 'region'],
    ['tone of 65 characters', { tone: 't'.repeat(65) }, 'tone'],
    ['password of 65 characters', { password: 'p'.repeat(65) }, 'password'],
    ['user_password of 65 characters', { user_password: 'p'.repeat(65) }, 'user_password'],
    ['engineer_password of 65 characters', { engineer_password: 'p'.repeat(65) }, 'engineer_password'],
    ['rps a string', { rps: 'yes' }, 'rps'],
    ['https a number', { https: 1 }, 'https'],
  ])('create with %s → 400 naming %s', async (_label, extra, field) => {
    const json = { name: 'Invalid', mac: freshMac(), vendor: 'Yealink', model: 'W70B', ...extra }
    expectError(await c.api('POST', BASE, { token, json }), 400, 'VALIDATE_FAILED', field)
  })

  it.each([
    ['lines (output only)', { lines: 10 }, 'lines'],
    ['url (output only)', { url: 'https://x/dect/y.xml' }, 'url'],
    ['id', { id: 'mine' }, 'id'],
    ['an unknown field', { color: 'black' }, 'color'],
  ])('create with %s → 400', async (_label, extra, name) => {
    const json = { name: 'Invalid', mac: freshMac(), vendor: 'Yealink', model: 'W70B', ...extra }
    const res = await c.api('POST', BASE, { token, json })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, name)
  })

  it('accepts the 64-character limits and every codec once', async () => {
    const { id } = await create({
      name: 'n'.repeat(64),
      timezone: 't'.repeat(64),
      region: 'r'.repeat(64),
      tone: 'o'.repeat(64),
      password: 'p'.repeat(64),
      codecs: ['PCMU', 'PCMA', 'G722', 'G729', 'OPUS', 'iLBC', 'G726'],
    })
    const p = await get(id)
    expect(p.name).toBe('n'.repeat(64))
    expect(p.codecs).toEqual(['PCMU', 'PCMA', 'G722', 'G729', 'OPUS', 'iLBC', 'G726'])
  })

  it('updates: 200 with no body; read back; url follows the new interface and https; mac unchanged', async () => {
    const { id, mac } = await create({ name: 'Before' })
    expectNoBody(
      await c.api('POST', `${BASE}/${id}`, {
        token,
        json: {
          name: 'After',
          interface: 'PUBLIC_IPV4',
          https: false,
          codecs: ['G722'],
          language: 'ITALIAN',
          handset_language: 'SPANISH',
          preferred_transport: 'TCP',
          rps: true,
          timezone: 'UTC',
          region: 'Italy',
          tone: 'IT',
          password: 'new-secret',
          user_password: 'u',
          engineer_password: 'e',
        },
      }),
    )
    const p = await get(id)
    expect(p).toMatchObject({
      name: 'After',
      mac,
      model: 'W70B',
      vendor: 'Yealink',
      template: 'yealink_w70b.xml',
      lines: 10,
      interface: 'PUBLIC_IPV4',
      https: false,
      codecs: ['G722'],
      language: 'ITALIAN',
      handset_language: 'SPANISH',
      preferred_transport: 'TCP',
      rps: true,
      timezone: 'UTC',
      region: 'Italy',
      tone: 'IT',
    })
    expect(p.url).toMatch(new RegExp(`^http://203\\.0\\.113\\.10/dect/[^/]+/${mac}\\.xml$`))
    for (const key of PASSWORD_KEYS) expect(p).not.toHaveProperty(key)
  })

  it('update keeps the omitted fields', async () => {
    const { id } = await create({ name: 'Keep', language: 'POLISH', codecs: ['OPUS'] })
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { name: 'Kept' } }))
    const p = await get(id)
    expect(p).toMatchObject({ name: 'Kept', language: 'POLISH', codecs: ['OPUS'] })
  })

  it('accepts every language of the seed on update', async () => {
    const { id } = await create()
    for (const language of LANGUAGES) {
      expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { language, handset_language: language } }))
      expect((await get(id)).language).toBe(language)
    }
  })

  it.each<[string, Record<string, unknown>]>([
    ['mac', { mac: 'AABBCCDDEEFF' }],
    ['template', { template: 'yealink_w80b.xml' }],
    ['vendor', { vendor: 'Snom' }],
    ['model', { model: 'W80B' }],
    ['lines', { lines: 100 }],
    ['url', { url: 'http://x/y.xml' }],
  ])('update refuses %s (create-only or output-only) with 400, nothing changed', async (field, json) => {
    const { id, mac } = await create({ name: 'Immutable' })
    const res = await c.api('POST', `${BASE}/${id}`, { token, json: { name: 'Changed', ...json } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, field)
    expect(await get(id)).toMatchObject({ name: 'Immutable', mac, template: 'yealink_w70b.xml', vendor: 'Yealink', model: 'W70B', lines: 10 })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['name empty', { name: '' }, 'name'],
    ['language unknown', { language: 'ELVISH' }, 'language'],
    ['interface unknown', { interface: 'WAN' }, 'interface'],
    ['preferred_transport unknown', { preferred_transport: 'QUIC' }, 'preferred_transport'],
    ['codecs repeated', { codecs: ['G722', 'G722'] }, 'codecs'],
    ['tone of 65 characters', { tone: 'x'.repeat(65) }, 'tone'],
    ['https a string', { https: 'false' }, 'https'],
  ])('update with %s → 400 naming %s', async (_label, json, field) => {
    const { id } = await create({ name: 'Guarded' })
    expectError(await c.api('POST', `${BASE}/${id}`, { token, json }), 400, 'VALIDATE_FAILED', field)
    expect((await get(id)).name).toBe('Guarded')
  })

  it('update accepts a matching id in the body, refuses a different one', async () => {
    const { id } = await create({ name: 'Ids' })
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { id, name: 'Ids ok' } }))
    expect((await get(id)).name).toBe('Ids ok')
    expectError(await c.api('POST', `${BASE}/${id}`, { token, json: { id: 'other-id', name: 'Ids bad' } }), 400, 'VALIDATE_FAILED', 'id')
    expect((await get(id)).name).toBe('Ids ok')
  })

  it.each([
    ['GET', 'no-such-phone'],
    ['POST', 'no-such-phone'],
    ['POST', 'no-such-phone/destroy'],
  ])('%s %s answers 404', async (method, suffix) => {
    const json = method === 'POST' && !suffix.endsWith('destroy') ? { name: 'Ghost' } : undefined
    expectError(await c.api(method, `${BASE}/${suffix}`, { token, json }), 404, 'NOT_FOUND')
  })

  it('destroy: 204 with no body, then 404; the MAC is free again', async () => {
    const { id, mac } = await create()
    expectNoBody(await c.api('POST', `${BASE}/${id}/destroy`, { token }), 204)
    expectError(await c.api('GET', `${BASE}/${id}`, { token }), 404, 'NOT_FOUND')
    expect((await c.api('GET', BASE, { token })).body.items.map((x: Json) => x.id)).not.toContain(id)
    expectError(await c.api('POST', `${BASE}/${id}/destroy`, { token }), 404, 'NOT_FOUND')
    expectId(await c.api('POST', BASE, { token, json: { name: 'Reborn', mac, vendor: 'Snom', model: 'M900' } }), 201)
  })
})
