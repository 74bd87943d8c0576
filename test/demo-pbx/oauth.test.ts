import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Res } from './helpers'
import { CLIENT_ID, DEMO, client, expectError, expectNoBody, isJsonContentType, start } from './helpers'

const TOKEN = '/api/login/oauth/token'
const REVOKE = '/api/login/oauth/revoke'

const systemForm = { grant_type: 'password', username: 'admin', password: 'admin', scope: 'all', client_id: CLIENT_ID }
const userForm = {
  grant_type: 'password',
  username: '1001',
  domain: DEMO,
  password: '1001',
  scope: 'all',
  client_id: CLIENT_ID,
}

function without(form: Record<string, string>, key: string): Record<string, string> {
  const copy = { ...form }
  delete copy[key]
  return copy
}

/** 401 UNAUTHORIZED whose message starts with "login failed" (and names `what` when given). */
function expectLoginFailed(res: Res, what?: string): void {
  expectError(res, 401, 'UNAUTHORIZED', 'login failed')
  if (what !== undefined) {
    const messages = (res.body.errors as { message: string }[]).map((e) => e.message)
    expect(messages.some((m) => m.startsWith('login failed') && m.includes(what)), JSON.stringify(messages)).toBe(true)
  }
}

describe('POST /api/login/oauth/token', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('password grant for the system administrator: JSON token pair, Bearer, expires_in', async () => {
    const res = await c.api('POST', TOKEN, { form: systemForm })
    expect(res.status).toBe(200)
    expect(isJsonContentType(res)).toBe(true)
    expect(typeof res.body.access_token).toBe('string')
    expect(typeof res.body.refresh_token).toBe('string')
    expect(res.body.token_type).toBe('Bearer')
    expect(res.body.expires_in).toBe(1800)
    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.status).toBe(200)
    expect(me.body.role_name).toBe('SystemAdmin')
    expect(me.body.domain).toBe('')
  })

  it('password grant for a tenant user with domain', async () => {
    const res = await c.api('POST', TOKEN, { form: userForm })
    expect(res.status).toBe(200)
    expect(res.body.token_type).toBe('Bearer')
    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.status).toBe(200)
    expect(me.body.role_name).toBe('StandardUser')
    expect(me.body.domain).toBe(DEMO)
  })

  it('password grant for the tenant admin', async () => {
    const res = await c.api('POST', TOKEN, {
      form: { ...userForm, username: 'manager', password: 'manager' },
    })
    expect(res.status).toBe(200)
    const rules = await c.api('GET', '/api/outbound_rules', { token: res.body.access_token })
    expect(rules.status).toBe(200)
  })

  it.each([
    ['client_id wrong', { ...systemForm, client_id: '00000000-0000-0000-0000-000000000000' }, 'client_id'],
    ['client_id missing', without(systemForm, 'client_id'), 'client_id'],
    ['scope wrong', { ...systemForm, scope: 'read' }, 'scope'],
    ['scope missing', without(systemForm, 'scope'), 'scope'],
    ['grant_type missing', without(systemForm, 'grant_type'), 'grant_type'],
    ['grant_type client_credentials', { ...systemForm, grant_type: 'client_credentials' }, 'grant_type'],
    ['grant_type authorization_code without a code', { ...systemForm, grant_type: 'authorization_code' }, 'code'],
  ])('refuses %s with 401 UNAUTHORIZED "login failed" naming it', async (_label, form, what) => {
    expectLoginFailed(await c.api('POST', TOKEN, { form }), what)
  })

  it.each([
    ['wrong system administrator password', { ...systemForm, password: 'bad' }],
    ['wrong tenant user password', { ...userForm, password: 'bad' }],
    ['tenant user without domain', without(userForm, 'domain')],
    ['tenant user with an unknown domain', { ...userForm, domain: 'unknown.example' }],
    ['unknown user', { ...userForm, username: '9999', password: '9999' }],
    ['reserved name in a tenant', { ...userForm, username: 'admin', password: 'admin' }],
  ])('refuses %s with 401 "login failed"', async (_label, form) => {
    expectLoginFailed(await c.api('POST', TOKEN, { form }))
  })

  it('accepts application/x-www-form-urlencoded only: a JSON body answers 400', async () => {
    const res = await c.api('POST', TOKEN, { json: systemForm })
    expectError(res, 400, 'VALIDATE_FAILED')
  })

  it('refuses a text/plain body with 400', async () => {
    const res = await c.api('POST', TOKEN, {
      raw: new URLSearchParams(systemForm).toString(),
      contentType: 'text/plain',
    })
    expectError(res, 400, 'VALIDATE_FAILED')
  })

  it('refresh grant: new pair without scope; the old refresh token is refused afterwards', async () => {
    const first = await c.api('POST', TOKEN, { form: userForm })
    expect(first.status).toBe(200)
    const res = await c.api('POST', TOKEN, {
      form: { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id: CLIENT_ID },
    })
    expect(res.status).toBe(200)
    expect(res.body.token_type).toBe('Bearer')
    expect(res.body.expires_in).toBe(1800)
    expect(res.body.access_token).not.toBe(first.body.access_token)
    expect(res.body.refresh_token).not.toBe(first.body.refresh_token)
    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.body.role_name).toBe('StandardUser')

    const reused = await c.api('POST', TOKEN, {
      form: { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id: CLIENT_ID },
    })
    expectError(reused, 401, 'UNAUTHORIZED')

    // the old access token stays valid until it expires
    expect((await c.api('GET', '/api/auth/user', { token: first.body.access_token })).status).toBe(200)
  })

  it('refresh grant with a wrong or missing client_id: 401, and the refresh token is not consumed', async () => {
    const first = await c.api('POST', TOKEN, { form: systemForm })
    const rt: string = first.body.refresh_token
    expectLoginFailed(
      await c.api('POST', TOKEN, { form: { grant_type: 'refresh_token', refresh_token: rt, client_id: 'nope' } }),
      'client_id',
    )
    expectLoginFailed(await c.api('POST', TOKEN, { form: { grant_type: 'refresh_token', refresh_token: rt } }), 'client_id')
    const ok = await c.api('POST', TOKEN, { form: { grant_type: 'refresh_token', refresh_token: rt, client_id: CLIENT_ID } })
    expect(ok.status).toBe(200)
  })

  it('refresh grant with an unknown refresh token: 401 UNAUTHORIZED', async () => {
    const res = await c.api('POST', TOKEN, {
      form: { grant_type: 'refresh_token', refresh_token: 'garbage', client_id: CLIENT_ID },
    })
    expectError(res, 401, 'UNAUTHORIZED')
  })
})

