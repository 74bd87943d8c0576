import type { z } from 'zod'
import {
  OutboundRuleCreateSchema,
  OutboundRuleUpdateSchema,
  ROUTING_STRATEGIES,
  type DayHours,
  type OfficeHours,
  type OfficeHoursInput,
  type Weekday,
} from '../../contract/pbx'
import type { RouteInputSchema } from '../../contract/pbx'
import { created, noContent, ok, type RequestContext } from '../context'
import { conflict, HttpError, notFound } from '../errors'
import { applyListQuery, byText, type ListSpec } from '../list-query'
import type { Router } from '../router'
import type { StoredRoute, StoredRule, Tenant } from '../state'
import { assignDefined, checkBodyId } from './common'

/** Outbound rules of the signed-in user's tenant (README "Outbound rules"). */

type ParsedRoute = z.output<typeof RouteInputSchema>

/** office_hours as stored: every day present; a missing day is off. */
export const fullOfficeHours = (input: OfficeHoursInput | undefined): Required<OfficeHours> => {
  const day = (d: Weekday): DayHours => {
    const given = input?.[d]
    return { enabled: given?.enabled ?? false, ranges: (given?.ranges ?? []).map((r) => ({ from: r.from, to: r.to })) }
  }
  return {
    mode: 'CUSTOM',
    monday: day('monday'),
    tuesday: day('tuesday'),
    wednesday: day('wednesday'),
    thursday: day('thursday'),
    friday: day('friday'),
    saturday: day('saturday'),
    sunday: day('sunday'),
  }
}

const storeRoutes = (routes: readonly ParsedRoute[]): StoredRoute[] =>
  routes.map((r) => ({
    enabled: r.enabled,
    provider_id: r.provider_id,
    strip_digits: r.strip_digits,
    prepend: r.prepend ?? '',
    outbound_caller_id: r.outbound_caller_id ?? '',
  }))

/** Holidays and providers must be the tenant's: 400 naming each unknown id. */
const checkReferences = (tenant: Tenant, holidays: readonly string[] | undefined, routes: readonly ParsedRoute[] | undefined) => {
  const errors: { code: string; message: string }[] = []
  holidays?.forEach((id, i) => {
    if (!tenant.holidays.some((h) => h.id === id)) {
      errors.push({ code: 'VALIDATE_FAILED', message: `holidays.${i}: no holiday with the id ${id} (see GET /api/holidays)` })
    }
  })
  routes?.forEach((r, i) => {
    if (!tenant.providers.some((p) => p.id === r.provider_id)) {
      errors.push({
        code: 'VALIDATE_FAILED',
        message: `routes.${i}.provider_id: no provider with the id ${r.provider_id} (see GET /api/providers)`,
      })
    }
  })
  if (errors.length > 0) throw new HttpError(400, errors)
}

const checkUniqueName = (tenant: Tenant, name: string, except?: StoredRule) => {
  if (tenant.rules.some((r) => r !== except && r.name === name)) {
    throw conflict(`name: an outbound rule named ${name} already exists`)
  }
}

const view = (tenant: Tenant, rule: StoredRule, withRoutes: boolean) => {
  const out = {
    id: rule.id,
    name: rule.name,
    number_prefix: rule.number_prefix,
    number_length: rule.number_length,
    number_mask: rule.number_mask,
    enabled: rule.enabled,
    priority: rule.priority,
    office_hours: structuredClone(rule.office_hours),
    holidays: rule.holidays.flatMap((id) => tenant.holidays.filter((h) => h.id === id)).map((h) => ({ ...h })),
    routing_strategy: rule.routing_strategy,
  }
  return withRoutes ? { ...out, routes: rule.routes.map((r) => ({ ...r })) } : out
}

const listSpec: ListSpec<StoredRule> = {
  search: (r) => [r.name, r.number_prefix],
  filter: {
    enabled: { type: 'boolean', get: (r) => r.enabled },
    routing_strategy: { type: 'string', get: (r) => r.routing_strategy, values: ROUTING_STRATEGIES },
    priority: { type: 'int', get: (r) => r.priority },
    name: { type: 'string', get: (r) => r.name },
  },
  orderby: {
    name: (a, b) => byText(a.name, b.name),
    priority: (a, b) => a.priority - b.priority || byText(a.name, b.name),
  },
  defaultOrder: (a, b) => a.priority - b.priority || byText(a.name, b.name),
}

const ruleOf = (ctx: RequestContext, tenant: Tenant): StoredRule => {
  const id = ctx.param('id')
  const rule = tenant.rules.find((r) => r.id === id)
  if (!rule) throw notFound(`id: no outbound rule with the id ${id}`)
  return rule
}

const list = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('outbound_rules:read')
  const page = applyListQuery(ctx, tenant.rules, listSpec)
  return ok({ count: page.count, items: page.items.map((r) => view(tenant, r, false)) })
}

const create = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('outbound_rules:write')
  const body = ctx.json(OutboundRuleCreateSchema)
  checkReferences(tenant, body.holidays, body.routes)
  checkUniqueName(tenant, body.name)
  const rule: StoredRule = {
    id: ctx.state.nextId('rule'),
    name: body.name,
    number_prefix: body.number_prefix ?? '',
    number_length: body.number_length ?? '',
    number_mask: body.number_mask ?? '',
    enabled: body.enabled,
    priority: body.priority,
    office_hours: fullOfficeHours(body.office_hours),
    holidays: [...(body.holidays ?? [])],
    routing_strategy: body.routing_strategy,
    routes: storeRoutes(body.routes ?? []),
    created: ctx.state.tick(),
  }
  tenant.rules.push(rule)
  return created(rule.id)
}

const get = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('outbound_rules:read')
  return ok(view(tenant, ruleOf(ctx, tenant), true))
}

const update = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('outbound_rules:write')
  const rule = ruleOf(ctx, tenant)
  const body = ctx.json(OutboundRuleUpdateSchema, true)
  checkBodyId(body.id, rule.id)
  checkReferences(tenant, body.holidays, body.routes)
  if (body.name !== undefined) checkUniqueName(tenant, body.name, rule)
  const { id: _id, office_hours, holidays, routes, ...simple } = body
  assignDefined(rule, simple)
  if (office_hours !== undefined) rule.office_hours = fullOfficeHours(office_hours)
  if (holidays !== undefined) rule.holidays = [...holidays]
  if (routes !== undefined) rule.routes = storeRoutes(routes)
  return ok()
}

const destroy = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('outbound_rules:write')
  const rule = ruleOf(ctx, tenant)
  tenant.rules.splice(tenant.rules.indexOf(rule), 1)
  return noContent()
}

export const registerOutboundRules = (router: Router): void => {
  router
    .get('/api/outbound_rules', list)
    .post('/api/outbound_rules', create)
    .get('/api/outbound_rules/:id', get)
    .post('/api/outbound_rules/:id', update)
    .post('/api/outbound_rules/:id/destroy', destroy)
}
