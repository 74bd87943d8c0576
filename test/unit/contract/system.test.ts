import { describe, expect, it } from 'vitest'
import {
  InfoQuerySchema,
  LEGACY_NOTIFICATION_AUTH,
  LegacyNotificationUpdateSchema,
  NOTIFICATION_AUTH,
  NOTIFICATION_TYPES,
  NotificationSettingsSchema,
  NotificationUpdateSchema,
  SystemInfoSchema,
  TenantInfoInputSchema,
  TestEmailBodySchema,
} from '../../../electron/contract/pbx'
import { passes, problems } from './helpers'

const base = { type: 'SMTP', username: 'alerts@demo.example' }
const update = (extra: Record<string, unknown>) => problems(NotificationUpdateSchema, { ...base, ...extra })
const emails = (n: number) => Array.from({ length: n }, (_, i) => `a${i}@example.com`).join(',')

describe('system metadata', () => {
  it('reads /api/info leniently', () => {
    expect(passes(SystemInfoSchema, { web_domain: 'pbx.example', enable_ipv6: true, future_field: 1 })).toBe(true)
    expect(passes(SystemInfoSchema, { enable_ipv6: 'yes' })).toBe(false)
  })

  it('checks the domain query and tenant limits', () => {
    expect(passes(InfoQuerySchema, {})).toBe(true)
    expect(problems(InfoQuerySchema, { domain: '' })).toEqual(['domain: must not be empty'])
    expect(passes(TenantInfoInputSchema, { name: 'n'.repeat(1024), domain: 'd'.repeat(280), website: 'w'.repeat(255) })).toBe(true)
    expect(problems(TenantInfoInputSchema, { name: 'n'.repeat(1025), domain: 'd'.repeat(281), website: 'w'.repeat(256) })).toEqual([
      'name: must be at most 1024 characters',
      'domain: must be at most 280 characters',
      'website: must be at most 255 characters',
    ])
  })
})

describe('notification settings', () => {
  it('knows the enums', () => {
    expect(NOTIFICATION_TYPES).toEqual(['SMTP', 'IDP365', 'MAILSVC'])
    expect(NOTIFICATION_AUTH).toEqual(['DISABLE', 'AUTO', 'LOGIN', 'PLAIN'])
    expect(LEGACY_NOTIFICATION_AUTH).toEqual(['LOGIN', 'PLAIN'])
  })

  it('needs type and username', () => {
    expect(problems(NotificationUpdateSchema, {}).sort()).toEqual(['type: is required', 'username: is required'])
    expect(update({})).toEqual([])
    expect(update({ type: 'EXCHANGE' })).toEqual(['type: must be one of SMTP, IDP365, MAILSVC'])
  })

  it('checks username 1..128 and port 1..65535', () => {
    expect(update({ username: 'u'.repeat(128) })).toEqual([])
    expect(update({ username: 'u'.repeat(129) })).toEqual(['username: must be at most 128 characters'])
    expect(update({ username: '' })).toEqual(['username: must not be empty'])
    expect(update({ port: 65535 })).toEqual([])
    expect(update({ port: 65536 })).toEqual(['port: must be at most 65535'])
    expect(update({ port: 0 })).toEqual(['port: must be at least 1'])
    expect(update({ port: '25' })).toEqual(['port: must be a whole number'])
  })

  it('takes 1..15 comma-separated recipient addresses', () => {
    expect(update({ recipients: 'a@example.com' })).toEqual([])
    expect(update({ recipients: 'a@example.com, b@example.com' })).toEqual([])
    expect(update({ recipients: emails(15) })).toEqual([])
    expect(update({ recipients: emails(16) })).toEqual(['recipients: at most 15 email addresses (got 16)'])
    expect(update({ recipients: 'a@example.com,nobody' })).toEqual([
      'recipients: must be email addresses separated by commas; not an email address: "nobody"',
    ])
    expect(update({ recipients: '' })).toEqual(['recipients: give at least one email address'])
    expect(update({ recipients: 'a@example.com,' })[0]).toMatch(/^recipients: /)
  })

  it('checks reply_to, auth, thresholds and switches', () => {
    expect(update({ reply_to: 'x' })).toEqual(['reply_to: must be an email address (e.g. name@example.com)'])
    expect(update({ auth: 'NTLM' })).toEqual(['auth: must be one of DISABLE, AUTO, LOGIN, PLAIN'])
    expect(update({ cpu_threshold: 100, memory_threshold: 0, hard_disk_threshold: 85.5 })).toEqual([])
    expect(update({ cpu_threshold: 101 })).toEqual(['cpu_threshold: must be at most 100'])
    expect(update({ memory_threshold: -1 })).toEqual(['memory_threshold: must be at least 0'])
    expect(update({ notify_ip_blocked: 'yes' })).toEqual(['notify_ip_blocked: must be true or false'])
    expect(update({ password: 'secret', enable_tenant_access: false })).toEqual([])
    expect(update({ lines: 1 })).toEqual(['lines: unknown field'])
  })

  it('has a legacy variant without type and enable_tenant_access, auth LOGIN or PLAIN', () => {
    expect(problems(LegacyNotificationUpdateSchema, { username: 'u', auth: 'PLAIN' })).toEqual([])
    expect(problems(LegacyNotificationUpdateSchema, { username: 'u', auth: 'AUTO' })).toEqual(['auth: must be one of LOGIN, PLAIN'])
    expect(problems(LegacyNotificationUpdateSchema, { username: 'u', type: 'SMTP', enable_tenant_access: true })).toEqual([
      'type: unknown field',
      'enable_tenant_access: unknown field',
    ])
    expect(problems(LegacyNotificationUpdateSchema, {})).toEqual(['username: is required'])
  })

  it('reads settings of either variant', () => {
    expect(passes(NotificationSettingsSchema, { server: 's', port: 25, auth: 'LOGIN' })).toBe(true)
    expect(passes(NotificationSettingsSchema, { type: 'SMTP', enable_tenant_access: true, cpu_threshold: 90.5 })).toBe(true)
  })

  it('checks the test email body', () => {
    expect(passes(TestEmailBodySchema, { to: 'x@example.com' })).toBe(true)
    expect(problems(TestEmailBodySchema, { to: 'x' })).toEqual(['to: must be an email address (e.g. name@example.com)'])
  })
})
