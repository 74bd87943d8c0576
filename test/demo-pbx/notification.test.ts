import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx } from './helpers'
import { client, expectError, expectMessageMentions, expectNoBody, start } from './helpers'

const PATH = '/api/admin/notification'

const emails = (n: number): string => Array.from({ length: n }, (_, i) => `ops${i}@demo.example`).join(',')

describe('notification settings (current variant)', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('system')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  const post = (json: Record<string, unknown>) => c.api('POST', PATH, { token, json })
  const base = { type: 'SMTP', username: 'alerts@demo.example' }

  it('GET answers the seeded SMTP settings without password', async () => {
    const res = await c.api('GET', PATH, { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      type: 'SMTP',
      server: 'smtp.demo.example',
      port: 587,
      username: 'alerts@demo.example',
    })
    expect(res.body).toHaveProperty('enable_tenant_access')
    expect(res.body).not.toHaveProperty('password')
  })

  it('POST saves: 200 with no body; read back; password never returned', async () => {
    expectNoBody(
      await post({
        type: 'IDP365',
        server: 'mail.example.com',
        port: 2525,
        username: 'ops@demo.example',
        password: 'top-secret',
        auth: 'LOGIN',
        reply_to: 'noreply@demo.example',
        recipients: 'a@demo.example,b@demo.example',
        enable_tls_ssl: false,
        enable_starttls_auto: false,
        enable_tenant_access: false,
        hard_disk_threshold: 85.5,
        cpu_threshold: 0,
        memory_threshold: 100,
        notify_hard_disk_exceeded_threshold: true,
        notify_cpu_exceeded_threshold: true,
        notify_memory_exceeded_threshold: true,
        notify_ip_blocked: true,
        notify_license_limited: true,
        notify_service_disconnected: true,
        notify_push_certs_update_failed: true,
      }),
    )
    const res = await c.api('GET', PATH, { token })
    expect(res.body).toMatchObject({
      type: 'IDP365',
      server: 'mail.example.com',
      port: 2525,
      username: 'ops@demo.example',
      auth: 'LOGIN',
      reply_to: 'noreply@demo.example',
      recipients: 'a@demo.example,b@demo.example',
      enable_tls_ssl: false,
      enable_starttls_auto: false,
      enable_tenant_access: false,
      hard_disk_threshold: 85.5,
      cpu_threshold: 0,
      memory_threshold: 100,
      notify_hard_disk_exceeded_threshold: true,
      notify_cpu_exceeded_threshold: true,
      notify_memory_exceeded_threshold: true,
      notify_ip_blocked: true,
      notify_license_limited: true,
      notify_service_disconnected: true,
      notify_push_certs_update_failed: true,
    })
    expect(res.body).not.toHaveProperty('password')
  })

  it('omitted fields keep their value', async () => {
    expectNoBody(await post({ ...base, server: 'keep.example.com', port: 465, recipients: emails(2) }))
    expectNoBody(await post({ type: 'MAILSVC', username: 'other@demo.example' }))
    const res = await c.api('GET', PATH, { token })
    expect(res.body).toMatchObject({
      type: 'MAILSVC',
      username: 'other@demo.example',
      server: 'keep.example.com',
      port: 465,
      recipients: emails(2),
    })
  })

  it.each([
    ['type SMTP', { type: 'SMTP' }],
    ['type IDP365', { type: 'IDP365' }],
    ['type MAILSVC', { type: 'MAILSVC' }],
    ['auth DISABLE', { auth: 'DISABLE' }],
    ['auth AUTO', { auth: 'AUTO' }],
    ['auth LOGIN', { auth: 'LOGIN' }],
    ['auth PLAIN', { auth: 'PLAIN' }],
    ['port 1', { port: 1 }],
    ['port 65535', { port: 65535 }],
    ['15 recipients', { recipients: emails(15) }],
    ['1 recipient', { recipients: emails(1) }],
    ['username of 128 characters', { username: 'u'.repeat(128) }],
    ['username of 1 character', { username: 'u' }],
    ['thresholds 0 and 100', { hard_disk_threshold: 0, cpu_threshold: 100, memory_threshold: 42.25 }],
  ])('accepts %s and reads it back', async (_label, extra) => {
    const json = { ...base, ...extra }
    expectNoBody(await post(json))
    const res = await c.api('GET', PATH, { token })
    expect(res.body).toMatchObject(json)
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['type missing', { type: undefined }, 'type'],
    ['type unknown', { type: 'GMAIL' }, 'type'],
    ['type lower case', { type: 'smtp' }, 'type'],
    ['username missing', { username: undefined }, 'username'],
    ['username empty', { username: '' }, 'username'],
    ['username of 129 characters', { username: 'u'.repeat(129) }, 'username'],
    ['username not a string', { username: 7 }, 'username'],
    ['port 0', { port: 0 }, 'port'],
    ['port 65536', { port: 65536 }, 'port'],
    ['port -1', { port: -1 }, 'port'],
    ['port fractional', { port: 25.5 }, 'port'],
    ['port a string', { port: '25' }, 'port'],
    ['recipients with an invalid address', { recipients: 'a@demo.example,not-an-email' }, 'recipients'],
    ['16 recipients', { recipients: emails(16) }, 'recipients'],
    ['recipients empty', { recipients: '' }, 'recipients'],
    ['recipients not a string', { recipients: ['a@demo.example'] }, 'recipients'],
    ['reply_to not an email', { reply_to: 'nobody' }, 'reply_to'],
    ['auth unknown', { auth: 'NTLM' }, 'auth'],
    ['auth lower case', { auth: 'login' }, 'auth'],
    ['hard_disk_threshold -1', { hard_disk_threshold: -1 }, 'hard_disk_threshold'],
    ['hard_disk_threshold 101', { hard_disk_threshold: 101 }, 'hard_disk_threshold'],
    ['cpu_threshold 100.5', { cpu_threshold: 100.5 }, 'cpu_threshold'],
    ['memory_threshold -0.1', { memory_threshold: -0.1 }, 'memory_threshold'],
    ['memory_threshold a string', { memory_threshold: '50' }, 'memory_threshold'],
    ['server not a string', { server: 25 }, 'server'],
    ['password not a string', { password: 1234 }, 'password'],
    ['enable_tls_ssl a string', { enable_tls_ssl: 'true' }, 'enable_tls_ssl'],
    ['enable_starttls_auto a number', { enable_starttls_auto: 1 }, 'enable_starttls_auto'],
    ['enable_tenant_access null', { enable_tenant_access: null }, 'enable_tenant_access'],
    ['notify_hard_disk_exceeded_threshold a string', { notify_hard_disk_exceeded_threshold: 'no' }, 'notify_hard_disk_exceeded_threshold'],
    ['notify_cpu_exceeded_threshold a number', { notify_cpu_exceeded_threshold: 0 }, 'notify_cpu_exceeded_threshold'],
    ['notify_memory_exceeded_threshold a string', { notify_memory_exceeded_threshold: 'x' }, 'notify_memory_exceeded_threshold'],
    ['notify_ip_blocked a string', { notify_ip_blocked: 'x' }, 'notify_ip_blocked'],
    ['notify_license_limited a string', { notify_license_limited: 'x' }, 'notify_license_limited'],
    ['notify_service_disconnected a string', { notify_service_disconnected: 'x' }, 'notify_service_disconnected'],
    ['notify_push_certs_update_failed a string', { notify_push_certs_update_failed: 'x' }, 'notify_push_certs_update_failed'],
  ])('refuses %s with 400 naming %s; nothing saved', async (_label, extra, field) => {
    const before = await c.api('GET', PATH, { token })
    expectError(await post({ ...base, server: 'changed.example.com', ...extra }), 400, 'VALIDATE_FAILED', field)
    const after = await c.api('GET', PATH, { token })
    expect(after.body).toEqual(before.body)
  })

  it('refuses an unknown field with 400', async () => {
    const res = await post({ ...base, smtp_timeout: 30 })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'smtp_timeout')
  })
})

