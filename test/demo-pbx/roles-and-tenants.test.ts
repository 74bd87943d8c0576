import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Who } from './helpers'
import { client, expectError, expectId, expectNoBody, start } from './helpers'

interface Call {
  method: 'GET' | 'POST'
  path: string
  json?: unknown
}

describe('roles: 403 per the permission table, allowed reads per role', () => {
  let pbx: DemoPbx
  let c: Client
  const tokens = {} as Record<Who, string>
  let ruleId = ''
  let phoneId = ''
  let ivrId = ''
  let n = 0

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    for (const who of ['system', 'manager', 'user', 'otherManager'] as const) tokens[who] = await c.token(who)
    const rules = await c.api('GET', '/api/outbound_rules', { token: tokens.manager })
    ruleId = rules.body.items[0].id
    const phones = await c.api('GET', '/api/dect_phones', { token: tokens.manager })
    phoneId = phones.body.items[0].id
    const ivrs = await c.api('GET', '/api/ivr_servers', { token: tokens.system })
    ivrId = ivrs.body.items.find((s: { type: string }) => s.type === 'EXTERNAL').id
  })
  afterAll(async () => {
    await pbx.stop()
  })

  /** Fresh, valid calls (bodies unique per call, so a wrongly accepted write cannot conflict). */
  function tenantCalls(): Call[] {
    n++
    return [
      { method: 'GET', path: '/api/outbound_rules' },
      { method: 'GET', path: `/api/outbound_rules/${ruleId}` },
      { method: 'POST', path: '/api/outbound_rules', json: { name: `Denied ${n}` } },
      { method: 'POST', path: `/api/outbound_rules/${ruleId}`, json: { priority: 4242 } },
      { method: 'POST', path: `/api/outbound_rules/${ruleId}/destroy` },
      { method: 'GET', path: '/api/providers' },
      { method: 'GET', path: '/api/holidays' },
      { method: 'GET', path: '/api/dect_phones' },
      { method: 'GET', path: `/api/dect_phones/${phoneId}` },
      {
        method: 'POST',
        path: '/api/dect_phones',
        json: { name: 'Denied', mac: `02000000${String(n).padStart(4, '0')}`, vendor: 'Snom', model: 'M400' },
      },
      { method: 'POST', path: `/api/dect_phones/${phoneId}`, json: { name: 'Denied rename' } },
      { method: 'POST', path: `/api/dect_phones/${phoneId}/destroy` },
      { method: 'GET', path: '/api/custom_email_templates' },
      { method: 'GET', path: '/api/custom_email_templates/VOICEMAIL_RECEIVED' },
      { method: 'POST', path: '/api/custom_email_templates', json: { name: 'DISK_LOW', subject: 'Denied' } },
      { method: 'POST', path: '/api/custom_email_templates/VOICEMAIL_RECEIVED', json: { subject: 'Denied' } },
      { method: 'POST', path: '/api/custom_email_templates/VOICEMAIL_RECEIVED/destroy' },
    ]
  }

  function systemCalls(): Call[] {
    n++
    return [
      { method: 'GET', path: '/api/ivr_servers' },
      { method: 'GET', path: `/api/ivr_servers/${ivrId}` },
      { method: 'GET', path: `/api/ivr_servers/${ivrId}/status` },
      { method: 'POST', path: '/api/ivr_servers', json: { name: `Denied ${n}`, ipv4: '10.9.9.9' } },
      { method: 'POST', path: `/api/ivr_servers/${ivrId}`, json: { enabled: false } },
      { method: 'POST', path: `/api/ivr_servers/${ivrId}/destroy` },
      { method: 'GET', path: '/api/admin/notification' },
      { method: 'POST', path: '/api/admin/notification', json: { type: 'SMTP', username: 'denied@example.com' } },
      { method: 'POST', path: '/api/admin/notification/test_email', json: { to: 'denied@example.com' } },
    ]
  }

  it.each(['system', 'user'] as const)('tenant resources answer 403 FORBIDDEN to the %s', async (who) => {
    for (const call of tenantCalls()) {
      const res = await c.api(call.method, call.path, { token: tokens[who], json: call.json })
      expect(res.status, `${call.method} ${call.path}: ${res.text}`).toBe(403)
      expectError(res, 403, 'FORBIDDEN')
    }
  })

  it.each(['manager', 'user', 'otherManager'] as const)('system resources answer 403 FORBIDDEN to the %s', async (who) => {
    for (const call of systemCalls()) {
      const res = await c.api(call.method, call.path, { token: tokens[who], json: call.json })
      expect(res.status, `${call.method} ${call.path}: ${res.text}`).toBe(403)
      expectError(res, 403, 'FORBIDDEN')
    }
  })

  it('the refused writes changed nothing', async () => {
    const rules = await c.api('GET', '/api/outbound_rules', { token: tokens.manager })
    expect(rules.body.count).toBe(3)
    expect(rules.body.items.some((r: { name: string }) => r.name.startsWith('Denied'))).toBe(false)
    const rule = await c.api('GET', `/api/outbound_rules/${ruleId}`, { token: tokens.manager })
    expect(rule.status).toBe(200)
    expect(rule.body.priority).not.toBe(4242)
    const phones = await c.api('GET', '/api/dect_phones', { token: tokens.manager })
    expect(phones.body.items).toHaveLength(3)
    expect(phones.body.items.some((p: { name: string }) => p.name.startsWith('Denied'))).toBe(false)
    const templates = await c.api('GET', '/api/custom_email_templates', { token: tokens.manager })
    expect(templates.body.items.map((t: { name: string }) => t.name).sort()).toEqual(['USER_CREATION', 'VOICEMAIL_RECEIVED'])
    const vm = await c.api('GET', '/api/custom_email_templates/VOICEMAIL_RECEIVED', { token: tokens.manager })
    expect(vm.body.subject).not.toBe('Denied')
    const ivrs = await c.api('GET', '/api/ivr_servers', { token: tokens.system })
    expect(ivrs.body.count).toBe(2)
    const ivr = await c.api('GET', `/api/ivr_servers/${ivrId}`, { token: tokens.system })
    expect(ivr.body.enabled).toBe(true)
    const notification = await c.api('GET', '/api/admin/notification', { token: tokens.system })
    expect(notification.body.username).toBe('alerts@demo.example')
    expect(pbx.outbox.length).toBe(0)
  })

  it('the tenant admin may read every tenant resource', async () => {
    for (const call of tenantCalls().filter((x) => x.method === 'GET')) {
      const res = await c.api('GET', call.path, { token: tokens.manager })
      expect(res.status, `${call.path}: ${res.text}`).toBe(200)
    }
  })

  it('the system administrator may read every system resource', async () => {
    for (const call of systemCalls().filter((x) => x.method === 'GET')) {
      const res = await c.api('GET', call.path, { token: tokens.system })
      expect(res.status, `${call.path}: ${res.text}`).toBe(200)
    }
  })

  it.each(['system', 'manager', 'user', 'otherManager'] as const)(
    'the %s may call /api/info, /api/auth/user, refresh and sign out',
    async (who) => {
      const s = await c.signIn(who)
      expect((await c.api('GET', '/api/info', { token: s.access_token })).status).toBe(200)
      expect((await c.api('GET', '/api/auth/user', { token: s.access_token })).status).toBe(200)
      const r = await c.api('POST', '/api/auth/refresh_token', { json: { refresh_token: s.refresh_token } })
      expect(r.status).toBe(200)
      expectNoBody(await c.api('POST', '/api/auth/sign_out', { token: r.body.access_token }))
    },
  )

  it('every protected endpoint answers 401 without a token', async () => {
    for (const call of [...tenantCalls(), ...systemCalls()]) {
      const res = await c.api(call.method, call.path, { json: call.json })
      expect(res.status, `${call.method} ${call.path}: ${res.text}`).toBe(401)
      expectError(res, 401, 'UNAUTHORIZED')
    }
  })
})

