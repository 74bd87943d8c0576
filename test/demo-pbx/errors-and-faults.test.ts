import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { client, expectError, expectId, start } from './helpers'

describe('the error shape for every kind of failure', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  let system = ''
  let ruleId = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
    system = await c.token('system')
    ruleId = (await c.api('GET', '/api/outbound_rules', { token })).body.items[0].id
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it.each([
    ['/api/nothing-here'],
    ['/api/outbound_rules/x/y/z'],
    ['/api'],
    ['/'],
    ['/favicon.ico'],
  ])('unknown path %s answers 404 NOT_FOUND as JSON', async (path) => {
    expectError(await c.api('GET', path, { token }), 404, 'NOT_FOUND')
  })

  it.each([
    ['DELETE', '/api/outbound_rules/{rule}', ['GET', 'POST']],
    ['PUT', '/api/outbound_rules', ['GET', 'POST']],
    ['PATCH', '/api/outbound_rules/{rule}', ['GET', 'POST']],
    ['GET', '/api/auth/sign_in', ['POST']],
    ['GET', '/api/auth/sign_out', ['POST']],
    ['GET', '/api/login/oauth/token', ['POST']],
    ['DELETE', '/api/login', ['GET', 'POST']],
    ['GET', '/api/logout', ['POST']],
    ['PUT', '/api/admin/notification', ['GET', 'POST']],
    ['GET', '/api/outbound_rules/{rule}/destroy', ['POST']],
  ])('%s %s answers 405, code NOT_FOUND, "method not allowed", Allow lists %j', async (method, path, allowed) => {
    const res = await c.api(method, path.replace('{rule}', ruleId), { token: path.startsWith('/api/admin') ? system : token })
    expectError(res, 405, 'NOT_FOUND', 'method not allowed')
    const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase())
    for (const m of allowed) expect(allow, res.headers.get('allow') ?? '(no Allow header)').toContain(m)
    expect(allow).not.toContain(method)
  })

  it('malformed JSON answers 400 VALIDATE_FAILED', async () => {
    const res = await c.api('POST', '/api/outbound_rules', { token, raw: '{"name": "Broken",', contentType: 'application/json' })
    expectError(res, 400, 'VALIDATE_FAILED')
  })

  it.each([
    ['a JSON array', '[{"name":"Array"}]'],
    ['JSON null', 'null'],
    ['a JSON string', '"name"'],
  ])('a body that is %s answers 400', async (_label, raw) => {
    expectError(
      await c.api('POST', '/api/outbound_rules', { token, raw, contentType: 'application/json' }),
      400,
      'VALIDATE_FAILED',
    )
  })

  it.each([
    ['text/plain', '{"name":"Plain"}'],
    ['application/x-www-form-urlencoded', 'name=Form'],
    ['application/xml', '<name>Xml</name>'],
  ])('a JSON endpoint refuses Content-Type %s with 400', async (contentType, raw) => {
    expectError(await c.api('POST', '/api/outbound_rules', { token, raw, contentType }), 400, 'VALIDATE_FAILED')
    const list = await c.api('GET', '/api/outbound_rules', { token })
    expect(list.body.items.map((r: Json) => r.name)).not.toContain('Plain')
  })

  it('a JSON endpoint refuses a string body sent with fetch\'s default text/plain type with 400', async () => {
    expectError(await c.api('POST', '/api/auth/sign_in', { raw: '{"username":"admin","password":"admin"}' }), 400, 'VALIDATE_FAILED')
  })

  it('accepts Content-Type application/json with a charset', async () => {
    const res = await c.api('POST', '/api/auth/sign_in', {
      raw: '{"username":"admin","password":"admin"}',
      contentType: 'application/json; charset=utf-8',
    })
    expect(res.status).toBe(200)
  })

  it('a body over 1 MiB answers 400 VALIDATE_FAILED (even when otherwise valid)', async () => {
    const raw = `{"name":"Huge"${' '.repeat(1024 * 1024 + 10)}}`
    const res = await c.api('POST', '/api/outbound_rules', { token, raw, contentType: 'application/json' })
    expectError(res, 400, 'VALIDATE_FAILED')
    const list = await c.api('GET', '/api/outbound_rules', { token })
    expect(list.body.items.map((r: Json) => r.name)).not.toContain('Huge')
  })

  it('a body just under 1 MiB is read', async () => {
    const raw = `{"name":"Big but fine"${' '.repeat(1024 * 1024 - 100)}}`
    expectId(await c.api('POST', '/api/outbound_rules', { token, raw, contentType: 'application/json' }), 201)
  })

  it('401, 403, 404 and 409 all carry the shape and the JSON content type', async () => {
    expectError(await c.api('GET', '/api/outbound_rules'), 401, 'UNAUTHORIZED')
    expectError(await c.api('GET', '/api/outbound_rules', { token: system }), 403, 'FORBIDDEN')
    expectError(await c.api('GET', '/api/outbound_rules/nope', { token }), 404, 'NOT_FOUND')
    expectError(await c.api('POST', '/api/outbound_rules', { token, json: { name: 'Local' } }), 409, 'CONFLICT')
  })
})