describe('POST /api/login/oauth/revoke', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('answers 200 with no body; the access token and its refresh token stop working', async () => {
    const t = await c.api('POST', TOKEN, { form: userForm })
    expect(t.status).toBe(200)
    const res = await c.api('POST', REVOKE, { token: t.body.access_token, json: {} })
    expectNoBody(res, 200)
    expectError(await c.api('GET', '/api/auth/user', { token: t.body.access_token }), 401, 'UNAUTHORIZED')
    expectError(
      await c.api('POST', TOKEN, {
        form: { grant_type: 'refresh_token', refresh_token: t.body.refresh_token, client_id: CLIENT_ID },
      }),
      401,
      'UNAUTHORIZED',
    )
  })

  it('revokes a session opened by /api/auth/sign_in as well', async () => {
    const s = await c.signIn('system')
    expectNoBody(await c.api('POST', REVOKE, { token: s.access_token, json: {} }))
    expectError(await c.api('GET', '/api/ivr_servers', { token: s.access_token }), 401, 'UNAUTHORIZED')
    expectError(
      await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: s.refresh_token } }),
      401,
      'UNAUTHORIZED',
    )
  })

  it('leaves other sessions alone', async () => {
    const a = await c.signIn('manager')
    const b = await c.signIn('manager')
    expectNoBody(await c.api('POST', REVOKE, { token: a.access_token, json: {} }))
    expect((await c.api('GET', '/api/auth/user', { token: b.access_token })).status).toBe(200)
  })

  it('answers 401 without a bearer token, and for a revoked token', async () => {
    expectError(await c.api('POST', REVOKE, { json: {} }), 401, 'UNAUTHORIZED')
    const s = await c.signIn('manager')
    expectNoBody(await c.api('POST', REVOKE, { token: s.access_token, json: {} }))
    expectError(await c.api('POST', REVOKE, { token: s.access_token, json: {} }), 401, 'UNAUTHORIZED')
  })
})
