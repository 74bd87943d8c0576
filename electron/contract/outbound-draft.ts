import { z } from 'zod'
import {
  type DayHoursInputSchema,
  OfficeHoursInputSchema,
  OutboundRuleCreateSchema,
  RouteInputSchema,
  WEEKDAYS,
  type OutboundRule,
  type OutboundRuleUpdate,
  type Weekday,
} from './pbx-outbound'
import { LIMITS } from './pbx-common'

/**
 * An outbound rule as the editor holds it, and as a copy or a duplicate is built: every field
 * present (office hours with all seven days, routes with every field), so it can be compared
 * field by field and sent as a create body as it is. The schemas are the create body's, with
 * nothing optional: a draft that passes `OutboundRuleDraftSchema` passes `OutboundRuleCreateSchema`.
 */

export const OfficeHoursDraftSchema = OfficeHoursInputSchema.required()
export const RouteDraftSchema = RouteInputSchema.required()
export const OutboundRuleDraftSchema = OutboundRuleCreateSchema.extend({
  office_hours: OfficeHoursDraftSchema,
  routes: z.array(RouteDraftSchema).max(LIMITS.routes.max),
}).required()

export type DayDraft = z.output<typeof DayHoursInputSchema>
export type OfficeHoursDraft = z.output<typeof OfficeHoursDraftSchema>
export type RouteDraft = z.output<typeof RouteDraftSchema>
export type OutboundRuleDraft = z.output<typeof OutboundRuleDraftSchema>

const dayOff = (): DayDraft => ({ enabled: false, ranges: [] })

/** Office hours with every day off (what a PBX of this family keeps when a rule has none). */
export function emptyOfficeHours(): OfficeHoursDraft {
  return { mode: 'CUSTOM', ...(Object.fromEntries(WEEKDAYS.map((day) => [day, dayOff()])) as Record<Weekday, DayDraft>) }
}

/** A new rule: the seed's defaults (enabled, priority 1000, PRIORITIZED), no routes yet. */
export function emptyRuleDraft(): OutboundRuleDraft {
  return {
    name: '',
    number_prefix: '',
    number_length: '',
    number_mask: '',
    enabled: true,
    priority: LIMITS.priority.default,
    office_hours: emptyOfficeHours(),
    holidays: [],
    routing_strategy: 'PRIORITIZED',
    routes: [],
  }
}

/** A new route: enabled, nothing stripped or prepended. */
export function emptyRouteDraft(providerId = ''): RouteDraft {
  return { enabled: true, provider_id: providerId, strip_digits: LIMITS.stripDigits.default, prepend: '', outbound_caller_id: '' }
}

/**
 * The draft of a rule as the PBX answered it (GET /api/outbound_rules/{id}): holidays as their
 * ids, missing days off, missing route fields at their defaults. Fields the PBX left out take the
 * seed's defaults.
 */
export function ruleDraftOf(rule: OutboundRule): OutboundRuleDraft {
  const hours = rule.office_hours
  const office_hours = emptyOfficeHours()
  for (const day of WEEKDAYS) {
    const given = hours?.[day]
    if (given) office_hours[day] = { enabled: given.enabled ?? false, ranges: (given.ranges ?? []).map((r) => ({ from: r.from, to: r.to })) }
  }
  return {
    name: rule.name ?? '',
    number_prefix: rule.number_prefix ?? '',
    number_length: rule.number_length ?? '',
    number_mask: rule.number_mask ?? '',
    enabled: rule.enabled ?? true,
    priority: rule.priority ?? LIMITS.priority.default,
    office_hours,
    holidays: (rule.holidays ?? []).map((holiday) => holiday.id),
    routing_strategy: rule.routing_strategy ?? 'PRIORITIZED',
    routes: (rule.routes ?? []).map((route) => ({
      enabled: route.enabled ?? true,
      provider_id: route.provider_id ?? '',
      strip_digits: route.strip_digits ?? LIMITS.stripDigits.default,
      prepend: route.prepend ?? '',
      outbound_caller_id: route.outbound_caller_id ?? '',
    })),
  }
}

const DRAFT_FIELDS = [
  'name',
  'number_prefix',
  'number_length',
  'number_mask',
  'enabled',
  'priority',
  'office_hours',
  'holidays',
  'routing_strategy',
  'routes',
] as const satisfies readonly (keyof OutboundRuleDraft)[]

/**
 * The body of an update that sends only what changed between two drafts (the seed: every update
 * field is optional). Lists (routes, holidays) and office hours are sent whole when anything in
 * them changed, since the PBX replaces them whole. An empty object when nothing changed.
 */
export function ruleChanges(before: OutboundRuleDraft, after: OutboundRuleDraft): OutboundRuleUpdate {
  const changes: Record<string, unknown> = {}
  for (const field of DRAFT_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = after[field]
  }
  return changes as OutboundRuleUpdate
}
