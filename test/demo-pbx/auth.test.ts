import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx } from './helpers'
import { ACCOUNTS, CLIENT_ID, DEMO, client, setCookie, expectError, expectMessageMentions, expectNoBody, isJsonContentType, sleep, start } from './helpers'

const ADMIN_CAPS = [
  'outbound_rules:read',
  'outbound_rules:write',
  'providers:read',
  'holidays:read',
  'dect_phones:read',
  'dect_phones:write',
  'users:read',
  'phones:read',
  'phones:write',
  'email_templates:read',
  'email_templates:write',
]
const SYSTEM_CAPS = ['ivr_servers:read', 'ivr_servers:write', 'notification:read', 'notification:write']

describe('POST /api/auth/sign_in', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('signs the system administrator in without a domain: token pair, Bearer, expires_in = default tokenTtl 1800', async () => {
    const res = await c.api('POST', '/api/auth/sign_in', { json: { username: 'admin', password: 'admin' } })
    expect(res.status).toBe(200)
    expect(isJsonContentType(res)).toBe(true)
    expect(typeof res.body.access_token).toBe('string')
    expect(res.body.access_token.length).toBeGreaterThan(0)
    expect(typeof res.body.refresh_token).toBe('string')
    expect(res.body.refresh_token).not.toBe(res.body.access_token)
    expect(res.body.token_type).toBe('Bearer')
    expect(res.body.expires_in).toBe(1800)
  })

  it('signs a tenant user in with the domain', async () => {
    const res = await c.api('POST', '/api/auth/sign_in', { json: { username: '1001', password: '1001', domain: DEMO } })
    expect(res.status).toBe(200)
    expect(res.body.token_type).toBe('Bearer')
    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.status).toBe(200)
    expect(me.body.role_name).toBe('StandardUser')
    expect(me.body.domain).toBe(DEMO)
  })

  it('issues a different token pair for every sign-in', async () => {
    const a = await c.signIn('manager')
    const b = await c.signIn('manager')
    expect(a.access_token).not.toBe(b.access_token)
    expect(a.refresh_token).not.toBe(b.refresh_token)
  })

  it.each([
    ['tenant user without a domain', { username: '1001', password: '1001' }],
    ['tenant admin without a domain', { username: 'manager', password: 'manager' }],
    ['tenant user with an unknown domain', { username: '1001', password: '1001', domain: 'nowhere.example' }],
    ['tenant user of the wrong tenant', { username: '1001', password: '1001', domain: 'other.pbx.example' }],
    ['wrong password', { username: '1001', password: 'wrong', domain: DEMO }],
    ['unknown user', { username: '4711', password: '4711', domain: DEMO }],
    ['system administrator with a wrong password', { username: 'admin', password: 'nope' }],
    ['reserved name admin in a tenant', { username: 'admin', password: 'admin', domain: DEMO }],
    ['reserved name ADMIN (any case) in a tenant', { username: 'ADMIN', password: 'admin', domain: DEMO }],
    ['reserved name root in a tenant', { username: 'root', password: 'root', domain: DEMO }],
    ['reserved name System in a tenant', { username: 'System', password: 'admin', domain: DEMO }],
    ['reserved name administrator in a tenant', { username: 'administrator', password: 'admin', domain: DEMO }],
  ])('refuses %s with 401 UNAUTHORIZED', async (_label, body) => {
    const res = await c.api('POST', '/api/auth/sign_in', { json: body })
    expectError(res, 401, 'UNAUTHORIZED')
  })

  it.each([
    ['username missing', { password: 'admin' }, 'username'],
    ['password missing', { username: 'admin' }, 'password'],
    ['username empty', { username: '', password: 'admin' }, 'username'],
    ['username of 65 characters', { username: 'a'.repeat(65), password: 'x', domain: DEMO }, 'username'],
    ['username with a space', { username: 'a b', password: 'x', domain: DEMO }, 'username'],
    ['username starting with a period', { username: '.abc', password: 'x', domain: DEMO }, 'username'],
    ['username ending with a period', { username: 'abc.', password: 'x', domain: DEMO }, 'username'],
    ['username not a string', { username: 1001, password: '1001', domain: DEMO }, 'username'],
    ['password not a string', { username: '1001', password: 1001, domain: DEMO }, 'password'],
    ['domain of 281 characters', { username: '1001', password: '1001', domain: 'd'.repeat(281) }, 'domain'],
    ['domain not a string', { username: '1001', password: '1001', domain: 7 }, 'domain'],
  ])('answers 400 VALIDATE_FAILED for %s', async (_label, body, field) => {
    const res = await c.api('POST', '/api/auth/sign_in', { json: body })
    expectError(res, 400, 'VALIDATE_FAILED', field)
  })

  it("a username with the allowed characters _ - ' . passes validation (401 for an unknown user, not 400)", async () => {
    const res = await c.api('POST', '/api/auth/sign_in', {
      json: { username: "o'neil_x-y.z", password: 'whatever', domain: DEMO },
    })
    expectError(res, 401, 'UNAUTHORIZED')
  })

  it('refuses an unknown body field with 400', async () => {
    const res = await c.api('POST', '/api/auth/sign_in', {
      json: { username: 'admin', password: 'admin', remember_me: true },
    })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'remember_me')
  })

  it.each(['true', 'false'])('accepts qr=%s and answers the same shape', async (qr) => {
    const res = await c.api('POST', `/api/auth/sign_in?qr=${qr}`, { json: ACCOUNTS.manager })
    expect(res.status).toBe(200)
    expect(typeof res.body.access_token).toBe('string')
    expect(typeof res.body.refresh_token).toBe('string')
    expect(res.body.token_type).toBe('Bearer')
    expect(res.body.expires_in).toBe(1800)
  })

  it.each(['yes', '1', 'TRUEISH', ''])('refuses qr=%s with 400 naming qr', async (qr) => {
    const res = await c.api('POST', `/api/auth/sign_in?qr=${encodeURIComponent(qr)}`, { json: ACCOUNTS.manager })
    expectError(res, 400, 'VALIDATE_FAILED', 'qr')
  })
})

