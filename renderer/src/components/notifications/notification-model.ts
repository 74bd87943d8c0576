import type { NotificationVariantName, SaveNotificationInput } from '@contract/bridge-mail'
import {
  LEGACY_NOTIFICATION_AUTH,
  NOTIFICATION_AUTH,
  NOTIFY_SWITCHES,
  splitRecipients,
  type NotificationAuth,
  type NotificationSettings,
  type NotificationType,
  type NotifySwitch,
} from '@contract/pbx'

/**
 * The notification form's model, made from the settings the PBX answered, and the body a save
 * sends for the PBX's variant. Defaults where the PBX leaves a field out are the seed's (2.8):
 * TLS/SSL and STARTTLS on, tenant access on, every notify_* switch off.
 */

export const THRESHOLDS = ['hard_disk_threshold', 'cpu_threshold', 'memory_threshold'] as const
export type Threshold = (typeof THRESHOLDS)[number]

export type NotificationModel = {
  type: NotificationType | null
  server: string
  port: number | null
  reply_to: string
  username: string
  auth: NotificationAuth | null
  enable_tls_ssl: boolean
  enable_starttls_auto: boolean
  recipients: string[]
  enable_tenant_access: boolean
} & Record<Threshold, number | null> &
  Record<NotifySwitch, boolean>

/** The notify_* switches grouped by what they are about, each with its words. */
export const SWITCH_GROUPS: readonly { title: string; switches: readonly { key: NotifySwitch; label: string }[] }[] = [
  {
    title: 'Resources',
    switches: [
      { key: 'notify_hard_disk_exceeded_threshold', label: 'Disk usage over its threshold' },
      { key: 'notify_cpu_exceeded_threshold', label: 'CPU usage over its threshold' },
      { key: 'notify_memory_exceeded_threshold', label: 'Memory usage over its threshold' },
    ],
  },
  { title: 'Security', switches: [{ key: 'notify_ip_blocked', label: 'An IP address was blocked' }] },
  { title: 'License', switches: [{ key: 'notify_license_limited', label: 'The license limits the PBX' }] },
  {
    title: 'Services and certificates',
    switches: [
      { key: 'notify_service_disconnected', label: 'A service disconnected' },
      { key: 'notify_push_certs_update_failed', label: 'Updating the push certificates failed' },
    ],
  },
]

/** The `auth` values a variant accepts. */
export const authChoices = (variant: NotificationVariantName): readonly NotificationAuth[] =>
  variant === 'legacy' ? LEGACY_NOTIFICATION_AUTH : NOTIFICATION_AUTH

export function modelOf(settings: NotificationSettings, variant: NotificationVariantName): NotificationModel {
  const auth = settings.auth ?? (variant === 'legacy' ? null : 'AUTO')
  const switches = Object.fromEntries(NOTIFY_SWITCHES.map((key) => [key, settings[key] ?? false])) as Record<NotifySwitch, boolean>
  return {
    type: settings.type ?? (variant === 'legacy' ? null : 'SMTP'),
    server: settings.server ?? '',
    port: settings.port ?? null,
    reply_to: settings.reply_to ?? '',
    username: settings.username ?? '',
    auth: auth !== null && authChoices(variant).includes(auth) ? auth : null,
    enable_tls_ssl: settings.enable_tls_ssl ?? true,
    enable_starttls_auto: settings.enable_starttls_auto ?? true,
    recipients: settings.recipients ? splitRecipients(settings.recipients).filter((address) => address !== '') : [],
    enable_tenant_access: settings.enable_tenant_access ?? true,
    hard_disk_threshold: settings.hard_disk_threshold ?? null,
    cpu_threshold: settings.cpu_threshold ?? null,
    memory_threshold: settings.memory_threshold ?? null,
    ...switches,
  }
}

export type NotificationBody = SaveNotificationInput['settings']

/**
 * The body of a save for `variant`: what the form shows, less what is empty (an empty reply-to,
 * port, threshold or recipient list is left out, so the PBX keeps its value), and the password
 * only when one was typed. The older variant never gets `type` or `enable_tenant_access`.
 * Values the contract would refuse are sent as they are, for the form's rules to name.
 */
export function bodyOf(model: NotificationModel, variant: NotificationVariantName, password: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  if (variant === 'current') body.type = model.type ?? undefined
  body.server = model.server.trim()
  if (model.port !== null) body.port = model.port
  if (model.reply_to.trim() !== '') body.reply_to = model.reply_to.trim()
  body.username = model.username.trim()
  if (password !== null && password !== '') body.password = password
  if (model.auth !== null) body.auth = model.auth
  body.enable_tls_ssl = model.enable_tls_ssl
  body.enable_starttls_auto = model.enable_starttls_auto
  if (model.recipients.length > 0) body.recipients = model.recipients.join(', ')
  if (variant === 'current') body.enable_tenant_access = model.enable_tenant_access
  for (const key of THRESHOLDS) if (model[key] !== null) body[key] = model[key]
  for (const key of NOTIFY_SWITCHES) body[key] = model[key]
  return body
}
