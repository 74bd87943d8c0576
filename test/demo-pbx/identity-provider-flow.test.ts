import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Client, DemoPbx, Res } from './helpers'
import { CLIENT_ID, DEMO, OTHER, client, expectError, start, withQuery } from './helpers'

// The identity provider's part as README "Identity provider" describes it: the sign-in page the
// PBX hands out, the form it posts, the 302 back to a loopback redirect_uri, and the code grant.

const TOKEN = '/api/login/oauth/token'
const REDIRECT = 'http://127.0.0.1:53682/callback'

async function page(url: string, init: RequestInit = {}): Promise<Res> {
  const res = await fetch(url, { ...init, redirect: 'manual' })
  return { status: res.status, headers: res.headers, text: await res.text(), body: undefined }
}

/** The value of a form field on a page: <input … name="…" value="…"> (attributes in any order). */
function field(html: string, name: string): string | undefined {
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    if (!new RegExp(`\\bname="${name}"`).test(input)) continue
    const value = /\bvalue="([^"]*)"/.exec(input)?.[1] ?? ''
    return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  }
  return undefined
}

function expectHtml(res: Res, status: number): void {
  expect(res.status, res.text.slice(0, 300)).toBe(status)
  expect(res.headers.get('content-type') ?? '').toMatch(/^text\/html\b/i)
  expect(res.text).toMatch(/^<!doctype html>/i)
  expect(res.text).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'/)
  expect(res.text).not.toMatch(/<script/i)
}