describe('GET /api/auth/user', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('describes the system administrator: empty domain, SystemAdmin, system capabilities only', async () => {
    const res = await c.api('GET', '/api/auth/user', { token: await c.token('system') })
    expect(res.status).toBe(200)
    expect(res.body.domain).toBe('')
    expect(res.body.role_name).toBe('SystemAdmin')
    expect(typeof res.body.role_id).toBe('string')
    expect(res.body.role_id.length).toBeGreaterThan(0)
    expect(res.body.capabilities).toEqual(expect.arrayContaining(SYSTEM_CAPS))
    for (const cap of ADMIN_CAPS) expect(res.body.capabilities).not.toContain(cap)
    expect(res.body.password_verified).toBe(true)
    expect(res.body.password_force_reset).toBe(false)
  })

  it('describes the tenant admin: tenant domain, Admin, tenant capabilities only', async () => {
    const res = await c.api('GET', '/api/auth/user', { token: await c.token('manager') })
    expect(res.status).toBe(200)
    expect(res.body.domain).toBe(DEMO)
    expect(res.body.role_name).toBe('Admin')
    expect(res.body.capabilities).toEqual(expect.arrayContaining(ADMIN_CAPS))
    for (const cap of SYSTEM_CAPS) expect(res.body.capabilities).not.toContain(cap)
    expect(res.body.password_verified).toBe(true)
    expect(res.body.password_force_reset).toBe(false)
  })

  it('describes the tenant user: StandardUser without any capability of the table', async () => {
    const res = await c.api('GET', '/api/auth/user', { token: await c.token('user') })
    expect(res.status).toBe(200)
    expect(res.body.domain).toBe(DEMO)
    expect(res.body.role_name).toBe('StandardUser')
    expect(Array.isArray(res.body.capabilities)).toBe(true)
    for (const cap of [...ADMIN_CAPS, ...SYSTEM_CAPS]) expect(res.body.capabilities).not.toContain(cap)
  })

  it('describes the admin of the other tenant with its own domain', async () => {
    const res = await c.api('GET', '/api/auth/user', { token: await c.token('otherManager') })
    expect(res.status).toBe(200)
    expect(res.body.domain).toBe('other.pbx.example')
    expect(res.body.role_name).toBe('Admin')
  })

  it('gives the three roles three different role ids', async () => {
    const ids = new Set<string>()
    for (const who of ['system', 'manager', 'user'] as const) {
      const res = await c.api('GET', '/api/auth/user', { token: await c.token(who) })
      ids.add(res.body.role_id)
    }
    expect(ids.size).toBe(3)
  })

  it.each([
    ['no Authorization header', {}],
    ['an unknown bearer token', { Authorization: 'Bearer not-a-real-token' }],
    ['an empty bearer token', { Authorization: 'Bearer ' }],
    ['a Basic scheme', { Authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['a token without the Bearer scheme', { Authorization: 'abcdef' }],
  ])('answers 401 UNAUTHORIZED for %s', async (_label, headers) => {
    const res = await c.api('GET', '/api/auth/user', { headers })
    expectError(res, 401, 'UNAUTHORIZED')
  })

  it('refuses a refresh token used as a bearer token', async () => {
    const s = await c.signIn('manager')
    const res = await c.api('GET', '/api/auth/user', { token: s.refresh_token })
    expectError(res, 401, 'UNAUTHORIZED')
  })
})

describe('POST /api/auth/refresh_token', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('answers a new pair; the used refresh token is refused afterwards; the old access token still works', async () => {
    const first = await c.signIn('manager')
    const res = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: first.refresh_token } })
    expect(res.status).toBe(200)
    expect(res.body.token_type).toBe('Bearer')
    expect(res.body.expires_in).toBe(1800)
    expect(typeof res.body.access_token).toBe('string')
    expect(typeof res.body.refresh_token).toBe('string')
    expect(res.body.access_token).not.toBe(first.access_token)
    expect(res.body.refresh_token).not.toBe(first.refresh_token)

    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.status).toBe(200)
    expect(me.body.role_name).toBe('Admin')
    expect(me.body.domain).toBe(DEMO)

    const again = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: first.refresh_token } })
    expectError(again, 401, 'UNAUTHORIZED')

    const old = await c.api('GET', '/api/auth/user', { token: first.access_token })
    expect(old.status).toBe(200)

    const next = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: res.body.refresh_token } })
    expect(next.status).toBe(200)
    expect(next.body.refresh_token).not.toBe(res.body.refresh_token)
  })

  it.each(['system', 'user'] as const)('works for the %s role as well', async (who) => {
    const s = await c.signIn(who)
    const res = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: s.refresh_token } })
    expect(res.status).toBe(200)
    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.body.role_name).toBe(who === 'system' ? 'SystemAdmin' : 'StandardUser')
  })

  it('refuses an unknown refresh token with 401', async () => {
    const res = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: 'garbage' } })
    expectError(res, 401, 'UNAUTHORIZED')
  })

  it('refuses an access token given as the refresh token with 401', async () => {
    const s = await c.signIn('manager')
    const res = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: s.access_token } })
    expectError(res, 401, 'UNAUTHORIZED')
  })

  it('refuses an unknown field with 400 and does not consume the refresh token', async () => {
    const s = await c.signIn('manager')
    const res = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: s.refresh_token, scope: 'all' } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'scope')
    expect((await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: s.refresh_token } })).status).toBe(200)
  })

  it.each([
    ['refresh_token missing', {}],
    ['refresh_token not a string', { refresh_token: 42 }],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await c.api('POST', '/api/auth/refresh_token', { json: body })
    expectError(res, 400, 'VALIDATE_FAILED', 'refresh_token')
  })
})

