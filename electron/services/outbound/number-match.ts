import { maskMatches, parseNumberLengths, parseNumberMask, type MaskEntry } from '../../contract/number-patterns'
import type {
  NumberTestCall,
  NumberTestResult,
  RouteVerdict,
  RuleCheck,
  RuleCheckResult,
  RuleVerdict,
} from '../../contract/number-test'
import { DEFAULT_PRIORITY } from '../../contract/pbx-common'
import type { OutboundRule, Provider, Route } from '../../contract/pbx-outbound'
import { describeHoliday, fallsOnHoliday, holidayName } from './holiday-calendar'
import { readLocalTime, type LocalTime } from './local-time'
import { checkOfficeHours } from './office-hours-clock'

/**
 * "Test a number": which outbound rule a call uses, and why each rule before it does not. A pure
 * function of the rules and the call; the Bridge handler fetches the rules and calls it. The same
 * rules are written in docs/test-a-number.md, with a table of cases checked by a test.
 *
 * - Order: priority ascending (missing = 1000), ties by name (case-insensitive, then exact), then
 *   id: the demo PBX's default list order. Every rule gets a verdict; the first rule whose checks
 *   all pass is `matched`, the ones after it `not-reached` (no checks).
 * - Checks, in this order, stopping at the first that fails (it ends `checks`, passed: false):
 *   enabled (absent = enabled); prefix (empty matches every number); length (empty = any; the
 *   whole dialled number counts); mask (empty = every extension; which entry matched, and a range
 *   written backwards is read the right way round and said so); office hours
 *   (office-hours-clock.ts: none or no day enabled = any time; else the weekday enabled and the
 *   time in a range, from included, to excluded; an enabled day without ranges = all day);
 *   holidays (holiday-calendar.ts: on one, the rule does not apply; every_year ignores the year
 *   and wraps over the year end; consecutive = one span, consecutive false = the hours of each
 *   day; missing times 00:00 and 23:59, the end minute included).
 * - Time: the PBX's wall clock, no zone; the weekday from the date alone (local-time.ts).
 * - A length or mask entry that cannot be read is left out and named in the check's text; a
 *   non-empty field with nothing readable matches no call.
 * - Routes (the matched rule's, list order, `position` from 1): a disabled route sends nothing
 *   ("disabled"); `strip_digits` ≥ the number's length sends nothing (nothing left to dial);
 *   otherwise it sends `prepend + number.slice(strip_digits)`. PRIORITIZED → `in-order` (the
 *   first usable route first, the next ones on failure); RANDOMLY → `random`: one usable route is
 *   picked at random, so the routes are a set, kept in list order, and each usable one says so.
 *   No match → `none`, no routes.
 */

export interface MatchNumberOptions {
  /** the tenant's providers, to name each route's provider */
  providers?: readonly Provider[]
}

/** Names compared as the demo PBX lists them: case-insensitively, then exactly. */
const byText = (a: string, b: string): number => {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}

const priorityOf = (rule: OutboundRule): number => rule.priority ?? DEFAULT_PRIORITY

/** The rules in the order the PBX tries them (a new array). */
export function orderRules<T extends OutboundRule>(rules: readonly T[]): T[] {
  return [...rules].sort(
    (a, b) => priorityOf(a) - priorityOf(b) || byText(a.name ?? '', b.name ?? '') || byText(a.id, b.id),
  )
}

const pass = (check: RuleCheck, text: string): RuleCheckResult => ({ check, passed: true, text })
const fail = (check: RuleCheck, text: string): RuleCheckResult => ({ check, passed: false, text })

const lengthWords = (number: string): string => {
  const n = number.length
  return /^\d+$/.test(number) ? `${n} digit${n === 1 ? '' : 's'}` : `${n} characters (every character counts)`
}

const ignoredText = (problems: readonly string[]): string => (problems.length ? ` (ignored: ${problems.join('; ')})` : '')

function checkPrefix(rule: OutboundRule, number: string): RuleCheckResult {
  const prefix = rule.number_prefix ?? ''
  if (prefix === '') return pass('prefix', 'no prefix — every number')
  return number.startsWith(prefix)
    ? pass('prefix', `prefix ${prefix} — ${number} starts with ${prefix}`)
    : fail('prefix', `prefix ${prefix} — ${number} does not start with ${prefix}`)
}

function checkLength(rule: OutboundRule, number: string): RuleCheckResult {
  const text = (rule.number_length ?? '').trim()
  if (text === '') return pass('length', 'no length — any length')
  const { lengths, problems } = parseNumberLengths(text)
  const head = `length ${text} — ${number} has ${lengthWords(number)}`
  if (lengths.length === 0) return fail('length', `length ${text} — no length can be read, so no number matches${ignoredText(problems)}`)
  return lengths.includes(number.length)
    ? pass('length', head + ignoredText(problems))
    : fail('length', `${head}, not ${lengths.join(' or ')}${ignoredText(problems)}`)
}

const backwardsText = (entries: readonly MaskEntry[]): string => {
  const backwards = entries.filter((e) => e.backwards)
  return backwards.length
    ? ` (${backwards.map((e) => `${e.text} is written backwards, read as ${e.from}-${e.to}`).join('; ')})`
    : ''
}

