import type { Holiday } from '@contract/pbx'

/**
 * A holiday of the PBX (seed 2.4, holiday object) in words for the rule editor:
 * "24–26 Dec, every year", "1 Jan 2026", "30 Dec 2025 – 2 Jan 2026",
 * "24 Dec, 12:00–18:00, every year".
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

const month = (n: number): string => MONTHS[n - 1] ?? `month ${n}`
const pad = (n: number): string => String(n).padStart(2, '0')

type Day = { month: number; day: number; year: number | undefined }

function datesText(start: Day, end: Day, withYears: boolean): string {
  const yearOf = (d: Day) => (withYears && d.year !== undefined ? ` ${d.year}` : '')
  const sameYear = !withYears || start.year === end.year
  if (sameYear && start.month === end.month) {
    const days = start.day === end.day ? `${start.day}` : `${start.day}–${end.day}`
    return `${days} ${month(start.month)}${yearOf(end)}`
  }
  const first = `${start.day} ${month(start.month)}${sameYear ? '' : yearOf(start)}`
  return `${first} – ${end.day} ${month(end.month)}${yearOf(end)}`
}

/** The hours of a holiday, or null when it lasts whole days (or the PBX gives no hours). */
function hoursText(holiday: Holiday, oneDay: boolean): string | null {
  const { hour_start: hs, minute_start: ms = 0, hour_end: he, minute_end: me = 0 } = holiday
  if (hs === undefined || he === undefined) return null
  const startsAtMidnight = hs === 0 && ms === 0
  const endsAtMidnight = (he === 23 && me === 59) || (he === 24 && me === 0) || (he === 0 && me === 0)
  if (startsAtMidnight && endsAtMidnight) return null
  const hours = `${pad(hs)}:${pad(ms)}–${pad(he)}:${pad(me)}`
  if (oneDay) return hours
  return holiday.consecutive === true ? `from ${pad(hs)}:${pad(ms)} on the first day to ${pad(he)}:${pad(me)} on the last` : `${hours} each day`
}

/** When the holiday is, in words; "dates not given" when the PBX leaves them out. */
export function holidayText(holiday: Holiday): string {
  const { month_start, day_start } = holiday
  if (month_start === undefined || day_start === undefined) return holiday.every_year === true ? 'every year, dates not given' : 'dates not given'
  const start: Day = { month: month_start, day: day_start, year: holiday.year_start }
  const end: Day = {
    month: holiday.month_end ?? month_start,
    day: holiday.day_end ?? day_start,
    year: holiday.year_end ?? holiday.year_start,
  }
  const everyYear = holiday.every_year === true
  const parts = [datesText(start, end, !everyYear)]
  const hours = hoursText(holiday, start.month === end.month && start.day === end.day)
  if (hours) parts.push(hours)
  if (everyYear) parts.push('every year')
  return parts.join(', ')
}

/** The holiday's name, or its id when the PBX gives none. */
export function holidayName(holiday: Pick<Holiday, 'id' | 'name'>): string {
  return holiday.name?.trim() || `Holiday ${holiday.id}`
}
