import { z } from 'zod'
import { WEEKDAYS } from './pbx-outbound'

/**
 * "Test a number": the question (a callee number, a calling extension, a date and time on the
 * PBX's clock) and the answer (which enabled rule applies, why each rule before it did not, and
 * the number each route would send). The matcher is `electron/services/outbound/number-match.ts`;
 * the parsers of `number_length` and `number_mask` it uses are in `number-patterns.ts` here, since
 * the rule editor needs them too.
 */

/** `YYYY-MM-DDTHH:MM`, the wall-clock time of the PBX (no zone: the PBX's own). */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/

const isRealDate = (s: string): boolean => {
  const m = LOCAL_DATE_TIME.exec(s)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

export const NumberTestCallSchema = z.strictObject({
  /** the callee number as dialled */
  number: z
    .string()
    .trim()
    .min(1, { error: 'enter the number as dialled' })
    .max(64, { error: 'must be at most 64 characters' })
    .regex(/^[0-9*#+]+$/, { error: 'may contain only digits, *, # and +' }),
  /** the calling extension */
  extension: z
    .string()
    .trim()
    .min(1, { error: 'enter the calling extension' })
    .max(32, { error: 'must be at most 32 digits' })
    .regex(/^\d+$/, { error: 'must be digits only (an extension number)' }),
  /** when the call is made, on the PBX's clock */
  at: z.string().regex(LOCAL_DATE_TIME, { error: 'must be a date and time YYYY-MM-DDTHH:MM' }).refine(isRealDate, {
    error: 'is not a real date',
  }),
})
export type NumberTestCall = z.output<typeof NumberTestCallSchema>

export const RULE_CHECKS = ['enabled', 'prefix', 'length', 'mask', 'office-hours', 'holiday'] as const
export type RuleCheck = (typeof RULE_CHECKS)[number]

/** One check of one rule: passed or not, and why, in words for the user. */
export const RuleCheckResultSchema = z.object({
  check: z.enum(RULE_CHECKS),
  passed: z.boolean(),
  text: z.string(),
})
export type RuleCheckResult = z.infer<typeof RuleCheckResultSchema>

/**
 * A rule in priority order: `matched` (the rule that applies), `skipped` (a check failed; the
 * first failed check stops the others, so `checks` ends with it), or `not-reached` (after the
 * matched rule; no checks).
 */
export const RuleVerdictSchema = z.object({
  ruleId: z.string(),
  name: z.string(),
  priority: z.int(),
  outcome: z.enum(['matched', 'skipped', 'not-reached']),
  checks: z.array(RuleCheckResultSchema),
})
export type RuleVerdict = z.infer<typeof RuleVerdictSchema>

/** One route of the matched rule, with the number it would send. */
export const RouteVerdictSchema = z.object({
  /** its place in the rule's route list, from 1 */
  position: z.int().min(1),
  providerId: z.string(),
  /** the provider's name where the PBX lists providers */
  providerName: z.string().optional(),
  enabled: z.boolean(),
  stripDigits: z.int(),
  prepend: z.string(),
  /** the number sent after stripping and prepending; null when the route is not used */
  sent: z.string().nullable(),
  /** why a route is not used (disabled, strips every digit), or a caution */
  note: z.string().optional(),
})
export type RouteVerdict = z.infer<typeof RouteVerdictSchema>

export const NumberTestResultSchema = z.object({
  /** the call as understood: the weekday of the date shown back to the user */
  call: z.object({ number: z.string(), extension: z.string(), at: z.string(), weekday: z.enum(WEEKDAYS) }),
  /** the rule that applies, or null when none does */
  matched: z.object({ ruleId: z.string(), name: z.string() }).nullable(),
  /** every rule in the order the PBX tries them (priority, then name) */
  rules: z.array(RuleVerdictSchema),
  /**
   * the matched rule's routes: `in-order` (PRIORITIZED: the first usable route is tried first, the
   * next ones on failure), `random` (RANDOMLY: one usable route picked at random, a set not an
   * order), `none` when no rule matched
   */
  routeOrder: z.enum(['in-order', 'random', 'none']),
  routes: z.array(RouteVerdictSchema),
})
export type NumberTestResult = z.infer<typeof NumberTestResultSchema>