describe('notification settings (legacy variant)', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''

  beforeAll(async () => {
    pbx = await start({ notificationVariant: 'legacy' })
    c = client(pbx)
    token = await c.token('system')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  const post = (json: Record<string, unknown>) => c.api('POST', PATH, { token, json })

  it('GET answers the seeded settings without type, enable_tenant_access and password', async () => {
    const res = await c.api('GET', PATH, { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ server: 'smtp.demo.example', port: 587, username: 'alerts@demo.example' })
    expect(res.body).not.toHaveProperty('type')
    expect(res.body).not.toHaveProperty('enable_tenant_access')
    expect(res.body).not.toHaveProperty('password')
  })

  it('POST saves without type; read back', async () => {
    expectNoBody(await post({ username: 'legacy@demo.example', server: 'legacy.example.com', port: 25, auth: 'PLAIN' }))
    const res = await c.api('GET', PATH, { token })
    expect(res.body).toMatchObject({ username: 'legacy@demo.example', server: 'legacy.example.com', port: 25, auth: 'PLAIN' })
    expect(res.body).not.toHaveProperty('type')
  })

  it.each(['LOGIN', 'PLAIN'])('accepts auth %s', async (auth) => {
    expectNoBody(await post({ username: 'legacy@demo.example', auth }))
    expect((await c.api('GET', PATH, { token })).body.auth).toBe(auth)
  })

  it.each(['AUTO', 'DISABLE', 'NTLM'])('refuses auth %s with 400 naming auth', async (auth) => {
    expectError(await post({ username: 'legacy@demo.example', auth }), 400, 'VALIDATE_FAILED', 'auth')
  })

  it.each([
    ['type', { username: 'legacy@demo.example', type: 'SMTP' }],
    ['enable_tenant_access', { username: 'legacy@demo.example', enable_tenant_access: true }],
  ])('refuses %s as an unknown field with 400', async (field, json) => {
    const res = await post(json)
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, field)
  })

  it('still requires username (400)', async () => {
    expectError(await post({ server: 'x.example.com' }), 400, 'VALIDATE_FAILED', 'username')
  })

  it('still checks the limits: port 70000 → 400', async () => {
    expectError(await post({ username: 'legacy@demo.example', port: 70000 }), 400, 'VALIDATE_FAILED', 'port')
  })
})
