import {
  LegacyNotificationUpdateSchema,
  NotificationSettingsSchema,
  NotificationUpdateSchema,
  TestEmailBodySchema,
  type LegacyNotificationUpdate,
  type NotificationSettings,
  type NotificationUpdate,
} from '../../contract/pbx'
import { ServiceError } from '../errors'
import type { PbxCaller } from './caller'
import { parseBody } from './request'
import { checked } from '../validation'
import { orNotSupported, type CallOptions } from './resource'

/**
 * System notification settings (seed 2.8, 4.7; system administrator): `GET/POST
 * /api/admin/notification`, and the optional `POST /api/admin/notification/test_email {to}`
 * (404/405 → NOT_SUPPORTED).
 *
 * Two variants exist (seed 2.8, last paragraph). The client tells them apart by what `GET`
 * answers: settings without a `type` field are the older variant ('legacy'), which has no `type`
 * and no `enable_tenant_access`, and whose `auth` is LOGIN or PLAIN only. The variant is learnt
 * by `get` (or by `update` when nothing was read yet: one GET first) and kept by the client.
 *
 * `update` on the current variant checks the body with `NotificationUpdateSchema` (`type` and
 * `username` required). On the legacy variant it checks with `LegacyNotificationUpdateSchema` and
 * never sends `type` or `enable_tenant_access`: both are dropped (the older variant has an SMTP
 * server only, so a `type` other than SMTP is refused as INVALID_INPUT rather than dropped).
 * `password` is write-only: omit it to keep the stored one.
 */

export type NotificationVariant = 'current' | 'legacy'

/** Which variant of the resource these settings (as GET answers them) come from. */
export function notificationVariantOf(settings: NotificationSettings): NotificationVariant {
  return settings.type === undefined ? 'legacy' : 'current'
}

const PATH = 'api/admin/notification'

export interface NotificationClient {
  get(options?: CallOptions): Promise<NotificationSettings>
  /** the variant, read from the PBX on first use */
  variant(options?: CallOptions): Promise<NotificationVariant>
  update(body: NotificationUpdate | LegacyNotificationUpdate, options?: CallOptions): Promise<void>
  /** asks the PBX to send a test email to `to` */
  sendTestEmail(to: string, options?: CallOptions): Promise<void>
}

export function createNotificationClient(caller: PbxCaller): NotificationClient {
  let known: NotificationVariant | undefined

  const get = async (options: CallOptions = {}): Promise<NotificationSettings> => {
    const response = await caller.call(PATH, { signal: options.signal })
    const settings = parseBody(NotificationSettingsSchema, response, 'GET /api/admin/notification')
    known = notificationVariantOf(settings)
    return settings
  }

  const variant = async (options: CallOptions = {}): Promise<NotificationVariant> => {
    if (known === undefined) await get(options)
    return known ?? 'current'
  }

  return {
    get,
    variant,
    async update(body, options = {}) {
      let json: unknown = body
      if ((await variant(options)) === 'legacy') {
        json = legacyBody(body)
        checked(LegacyNotificationUpdateSchema, json)
      } else {
        checked(NotificationUpdateSchema, body)
      }
      await caller.call(PATH, { method: 'POST', json, signal: options.signal })
    },
    async sendTestEmail(to, options = {}) {
      const json = { to }
      checked(TestEmailBodySchema, json)
      await orNotSupported('sending a test email', () =>
        caller.call(`${PATH}/test_email`, { method: 'POST', json, signal: options.signal }),
      )
    },
  }
}

/** The body for the older variant: without `type` (SMTP only) and `enable_tenant_access`. */
function legacyBody(body: NotificationUpdate | LegacyNotificationUpdate): unknown {
  if (typeof body !== 'object' || body === null) return body
  const { type, enable_tenant_access: _enableTenantAccess, ...rest } = body as Record<string, unknown>
  if (type !== undefined && type !== 'SMTP') {
    throw new ServiceError(
      'INVALID_INPUT',
      `type: this PBX has the older notification settings, which know only an SMTP server (not ${String(type)})`,
      { field: 'type' },
    )
  }
  return rest
}
