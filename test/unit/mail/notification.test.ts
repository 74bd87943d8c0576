import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { failure, startMailTestApp, type MailTestApp } from './mail-setup'
import { startRecordingProxy, type RecordingProxy } from './recording-proxy'

// System notification settings through the Bridge, against a demo PBX of each variant (seen
// through a recording proxy, so the test sees every body the app sent).

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `ops${i + 1}@demo.example`).join(', ')
const posts = (proxy: RecordingProxy, from: number) =>
  proxy.seen.slice(from).filter((r) => r.method === 'POST' && r.path === '/api/admin/notification')

describe('notification settings, current variant', () => {
  let pbx: DemoPbx
  let proxy: RecordingProxy
  let app: MailTestApp
  let admin: string
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    proxy = await startRecordingProxy(pbx.url)
    app = startMailTestApp()
    admin = await app.signedIn(proxy.url, 'admin')
  })
  afterAll(async () => {
    await app.dispose()
    await proxy.stop()
    await pbx.stop()
  })

  it('reads the settings and the variant; never a password', async () => {
    const read = await app.call('getNotificationSettings', { profileId: admin })
    expect(read.variant).toBe('current')
    expect(read.settings).toMatchObject({ type: 'SMTP', server: 'smtp.demo.example', port: 587, username: 'alerts@demo.example' })
    expect(read.settings).not.toHaveProperty('password')
  })

  it('saves the body and answers the settings read back; the password goes only when given and never comes back', async () => {
    let mark = proxy.seen.length
    const saved = await app.call('saveNotificationSettings', {
      profileId: admin,
      variant: 'current',
      settings: {
        type: 'MAILSVC',
        username: 'pbx@demo.example',
        password: 'mail-secret',
        auth: 'LOGIN',
        enable_tenant_access: false,
        recipients: 'ops@demo.example, boss@demo.example',
        cpu_threshold: 85.5,
        notify_cpu_exceeded_threshold: true,
        notify_ip_blocked: true,
      },
    })
    expect(saved.variant).toBe('current')
    expect(saved.settings).toMatchObject({
      type: 'MAILSVC',
      username: 'pbx@demo.example',
      auth: 'LOGIN',
      enable_tenant_access: false,
      recipients: 'ops@demo.example, boss@demo.example',
      cpu_threshold: 85.5,
      notify_cpu_exceeded_threshold: true,
      notify_ip_blocked: true,
      server: 'smtp.demo.example',
    })
    expect(saved.settings).not.toHaveProperty('password')
    expect(posts(proxy, mark).map((r) => r.body)).toEqual([expect.objectContaining({ password: 'mail-secret', type: 'MAILSVC' })])

    mark = proxy.seen.length
    await app.call('saveNotificationSettings', { profileId: admin, variant: 'current', settings: { type: 'SMTP', username: 'pbx@demo.example', port: 465 } })
    const [body] = posts(proxy, mark).map((r) => r.body)
    expect(body).toEqual({ type: 'SMTP', username: 'pbx@demo.example', port: 465 })
    const read = await app.call('getNotificationSettings', { profileId: admin })
    expect(read.settings).toMatchObject({ type: 'SMTP', port: 465, notify_ip_blocked: true })
    expect(read.settings).not.toHaveProperty('password')
    expect(JSON.stringify(proxy.seen.filter((r) => r.method === 'GET').map((r) => r.body))).not.toContain('mail-secret')
  })

  it('refuses a 16th recipient (the contract), saves 15', async () => {
    const mark = proxy.seen.length
    const error = await failure(
      app.call('saveNotificationSettings', { profileId: admin, variant: 'current', settings: { type: 'SMTP', username: 'a@demo.example', recipients: addresses(16) } }),
    )
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'settings.recipients' })
    expect(error.message).toContain('at most 15 email addresses (got 16)')
    expect(posts(proxy, mark)).toHaveLength(0)

    const saved = await app.call('saveNotificationSettings', { profileId: admin, variant: 'current', settings: { type: 'SMTP', username: 'a@demo.example', recipients: addresses(15) } })
    expect(saved.settings.recipients?.split(',')).toHaveLength(15)
  })

  it('refuses a body of the older variant: this PBX has the current one', async () => {
    const mark = proxy.seen.length
    const error = await failure(
      app.call('saveNotificationSettings', { profileId: admin, variant: 'legacy', settings: { username: 'a@demo.example', auth: 'PLAIN' } }),
    )
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'variant' })
    expect(error.message).toMatch(/current notification settings.*reload the form/)
    expect(posts(proxy, mark)).toHaveLength(0)
  })

  it('sends a test email: it lands in the PBX outbox', async () => {
    const before = pbx.outbox.length
    expect(await app.call('sendTestEmail', { profileId: admin, to: 'check@demo.example' })).toEqual({ sent: true })
    expect(pbx.outbox.slice(before)).toEqual([expect.objectContaining({ kind: 'test_email', to: 'check@demo.example' })])
  })

  it('answers NOT_SIGNED_IN for a PBX not signed in, and for a tenant entry without the system administrator sign-in', async () => {
    const saved = await app.call('saveProfile', { fields: { label: 'Not signed in', baseUrl: proxy.url, username: 'admin', domain: '' } })
    expect((await failure(app.call('getNotificationSettings', { profileId: saved.id }))).code).toBe('NOT_SIGNED_IN')
    const tenant = await app.signedIn(proxy.url, 'manager@demo')
    const mark = proxy.seen.length
    expect(await failure(app.call('getNotificationSettings', { profileId: tenant }))).toMatchObject({ code: 'NOT_SIGNED_IN', message: expect.stringContaining('Sign in as the system administrator of this PBX') })
    expect(proxy.seen.length).toBe(mark) // asked before anything is sent
  })
})

