import type { Holiday } from '../../contract/pbx-outbound'
import { pad2, type LocalTime } from './local-time'

/**
 * Does a moment fall on a holiday (seed 2.4 holiday object)? On a rule's holiday the rule does
 * not apply.
 *
 * - Start and end: month/day/hour/minute `_start` and `_end`. A missing start hour or minute is
 *   00:00, a missing end hour 23 and end minute 59; the end minute is included (the seeded
 *   holidays end at 23:59 and cover that minute). A missing end month or day is the start's.
 * - `every_year`: the year is ignored (year_start/year_end too); a span whose end comes before
 *   its start in the calendar (31 Dec → 2 Jan) wraps over the year end.
 * - Otherwise years count: year_start..year_end (one missing: the other; both missing: read as
 *   every year). A span that ends before it starts holds nothing.
 * - `consecutive` true or absent: one continuous span from the start instant to the end instant.
 *   `consecutive: false`: every day of the date span, each from the start time to the end time of
 *   that day (a daily time span that ends before it starts runs over midnight).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const MINUTES_A_DAY = 24 * 60

interface Span {
  everyYear: boolean
  consecutive: boolean
  /** date keys: (year ×10000 when years count) + month ×100 + day */
  startDate: number
  endDate: number
  /** minutes since midnight; the end minute included */
  startTime: number
  endTime: number
}

/** A holiday placed in the calendar, or undefined when it has no start date at all. */
function spanOf(h: Holiday): Span | undefined {
  const monthStart = h.month_start ?? h.month_end
  const dayStart = h.day_start ?? h.day_end
  if (monthStart === undefined || dayStart === undefined) return undefined
  const monthEnd = h.month_end ?? monthStart
  const dayEnd = h.day_end ?? dayStart
  const yearStart = h.year_start ?? h.year_end
  const yearEnd = h.year_end ?? yearStart
  const everyYear = h.every_year === true || yearStart === undefined || yearEnd === undefined
  const yearPart = (y: number | undefined): number => (everyYear || y === undefined ? 0 : y * 10_000)
  return {
    everyYear,
    consecutive: h.consecutive !== false,
    startDate: yearPart(yearStart) + monthStart * 100 + dayStart,
    endDate: yearPart(yearEnd) + monthEnd * 100 + dayEnd,
    startTime: (h.hour_start ?? 0) * 60 + (h.minute_start ?? 0),
    endTime: (h.hour_end ?? 23) * 60 + (h.minute_end ?? 59),
  }
}

/** Inside [from, to], wrapping round when `wraps` allows a `to` before `from`. */
const within = (value: number, from: number, to: number, wraps: boolean): boolean =>
  from <= to ? from <= value && value <= to : wraps && (value >= from || value <= to)

const wrapsOverYearEnd = (s: Span): boolean =>
  s.everyYear && (s.consecutive ? s.startDate * MINUTES_A_DAY + s.startTime > s.endDate * MINUTES_A_DAY + s.endTime : s.startDate > s.endDate)

/** true / false; undefined for a holiday without a date (it is ignored). */
export function fallsOnHoliday(h: Holiday, at: LocalTime): boolean | undefined {
  const s = spanOf(h)
  if (!s) return undefined
  const date = (s.everyYear ? 0 : at.year * 10_000) + at.month * 100 + at.day
  if (s.consecutive) {
    return within(date * MINUTES_A_DAY + at.minuteOfDay, s.startDate * MINUTES_A_DAY + s.startTime, s.endDate * MINUTES_A_DAY + s.endTime, s.everyYear)
  }
  return within(date, s.startDate, s.endDate, s.everyYear) && within(at.minuteOfDay, s.startTime, s.endTime, true)
}

const dateText = (key: number, everyYear: boolean): string => {
  const month = Math.floor(key / 100) % 100
  const day = key % 100
  if (everyYear) return `${day} ${MONTHS[month - 1] ?? `month ${month}`}`
  return `${Math.floor(key / 10_000)}-${pad2(month)}-${pad2(day)}`
}
const timeText = (minutes: number): string => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`

/** The holiday in words, e.g. "every year, 24 Dec 00:00 – 26 Dec 23:59". */
export function describeHoliday(h: Holiday): string {
  const s = spanOf(h)
  if (!s) return 'no date given'
  const from = dateText(s.startDate, s.everyYear)
  const to = dateText(s.endDate, s.everyYear)
  const span = s.consecutive
    ? `${from} ${timeText(s.startTime)} – ${to} ${timeText(s.endTime)}`
    : `${from} – ${to}, each day ${timeText(s.startTime)} – ${timeText(s.endTime)}`
  return (s.everyYear ? `every year, ${span}` : span) + (wrapsOverYearEnd(s) ? ' (over the year end)' : '')
}

export const holidayName = (h: Holiday): string => h.name ?? h.id