function checkMask(rule: OutboundRule, extension: string): RuleCheckResult {
  const text = (rule.number_mask ?? '').trim()
  if (text === '') return pass('mask', 'no mask — every extension')
  const { entries, problems } = parseNumberMask(text)
  if (entries.length === 0) return fail('mask', `mask ${text} — no entry can be read, so no extension matches${ignoredText(problems)}`)
  const hits = maskMatches(entries, extension)
  if (hits.length === 0) {
    return fail('mask', `mask ${text} — extension ${extension} is in none of its entries${backwardsText(entries)}${ignoredText(problems)}`)
  }
  const where = hits.map((e) => e.text).join(' and ')
  return pass('mask', `mask ${text} — extension ${extension} is in ${where}${backwardsText(hits)}${ignoredText(problems)}`)
}

function checkHolidays(rule: OutboundRule, at: LocalTime): RuleCheckResult {
  const holidays = rule.holidays ?? []
  if (holidays.length === 0) return pass('holiday', 'no holidays')
  const undated = holidays.filter((h) => fallsOnHoliday(h, at) === undefined)
  const on = holidays.find((h) => fallsOnHoliday(h, at) === true)
  if (on) return fail('holiday', `holiday ${holidayName(on)} (${describeHoliday(on)}) — ${at.text} falls on it`)
  const ignored = undated.length ? ` (${undated.map(holidayName).join(', ')}: no date, ignored)` : ''
  return pass('holiday', `holidays — ${at.text} is on none of ${holidays.map(holidayName).join(', ')}${ignored}`)
}

/** The checks of one rule, up to and including the first that fails. */
function checkRule(rule: OutboundRule, call: NumberTestCall, at: LocalTime): RuleCheckResult[] {
  const steps: (() => RuleCheckResult)[] = [
    () =>
      rule.enabled === false ? fail('enabled', 'disabled — a disabled rule is never used') : pass('enabled', 'enabled'),
    () => checkPrefix(rule, call.number),
    () => checkLength(rule, call.number),
    () => checkMask(rule, call.extension),
    () => {
      const r = checkOfficeHours(rule.office_hours, at)
      return r.passed ? pass('office-hours', r.text) : fail('office-hours', r.text)
    },
    () => checkHolidays(rule, at),
  ]
  const checks: RuleCheckResult[] = []
  for (const step of steps) {
    const result = step()
    checks.push(result)
    if (!result.passed) break
  }
  return checks
}

function routeVerdicts(rule: OutboundRule, number: string, providers: readonly Provider[]): RouteVerdict[] {
  const random = rule.routing_strategy === 'RANDOMLY'
  const routes: readonly Route[] = rule.routes ?? []
  const verdicts = routes.map((route, i): RouteVerdict => {
    const providerId = route.provider_id ?? ''
    const providerName = providers.find((p) => p.id === providerId)?.name
    const enabled = route.enabled !== false
    const stripDigits = route.strip_digits ?? 0
    const prepend = route.prepend ?? ''
    const base = { position: i + 1, providerId, ...(providerName !== undefined ? { providerName } : {}), enabled, stripDigits, prepend }
    if (!enabled) return { ...base, sent: null, note: 'disabled' }
    if (stripDigits >= number.length) {
      return {
        ...base,
        sent: null,
        note: `strips ${stripDigits} digits but ${number} has ${lengthWords(number)}: nothing would be left to dial, so this route is not usable`,
      }
    }
    return { ...base, sent: prepend + number.slice(Math.max(0, stripDigits)) }
  })
  if (!random) return verdicts
  const usable = verdicts.filter((v) => v.sent !== null).length
  return verdicts.map((v) =>
    v.sent === null ? v : { ...v, note: `one of ${usable} usable route${usable === 1 ? '' : 's'}, picked at random (a set, not an order)` },
  )
}

export function matchNumber(
  rules: readonly OutboundRule[],
  call: NumberTestCall,
  options: MatchNumberOptions = {},
): NumberTestResult {
  const at = readLocalTime(call.at)
  const ordered = orderRules(rules)
  let matchedAt = -1
  const verdicts = ordered.map((rule, i): RuleVerdict => {
    const head = { ruleId: rule.id, name: rule.name ?? rule.id, priority: priorityOf(rule) }
    if (matchedAt >= 0) return { ...head, outcome: 'not-reached', checks: [] }
    const checks = checkRule(rule, call, at)
    const ok = checks.every((c) => c.passed)
    if (ok) matchedAt = i
    return { ...head, outcome: ok ? 'matched' : 'skipped', checks }
  })
  const rule = ordered[matchedAt]
  return {
    call: { number: call.number, extension: call.extension, at: call.at, weekday: at.weekday },
    matched: rule ? { ruleId: rule.id, name: rule.name ?? rule.id } : null,
    rules: verdicts,
    routeOrder: !rule ? 'none' : rule.routing_strategy === 'RANDOMLY' ? 'random' : 'in-order',
    routes: rule ? routeVerdicts(rule, call.number, options.providers ?? []) : [],
  }
}
