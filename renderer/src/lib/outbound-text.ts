import type { RouteVerdict, RuleCheck } from '@contract/number-test'
import { WEEKDAYS, type OfficeHours, type OutboundRuleListItem, type RoutingStrategy, type Weekday } from '@contract/pbx'

/**
 * Words for the outbound rules screen: a rule's matching at a glance (prefix, lengths, mask,
 * office hours, holidays, strategy) and the parts of a number test's answer. Plain functions.
 */

/** "1 rule", "12 rules" */
export function rulesText(count: number): string {
  return `${count} ${count === 1 ? 'rule' : 'rules'}`
}

/** `;`-separated entries as people read them: "10;11" → "10, 11"; empty → null. */
function listText(value: string | undefined): string | null {
  const entries = (value ?? '')
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  return entries.length === 0 ? null : entries.join(', ')
}

/** The number prefix; empty matches every number. */
export function prefixText(rule: Pick<OutboundRuleListItem, 'number_prefix'>): string {
  return rule.number_prefix ? rule.number_prefix : 'any'
}

/** number_length "10;11" → "10, 11"; empty → "any". */
export function lengthsText(rule: Pick<OutboundRuleListItem, 'number_length'>): string {
  return listText(rule.number_length) ?? 'any'
}

/** number_mask "100-199;205" → "100–199, 205"; empty → "all extensions". */
export function maskText(rule: Pick<OutboundRuleListItem, 'number_mask'>): string {
  const text = listText(rule.number_mask)
  return text === null ? 'all extensions' : text.replaceAll('-', '–')
}

const DAY_SHORT: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
}

/** A day's hours as one string ("08:00–12:00, 13:00–17:00"; "all day" without ranges); null when off. */
function dayText(hours: OfficeHours, day: Weekday): string | null {
  const given = hours[day]
  if (!given?.enabled) return null
  const ranges = given.ranges ?? []
  return ranges.length === 0 ? 'all day' : ranges.map((range) => `${range.from}–${range.to}`).join(', ')
}

/**
 * Office hours at a glance: consecutive days with the same hours grouped ("Mon–Fri 08:00–18:00;
 * Sat 09:00–12:00"). A rule with no day on has no office hours: a PBX of this family keeps every
 * day off when a rule has none, and the rule then applies at any time ("always").
 */
export function officeHoursText(hours: OfficeHours | undefined): string {
  if (!hours) return 'always'
  const groups: { from: Weekday; to: Weekday; text: string }[] = []
  for (const day of WEEKDAYS) {
    const text = dayText(hours, day)
    const last = groups.at(-1)
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1]
    if (text === null) continue
    if (last && last.text === text && last.to === previous) last.to = day
    else groups.push({ from: day, to: day, text })
  }
  if (groups.length === 0) return 'always'
  if (groups.length === 1 && groups[0]!.from === 'monday' && groups[0]!.to === 'sunday') {
    return groups[0]!.text === 'all day' ? 'every day, all day' : `every day ${groups[0]!.text}`
  }
  return groups
    .map((group) => {
      const days = group.from === group.to ? DAY_SHORT[group.from] : `${DAY_SHORT[group.from]}–${DAY_SHORT[group.to]}`
      return `${days} ${group.text}`
    })
    .join('; ')
}

/** "none", "1 holiday", "3 holidays" */
export function holidaysText(count: number): string {
  if (count === 0) return 'none'
  return `${count} ${count === 1 ? 'holiday' : 'holidays'}`
}

/** The routing strategy in words. */
export const STRATEGY_WORDS: Record<RoutingStrategy, string> = {
  PRIORITIZED: 'in order',
  RANDOMLY: 'at random',
}

export function strategyText(strategy: RoutingStrategy | undefined): string {
  return STRATEGY_WORDS[strategy ?? 'PRIORITIZED']
}

/** What each check of "Test a number" looks at, as a short label. */
export const CHECK_WORDS: Record<RuleCheck, string> = {
  enabled: 'Enabled',
  prefix: 'Prefix',
  length: 'Length',
  mask: 'Calling extension',
  'office-hours': 'Office hours',
  holiday: 'Holidays',
}

/** A route's provider as the test names it: its name where the PBX lists providers, else its id. */
export function providerText(route: Pick<RouteVerdict, 'providerId' | 'providerName'>): string {
  return route.providerName ? route.providerName : route.providerId
}

/** A Date as the contract's `YYYY-MM-DDTHH:MM` (local wall-clock time, the PBX's clock). */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** `YYYY-MM-DDTHH:MM` back to a timestamp (local time); null when it is not one. */
export function timestampOf(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!m) return null
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]))
  return Number.isNaN(date.getTime()) ? null : date.getTime()
}

const WEEKDAY_WORDS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

/** "Tuesday 2025-03-04 10:30" */
export function callTimeText(at: string, weekday: Weekday): string {
  return `${WEEKDAY_WORDS[weekday]} ${at.replace('T', ' ')}`
}