describe('the identity provider played by the demo PBX', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** The provider's address as POST /api/auth/sign_in/idp365 hands it out. */
  async function authorizeUrl(callback = REDIRECT, domain = DEMO): Promise<URL> {
    const res = await c.api('POST', '/api/auth/sign_in/idp365', { json: { domain, callback_url: callback } })
    expect(res.status, res.text).toBe(200)
    return new URL(res.body.url)
  }

  /** Posts the sign-in form of a page as a browser would. */
  async function submit(html: string, username: string, password: string, action = 'sign_in'): Promise<Res> {
    const form = {
      domain: field(html, 'domain') ?? '',
      redirect_uri: field(html, 'redirect_uri') ?? '',
      state: field(html, 'state') ?? '',
      username,
      password,
      action,
    }
    return page(`${pbx.url}/idp/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
  }

  /** Page, form, 302: the code and state the browser would carry back to redirect_uri. */
  async function signInAtProvider(callback = REDIRECT): Promise<{ code: string; state: string; sent: string; location: URL }> {
    const url = await authorizeUrl(callback)
    const shown = await page(url.toString())
    expectHtml(shown, 200)
    const res = await submit(shown.text, 'manager', 'manager')
    expect(res.status, res.text).toBe(302)
    const location = new URL(res.headers.get('location') ?? '')
    return {
      code: location.searchParams.get('code') ?? '',
      state: location.searchParams.get('state') ?? '',
      sent: url.searchParams.get('state') ?? '',
      location,
    }
  }

  const exchange = (code: string, redirectUri = REDIRECT) =>
    c.api('POST', TOKEN, { form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: CLIENT_ID } })

  function expectLoginFailed(res: Res, what?: string): void {
    expectError(res, 401, 'UNAUTHORIZED', 'login failed')
    if (what) expect((res.body.errors as { message: string }[]).some((e) => e.message.includes(what)), res.text).toBe(true)
  }

  it('serves the sign-in page of the tenant with the parameters as hidden fields', async () => {
    const url = await authorizeUrl()
    const res = await page(url.toString())
    expectHtml(res, 200)
    expect(res.text).toContain('Demo Company')
    expect(res.text).toMatch(/<form method="post" action="\/idp\/authorize">/)
    expect(field(res.text, 'domain')).toBe(DEMO)
    expect(field(res.text, 'redirect_uri')).toBe(REDIRECT)
    expect(field(res.text, 'state')).toBe(url.searchParams.get('state'))
    expect(res.text).toMatch(/name="password" type="password"/)
    expect(res.headers.get('content-security-policy') ?? '').toContain("frame-ancestors 'none'")
  })

  it('re-shows the form with an error (401) for a wrong password, keeping the user name', async () => {
    const shown = await page((await authorizeUrl()).toString())
    const res = await submit(shown.text, 'manager', 'wrong')
    expectHtml(res, 401)
    expect(res.text).toMatch(/role="alert"/)
    expect(field(res.text, 'username')).toBe('manager')
    expect(field(res.text, 'state')).toBe(field(shown.text, 'state'))
    expect(res.headers.get('location')).toBeNull()
  })

  it('does not sign in a user of another tenant or a reserved name', async () => {
    const shown = await page((await authorizeUrl()).toString())
    expectHtml(await submit(shown.text, 'admin', 'admin'), 401)
    expectHtml(await submit(shown.text, '9999', '9999'), 401)
  })

  it('redirects 302 to redirect_uri with a code and the same state on success', async () => {
    const { code, state, sent, location } = await signInAtProvider()
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(code.length).toBeGreaterThan(0)
    expect(state).toBe(sent)
  })

  it('keeps a query redirect_uri already has', async () => {
    const { location } = await signInAtProvider('http://localhost:53682/cb?app=pbx')
    expect(location.searchParams.get('app')).toBe('pbx')
    expect(location.searchParams.get('code')).toBeTruthy()
  })

  it('lets a two-factor account sign in with the password: the provider does its own checks', async () => {
    const shown = await page((await authorizeUrl()).toString())
    const res = await submit(shown.text, 'installer', 'installer')
    expect(res.status).toBe(302)
  })

  it('redirects with error=access_denied and the state when the user cancels', async () => {
    const url = await authorizeUrl()
    const shown = await page(url.toString())
    const res = await submit(shown.text, '', '', 'cancel')
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('location') ?? '')
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe(url.searchParams.get('state'))
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('exchanges the code for a working token pair (no Authorization header)', async () => {
    const { code } = await signInAtProvider()
    const res = await exchange(code)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 1800 })
    const me = await c.api('GET', '/api/auth/user', { token: res.body.access_token })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ role_name: 'Admin', domain: DEMO })
    const refreshed = await c.api('POST', TOKEN, {
      form: { grant_type: 'refresh_token', refresh_token: res.body.refresh_token, client_id: CLIENT_ID },
    })
    expect(refreshed.status).toBe(200)
  })

  it('refuses a code used twice, and ends the session its first use opened', async () => {
    const { code } = await signInAtProvider()
    const first = await exchange(code)
    expect(first.status).toBe(200)
    expectLoginFailed(await exchange(code), 'code')
    expectError(await c.api('GET', '/api/auth/user', { token: first.body.access_token }), 401, 'UNAUTHORIZED')
  })

  it('refuses a code with another redirect_uri, and the code is used up', async () => {
    const { code } = await signInAtProvider()
    expectLoginFailed(await exchange(code, 'http://127.0.0.1:53682/other'), 'redirect_uri')
    expectLoginFailed(await exchange(code))
  })

  it('refuses a code after its 2 minutes', async () => {
    const { code } = await signInAtProvider()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 121_000)
    expectLoginFailed(await exchange(code), 'code')
  })

  it('refuses an unknown code and a form without code or redirect_uri', async () => {
    expectLoginFailed(await exchange('not-a-code'), 'code')
    expectLoginFailed(await c.api('POST', TOKEN, { form: { grant_type: 'authorization_code', redirect_uri: REDIRECT, client_id: CLIENT_ID } }), 'code')
    expectLoginFailed(await c.api('POST', TOKEN, { form: { grant_type: 'authorization_code', code: 'x', client_id: CLIENT_ID } }), 'redirect_uri')
    expectLoginFailed(await c.api('POST', TOKEN, { form: { grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT } }), 'client_id')
  })

  it.each([
    ['https://app.example/idp/callback', 400],
    ['http://192.168.1.20:8080/cb', 400],
    ['http://127.0.0.1.example.com/cb', 400],
    ['ftp://127.0.0.1/cb', 400],
    ['not a url', 400],
    ['http://127.0.0.1:53682/cb#frag', 400],
  ])('refuses the redirect_uri %s with an error page', async (redirectUri, status) => {
    const res = await page(`${pbx.url}${withQuery('/idp/authorize', { domain: DEMO, redirect_uri: redirectUri, state: 's' })}`)
    expectHtml(res, status)
    expect(res.text).toContain('redirect_uri')
    expect(res.text).not.toMatch(/<form/)
  })

  it('accepts the loopback hosts [::1] and localhost', async () => {
    for (const redirectUri of ['http://[::1]:53682/cb', 'http://localhost/cb']) {
      expectHtml(await page(`${pbx.url}${withQuery('/idp/authorize', { domain: DEMO, redirect_uri: redirectUri, state: 's' })}`), 200)
    }
  })

  it('refuses a non-loopback redirect_uri on the POST too, without a code', async () => {
    const form = { domain: DEMO, redirect_uri: 'https://evil.example/cb', state: 's', username: 'manager', password: 'manager' }
    const res = await page(`${pbx.url}/idp/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
    expectHtml(res, 400)
    expect(res.headers.get('location')).toBeNull()
  })

  it('answers an error page for an unknown domain (404), a tenant without the integration (400), a missing state (400)', async () => {
    const q = (query: Record<string, string>) => page(`${pbx.url}${withQuery('/idp/authorize', query)}`)
    expectHtml(await q({ domain: 'unknown.example', redirect_uri: REDIRECT, state: 's' }), 404)
    const other = await q({ domain: OTHER, redirect_uri: REDIRECT, state: 's' })
    expectHtml(other, 400)
    expect(other.text).toContain('not enabled')
    expectHtml(await q({ redirect_uri: REDIRECT, state: 's' }), 400)
    expectHtml(await q({ domain: DEMO, redirect_uri: REDIRECT }), 400)
  })

  it('answers a 400 page for a POST that is not a form', async () => {
    const res = await page(`${pbx.url}/idp/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ domain: DEMO }),
    })
    expectHtml(res, 400)
  })

  it('escapes what it shows: a state with markup stays a value', async () => {
    const state = '"><script>alert(1)</script>'
    const res = await page(`${pbx.url}${withQuery('/idp/authorize', { domain: DEMO, redirect_uri: REDIRECT, state })}`)
    expectHtml(res, 200)
    expect(field(res.text, 'state')).toBe(state)
  })
})
