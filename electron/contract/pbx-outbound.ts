import { z } from 'zod'
import { LIMITS, text } from './pbx-common'

/**
 * Outbound rules (seed 2.4, 4.3), their office hours, holidays, routes and providers.
 * Re-exported by `pbx.ts`.
 */

export const ROUTING_STRATEGIES = ['PRIORITIZED', 'RANDOMLY'] as const
export type RoutingStrategy = (typeof ROUTING_STRATEGIES)[number]
export const RoutingStrategySchema = z.enum(ROUTING_STRATEGIES)

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const OFFICE_HOURS_MODES = ['CUSTOM'] as const
export type OfficeHoursMode = (typeof OFFICE_HOURS_MODES)[number]

// --- holidays and providers (GET /api/holidays, GET /api/providers) ------------------------------

/** Holiday object (seed 2.4). */
export const HolidaySchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  every_year: z.boolean().optional(),
  consecutive: z.boolean().optional(),
  year_start: z.int().optional(),
  year_end: z.int().optional(),
  month_start: z.int().optional(),
  month_end: z.int().optional(),
  day_start: z.int().optional(),
  day_end: z.int().optional(),
  hour_start: z.int().optional(),
  hour_end: z.int().optional(),
  minute_start: z.int().optional(),
  minute_end: z.int().optional(),
})
export type Holiday = z.infer<typeof HolidaySchema>

/** A provider (trunk) a route can use. */
export const ProviderSchema = z.object({ id: z.string(), name: z.string().optional() })
export type Provider = z.infer<typeof ProviderSchema>

// --- text fields with a form --------------------------------------------------------------------

/** `HH:MM`, 00:00..23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
export const TimeSchema = z.string().regex(TIME_PATTERN, { error: 'must be a time HH:MM between 00:00 and 23:59' })

export const NumberPrefixSchema = text(LIMITS.numberPrefix).regex(/^[0-9*#]*$/, {
  error: 'may contain only digits, * and #',
})

const isLengthList = (s: string): boolean =>
  s === '' ||
  s.split(';').every((p) => /^\d+$/.test(p) && Number(p) >= LIMITS.numberLengthEntry.min && Number(p) <= LIMITS.numberLengthEntry.max)

/** `;`-separated integers 1..64 (e.g. `10;11`); empty for any length. */
export const NumberLengthSchema = text(LIMITS.numberLength).refine(isLengthList, {
  error: `must be number lengths ${LIMITS.numberLengthEntry.min}..${LIMITS.numberLengthEntry.max} separated by ; (e.g. 10;11)`,
})

const isMaskList = (s: string): boolean =>
  s === '' ||
  s.split(';').every((p) => {
    const m = /^(\d+)(?:-(\d+))?$/.exec(p)
    if (!m) return false
    return m[2] === undefined || BigInt(m[1] ?? '0') <= BigInt(m[2])
  })

/** `;`-separated extensions or ranges `from-to` with from ≤ to (e.g. `100-199;205`); empty for all. */
export const NumberMaskSchema = z.string().refine(isMaskList, {
  error: 'must be extensions or ranges from-to (from not above to) separated by ; (e.g. 100-199;205)',
})

// --- office hours -------------------------------------------------------------------------------

const minutes = (t: string): number => (TIME_PATTERN.test(t) ? Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)) : NaN)

export const TimeRangeInputSchema = z
  .strictObject({ from: TimeSchema, to: TimeSchema })
  .refine((r) => !TIME_PATTERN.test(r.from) || !TIME_PATTERN.test(r.to) || minutes(r.from) < minutes(r.to), {
    error: 'must be later than from',
    path: ['to'],
  })

export const DayHoursInputSchema = z
  .strictObject({ enabled: z.boolean(), ranges: z.array(TimeRangeInputSchema).default([]) })
  .superRefine((day, ctx) => {
    const sorted = day.ranges
      .map((r, i) => ({ i, a: minutes(r.from), b: minutes(r.to) }))
      .filter((r) => Number.isFinite(r.a) && Number.isFinite(r.b) && r.a < r.b)
      .sort((x, y) => x.a - y.a)
    let prev: (typeof sorted)[number] | undefined
    for (const cur of sorted) {
      if (prev && cur.a < prev.b) {
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', Math.max(prev.i, cur.i)],
          message: `overlaps range ${Math.min(prev.i, cur.i)} of the same day`,
        })
      }
      if (!prev || cur.b > prev.b) prev = cur
    }
  })
export type DayHoursInput = z.input<typeof DayHoursInputSchema>

/** office_hours on input: mode CUSTOM and any of the seven days; a missing day is off. */
export const OfficeHoursInputSchema = z.strictObject({
  mode: z.enum(OFFICE_HOURS_MODES),
  monday: DayHoursInputSchema.optional(),
  tuesday: DayHoursInputSchema.optional(),
  wednesday: DayHoursInputSchema.optional(),
  thursday: DayHoursInputSchema.optional(),
  friday: DayHoursInputSchema.optional(),
  saturday: DayHoursInputSchema.optional(),
  sunday: DayHoursInputSchema.optional(),
})
export type OfficeHoursInput = z.input<typeof OfficeHoursInputSchema>

