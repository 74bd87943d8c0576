import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx } from './helpers'
import { DEMO, OTHER, client, expectError, isJsonContentType, start } from './helpers'

const SYSTEM = {
  web_domain: 'pbx.demo.example',
  private_ipv4: '192.168.1.10',
  public_ipv4: '203.0.113.10',
  enable_ipv6: true,
  private_ipv6: 'fd00::10',
  public_ipv6: '2001:db8::10',
  primary_dns_server: '192.168.1.1',
  secondary_dns_server: '9.9.9.9',
  enable_dataflow: false,
}

const TENANT_KEYS = [
  'name',
  'domain',
  'website',
  'avatar_url',
  'enable_idp365_integration',
  'idp365_authorization_endpoint',
]

describe('GET /api/info', () => {
  let pbx: DemoPbx
  let c: Client
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('answers the system metadata without a token, and no tenant fields', async () => {
    const res = await c.api('GET', '/api/info')
    expect(res.status).toBe(200)
    expect(isJsonContentType(res)).toBe(true)
    expect(res.body).toMatchObject(SYSTEM)
    expect(res.body).not.toHaveProperty('name')
    expect(res.body).not.toHaveProperty('domain')
  })

  it('answers the same with a bearer token of any role', async () => {
    for (const who of ['system', 'manager', 'user'] as const) {
      const res = await c.api('GET', '/api/info', { token: await c.token(who) })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject(SYSTEM)
    }
  })

  it('adds the tenant metadata of demo.pbx.example', async () => {
    const res = await c.api('GET', '/api/info', { query: { domain: DEMO } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(SYSTEM)
    for (const key of TENANT_KEYS) expect(res.body).toHaveProperty(key)
    expect(res.body.name).toBe('Demo Company')
    expect(res.body.domain).toBe(DEMO)
    expect(res.body.enable_idp365_integration).toBe(true)
    expect(typeof res.body.website).toBe('string')
    expect(res.body.website.length).toBeLessThanOrEqual(255)
    expect(typeof res.body.avatar_url).toBe('string')
    expect(typeof res.body.idp365_authorization_endpoint).toBe('string')
  })

  it('adds the tenant metadata of other.pbx.example, without the identity provider', async () => {
    const res = await c.api('GET', '/api/info', { query: { domain: OTHER } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(SYSTEM)
    // without the integration the authorization endpoint may be absent (seed: fields are optional)
    for (const key of TENANT_KEYS.filter((k) => k !== 'idp365_authorization_endpoint')) {
      expect(res.body).toHaveProperty(key)
    }
    if ('idp365_authorization_endpoint' in res.body) expect(typeof res.body.idp365_authorization_endpoint).toBe('string')
    expect(res.body.name).toBe('Other Company')
    expect(res.body.domain).toBe(OTHER)
    expect(res.body.enable_idp365_integration).toBe(false)
  })

  it('answers 404 NOT_FOUND for an unknown domain', async () => {
    expectError(await c.api('GET', '/api/info', { query: { domain: 'unknown.example' } }), 404, 'NOT_FOUND')
  })

  it('answers 405 (code NOT_FOUND, "method not allowed") with an Allow header for POST', async () => {
    const res = await c.api('POST', '/api/info', { json: {} })
    expectError(res, 405, 'NOT_FOUND', 'method not allowed')
    expect(res.headers.get('allow') ?? '').toMatch(/\bGET\b/)
  })
})