describe('fault knobs', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
  })
  afterAll(async () => {
    pbx.faults.setLatency(0)
    await pbx.stop()
  })

  it('failNext(2, 503): the next two requests answer 503 UNKNOWN, then normal service', async () => {
    pbx.faults.failNext(2, 503)
    expectError(await c.api('GET', '/api/info'), 503, 'UNKNOWN')
    expectError(await c.api('GET', '/api/outbound_rules', { token }), 503, 'UNKNOWN')
    const ok = await c.api('GET', '/api/outbound_rules', { token })
    expect(ok.status).toBe(200)
    expect(ok.body.count).toBe(3)
  })

  it('failNext(1, 500): one 500 UNKNOWN, even for a request that would otherwise fail differently', async () => {
    pbx.faults.failNext(1, 500)
    expectError(await c.api('GET', '/api/nothing-here'), 500, 'UNKNOWN')
    expectError(await c.api('GET', '/api/nothing-here'), 404, 'NOT_FOUND')
  })

  it('a failed write is not applied', async () => {
    pbx.faults.failNext(1, 503)
    expectError(await c.api('POST', '/api/outbound_rules', { token, json: { name: 'Failed write' } }), 503, 'UNKNOWN')
    const list = await c.api('GET', '/api/outbound_rules', { token })
    expect(list.body.items.map((r: Json) => r.name)).not.toContain('Failed write')
  })

  it('dropNext(2): the next two requests get no answer (connection destroyed), the third is served', async () => {
    pbx.faults.dropNext(2)
    await expect(c.api('GET', '/api/info')).rejects.toThrow()
    await expect(c.api('GET', '/api/info')).rejects.toThrow()
    expect((await c.api('GET', '/api/info')).status).toBe(200)
  })

  it('down() refuses connections; up() listens again on the same port with the same data', async () => {
    const id = expectId(await c.api('POST', '/api/outbound_rules', { token, json: { name: 'Survivor' } }), 201)
    const url = pbx.url
    const port = pbx.port
    pbx.faults.down()
    await expect(c.api('GET', '/api/info')).rejects.toThrow()
    await expect(c.api('GET', `/api/outbound_rules/${id}`, { token })).rejects.toThrow()
    await pbx.faults.up()
    expect(pbx.port).toBe(port)
    expect(pbx.url).toBe(url)
    const res = await c.api('GET', `/api/outbound_rules/${id}`, { token })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Survivor')
  })

  it('setLatency(150) delays every answer; setLatency(0) removes the delay', async () => {
    pbx.faults.setLatency(150)
    let t0 = performance.now()
    expect((await c.api('GET', '/api/info')).status).toBe(200)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140)
    t0 = performance.now()
    expectError(await c.api('GET', '/api/outbound_rules'), 401, 'UNAUTHORIZED')
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140)
    pbx.faults.setLatency(0)
    t0 = performance.now()
    expect((await c.api('GET', '/api/info')).status).toBe(200)
    expect(performance.now() - t0).toBeLessThan(140)
  })

  it('requests counts every request received', async () => {
    const before = pbx.requests
    await c.api('GET', '/api/info')
    await c.api('GET', '/api/nothing-here')
    await c.api('GET', '/api/outbound_rules', { token })
    expect(pbx.requests - before).toBe(3)
  })
})

describe('latencyMs start option', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start({ latencyMs: 120 })
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('delays every answer by latencyMs', async () => {
    const t0 = performance.now()
    expect((await c.api('GET', '/api/info')).status).toBe(200)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110)
  })
})

describe('seed: false', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start({ seed: false })
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('has the accounts but no seed data (the built-in IVR server exists always)', async () => {
    const manager = await c.token('manager')
    expect((await c.api('GET', '/api/outbound_rules', { token: manager })).body.count).toBe(0)
    expect((await c.api('GET', '/api/dect_phones', { token: manager })).body.items).toEqual([])
    expect((await c.api('GET', '/api/custom_email_templates', { token: manager })).body.items).toEqual([])
    const system = await c.token('system')
    const ivrs = await c.api('GET', '/api/ivr_servers', { token: system })
    expect(ivrs.body.count).toBe(1)
    expect(ivrs.body.items[0].type).toBe('INTERNAL')
    expect((await c.api('GET', '/api/auth/user', { token: await c.token('user') })).status).toBe(200)
    expect((await c.api('GET', '/api/auth/user', { token: await c.token('otherManager') })).status).toBe(200)
  })
})