describe('tenant isolation', () => {
  let pbx: DemoPbx
  let c: Client
  let demo = ''
  let other = ''
  let demoRuleId = ''
  let demoPhoneId = ''
  let otherRuleId = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    demo = await c.token('manager')
    other = await c.token('otherManager')
    const rules = await c.api('GET', '/api/outbound_rules', { token: demo })
    demoRuleId = rules.body.items.find((r: { name: string }) => r.name === 'Local').id
    const phones = await c.api('GET', '/api/dect_phones', { token: demo })
    demoPhoneId = phones.body.items[0].id
    const otherRules = await c.api('GET', '/api/outbound_rules', { token: other })
    otherRuleId = otherRules.body.items[0].id
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('each tenant lists only its own outbound rules, providers, holidays, phones and templates', async () => {
    const rules = await c.api('GET', '/api/outbound_rules', { token: other })
    expect(rules.body.count).toBe(1)
    expect(rules.body.items.map((r: { name: string }) => r.name)).toEqual(['Other Local'])
    const providers = await c.api('GET', '/api/providers', { token: other })
    expect(providers.body.count).toBe(1)
    expect(providers.body.items.map((p: { name: string }) => p.name)).toEqual(['Other Telco'])
    const holidays = await c.api('GET', '/api/holidays', { token: other })
    expect(holidays.body.count).toBe(0)
    expect(holidays.body.items).toEqual([])
    const phones = await c.api('GET', '/api/dect_phones', { token: other })
    expect(phones.body.items).toEqual([])
    const templates = await c.api('GET', '/api/custom_email_templates', { token: other })
    expect(templates.body.items).toEqual([])

    const demoRules = await c.api('GET', '/api/outbound_rules', { token: demo })
    expect(demoRules.body.items.map((r: { name: string }) => r.name)).not.toContain('Other Local')
    const demoProviders = await c.api('GET', '/api/providers', { token: demo })
    expect(demoProviders.body.items.map((p: { name: string }) => p.name).sort()).toEqual(['Backup SIP', 'Telco One'])
  })

  it("another tenant's outbound rule id answers 404 to read, update and destroy, and stays unchanged", async () => {
    expectError(await c.api('GET', `/api/outbound_rules/${demoRuleId}`, { token: other }), 404, 'NOT_FOUND')
    expectError(
      await c.api('POST', `/api/outbound_rules/${demoRuleId}`, { token: other, json: { priority: 7 } }),
      404,
      'NOT_FOUND',
    )
    expectError(await c.api('POST', `/api/outbound_rules/${demoRuleId}/destroy`, { token: other }), 404, 'NOT_FOUND')
    expectError(await c.api('GET', `/api/outbound_rules/${otherRuleId}`, { token: demo }), 404, 'NOT_FOUND')
    const rule = await c.api('GET', `/api/outbound_rules/${demoRuleId}`, { token: demo })
    expect(rule.status).toBe(200)
    expect(rule.body.priority).toBe(100)
  })

  it("another tenant's DECT phone id answers 404 to read, update and destroy", async () => {
    expectError(await c.api('GET', `/api/dect_phones/${demoPhoneId}`, { token: other }), 404, 'NOT_FOUND')
    expectError(
      await c.api('POST', `/api/dect_phones/${demoPhoneId}`, { token: other, json: { name: 'Hijacked' } }),
      404,
      'NOT_FOUND',
    )
    expectError(await c.api('POST', `/api/dect_phones/${demoPhoneId}/destroy`, { token: other }), 404, 'NOT_FOUND')
    const phone = await c.api('GET', `/api/dect_phones/${demoPhoneId}`, { token: demo })
    expect(phone.status).toBe(200)
    expect(phone.body.name).not.toBe('Hijacked')
  })

  it("another tenant's customised template answers 404; each tenant customises the same kind independently", async () => {
    expectError(await c.api('GET', '/api/custom_email_templates/VOICEMAIL_RECEIVED', { token: other }), 404, 'NOT_FOUND')
    expectError(
      await c.api('POST', '/api/custom_email_templates/VOICEMAIL_RECEIVED', {
        token: other,
        json: { from: 'x@other.example', subject: 'x', body: 'x' },
      }),
      404,
      'NOT_FOUND',
    )
    expectError(
      await c.api('POST', '/api/custom_email_templates/VOICEMAIL_RECEIVED/destroy', { token: other }),
      404,
      'NOT_FOUND',
    )
    const created = await c.api('POST', '/api/custom_email_templates', {
      token: other,
      json: { name: 'VOICEMAIL_RECEIVED', from: 'pbx@other.example', subject: 'Other voicemail', body: 'Hi' },
    })
    expect(expectId(created, 201)).toBe('VOICEMAIL_RECEIVED')
    const mine = await c.api('GET', '/api/custom_email_templates/VOICEMAIL_RECEIVED', { token: demo })
    expect(mine.body.subject).not.toBe('Other voicemail')
    const theirs = await c.api('GET', '/api/custom_email_templates/VOICEMAIL_RECEIVED', { token: other })
    expect(theirs.body.subject).toBe('Other voicemail')
  })

  it("a route may not use another tenant's provider, a rule may not use another tenant's holiday", async () => {
    const otherProviders = await c.api('GET', '/api/providers', { token: other })
    const otherProviderId: string = otherProviders.body.items[0].id
    expectError(
      await c.api('POST', '/api/outbound_rules', {
        token: demo,
        json: { name: 'Cross provider', routes: [{ provider_id: otherProviderId }] },
      }),
      400,
      'VALIDATE_FAILED',
      'routes.0.provider_id',
    )
    const demoHolidays = await c.api('GET', '/api/holidays', { token: demo })
    const holidayId: string = demoHolidays.body.items[0].id
    expectError(
      await c.api('POST', '/api/outbound_rules', { token: other, json: { name: 'Cross holiday', holidays: [holidayId] } }),
      400,
      'VALIDATE_FAILED',
      'holidays',
    )
  })

  it('rule names and DECT MACs are unique per tenant only', async () => {
    expectId(await c.api('POST', '/api/outbound_rules', { token: other, json: { name: 'Local' } }), 201)
    const mac = '0A1B2C3D4E5F'
    expectId(
      await c.api('POST', '/api/dect_phones', {
        token: demo,
        json: { name: 'Demo base', mac, vendor: 'Yealink', model: 'W70B' },
      }),
      201,
    )
    expectId(
      await c.api('POST', '/api/dect_phones', {
        token: other,
        json: { name: 'Other base', mac, vendor: 'Yealink', model: 'W70B' },
      }),
      201,
    )
    const otherPhones = await c.api('GET', '/api/dect_phones', { token: other })
    expect(otherPhones.body.items.map((p: { name: string }) => p.name)).toEqual(['Other base'])
  })
})