describe('POST /api/auth/sign_out', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it.each(['system', 'manager', 'user'] as const)(
    'answers 200 with no body for %s; the access and refresh tokens stop working',
    async (who) => {
      const s = await c.signIn(who)
      const res = await c.api('POST', '/api/auth/sign_out', { token: s.access_token })
      expectNoBody(res, 200)
      expectError(await c.api('GET', '/api/auth/user', { token: s.access_token }), 401, 'UNAUTHORIZED')
      expectError(
        await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: s.refresh_token } }),
        401,
        'UNAUTHORIZED',
      )
    },
  )

  it('ends only its own session: another session of the same user keeps working', async () => {
    const a = await c.signIn('manager')
    const b = await c.signIn('manager')
    expectNoBody(await c.api('POST', '/api/auth/sign_out', { token: a.access_token }))
    const me = await c.api('GET', '/api/auth/user', { token: b.access_token })
    expect(me.status).toBe(200)
  })

  it('ends the rotated session: signing out with a refreshed access token kills the new refresh token', async () => {
    const a = await c.signIn('user')
    const r = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: a.refresh_token } })
    expect(r.status).toBe(200)
    expectNoBody(await c.api('POST', '/api/auth/sign_out', { token: r.body.access_token }))
    expectError(
      await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: r.body.refresh_token } }),
      401,
      'UNAUTHORIZED',
    )
  })

  it('answers 401 without a token and with a token already signed out', async () => {
    expectError(await c.api('POST', '/api/auth/sign_out'), 401, 'UNAUTHORIZED')
    const s = await c.signIn('manager')
    expectNoBody(await c.api('POST', '/api/auth/sign_out', { token: s.access_token }))
    expectError(await c.api('POST', '/api/auth/sign_out', { token: s.access_token }), 401, 'UNAUTHORIZED')
  })
})

