import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx } from './helpers'
import { DEMO, client, expectError, expectMessageMentions, expectNoBody, setCookie, start } from './helpers'

const TTL = 900

describe('cookie-style session: POST /api/login, GET /api/login, POST /api/logout', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start({ tokenTtl: TTL })
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  async function login(body: Record<string, unknown>): Promise<string> {
    const res = await c.api('POST', '/api/login', { json: body })
    expectNoBody(res, 200)
    const cookie = setCookie(res, 'pbx_session')
    expect(cookie, res.headers.getSetCookie().join(' | ')).toBeDefined()
    expect(cookie!.value.length).toBeGreaterThan(0)
    return `pbx_session=${cookie!.value}`
  }

  it('POST /api/login answers 200, no body, and sets pbx_session HttpOnly, SameSite=Strict, Path=/api', async () => {
    const res = await c.api('POST', '/api/login', { json: { username: 'admin', password: 'admin' } })
    expectNoBody(res, 200)
    const cookie = setCookie(res, 'pbx_session')
    expect(cookie).toBeDefined()
    const attrs = cookie!.attributes.map((a) => a.toLowerCase())
    expect(attrs).toContain('httponly')
    expect(attrs).toContain('samesite=strict')
    expect(attrs).toContain('path=/api')
  })

  it('GET /api/login with the cookie answers access_token, expires_at, expires_in, role', async () => {
    const cookie = await login({ username: 'admin', password: 'admin' })
    const before = Date.now()
    const res = await c.api('GET', '/api/login', { cookie })
    expect(res.status).toBe(200)
    expect(typeof res.body.access_token).toBe('string')
    expect(res.body.access_token.length).toBeGreaterThan(0)
    expect(res.body.role).toBe('SystemAdmin')
    expect(typeof res.body.expires_in).toBe('number')
    expect(res.body.expires_in).toBeGreaterThan(0)
    expect(res.body.expires_in).toBeLessThanOrEqual(TTL)
    expect(typeof res.body.expires_at).toBe('string')
    expect(res.body.expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/)
    const at = Date.parse(res.body.expires_at)
    expect(at).toBeGreaterThan(before)
    expect(at).toBeLessThanOrEqual(before + TTL * 1000 + 5000)
  })

  it('accepts an empty domain for the system administrator', async () => {
    const cookie = await login({ username: 'admin', password: 'admin', domain: '' })
    const res = await c.api('GET', '/api/login', { cookie })
    expect(res.body.role).toBe('SystemAdmin')
  })

  it.each([
    ['manager', 'Admin'],
    ['1001', 'StandardUser'],
  ])('signs in tenant account %s with the domain; role %s', async (username, role) => {
    const cookie = await login({ username, password: username, domain: DEMO })
    const res = await c.api('GET', '/api/login', { cookie })
    expect(res.status).toBe(200)
    expect(res.body.role).toBe(role)
  })

  it('the session access token works as a bearer token', async () => {
    const cookie = await login({ username: 'manager', password: 'manager', domain: DEMO })
    const res = await c.api('GET', '/api/login', { cookie })
    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.status).toBe(200)
    expect(me.body.role_name).toBe('Admin')
    expect(me.body.domain).toBe(DEMO)
    const rules = await c.api('GET', '/api/outbound_rules', { token: res.body.access_token })
    expect(rules.status).toBe(200)
  })

  it.each([
    ['a wrong password', { username: 'admin', password: 'wrong' }],
    ['a tenant user without domain', { username: '1001', password: '1001' }],
    ['an unknown domain', { username: '1001', password: '1001', domain: 'nope.example' }],
    ['a reserved name in a tenant', { username: 'root', password: 'admin', domain: DEMO }],
  ])('POST /api/login with %s answers 401 and sets no session cookie', async (_label, body) => {
    const res = await c.api('POST', '/api/login', { json: body })
    expectError(res, 401, 'UNAUTHORIZED')
    const cookie = setCookie(res, 'pbx_session')
    expect(cookie === undefined || cookie.value === '').toBe(true)
  })

  it.each([
    ['username missing', { password: 'admin' }, 'username'],
    ['password missing', { username: 'admin' }, 'password'],
    ['username of 65 characters', { username: 'u'.repeat(65), password: 'x', domain: DEMO }, 'username'],
    ['domain of 281 characters', { username: '1001', password: '1001', domain: 'd'.repeat(281) }, 'domain'],
  ])('POST /api/login with %s answers 400', async (_label, body, field) => {
    expectError(await c.api('POST', '/api/login', { json: body }), 400, 'VALIDATE_FAILED', field)
  })

  it('POST /api/login takes JSON: a form body answers 400 and sets no cookie', async () => {
    const res = await c.api('POST', '/api/login', { form: { username: 'admin', password: 'admin' } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expect(setCookie(res, 'pbx_session')?.value ?? '').toBe('')
  })

  it('POST /api/login refuses an unknown field with 400', async () => {
    const res = await c.api('POST', '/api/login', { json: { username: 'admin', password: 'admin', keep: true } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'keep')
  })

  it.each([
    ['no cookie', undefined],
    ['an unknown session cookie', 'pbx_session=not-a-session'],
    ['an empty session cookie', 'pbx_session='],
    ['another cookie only', 'other=1'],
  ])('GET /api/login with %s answers 401', async (_label, cookie) => {
    const res = await c.api('GET', '/api/login', cookie === undefined ? {} : { cookie })
    expectError(res, 401, 'UNAUTHORIZED')
  })

  it('POST /api/logout answers 204, clears the cookie and ends the session', async () => {
    const cookie = await login({ username: 'manager', password: 'manager', domain: DEMO })
    const status = await c.api('GET', '/api/login', { cookie })
    expect(status.status).toBe(200)
    const token: string = status.body.access_token

    const res = await c.api('POST', '/api/logout', { cookie })
    expectNoBody(res, 204)
    const cleared = setCookie(res, 'pbx_session')
    expect(cleared, 'Set-Cookie clearing pbx_session').toBeDefined()
    const attrs = cleared!.attributes.map((a) => a.toLowerCase())
    const expired =
      cleared!.value === '' ||
      attrs.some((a) => a === 'max-age=0' || a.startsWith('max-age=-')) ||
      attrs.some((a) => a.startsWith('expires=') && Date.parse(a.slice('expires='.length)) < Date.now())
    expect(expired, cleared!.raw).toBe(true)

    expectError(await c.api('GET', '/api/login', { cookie }), 401, 'UNAUTHORIZED')
    expectError(await c.api('GET', '/api/auth/user', { token }), 401, 'UNAUTHORIZED')
  })

  it('POST /api/logout answers 204 without any cookie, and with an unknown one', async () => {
    expectNoBody(await c.api('POST', '/api/logout'), 204)
    expectNoBody(await c.api('POST', '/api/logout', { cookie: 'pbx_session=nothing' }), 204)
  })

  it('logging out one session leaves another session of the same user alive', async () => {
    const a = await login({ username: 'admin', password: 'admin' })
    const b = await login({ username: 'admin', password: 'admin' })
    expect(a).not.toBe(b)
    expectNoBody(await c.api('POST', '/api/logout', { cookie: a }), 204)
    expect((await c.api('GET', '/api/login', { cookie: b })).status).toBe(200)
  })
})
