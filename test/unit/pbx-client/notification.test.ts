import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createNotificationClient, notificationVariantOf } from '../../../electron/services/pbx-client/notification'
import { failure } from './helpers'
import { signedInCaller, type TestCaller } from './test-caller'

describe('notificationVariantOf', () => {
  it('tells the older variant by the missing type field', () => {
    expect(notificationVariantOf({ type: 'SMTP', username: 'a' })).toBe('current')
    expect(notificationVariantOf({ type: 'MAILSVC' })).toBe('current')
    expect(notificationVariantOf({ server: 'smtp.example', username: 'a', auth: 'LOGIN' })).toBe('legacy')
  })
})

describe('notification client against the demo PBX (current variant)', () => {
  let pbx: DemoPbx
  let caller: TestCaller
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    caller = await signedInCaller(pbx.url, 'admin')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('gets the settings (no password) and learns the variant', async () => {
    const client = createNotificationClient(caller)
    const settings = await client.get()
    expect(settings).toMatchObject({ type: 'SMTP', server: 'smtp.demo.example', port: 587, username: 'alerts@demo.example' })
    expect(settings).not.toHaveProperty('password')
    caller.calls.length = 0
    expect(await client.variant()).toBe('current')
    expect(caller.calls).toHaveLength(0)
  })

  it('updates the settings and reads them back; omitted fields keep their value', async () => {
    const client = createNotificationClient(caller)
    await client.update({
      type: 'SMTP',
      username: 'pbx@demo.example',
      password: 'mail-secret',
      port: 465,
      auth: 'AUTO',
      enable_tenant_access: false,
      recipients: 'ops@demo.example, boss@demo.example',
      cpu_threshold: 90,
      notify_cpu_exceeded_threshold: true,
    })
    const settings = await client.get()
    expect(settings).toMatchObject({
      type: 'SMTP',
      server: 'smtp.demo.example',
      username: 'pbx@demo.example',
      port: 465,
      auth: 'AUTO',
      enable_tenant_access: false,
      recipients: 'ops@demo.example, boss@demo.example',
      cpu_threshold: 90,
      notify_cpu_exceeded_threshold: true,
    })
    expect(settings).not.toHaveProperty('password')
  })

  it('reads the variant once before the first update of a fresh client', async () => {
    const client = createNotificationClient(caller)
    caller.calls.length = 0
    await client.update({ type: 'SMTP', username: 'alerts@demo.example' })
    await client.update({ type: 'SMTP', username: 'alerts@demo.example', port: 587 })
    expect(caller.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'POST'])
  })

  it('refuses a bad update before sending', async () => {
    const client = createNotificationClient(caller)
    await client.get()
    const before = pbx.requests
    expect(await failure(client.update({ username: 'a' } as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'type', message: 'type: is required' })
    expect(await failure(client.update({ type: 'SMTP', username: 'a', port: 70000 }))).toMatchObject({ field: 'port' })
    expect(await failure(client.update({ type: 'SMTP', username: 'x'.repeat(129) }))).toMatchObject({ field: 'username' })
    const recipients = 'a@x.example,'.repeat(16).slice(0, -1)
    expect(await failure(client.update({ type: 'SMTP', username: 'a', recipients }))).toMatchObject({ field: 'recipients' })
    expect(await failure(client.update({ type: 'SMTP', username: 'a', memory_threshold: 101 }))).toMatchObject({ field: 'memory_threshold' })
    expect(pbx.requests).toBe(before)
  })

  it('sends a test email (the demo puts it in its outbox)', async () => {
    const client = createNotificationClient(caller)
    await client.sendTestEmail('ops@demo.example')
    expect(pbx.outbox.at(-1)).toMatchObject({ kind: 'test_email', to: 'ops@demo.example' })
    const before = pbx.requests
    expect(await failure(client.sendTestEmail('not-an-address'))).toMatchObject({ code: 'INVALID_INPUT', field: 'to' })
    expect(pbx.requests).toBe(before)
  })
})

describe('notification client against the older variant (seed 2.8, last paragraph)', () => {
  let pbx: DemoPbx
  let caller: TestCaller
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0, notificationVariant: 'legacy' })
    caller = await signedInCaller(pbx.url, 'admin')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('detects the legacy variant from what GET answers', async () => {
    const client = createNotificationClient(caller)
    const settings = await client.get()
    expect(settings).not.toHaveProperty('type')
    expect(notificationVariantOf(settings)).toBe('legacy')
    expect(await client.variant()).toBe('legacy')
  })

  it('updates without type and enable_tenant_access, and reads the change back', async () => {
    const client = createNotificationClient(caller)
    caller.calls.length = 0
    await client.update({ type: 'SMTP', enable_tenant_access: true, username: 'legacy@demo.example', auth: 'PLAIN', port: 25 })
    const sent = caller.calls.find((c) => c.method === 'POST')?.json
    expect(sent).toEqual({ username: 'legacy@demo.example', auth: 'PLAIN', port: 25 })
    await client.update({ username: 'legacy2@demo.example' })
    expect(await client.get()).toMatchObject({ username: 'legacy2@demo.example', auth: 'PLAIN', port: 25 })
  })

  it('refuses what the older variant cannot take, before sending', async () => {
    const client = createNotificationClient(caller)
    await client.get()
    const before = pbx.requests
    const auth = await failure(client.update({ username: 'a', auth: 'AUTO' } as never))
    expect(auth).toMatchObject({ code: 'INVALID_INPUT', field: 'auth' })
    expect(auth.message).toMatch(/^auth: must be one of LOGIN, PLAIN/)
    expect(await failure(client.update({ type: 'MAILSVC', username: 'a' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'type' })
    expect(await failure(client.update({ type: 'SMTP' } as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'username' })
    expect(pbx.requests).toBe(before)
  })
})
