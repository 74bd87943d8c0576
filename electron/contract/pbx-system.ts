import { z } from 'zod'
import { DomainSchema, EmailSchema, LIMITS, MAX_RECIPIENTS, text } from './pbx-common'

/**
 * System and tenant metadata (seed 2.1, GET /api/info) and system notification settings
 * (seed 2.8, 4.7). Re-exported by `pbx.ts`.
 */

// --- metadata -----------------------------------------------------------------------------------

/** GET /api/info: system metadata, plus tenant metadata when `?domain=` is given. */
export const SystemInfoSchema = z.object({
  web_domain: z.string().optional(),
  private_ipv4: z.string().optional(),
  public_ipv4: z.string().optional(),
  enable_ipv6: z.boolean().optional(),
  private_ipv6: z.string().optional(),
  public_ipv6: z.string().optional(),
  primary_dns_server: z.string().optional(),
  secondary_dns_server: z.string().optional(),
  enable_dataflow: z.boolean().optional(),
  name: z.string().optional(),
  domain: z.string().optional(),
  website: z.string().optional(),
  avatar_url: z.string().optional(),
  enable_idp365_integration: z.boolean().optional(),
  idp365_authorization_endpoint: z.string().optional(),
})
export type SystemInfo = z.infer<typeof SystemInfoSchema>

/** Query of GET /api/info. */
export const InfoQuerySchema = z.object({ domain: DomainSchema.optional() })

/** Tenant metadata as input (a form for tenant details): the seed's limits. */
export const TenantInfoInputSchema = z.strictObject({
  name: text(LIMITS.tenantName),
  domain: DomainSchema,
  website: text(LIMITS.website).optional(),
})
export type TenantInfoInput = z.input<typeof TenantInfoInputSchema>

// --- notification settings ----------------------------------------------------------------------

export const NOTIFICATION_TYPES = ['SMTP', 'IDP365', 'MAILSVC'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]
export const NOTIFICATION_AUTH = ['DISABLE', 'AUTO', 'LOGIN', 'PLAIN'] as const
export type NotificationAuth = (typeof NOTIFICATION_AUTH)[number]
/** `auth` of the older variant of the resource (seed 2.8, last paragraph). */
export const LEGACY_NOTIFICATION_AUTH = ['LOGIN', 'PLAIN'] as const
export type LegacyNotificationAuth = (typeof LEGACY_NOTIFICATION_AUTH)[number]

export const NOTIFY_SWITCHES = [
  'notify_hard_disk_exceeded_threshold',
  'notify_cpu_exceeded_threshold',
  'notify_memory_exceeded_threshold',
  'notify_ip_blocked',
  'notify_license_limited',
  'notify_service_disconnected',
  'notify_push_certs_update_failed',
] as const
export type NotifySwitch = (typeof NOTIFY_SWITCHES)[number]

/** Split a recipients string into trimmed addresses (empty entries kept, so they can be refused). */
export const splitRecipients = (s: string): string[] => s.split(',').map((a) => a.trim())

/** Comma-separated email addresses, 1..15 of them. */
export const RecipientsSchema = z.string().superRefine((s, ctx) => {
  const list = splitRecipients(s)
  if (s.trim() === '') {
    ctx.addIssue({ code: 'custom', message: 'give at least one email address' })
    return
  }
  if (list.length > MAX_RECIPIENTS) {
    ctx.addIssue({ code: 'custom', message: `at most ${MAX_RECIPIENTS} email addresses (got ${list.length})` })
  }
  const bad = list.filter((a) => !EmailSchema.safeParse(a).success)
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be email addresses separated by commas; not an email address: ${bad.map((b) => `"${b}"`).join(', ')}`,
    })
  }
})

/** Notification settings as the PBX answers them (either variant; never a password). */
export const NotificationSettingsSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES).optional(),
  server: z.string().optional(),
  port: z.int().optional(),
  reply_to: z.string().optional(),
  username: z.string().optional(),
  auth: z.enum(NOTIFICATION_AUTH).optional(),
  enable_tls_ssl: z.boolean().optional(),
  enable_starttls_auto: z.boolean().optional(),
  recipients: z.string().optional(),
  enable_tenant_access: z.boolean().optional(),
  hard_disk_threshold: z.number().optional(),
  cpu_threshold: z.number().optional(),
  memory_threshold: z.number().optional(),
  notify_hard_disk_exceeded_threshold: z.boolean().optional(),
  notify_cpu_exceeded_threshold: z.boolean().optional(),
  notify_memory_exceeded_threshold: z.boolean().optional(),
  notify_ip_blocked: z.boolean().optional(),
  notify_license_limited: z.boolean().optional(),
  notify_service_disconnected: z.boolean().optional(),
  notify_push_certs_update_failed: z.boolean().optional(),
})
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>

const threshold = () => z.number().min(LIMITS.threshold.min).max(LIMITS.threshold.max)

const commonNotificationFields = {
  server: z.string().optional(),
  port: z.int().min(LIMITS.port.min).max(LIMITS.port.max).optional(),
  reply_to: EmailSchema.optional(),
  username: text(LIMITS.notificationUsername),
  password: z.string().optional(),
  enable_tls_ssl: z.boolean().optional(),
  enable_starttls_auto: z.boolean().optional(),
  recipients: RecipientsSchema.optional(),
  hard_disk_threshold: threshold().optional(),
  cpu_threshold: threshold().optional(),
  memory_threshold: threshold().optional(),
  notify_hard_disk_exceeded_threshold: z.boolean().optional(),
  notify_cpu_exceeded_threshold: z.boolean().optional(),
  notify_memory_exceeded_threshold: z.boolean().optional(),
  notify_ip_blocked: z.boolean().optional(),
  notify_license_limited: z.boolean().optional(),
  notify_service_disconnected: z.boolean().optional(),
  notify_push_certs_update_failed: z.boolean().optional(),
}

/** Body of POST /api/admin/notification: type and username required, the rest optional. */
export const NotificationUpdateSchema = z.strictObject({
  type: z.enum(NOTIFICATION_TYPES),
  auth: z.enum(NOTIFICATION_AUTH).optional(),
  enable_tenant_access: z.boolean().optional(),
  ...commonNotificationFields,
})
export type NotificationUpdate = z.input<typeof NotificationUpdateSchema>

/** The same body on the older variant: no type, no enable_tenant_access, auth LOGIN or PLAIN. */
export const LegacyNotificationUpdateSchema = z.strictObject({
  auth: z.enum(LEGACY_NOTIFICATION_AUTH).optional(),
  ...commonNotificationFields,
})
export type LegacyNotificationUpdate = z.input<typeof LegacyNotificationUpdateSchema>

/** Body of POST /api/admin/notification/test_email (demo PBX README). */
export const TestEmailBodySchema = z.strictObject({ to: EmailSchema })
export type TestEmailBody = z.input<typeof TestEmailBodySchema>
