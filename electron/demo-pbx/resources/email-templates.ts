import {
  EMAIL_TEMPLATE_NAMES,
  EmailTemplateCreateSchema,
  EmailTemplateNameSchema,
  EmailTemplateUpdateSchema,
  checkInput,
  type EmailTemplateName,
} from '../../contract/pbx'
import { created, noContent, ok, type RequestContext } from '../context'
import { conflict, invalidProblems, notFound } from '../errors'
import type { Router } from '../router'
import { SYSTEM_INFO, type StoredTemplate, type Tenant } from '../state'
import { checkBodyId } from './common'

/**
 * Custom email templates of the signed-in user's tenant (README "Custom email templates"). Only
 * customised kinds exist; destroying one puts the kind back to its default.
 */

const DEFAULT_SUBJECTS: Record<EmailTemplateName, string> = {
  USER_CREATION: 'Your new phone account',
  QUEUE_CALL_LOST: 'A queue call was lost',
  QUEUE_SLA: 'Queue service level missed',
  QUEUE_CALLBACK: 'A caller asked to be called back',
  QUEUE_CALLBACK_FAILED: 'A queue callback failed',
  VOICEMAIL_RECEIVED: 'New voicemail',
  CALL_REPORT_COMPLETED: 'Your call report is ready',
  DISK_LOW: 'PBX disk space is low',
  EMERGENCY_CALL: 'An emergency call was made',
  LICENSE_LIMITED: 'PBX license limit reached',
  RECHARGE: 'Please recharge your account',
  CONFERENCE_INVITATION: 'You are invited to a conference',
  TRUNK_CONNECTED: 'A trunk is connected',
  TRUNK_DISCONNECTED: 'A trunk is disconnected',
}

/** The default of a kind: what a customised template starts from. */
export const defaultTemplate = (name: EmailTemplateName): StoredTemplate => ({
  name,
  from: `noreply@${SYSTEM_INFO.web_domain}`,
  subject: DEFAULT_SUBJECTS[name],
  body: `${DEFAULT_SUBJECTS[name]}.\n\nThis message was sent by your phone system.`,
})

const view = (t: StoredTemplate) => ({ name: t.name, from: t.from, subject: t.subject, body: t.body })

const sorted = (tenant: Tenant) =>
  [...tenant.templates].sort((a, b) => EMAIL_TEMPLATE_NAMES.indexOf(a.name) - EMAIL_TEMPLATE_NAMES.indexOf(b.name))

/** The template of the path's name: 400 outside the 14 kinds, 404 when not customised. */
const templateOf = (ctx: RequestContext, tenant: Tenant): StoredTemplate => {
  const r = checkInput(EmailTemplateNameSchema, ctx.param('name'))
  if (!r.success) throw invalidProblems(r.problems.map((p) => ({ ...p, path: 'name' })))
  const t = tenant.templates.find((x) => x.name === r.data)
  if (!t) throw notFound(`name: the template ${r.data} is not customised`)
  return t
}

const list = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('email_templates:read')
  return ok({ items: sorted(tenant).map(view) })
}

const create = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('email_templates:write')
  const body = ctx.json(EmailTemplateCreateSchema)
  if (tenant.templates.some((t) => t.name === body.name)) {
    throw conflict(`name: the template ${body.name} is already customised; update it with POST /api/custom_email_templates/${body.name}`)
  }
  const base = defaultTemplate(body.name)
  tenant.templates.push({
    name: body.name,
    from: body.from ?? base.from,
    subject: body.subject ?? base.subject,
    body: body.body ?? base.body,
  })
  return created(body.name)
}

const get = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('email_templates:read')
  return ok(view(templateOf(ctx, tenant)))
}

const update = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('email_templates:write')
  const t = templateOf(ctx, tenant)
  const body = ctx.json(EmailTemplateUpdateSchema, true)
  checkBodyId(body.id, t.name)
  if (body.from !== undefined) t.from = body.from
  if (body.subject !== undefined) t.subject = body.subject
  if (body.body !== undefined) t.body = body.body
  return ok()
}

const destroy = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('email_templates:write')
  const t = templateOf(ctx, tenant)
  tenant.templates.splice(tenant.templates.indexOf(t), 1)
  return noContent()
}

export const registerEmailTemplates = (router: Router): void => {
  router
    .get('/api/custom_email_templates', list)
    .post('/api/custom_email_templates', create)
    .get('/api/custom_email_templates/:name', get)
    .post('/api/custom_email_templates/:name', update)
    .post('/api/custom_email_templates/:name/destroy', destroy)
}
