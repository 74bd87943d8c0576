import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { client, expectError, expectId, expectNoBody, start } from './helpers'

// DECT models and a base's members (README "DECT models", "DECT members"), from the README only.

let macCounter = 0x200
const freshMac = (): string => `00155E${(++macCounter).toString(16).toUpperCase().padStart(6, '0')}`
let ipuiCounter = 0x10000
const freshIpui = (): string => `00123${(++ipuiCounter).toString(16).toUpperCase().padStart(5, '0')}`

const member = (extension_number: string, ipui: string, handset_index: string) => ({ extension_number, ipui, handset_index })

describe('GET /api/dect_phone_models', () => {
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

  it('lists the models as {items} with filename, model, lines and a display name "<vendor> <model>"', async () => {
    const res = await c.api('GET', '/api/dect_phone_models', { token })
    expect(res.status, res.text).toBe(200)
    expect(res.body.count).toBeUndefined()
    const w70b = (res.body.items as Json[]).find((m) => m.model === 'W70B')
    expect(w70b).toEqual({ filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' })
    expect((res.body.items as Json[]).map((m) => m.display_name)).toEqual([
      'Yealink W70B',
      'Yealink W80B',
      'Snom M400',
      'Snom M900',
      'Gigaset N670',
      'Gigaset N870',
    ])
  })

  it('answers one model by its filename with its template, lines, languages, tones, time zones and codecs; 404 for an unknown one', async () => {
    const res = await c.api('GET', '/api/dect_phone_models/snom_m400.xml', { token })
    expect(res.status, res.text).toBe(200)
    expect(res.body.template).toBe('snom_m400.xml')
    expect(res.body.lines).toBe(20)
    expect(res.body.languages).toContain('GERMAN')
    expect(res.body.codecs).toContain('G722')
    expect(res.body.tones.length).toBeGreaterThan(0)
    expect(res.body.time_zones).toContain('Europe/Berlin')
    expectError(await c.api('GET', '/api/dect_phone_models/nokia_3310.xml', { token }), 404, 'NOT_FOUND', 'name')
  })

  it('needs a token (401) and a tenant (403 for the system administrator)', async () => {
    expectError(await c.api('GET', '/api/dect_phone_models'), 401, 'UNAUTHORIZED')
    const system = await c.token('system')
    expectError(await c.api('GET', '/api/dect_phone_models', { token: system }), 403, 'FORBIDDEN')
  })
})

describe('DECT members', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  let base = ''
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
  })
  afterAll(async () => {
    await pbx.stop()
  })
  beforeEach(async () => {
    base = await createBase('W70B')
  })

  async function createBase(model: string, vendor = 'Yealink'): Promise<string> {
    const res = await c.api('POST', '/api/dect_phones', { token, json: { name: `Base ${model}`, mac: freshMac(), vendor, model } })
    return expectId(res, 201)
  }
  const members = async (id: string): Promise<Json[]> => {
    const res = await c.api('GET', `/api/dect_phones/${id}/members`, { token })
    expect(res.status, res.text).toBe(200)
    return res.body.items as Json[]
  }
  const write = (id: string, items: unknown[]) => c.api('POST', `/api/dect_phones/${id}/members`, { token, json: { items } })

  it('lists the seeded members of Reception base with the user id, display name, and the index as text', async () => {
    const list = await c.api('GET', '/api/dect_phones', { token })
    const reception = (list.body.items as Json[]).find((p) => p.name === 'Reception base')
    const items = await members(reception.id)
    expect(items).toHaveLength(2)
    expect(items[0]).toMatchObject({ extension_number: '1001', ipui: '00092263DD', handset_index: '1' })
    expect(typeof items[0].id).toBe('string')
    expect(items[0].display_name.length).toBeGreaterThan(0)
  })

  it('a new base has no members; a write replaces the whole list (200, no body) and answers it sorted by index, IPUI upper-cased', async () => {
    expect(await members(base)).toEqual([])
    const a = freshIpui()
    const b = freshIpui().toLowerCase()
    expectNoBody(await write(base, [member('1102', b, '2'), member('1101', a, '1')]))
    const items = await members(base)
    expect(items.map((m) => [m.handset_index, m.extension_number, m.ipui])).toEqual([
      ['1', '1101', a],
      ['2', '1102', b.toUpperCase()],
    ])
    expectNoBody(await write(base, [member('1103', a, '1')]))
    expect((await members(base)).map((m) => m.extension_number)).toEqual(['1103'])
    expectNoBody(await write(base, []))
    expect(await members(base)).toEqual([])
  })

  it('checks one member by extension: 200 with the member, 404 when not a member, 400 for a malformed extension', async () => {
    const ipui = freshIpui()
    expectNoBody(await write(base, [member('1110', ipui, '3')]))
    const one = await c.api('GET', `/api/dect_phones/${base}/members/1110`, { token })
    expect(one.status, one.text).toBe(200)
    expect(one.body).toMatchObject({ extension_number: '1110', ipui, handset_index: '3' })
    expectError(await c.api('GET', `/api/dect_phones/${base}/members/1111`, { token }), 404, 'NOT_FOUND', 'extension_number')
    expectError(await c.api('GET', `/api/dect_phones/${base}/members/12`, { token }), 400, 'VALIDATE_FAILED', 'extension_number')
  })

  it('refuses malformed members field by field (400) and keeps the list as it was', async () => {
    const ipui = freshIpui()
    expectNoBody(await write(base, [member('1120', ipui, '1')]))
    const cases: [unknown, string][] = [
      [member('12', freshIpui(), '1'), 'items.0.extension_number'],
      [member('12a4', freshIpui(), '1'), 'items.0.extension_number'],
      [member('1121', '00092263D', '1'), 'items.0.ipui'],
      [member('1121', '00146015657', '1'), 'items.0.ipui'],
      [member('1121', 'G0092263DD', '1'), 'items.0.ipui'],
      [member('1121', freshIpui(), '0'), 'items.0.handset_index'],
      [{ extension_number: '1121', ipui: freshIpui(), handset_index: 1 }, 'items.0.handset_index'],
      [{ extension_number: '1121', ipui: freshIpui() }, 'items.0.handset_index'],
      [{ ...member('1121', freshIpui(), '1'), display_name: 'x' }, 'items.0.display_name'],
    ]
    for (const [item, field] of cases) expectError(await write(base, [item]), 400, 'VALIDATE_FAILED', field)
    expectError(await c.api('POST', `/api/dect_phones/${base}/members`, { token, json: {} }), 400, 'VALIDATE_FAILED', 'items')
    expect((await members(base)).map((m) => m.extension_number)).toEqual(['1120'])
  })

  it('refuses an extension no user of the tenant has (400 naming it), the other tenant\'s included', async () => {
    const res = await write(base, [member('1130', freshIpui(), '1'), member('1999', freshIpui(), '2')])
    expectError(res, 400, 'VALIDATE_FAILED', 'items.1.extension_number')
    expect(res.text).toContain('1999')
    expectError(await write(base, [member('2001', freshIpui(), '1')]), 400, 'VALIDATE_FAILED', 'items.0.extension_number')
    expect(await members(base)).toEqual([])
  })

  it('refuses more members than the model\'s lines, and an index past them (400)', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => member(String(1140 + i), freshIpui(), String(i + 1)))
    const res = await write(base, eleven)
    expectError(res, 400, 'VALIDATE_FAILED')
    expect(res.text).toContain('at most 10')
    expectError(await write(base, [member('1140', freshIpui(), '11')]), 400, 'VALIDATE_FAILED', 'items.0.handset_index')
    const ten = eleven.slice(0, 10)
    expectNoBody(await write(base, ten))
    expect(await members(base)).toHaveLength(10)
  })

  it('refuses an extension, an IPUI or an index given twice in one list (400)', async () => {
    const ipui = freshIpui()
    expectError(await write(base, [member('1150', freshIpui(), '1'), member('1150', freshIpui(), '2')]), 400, 'VALIDATE_FAILED', 'items.1.extension_number')
    expectError(await write(base, [member('1150', ipui, '1'), member('1151', ipui.toLowerCase(), '2')]), 400, 'VALIDATE_FAILED', 'items.1.ipui')
    expectError(await write(base, [member('1150', freshIpui(), '4'), member('1151', freshIpui(), '4')]), 400, 'VALIDATE_FAILED', 'items.1.handset_index')
  })

  it('refuses an IPUI or an extension that another base of the tenant holds (409 naming that base); the list stays', async () => {
    const other = await createBase('M400', 'Snom')
    const ipui = freshIpui()
    expectNoBody(await write(other, [member('1160', ipui, '1')]))
    const byIpui = await write(base, [member('1161', ipui, '1')])
    expectError(byIpui, 409, 'CONFLICT', 'items.0.ipui')
    expect(byIpui.text).toContain(other)
    expectError(await write(base, [member('1160', freshIpui(), '1')]), 409, 'CONFLICT', 'items.0.extension_number')
    expect(await members(base)).toEqual([])
    // the same handset written again on its own base is no conflict
    expectNoBody(await write(other, [member('1160', ipui, '1'), member('1162', freshIpui(), '2')]))
    // deleting the other base frees its handsets and extensions
    expect((await c.api('POST', `/api/dect_phones/${other}/destroy`, { token })).status).toBe(204)
    expectNoBody(await write(base, [member('1160', ipui, '1')]))
  })

  it('is tenant-scoped and needs the right role: 404 for another tenant\'s base, 403 for a standard user, 401 without a token', async () => {
    const other = await c.token('otherManager')
    expectError(await c.api('GET', `/api/dect_phones/${base}/members`, { token: other }), 404, 'NOT_FOUND')
    const user = await c.token('user')
    expectError(await c.api('GET', `/api/dect_phones/${base}/members`, { token: user }), 403, 'FORBIDDEN')
    expectError(await c.api('POST', `/api/dect_phones/${base}/members`, { json: { items: [] } }), 401, 'UNAUTHORIZED')
    expectError(await c.api('GET', '/api/dect_phones/dect-999/members', { token }), 404, 'NOT_FOUND', 'id')
  })

  it('a member list is not part of the phone record', async () => {
    expectNoBody(await write(base, [member('1170', freshIpui(), '1')]))
    const res = await c.api('GET', `/api/dect_phones/${base}`, { token })
    expect(res.body.members).toBeUndefined()
    expect(res.body.lines).toBe(10)
  })
})

