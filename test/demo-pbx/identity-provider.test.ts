import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx } from './helpers'
import { DEMO, OTHER, client, expectError, expectMessageMentions, expectNoBody, start } from './helpers'

const CALLBACK = 'https://app.example/idp/callback'

describe('POST /api/auth/sign_in/{provider}', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('answers 200 {url} pointing at this server /idp/authorize with domain, redirect_uri and a state', async () => {
    const res = await c.api('POST', '/api/auth/sign_in/idp365', { json: { domain: DEMO, callback_url: CALLBACK } })
    expect(res.status).toBe(200)
    expect(typeof res.body.url).toBe('string')
    const url = new URL(res.body.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${pbx.url}/idp/authorize`)
    expect(url.searchParams.get('domain')).toBe(DEMO)
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK)
    expect((url.searchParams.get('state') ?? '').length).toBeGreaterThan(0)
  })

  it('uses a different random state every time', async () => {
    const a = await c.api('POST', '/api/auth/sign_in/idp365', { json: { domain: DEMO, callback_url: CALLBACK } })
    const b = await c.api('POST', '/api/auth/sign_in/idp365', { json: { domain: DEMO, callback_url: CALLBACK } })
    expect(new URL(a.body.url).searchParams.get('state')).not.toBe(new URL(b.body.url).searchParams.get('state'))
  })

  it('answers 400 naming domain for a tenant without the integration', async () => {
    const res = await c.api('POST', '/api/auth/sign_in/idp365', { json: { domain: OTHER, callback_url: CALLBACK } })
    expectError(res, 400, 'VALIDATE_FAILED', 'domain')
  })

  it('answers 404 NOT_FOUND for an unknown domain', async () => {
    const res = await c.api('POST', '/api/auth/sign_in/idp365', {
      json: { domain: 'unknown.example', callback_url: CALLBACK },
    })
    expectError(res, 404, 'NOT_FOUND')
  })

  it.each(['google', 'IDP365', 'saml'])('answers 404 NOT_FOUND for the unsupported provider %s', async (provider) => {
    const res = await c.api('POST', `/api/auth/sign_in/${provider}`, { json: { domain: DEMO, callback_url: CALLBACK } })
    expectError(res, 404, 'NOT_FOUND')
  })

  it.each([
    ['domain missing', { callback_url: CALLBACK }, 'domain'],
    ['callback_url missing', { domain: DEMO }, 'callback_url'],
    ['domain of 281 characters', { domain: 'd'.repeat(281), callback_url: CALLBACK }, 'domain'],
    ['callback_url not a string', { domain: DEMO, callback_url: true }, 'callback_url'],
  ])('answers 400 for %s', async (_label, body, field) => {
    expectError(await c.api('POST', '/api/auth/sign_in/idp365', { json: body }), 400, 'VALIDATE_FAILED', field)
  })

  it('refuses an unknown field with 400', async () => {
    const res = await c.api('POST', '/api/auth/sign_in/idp365', {
      json: { domain: DEMO, callback_url: CALLBACK, prompt: 'login' },
    })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'prompt')
  })
})

describe('POST /api/login/by_idp', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('answers 200 with no body for a tenant with the integration', async () => {
    expectNoBody(await c.api('POST', '/api/login/by_idp', { form: { domain: DEMO } }), 200)
  })

  it('answers 400 naming domain for a tenant without the integration', async () => {
    expectError(await c.api('POST', '/api/login/by_idp', { form: { domain: OTHER } }), 400, 'VALIDATE_FAILED', 'domain')
  })

  it('answers 404 for an unknown domain', async () => {
    expectError(await c.api('POST', '/api/login/by_idp', { form: { domain: 'unknown.example' } }), 404, 'NOT_FOUND')
  })

  it('answers 400 naming domain when it is missing', async () => {
    expectError(await c.api('POST', '/api/login/by_idp', { form: {} }), 400, 'VALIDATE_FAILED', 'domain')
  })

  it('takes a form body only: JSON answers 400', async () => {
    expectError(await c.api('POST', '/api/login/by_idp', { json: { domain: DEMO } }), 400, 'VALIDATE_FAILED')
  })
})
