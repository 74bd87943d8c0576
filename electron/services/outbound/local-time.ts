import { LOCAL_DATE_TIME } from '../../contract/number-test'
import { WEEKDAYS, type Weekday } from '../../contract/pbx-outbound'

/**
 * A moment on the PBX's wall clock (`YYYY-MM-DDTHH:MM`, no time zone: rules are written in the
 * PBX's own time). The weekday comes from the date alone, by UTC arithmetic on Y-M-D, so the
 * machine's own zone and daylight saving never shift it.
 */
export interface LocalTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  weekday: Weekday
  /** minutes since midnight */
  minuteOfDay: number
  /** `YYYY-MM-DD HH:MM`, for messages */
  text: string
}

export const pad2 = (n: number): string => String(n).padStart(2, '0')

/** Reads `YYYY-MM-DDTHH:MM`; throws on anything else (the contract has checked it already). */
export function readLocalTime(at: string): LocalTime {
  const m = LOCAL_DATE_TIME.exec(at)
  if (!m) throw new Error(`not a local date and time YYYY-MM-DDTHH:MM: ${at}`)
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [number, number, number, number, number]
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day) // not Date.UTC, which reads years 0..99 as 1900..1999
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday
  const weekday = WEEKDAYS[(date.getUTCDay() + 6) % 7] as Weekday
  return {
    year,
    month,
    day,
    hour,
    minute,
    weekday,
    minuteOfDay: hour * 60 + minute,
    text: `${year}-${pad2(month)}-${pad2(day)} ${pad2(hour)}:${pad2(minute)}`,
  }
}