describe('token expiry (tokenTtl 1 s, refreshTtl 2 s)', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start({ tokenTtl: 1, refreshTtl: 2 })
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it(
    'expires access tokens after tokenTtl, refresh tokens after refreshTtl; refresh revives an expired access token',
    async () => {
      const a = await c.signIn('manager')
      const b = await c.signIn('system')
      expect(a.expires_in).toBe(1)
      expect((await c.api('GET', '/api/auth/user', { token: a.access_token })).status).toBe(200)
      // the same lifetime for OAuth and cookie-session access tokens
      const oauth = await c.api('POST', '/api/login/oauth/token', {
        form: { grant_type: 'password', username: 'admin', password: 'admin', scope: 'all', client_id: CLIENT_ID },
      })
      expect(oauth.body.expires_in).toBe(1)
      const login = await c.api('POST', '/api/login', { json: { username: '1001', password: '1001', domain: DEMO } })
      const cookie = setCookie(login, 'pbx_session')
      expect(cookie).toBeDefined()
      const session = await c.api('GET', '/api/login', { cookie: `pbx_session=${cookie!.value}` })
      expect(session.status).toBe(200)
      expect((await c.api('GET', '/api/auth/user', { token: session.body.access_token })).status).toBe(200)

      await sleep(1300)
      expectError(await c.api('GET', '/api/auth/user', { token: a.access_token }), 401, 'UNAUTHORIZED')
      expectError(await c.api('GET', '/api/outbound_rules', { token: a.access_token }), 401, 'UNAUTHORIZED')
      expectError(await c.api('GET', '/api/auth/user', { token: oauth.body.access_token }), 401, 'UNAUTHORIZED')
      expectError(await c.api('GET', '/api/auth/user', { token: session.body.access_token }), 401, 'UNAUTHORIZED')

      const r = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: a.refresh_token } })
      expect(r.status).toBe(200)
      expect(r.body.expires_in).toBe(1)
      const me = await c.api('GET', '/api/auth/user', { token: r.body.access_token })
      expect(me.status).toBe(200)
      expect(me.body.role_name).toBe('Admin')

      await sleep(1100)
      // b was issued about 2.4 s ago: its refresh token (refreshTtl 2) has expired too.
      expectError(
        await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: b.refresh_token } }),
        401,
        'UNAUTHORIZED',
      )
    },
    10_000,
  )
})
