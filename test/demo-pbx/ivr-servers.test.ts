import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { client, expectError, expectId, expectMessageMentions, expectNoBody, isJsonContentType, start } from './helpers'

const BASE = '/api/ivr_servers'

describe('IVR servers', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  let internalId = ''
  let receptionId = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('system')
    const list = await c.api('GET', BASE, { token })
    internalId = list.body.items.find((s: Json) => s.type === 'INTERNAL')?.id
    receptionId = list.body.items.find((s: Json) => s.name === 'Reception IVR')?.id
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('lists the built-in INTERNAL server first, then the seeded EXTERNAL one', async () => {
    const res = await c.api('GET', BASE, { token })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(2)
    expect(res.body.items).toHaveLength(2)
    expect(res.body.items[0]).toMatchObject({ name: 'Built-in IVR', type: 'INTERNAL', ipv4: '127.0.0.1', enabled: true })
    expect(res.body.items[1]).toMatchObject({ name: 'Reception IVR', type: 'EXTERNAL', ipv4: '192.168.1.50' })
    for (const item of res.body.items) {
      for (const key of ['id', 'name', 'enabled', 'type']) expect(item).toHaveProperty(key)
    }
  })

  it('reads one server by id', async () => {
    const res = await c.api('GET', `${BASE}/${receptionId}`, { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: receptionId, name: 'Reception IVR', type: 'EXTERNAL', ipv4: '192.168.1.50' })
  })

  it('creates an EXTERNAL server: 200 (not 201) {id}; enabled defaults to true', async () => {
    const res = await c.api('POST', BASE, { token, json: { name: 'Lobby', ipv4: '10.0.0.5' } })
    expect(res.status).toBe(200)
    const id = expectId(res, 200)
    const got = await c.api('GET', `${BASE}/${id}`, { token })
    expect(got.status).toBe(200)
    expect(got.body).toMatchObject({ id, name: 'Lobby', ipv4: '10.0.0.5', type: 'EXTERNAL', enabled: true })
    const list = await c.api('GET', BASE, { token })
    expect(list.body.items.map((s: Json) => s.id)).toContain(id)
  })

  it('creates with ipv6 only, and with both addresses, and disabled', async () => {
    const a = expectId(await c.api('POST', BASE, { token, json: { name: 'V6 only', ipv6: '2001:db8::42' } }), 200)
    expect((await c.api('GET', `${BASE}/${a}`, { token })).body).toMatchObject({ ipv6: '2001:db8::42', type: 'EXTERNAL' })
    const b = expectId(
      await c.api('POST', BASE, { token, json: { name: 'Both', ipv4: '10.1.1.1', ipv6: 'fd00::1', enabled: false } }),
      200,
    )
    expect((await c.api('GET', `${BASE}/${b}`, { token })).body).toMatchObject({
      name: 'Both',
      ipv4: '10.1.1.1',
      ipv6: 'fd00::1',
      enabled: false,
    })
    const max = expectId(await c.api('POST', BASE, { token, json: { name: 'm'.repeat(64), ipv4: '10.1.1.2' } }), 200)
    expect((await c.api('GET', `${BASE}/${max}`, { token })).body.name).toBe('m'.repeat(64))
  })

  it('refuses a server without ipv4 and ipv6 with 400 naming ipv4', async () => {
    expectError(await c.api('POST', BASE, { token, json: { name: 'No address' } }), 400, 'VALIDATE_FAILED', 'ipv4')
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['name missing', { ipv4: '10.0.0.1' }, 'name'],
    ['name empty', { name: '', ipv4: '10.0.0.1' }, 'name'],
    ['name of 65 characters', { name: 'x'.repeat(65), ipv4: '10.0.0.1' }, 'name'],
    ['name not a string', { name: 5, ipv4: '10.0.0.1' }, 'name'],
    ['ipv4 out of range', { name: 'Bad', ipv4: '256.1.1.1' }, 'ipv4'],
    ['ipv4 with three parts', { name: 'Bad', ipv4: '10.0.0' }, 'ipv4'],
    ['ipv4 a host name', { name: 'Bad', ipv4: 'ivr.example.com' }, 'ipv4'],
    ['ipv4 an IPv6 address', { name: 'Bad', ipv4: '2001:db8::1' }, 'ipv4'],
    ['ipv4 not a string', { name: 'Bad', ipv4: 10 }, 'ipv4'],
    ['ipv6 garbage', { name: 'Bad', ipv6: 'zz::1' }, 'ipv6'],
    ['ipv6 an IPv4 address', { name: 'Bad', ipv6: '10.0.0.1' }, 'ipv6'],
    ['ipv6 with two ::', { name: 'Bad', ipv6: '2001::db8::1' }, 'ipv6'],
    ['enabled a string', { name: 'Bad', ipv4: '10.0.0.1', enabled: 'yes' }, 'enabled'],
  ])('create with %s → 400 naming %s', async (_label, body, field) => {
    expectError(await c.api('POST', BASE, { token, json: body }), 400, 'VALIDATE_FAILED', field)
  })

  it.each([
    ['type (output only)', { name: 'Typed', ipv4: '10.0.0.1', type: 'EXTERNAL' }, 'type'],
    ['an unknown field', { name: 'Odd', ipv4: '10.0.0.1', port: 5060 }, 'port'],
    ['id', { id: 'mine', name: 'Odd', ipv4: '10.0.0.1' }, 'id'],
  ])('create with %s → 400', async (_label, body, name) => {
    const res = await c.api('POST', BASE, { token, json: body })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, name)
  })

  it('updates an EXTERNAL server: enabled, name, ipv4, ipv6; 200 with no body; read back', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Editable', ipv4: '10.2.0.1' } }), 200)
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { enabled: false } }))
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body).toMatchObject({ enabled: false, name: 'Editable' })
    expectNoBody(
      await c.api('POST', `${BASE}/${id}`, { token, json: { name: 'Edited', ipv4: '10.2.0.2', ipv6: 'fd00::2' } }),
    )
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body).toMatchObject({
      id,
      name: 'Edited',
      ipv4: '10.2.0.2',
      ipv6: 'fd00::2',
      enabled: false,
      type: 'EXTERNAL',
    })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['ipv4 invalid', { ipv4: '1.2.3.999' }, 'ipv4'],
    ['ipv6 invalid', { ipv6: 'not-v6' }, 'ipv6'],
    ['name empty', { name: '' }, 'name'],
    ['name of 65 characters', { name: 'y'.repeat(65) }, 'name'],
    ['enabled not boolean', { enabled: 0 }, 'enabled'],
  ])('update with %s → 400 naming %s, nothing changed', async (_label, body, field) => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Stable', ipv4: '10.3.0.1' } }), 200)
    expectError(await c.api('POST', `${BASE}/${id}`, { token, json: body }), 400, 'VALIDATE_FAILED', field)
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body).toMatchObject({ name: 'Stable', ipv4: '10.3.0.1', enabled: true })
  })

  it('update refuses the output-only type (400); accepts a matching id, refuses a different one', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Id check', ipv4: '10.4.0.1' } }), 200)
    const typed = await c.api('POST', `${BASE}/${id}`, { token, json: { type: 'INTERNAL' } })
    expectError(typed, 400, 'VALIDATE_FAILED')
    expectMessageMentions(typed, 'type')
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { id, enabled: false } }))
    expectError(await c.api('POST', `${BASE}/${id}`, { token, json: { id: 'different', enabled: true } }), 400, 'VALIDATE_FAILED', 'id')
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body.enabled).toBe(false)
  })

  it('the INTERNAL server: only enabled may change', async () => {
    expectNoBody(await c.api('POST', `${BASE}/${internalId}`, { token, json: { enabled: false } }))
    expect((await c.api('GET', `${BASE}/${internalId}`, { token })).body.enabled).toBe(false)
    expectNoBody(await c.api('POST', `${BASE}/${internalId}`, { token, json: { enabled: true } }))
    expect((await c.api('GET', `${BASE}/${internalId}`, { token })).body.enabled).toBe(true)
  })

  it.each<[string, Record<string, unknown>]>([
    ['name', { name: 'Renamed built-in' }],
    ['ipv4', { ipv4: '127.0.0.2' }],
    ['ipv6', { ipv6: '::1' }],
    ['enabled together with name', { enabled: false, name: 'Renamed built-in' }],
  ])('the INTERNAL server refuses a change of %s with 403 FORBIDDEN', async (_label, body) => {
    expectError(await c.api('POST', `${BASE}/${internalId}`, { token, json: body }), 403, 'FORBIDDEN')
    expect((await c.api('GET', `${BASE}/${internalId}`, { token })).body).toMatchObject({
      name: 'Built-in IVR',
      ipv4: '127.0.0.1',
      type: 'INTERNAL',
      enabled: true,
    })
  })

  it('the INTERNAL server cannot be destroyed (403) and is still there', async () => {
    expectError(await c.api('POST', `${BASE}/${internalId}/destroy`, { token }), 403, 'FORBIDDEN')
    expect((await c.api('GET', `${BASE}/${internalId}`, { token })).status).toBe(200)
  })

  it('destroys an EXTERNAL server: 204 with no body, then 404', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Temporary', ipv4: '10.5.0.1' } }), 200)
    expectNoBody(await c.api('POST', `${BASE}/${id}/destroy`, { token }), 204)
    expectError(await c.api('GET', `${BASE}/${id}`, { token }), 404, 'NOT_FOUND')
    expectError(await c.api('GET', `${BASE}/${id}/status`, { token }), 404, 'NOT_FOUND')
    expect((await c.api('GET', BASE, { token })).body.items.map((s: Json) => s.id)).not.toContain(id)
  })

  it.each([
    ['GET', 'no-such-ivr'],
    ['POST', 'no-such-ivr'],
    ['POST', 'no-such-ivr/destroy'],
    ['GET', 'no-such-ivr/status'],
  ])('%s %s answers 404', async (method, suffix) => {
    const json = method === 'POST' && !suffix.endsWith('destroy') ? { enabled: true } : undefined
    expectError(await c.api(method, `${BASE}/${suffix}`, { token, json }), 404, 'NOT_FOUND')
  })

  it('status: {reachable, checked_at}; reachable when enabled and outside TEST-NET-1', async () => {
    const reception = await c.api('GET', `${BASE}/${receptionId}/status`, { token })
    expect(reception.status).toBe(200)
    expect(isJsonContentType(reception)).toBe(true)
    expect(reception.body.reachable).toBe(true)
    expect(typeof reception.body.checked_at).toBe('string')
    expect(Number.isNaN(Date.parse(reception.body.checked_at))).toBe(false)

    const testNet = expectId(await c.api('POST', BASE, { token, json: { name: 'Test net', ipv4: '192.0.2.10' } }), 200)
    expect((await c.api('GET', `${BASE}/${testNet}/status`, { token })).body.reachable).toBe(false)

    const off = expectId(await c.api('POST', BASE, { token, json: { name: 'Off', ipv4: '10.6.0.1', enabled: false } }), 200)
    expect((await c.api('GET', `${BASE}/${off}/status`, { token })).body.reachable).toBe(false)
    expectNoBody(await c.api('POST', `${BASE}/${off}`, { token, json: { enabled: true } }))
    expect((await c.api('GET', `${BASE}/${off}/status`, { token })).body.reachable).toBe(true)

    const internal = await c.api('GET', `${BASE}/${internalId}/status`, { token })
    expect(internal.status).toBe(200)
    expect(typeof internal.body.reachable).toBe('boolean')
  })
})