describe('notification settings, the older variant (demo PBX with notificationVariant legacy)', () => {
  let pbx: DemoPbx
  let proxy: RecordingProxy
  let app: MailTestApp
  let admin: string
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0, notificationVariant: 'legacy' })
    proxy = await startRecordingProxy(pbx.url)
    app = startMailTestApp()
    admin = await app.signedIn(proxy.url, 'admin')
  })
  afterAll(async () => {
    await app.dispose()
    await proxy.stop()
    await pbx.stop()
  })

  it('is detected from what the PBX answers (no type, no tenant access)', async () => {
    const read = await app.call('getNotificationSettings', { profileId: admin })
    expect(read.variant).toBe('legacy')
    expect(read.settings).not.toHaveProperty('type')
    expect(read.settings).not.toHaveProperty('enable_tenant_access')
    expect(read.settings).toMatchObject({ server: 'smtp.demo.example', username: 'alerts@demo.example' })
  })

  it('saves the older body: type and enable_tenant_access are never sent', async () => {
    const mark = proxy.seen.length
    const saved = await app.call('saveNotificationSettings', {
      profileId: admin,
      variant: 'legacy',
      settings: { username: 'old@demo.example', password: 'pw', auth: 'PLAIN', recipients: 'a@demo.example', notify_license_limited: true },
    })
    expect(saved).toMatchObject({ variant: 'legacy', settings: { username: 'old@demo.example', auth: 'PLAIN', recipients: 'a@demo.example', notify_license_limited: true } })
    expect(saved.settings).not.toHaveProperty('password')
    const bodies = posts(proxy, mark).map((r) => r.body as Record<string, unknown>)
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toEqual({ username: 'old@demo.example', password: 'pw', auth: 'PLAIN', recipients: 'a@demo.example', notify_license_limited: true })
    for (const body of proxy.seen.map((r) => r.body)) {
      expect(body ?? {}).not.toHaveProperty('type')
      expect(body ?? {}).not.toHaveProperty('enable_tenant_access')
    }
  })

  it('refuses auth AUTO, a type and tenant access (not in the older body), and a body of the current variant', async () => {
    const mark = proxy.seen.length
    const auto = await failure(
      app.call('saveNotificationSettings', { profileId: admin, variant: 'legacy', settings: { username: 'a@demo.example', auth: 'AUTO' as 'LOGIN' } }),
    )
    expect(auto).toMatchObject({ code: 'INVALID_INPUT', field: 'settings.auth' })
    expect(auto.message).toMatch(/LOGIN, PLAIN/)
    const typed = await failure(
      app.call('saveNotificationSettings', { profileId: admin, variant: 'legacy', settings: { username: 'a@demo.example', type: 'SMTP' } as { username: string } }),
    )
    expect(typed).toMatchObject({ code: 'INVALID_INPUT', field: 'settings.type' })
    expect(posts(proxy, mark)).toHaveLength(0)

    const current = await failure(
      app.call('saveNotificationSettings', { profileId: admin, variant: 'current', settings: { type: 'SMTP', username: 'a@demo.example', enable_tenant_access: true } }),
    )
    expect(current).toMatchObject({ code: 'INVALID_INPUT', field: 'variant' })
    expect(current.message).toMatch(/older notification settings.*reload the form/)
    expect(posts(proxy, mark)).toHaveLength(0)
  })
})

describe('a PBX without test emails', () => {
  let pbx: DemoPbx
  let proxy: RecordingProxy
  let app: MailTestApp
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    // the demo PBX with the one endpoint answering 404, as a PBX of the family without it does
    proxy = await startRecordingProxy(pbx.url, ['POST /api/admin/notification/test_email'])
    app = startMailTestApp()
  })
  afterAll(async () => {
    await app.dispose()
    await proxy.stop()
    await pbx.stop()
  })

  it('answers NOT_SUPPORTED with a clear message; nothing is mailed', async () => {
    const admin = await app.signedIn(proxy.url, 'admin')
    const error = await failure(app.call('sendTestEmail', { profileId: admin, to: 'check@demo.example' }))
    expect(error).toMatchObject({ code: 'NOT_SUPPORTED', status: 404 })
    expect(error.message).toMatch(/^This PBX does not offer test emails/)
    expect(pbx.outbox.filter((m) => m.kind === 'test_email')).toHaveLength(0)
  })
})
