import type { DayDraft, OfficeHoursDraft } from '@contract/outbound-draft'
import { TIME_PATTERN, WEEKDAYS, type Weekday } from '@contract/pbx'

/**
 * Office hours as the rule editor edits them: day names, typed times made into `HH:MM`, the range
 * a new "Add range" proposes, and "Copy Monday to weekdays". Plain functions on drafts; each
 * answers a new value and leaves its argument alone.
 */

export const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

/** Tuesday to Friday: the days "Copy Monday to weekdays" fills. */
export const WEEKDAYS_AFTER_MONDAY: readonly Weekday[] = ['tuesday', 'wednesday', 'thursday', 'friday']

export const isWeekday = (value: string): value is Weekday => (WEEKDAYS as readonly string[]).includes(value)

const pad = (n: number): string => String(n).padStart(2, '0')

/**
 * A typed time as `HH:MM` where it is plainly one (`8` → `08:00`, `8:5` → `08:05`, `0830`,
 * `8.30` or `8h30` → `08:30`); anything else comes back trimmed but otherwise as typed, so the
 * contract's message about it is shown rather than a guess.
 */
export function normalizeTime(text: string): string {
  const t = text.trim()
  const match = /^(\d{1,2})(?:[:.h](\d{1,2}))?$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t)
  if (!match) return t
  const hours = Number(match[1])
  const minutes = match[2] === undefined ? 0 : Number(match[2])
  if (hours > 23 || minutes > 59) return t
  return `${pad(hours)}:${pad(minutes)}`
}

const minutesOf = (time: string): number | null =>
  TIME_PATTERN.test(time) ? Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) : null

const timeOf = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`

const LAST_MINUTE = 23 * 60 + 59

/**
 * The range "Add range" proposes: 08:00–18:00 for a day without one; after the last range an
 * hour from where it ends (up to 23:59). A day whose last range already ends at 23:59, or whose
 * last range is not readable, gets an empty range for the user to type.
 */
export function nextRange(ranges: readonly { from: string; to: string }[]): { from: string; to: string } {
  const last = ranges.at(-1)
  if (!last) return { from: '08:00', to: '18:00' }
  const end = minutesOf(last.to)
  if (end === null || end >= LAST_MINUTE) return { from: '', to: '' }
  return { from: timeOf(end), to: timeOf(Math.min(end + 60, LAST_MINUTE)) }
}

const copyDay = (day: DayDraft): DayDraft => ({ enabled: day.enabled, ranges: day.ranges.map((r) => ({ from: r.from, to: r.to })) })

/** Tuesday to Friday as Monday is (on or off, the same ranges); the weekend stays as it is. */
export function copyMondayToWeekdays(hours: OfficeHoursDraft): OfficeHoursDraft {
  const copy: OfficeHoursDraft = { ...hours }
  for (const day of WEEKDAYS_AFTER_MONDAY) copy[day] = copyDay(hours.monday)
  return copy
}

/** Whether some day is on (with none on, the rule applies at any time). */
export function anyDayOn(hours: OfficeHoursDraft): boolean {
  return WEEKDAYS.some((day) => hours[day].enabled)
}

/** `08:00–12:00`, or `…` for a side not typed yet. */
export function rangeText(range: { from: string; to: string }): string {
  return `${range.from || '…'}–${range.to || '…'}`
}
