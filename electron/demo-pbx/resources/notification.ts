import { LegacyNotificationUpdateSchema, NotificationUpdateSchema, TestEmailBodySchema } from '../../contract/pbx'
import { ok, type RequestContext } from '../context'
import type { Router } from '../router'
import type { StoredNotification } from '../state'
import { assignDefined } from './common'

/**
 * System notification settings (README "Notification settings"): the current variant, or the
 * legacy one without `type` and `enable_tenant_access` and with `auth` LOGIN or PLAIN only.
 */

const view = (ctx: RequestContext) => {
  const { password: _password, ...rest } = ctx.state.notification
  if (ctx.state.options.notificationVariant === 'legacy') {
    const { type: _type, enable_tenant_access: _eta, ...legacy } = rest
    return legacy
  }
  return rest
}

const get = (ctx: RequestContext) => {
  ctx.need('notification:read')
  return ok(view(ctx))
}

const update = (ctx: RequestContext) => {
  ctx.need('notification:write')
  const body =
    ctx.state.options.notificationVariant === 'legacy'
      ? ctx.json(LegacyNotificationUpdateSchema)
      : ctx.json(NotificationUpdateSchema)
  const next: StoredNotification = { ...ctx.state.notification }
  assignDefined(next, body as Partial<StoredNotification>)
  ctx.state.notification = next
  return ok()
}

const testEmail = (ctx: RequestContext) => {
  const p = ctx.need('notification:write')
  const body = ctx.json(TestEmailBodySchema)
  ctx.state.outbox.push({
    kind: 'test_email',
    to: body.to,
    domain: '',
    username: p.user.username,
    subject: 'PBX test email',
    body: `This is a test email from your PBX, sent through ${ctx.state.notification.server || 'the configured mail server'}.`,
    at: new Date(ctx.state.now()).toISOString(),
  })
  return ok()
}

export const registerNotification = (router: Router): void => {
  router
    .get('/api/admin/notification', get)
    .post('/api/admin/notification', update)
    .post('/api/admin/notification/test_email', testEmail)
}
