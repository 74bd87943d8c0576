import { DectPhoneCreateSchema, DectPhoneUpdateSchema, type DectInterface } from '../../contract/pbx'
import { created, noContent, ok, type RequestContext } from '../context'
import { conflict, HttpError, notFound } from '../errors'
import type { Router } from '../router'
import { SBC_DOMAIN, SYSTEM_INFO, type StoredPhone, type Tenant } from '../state'
import { DECT_CODECS, DECT_VENDORS, DEFAULT_CODECS, modelsOf, templatesOf } from '../dect-catalog'
import { assignDefined, checkBodyId } from './common'

/** DECT phones of the signed-in user's tenant (README "DECT phones"). */

const HOSTS: Record<DectInterface, string> = {
  WEB_DOMAIN: SYSTEM_INFO.web_domain,
  PUBLIC_IPV4: SYSTEM_INFO.public_ipv4,
  PRIVATE_IPV4: SYSTEM_INFO.private_ipv4,
  PUBLIC_IPV6: `[${SYSTEM_INFO.public_ipv6}]`,
  PRIVATE_IPV6: `[${SYSTEM_INFO.private_ipv6}]`,
  SBC_DOMAIN: SBC_DOMAIN,
}

/** The auto-provisioning URL; the tenant key is the tenant's domain. */
export const provisioningUrl = (tenant: Tenant, phone: StoredPhone): string =>
  `${phone.https ? 'https' : 'http'}://${HOSTS[phone.interface]}/dect/${tenant.domain}/${phone.mac}.xml`

/** The record a client sees: never a password. */
export const view = (tenant: Tenant, p: StoredPhone) => {
  const { password: _p, user_password: _u, engineer_password: _e, members: _m, seen: _s, reprovisions: _r, reboots: _b, ...rest } = p
  return { ...rest, codecs: [...p.codecs], url: provisioningUrl(tenant, p) }
}

type Problem = { code: string; message: string }

const checkCodecs = (codecs: readonly string[] | undefined, problems: Problem[]) => {
  codecs?.forEach((c, i) => {
    if (!(DECT_CODECS as readonly string[]).includes(c)) {
      problems.push({ code: 'VALIDATE_FAILED', message: `codecs.${i}: ${c} is not a supported codec (${DECT_CODECS.join(', ')})` })
    }
  })
}

export const phoneOf = (ctx: RequestContext, tenant: Tenant): StoredPhone => {
  const id = ctx.param('id')
  const phone = tenant.phones.find((p) => p.id === id)
  if (!phone) throw notFound(`id: no DECT phone with the id ${id}`)
  return phone
}

const list = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:read')
  return ok({ items: tenant.phones.map((p) => view(tenant, p)) })
}

const create = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:write')
  const body = ctx.json(DectPhoneCreateSchema)
  const problems: Problem[] = []
  const model = modelsOf(body.vendor).find((m) => m.model === body.model)
  if (!DECT_VENDORS.includes(body.vendor)) {
    problems.push({ code: 'VALIDATE_FAILED', message: `vendor: ${body.vendor} is not a supported vendor (${DECT_VENDORS.join(', ')})` })
  } else if (!model) {
    const models = modelsOf(body.vendor).map((m) => m.model).join(', ')
    problems.push({ code: 'VALIDATE_FAILED', message: `model: ${body.model} is not a ${body.vendor} model (${models})` })
  }
  if (body.template !== undefined && DECT_VENDORS.includes(body.vendor) && !templatesOf(body.vendor).includes(body.template)) {
    problems.push({
      code: 'VALIDATE_FAILED',
      message: `template: ${body.template} is not a ${body.vendor} template (${templatesOf(body.vendor).join(', ')})`,
    })
  }
  checkCodecs(body.codecs, problems)
  if (problems.length > 0 || !model) throw new HttpError(400, problems)
  if (tenant.phones.some((p) => p.mac === body.mac)) throw conflict(`mac: a DECT phone with the MAC ${body.mac} already exists`)
  const phone: StoredPhone = {
    id: ctx.state.nextId('dect'),
    name: body.name,
    mac: body.mac,
    template: body.template ?? model.template,
    vendor: model.vendor,
    model: model.model,
    rps: body.rps,
    https: body.https,
    codecs: [...(body.codecs ?? DEFAULT_CODECS)],
    lines: model.lines,
    interface: body.interface,
    preferred_transport: body.preferred_transport,
    members: [],
    reprovisions: 0,
    reboots: 0,
  }
  const { name: _n, mac: _m, template: _t, vendor: _v, model: _mo, rps: _r, https: _h, codecs: _c, interface: _i, preferred_transport: _pt, ...optional } =
    body
  assignDefined(phone, optional)
  tenant.phones.push(phone)
  return created(phone.id)
}

const get = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:read')
  return ok(view(tenant, phoneOf(ctx, tenant)))
}

const update = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:write')
  const phone = phoneOf(ctx, tenant)
  const body = ctx.json(DectPhoneUpdateSchema, true)
  checkBodyId(body.id, phone.id)
  const problems: Problem[] = []
  checkCodecs(body.codecs, problems)
  if (problems.length > 0) throw new HttpError(400, problems)
  const { id: _id, mac: _m, template: _t, vendor: _v, model: _mo, codecs, ...rest } = body
  assignDefined(phone, rest)
  if (codecs !== undefined) phone.codecs = [...codecs]
  return ok()
}

const destroy = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:write')
  const phone = phoneOf(ctx, tenant)
  tenant.phones.splice(tenant.phones.indexOf(phone), 1)
  return noContent()
}

export const registerDectPhones = (router: Router): void => {
  router
    .get('/api/dect_phones', list)
    .post('/api/dect_phones', create)
    .get('/api/dect_phones/:id', get)
    .post('/api/dect_phones/:id', update)
    .post('/api/dect_phones/:id/destroy', destroy)
}
