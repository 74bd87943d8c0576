import { TIME_PATTERN, WEEKDAYS, type DayHours, type OfficeHours, type Weekday } from '../../contract/pbx-outbound'
import type { LocalTime } from './local-time'

/**
 * Is a moment inside a rule's office hours (seed 2.4 `office_hours`)?
 *
 * - No office hours, or no day enabled at all: no restriction. A PBX of this family stores
 *   "every day off" for a rule created without office hours, and such a rule (the seeded
 *   Emergency rule) must still apply at any time.
 * - Otherwise the moment's weekday must be enabled, and its time inside one of that day's
 *   ranges, `from` included, `to` excluded (08:00–18:00 holds 17:59, not 18:00). An enabled day
 *   without ranges is open the whole day.
 */

export interface ClockOutcome {
  passed: boolean
  text: string
}

export const dayName = (day: Weekday): string => day.charAt(0).toUpperCase() + day.slice(1)

const minutesOf = (t: string): number | undefined =>
  TIME_PATTERN.test(t) ? Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)) : undefined

const rangeText = (r: { from: string; to: string }): string => `${r.from}–${r.to}`

const openDays = (hours: OfficeHours): Weekday[] => WEEKDAYS.filter((d) => hours[d]?.enabled === true)

export function checkOfficeHours(hours: OfficeHours | undefined, at: LocalTime): ClockOutcome {
  if (!hours) return { passed: true, text: 'office hours — none set: any time' }
  const open = openDays(hours)
  if (open.length === 0) return { passed: true, text: 'office hours — no day enabled, read as no restriction: any time' }
  const name = dayName(at.weekday)
  const day: DayHours | undefined = hours[at.weekday]
  if (day?.enabled !== true) {
    return {
      passed: false,
      text: `office hours — ${name} is not an office day (open ${open.map(dayName).join(', ')})`,
    }
  }
  const ranges = day.ranges ?? []
  if (ranges.length === 0) return { passed: true, text: `office hours — ${name} is open the whole day` }
  const time = at.text.slice(11)
  const hit = ranges.find((r) => {
    const from = minutesOf(r.from)
    const to = minutesOf(r.to)
    return from !== undefined && to !== undefined && from <= at.minuteOfDay && at.minuteOfDay < to
  })
  if (hit) return { passed: true, text: `office hours — ${time} is within ${name} ${rangeText(hit)}` }
  const endsHere = ranges.some((r) => minutesOf(r.to) === at.minuteOfDay)
  return {
    passed: false,
    text:
      `office hours — ${time} is outside ${name} ${ranges.map(rangeText).join(', ')}` +
      (endsHere ? ` (a range ends just before its "to" time)` : ''),
  }
}