const TimeRangeSchema = z.object({ from: z.string(), to: z.string() })
const DayHoursSchema = z.object({ enabled: z.boolean().optional(), ranges: z.array(TimeRangeSchema).optional() })
/** office_hours as the PBX answers it. */
export const OfficeHoursSchema = z.object({
  mode: z.string().optional(),
  monday: DayHoursSchema.optional(),
  tuesday: DayHoursSchema.optional(),
  wednesday: DayHoursSchema.optional(),
  thursday: DayHoursSchema.optional(),
  friday: DayHoursSchema.optional(),
  saturday: DayHoursSchema.optional(),
  sunday: DayHoursSchema.optional(),
})
export type OfficeHours = z.infer<typeof OfficeHoursSchema>
export type DayHours = z.infer<typeof DayHoursSchema>

// --- routes -------------------------------------------------------------------------------------

/** Route object as the PBX answers it. */
export const RouteSchema = z.object({
  enabled: z.boolean().optional(),
  provider_id: z.string().optional(),
  strip_digits: z.int().optional(),
  prepend: z.string().optional(),
  outbound_caller_id: z.string().optional(),
})
export type Route = z.infer<typeof RouteSchema>

export const RouteInputSchema = z.strictObject({
  enabled: z.boolean().default(true),
  provider_id: z.string().min(1),
  strip_digits: z.int().min(LIMITS.stripDigits.min).max(LIMITS.stripDigits.max).default(LIMITS.stripDigits.default),
  prepend: text(LIMITS.prepend).regex(/^[0-9*#+]*$/, { error: 'may contain only digits, *, # and +' }).optional(),
  outbound_caller_id: text(LIMITS.outboundCallerId).optional(),
})
export type RouteInput = z.input<typeof RouteInputSchema>

// --- the rule -----------------------------------------------------------------------------------

/** An outbound rule as the PBX answers it (list items have no routes; a single rule has them). */
export const OutboundRuleSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  number_prefix: z.string().optional(),
  number_length: z.string().optional(),
  number_mask: z.string().optional(),
  enabled: z.boolean().optional(),
  priority: z.int().optional(),
  office_hours: OfficeHoursSchema.optional(),
  holidays: z.array(HolidaySchema).optional(),
  routing_strategy: RoutingStrategySchema.optional(),
  routes: z.array(RouteSchema).optional(),
})
export type OutboundRule = z.infer<typeof OutboundRuleSchema>
/** A list item (GET /api/outbound_rules): the same shape, without routes. */
export const OutboundRuleListItemSchema = OutboundRuleSchema.omit({ routes: true })
export type OutboundRuleListItem = z.infer<typeof OutboundRuleListItemSchema>

const HolidayIdsSchema = z.array(z.string().min(1)).superRefine((ids, ctx) => {
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `lists holiday ${id} twice` })
  })
})

const ruleFields = {
  name: text(LIMITS.ruleName),
  number_prefix: NumberPrefixSchema,
  number_length: NumberLengthSchema,
  number_mask: NumberMaskSchema,
  enabled: z.boolean(),
  priority: z.int().min(LIMITS.priority.min).max(LIMITS.priority.max),
  office_hours: OfficeHoursInputSchema,
  holidays: HolidayIdsSchema,
  routing_strategy: RoutingStrategySchema,
  routes: z.array(RouteInputSchema).max(LIMITS.routes.max),
}

/** Body of POST /api/outbound_rules: name required; the others default as in the seed. */
export const OutboundRuleCreateSchema = z.strictObject({
  name: ruleFields.name,
  number_prefix: ruleFields.number_prefix.optional(),
  number_length: ruleFields.number_length.optional(),
  number_mask: ruleFields.number_mask.optional(),
  enabled: ruleFields.enabled.default(true),
  priority: ruleFields.priority.default(LIMITS.priority.default),
  office_hours: ruleFields.office_hours.optional(),
  holidays: ruleFields.holidays.optional(),
  routing_strategy: ruleFields.routing_strategy.default('PRIORITIZED'),
  routes: ruleFields.routes.optional(),
})
export type OutboundRuleCreate = z.input<typeof OutboundRuleCreateSchema>

/** Body of POST /api/outbound_rules/{id}: any subset; `id`, when given, must equal the path's. */
export const OutboundRuleUpdateSchema = z.strictObject({
  id: z.string().optional(),
  name: ruleFields.name.optional(),
  number_prefix: ruleFields.number_prefix.optional(),
  number_length: ruleFields.number_length.optional(),
  number_mask: ruleFields.number_mask.optional(),
  enabled: ruleFields.enabled.optional(),
  priority: ruleFields.priority.optional(),
  office_hours: ruleFields.office_hours.optional(),
  holidays: ruleFields.holidays.optional(),
  routing_strategy: ruleFields.routing_strategy.optional(),
  routes: ruleFields.routes.optional(),
})
export type OutboundRuleUpdate = z.input<typeof OutboundRuleUpdateSchema>