describe('DECT members on a PBX that names no item in a clash (unnamedConflicts)', () => {
  it('answers 409 CONFLICT saying only that there is a clash, naming no item and no base; the list stays', async () => {
    const pbx = await start({ unnamedConflicts: true })
    try {
      const c = client(pbx)
      const token = await c.token('manager')
      const createBase = async (): Promise<string> =>
        expectId(await c.api('POST', '/api/dect_phones', { token, json: { name: 'Base', mac: freshMac(), vendor: 'Yealink', model: 'W70B' } }), 201)
      const write = (id: string, items: unknown[]) => c.api('POST', `/api/dect_phones/${id}/members`, { token, json: { items } })
      const [base, other] = [await createBase(), await createBase()]
      expectNoBody(await write(other, [member('1160', freshIpui(), '1')]))
      const refused = await write(base, [member('1161', freshIpui(), '1'), member('1160', freshIpui(), '2')])
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({ errors: [{ code: 'CONFLICT', message: 'a handset or an extension in the list is a member of another DECT phone' }] })
      expect((await c.api('GET', `/api/dect_phones/${base}/members`, { token })).body.items).toEqual([])
      // what is not a clash is answered as on any PBX, naming the item
      expectError(await write(base, [member('1999', freshIpui(), '1')]), 400, 'VALIDATE_FAILED', 'items.0.extension_number')
    } finally {
      await pbx.stop()
    }
  })
})
