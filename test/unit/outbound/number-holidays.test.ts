import { describe, expect, it } from 'vitest'
import type { Holiday } from '../../../electron/contract/pbx-outbound'
import { describeHoliday, fallsOnHoliday } from '../../../electron/services/outbound/holiday-calendar'
import { readLocalTime } from '../../../electron/services/outbound/local-time'
import { matchNumber } from '../../../electron/services/outbound/number-match'
import { call, failedCheck, holiday, rule, verdictOf, yearly } from './number-fixtures'

/** Which of the moments fall on the holiday. */
const on = (h: Holiday, ...moments: string[]) => moments.filter((at) => fallsOnHoliday(h, readLocalTime(at)))

describe('holidays in the matcher', () => {
  const newYear = yearly('New Year', [1, 1], [1, 1])
  const christmas = yearly('Christmas', [12, 24], [12, 26])

  it('does not apply a rule on one of its holidays, and says which', () => {
    const rules = [rule('Office', { priority: 1, holidays: [newYear, christmas] }), rule('Closed', { priority: 2 })]
    const result = matchNumber(rules, call('0301234567', '100', '2025-12-25T10:00'))
    expect(result.matched?.name).toBe('Closed')
    expect(failedCheck(result, 'Office')).toEqual({
      check: 'holiday',
      passed: false,
      text: 'holiday Christmas (every year, 24 Dec 00:00 – 26 Dec 23:59) — 2025-12-25 10:00 falls on it',
    })
  })

  it('applies a rule on any other day, naming the holidays it checked', () => {
    const result = matchNumber([rule('Office', { holidays: [newYear, christmas] })], call('1', '1', '2025-12-27T10:00'))
    expect(result.matched?.name).toBe('Office')
    expect(verdictOf(result, 'Office').checks[5]?.text).toBe('holidays — 2025-12-27 10:00 is on none of New Year, Christmas')
  })

  it('says so when a rule has no holidays', () => {
    const result = matchNumber([rule('Plain', { holidays: [] })], call('1'))
    expect(verdictOf(result, 'Plain').checks[5]).toEqual({ check: 'holiday', passed: true, text: 'no holidays' })
  })

  it('checks holidays last, after office hours', () => {
    const result = matchNumber([rule('R', { number_prefix: '9', holidays: [christmas] })], call('1', '1', '2025-12-25T10:00'))
    expect(failedCheck(result, 'R')?.check).toBe('prefix')
  })

  it('ignores a holiday with no date, and says so', () => {
    const undated = holiday({ name: 'Someday', every_year: true })
    const result = matchNumber([rule('R', { holidays: [undated] })], call('1'))
    expect(result.matched?.name).toBe('R')
    expect(verdictOf(result, 'R').checks[5]?.text).toBe('holidays — 2025-03-05 10:00 is on none of Someday (Someday: no date, ignored)')
  })
})

describe('an every-year holiday', () => {
  it('covers whole days when hours and minutes are missing: 00:00 to 23:59 included', () => {
    const newYear = yearly('New Year', [1, 1], [1, 1])
    expect(on(newYear, '2025-12-31T23:59', '2026-01-01T00:00', '2026-01-01T23:59', '2026-01-02T00:00')).toEqual([
      '2026-01-01T00:00',
      '2026-01-01T23:59',
    ])
  })

  it('ignores the year, even year_start and year_end', () => {
    const h = holiday({ name: 'Old', every_year: true, year_start: 2020, year_end: 2021, month_start: 5, day_start: 1 })
    expect(on(h, '2019-05-01T12:00', '2030-05-01T12:00', '2030-05-02T12:00')).toEqual(['2019-05-01T12:00', '2030-05-01T12:00'])
  })

  it('wraps a span over the year end when it ends before it starts (31 Dec → 2 Jan)', () => {
    const h = yearly('Turn of the year', [12, 31], [1, 2])
    expect(
      on(h, '2025-12-30T23:59', '2025-12-31T00:00', '2026-01-01T12:00', '2026-01-02T23:59', '2026-01-03T00:00', '2025-06-15T12:00'),
    ).toEqual(['2025-12-31T00:00', '2026-01-01T12:00', '2026-01-02T23:59'])
    expect(describeHoliday(h)).toBe('every year, 31 Dec 00:00 – 2 Jan 23:59 (over the year end)')
  })

  it('runs a consecutive span continuously from its start instant to its end instant', () => {
    const h = holiday({
      name: 'Long weekend',
      every_year: true,
      consecutive: true,
      month_start: 12,
      day_start: 24,
      hour_start: 14,
      minute_start: 0,
      month_end: 12,
      day_end: 26,
      hour_end: 10,
      minute_end: 0,
    })
    expect(on(h, '2025-12-24T13:59', '2025-12-24T14:00', '2025-12-25T03:00', '2025-12-26T10:00', '2025-12-26T10:01')).toEqual([
      '2025-12-24T14:00',
      '2025-12-25T03:00',
      '2025-12-26T10:00',
    ])
  })

  it('reads a missing consecutive as consecutive', () => {
    const h = holiday({ every_year: true, month_start: 3, day_start: 1, hour_start: 18, month_end: 3, day_end: 2, hour_end: 6 })
    expect(on(h, '2025-03-01T23:00', '2025-03-02T05:30', '2025-03-02T12:00')).toEqual(['2025-03-01T23:00', '2025-03-02T05:30'])
  })

  it('with consecutive false, covers each day of the span from the start time to the end time', () => {
    const h = holiday({
      name: 'Afternoons',
      every_year: true,
      consecutive: false,
      month_start: 12,
      day_start: 24,
      hour_start: 14,
      minute_start: 0,
      month_end: 12,
      day_end: 26,
      hour_end: 16,
      minute_end: 0,
    })
    expect(
      on(h, '2025-12-24T15:00', '2025-12-25T03:00', '2025-12-25T14:00', '2025-12-25T16:00', '2025-12-25T16:01', '2025-12-27T15:00'),
    ).toEqual(['2025-12-24T15:00', '2025-12-25T14:00', '2025-12-25T16:00'])
    expect(describeHoliday(h)).toBe('every year, 24 Dec – 26 Dec, each day 14:00 – 16:00')
  })

  it('with consecutive false, wraps its dates over the year end too', () => {
    const h = holiday({
      every_year: true,
      consecutive: false,
      month_start: 12,
      day_start: 30,
      hour_start: 9,
      month_end: 1,
      day_end: 2,
      hour_end: 17,
    })
    expect(on(h, '2025-12-29T10:00', '2025-12-30T10:00', '2026-01-01T10:00', '2026-01-01T18:00', '2026-01-02T17:59', '2026-01-03T10:00')).toEqual([
      '2025-12-30T10:00',
      '2026-01-01T10:00',
      '2026-01-02T17:59',
    ])
  })

  it('holds 29 February only in leap years, by its date', () => {
    const h = yearly('Leap day', [2, 29], [2, 29])
    expect(on(h, '2024-02-29T12:00', '2024-02-28T12:00', '2025-03-01T12:00')).toEqual(['2024-02-29T12:00'])
  })
})

describe('a holiday of given years', () => {
  it('counts the year', () => {
    const h = holiday({ name: 'Move', every_year: false, year_start: 2025, month_start: 12, day_start: 24, year_end: 2025, month_end: 12, day_end: 26 })
    expect(on(h, '2025-12-25T10:00', '2026-12-25T10:00', '2024-12-25T10:00')).toEqual(['2025-12-25T10:00'])
    expect(describeHoliday(h)).toBe('2025-12-24 00:00 – 2025-12-26 23:59')
  })

  it('spans a year end through the years given', () => {
    const h = holiday({ every_year: false, year_start: 2025, month_start: 12, day_start: 31, year_end: 2026, month_end: 1, day_end: 2 })
    expect(on(h, '2025-12-31T08:00', '2026-01-01T08:00', '2026-01-03T08:00', '2026-12-31T08:00')).toEqual([
      '2025-12-31T08:00',
      '2026-01-01T08:00',
    ])
    expect(describeHoliday(h)).toBe('2025-12-31 00:00 – 2026-01-02 23:59')
  })

  it('reads a missing year_end as year_start, and no year at all as every year', () => {
    const oneYear = holiday({ every_year: false, year_start: 2025, month_start: 7, day_start: 4 })
    expect(on(oneYear, '2025-07-04T09:00', '2026-07-04T09:00')).toEqual(['2025-07-04T09:00'])
    const noYear = holiday({ every_year: false, month_start: 7, day_start: 4 })
    expect(on(noYear, '2025-07-04T09:00', '2026-07-04T09:00')).toEqual(['2025-07-04T09:00', '2026-07-04T09:00'])
  })

  it('with consecutive false, covers the hours of each day through the years given', () => {
    const h = holiday({
      every_year: false,
      consecutive: false,
      year_start: 2025,
      month_start: 12,
      day_start: 30,
      hour_start: 8,
      year_end: 2026,
      month_end: 1,
      day_end: 2,
      hour_end: 12,
      minute_end: 0,
    })
    expect(on(h, '2025-12-31T09:00', '2025-12-31T13:00', '2026-01-02T12:00', '2026-12-31T09:00')).toEqual([
      '2025-12-31T09:00',
      '2026-01-02T12:00',
    ])
  })

  it('holds nothing when it ends before it starts', () => {
    const h = holiday({ every_year: false, year_start: 2026, month_start: 1, day_start: 2, year_end: 2025, month_end: 12, day_end: 31 })
    expect(on(h, '2025-12-31T12:00', '2026-01-01T12:00', '2026-01-02T12:00')).toEqual([])
  })
})

describe('holidays as the demo PBX seeds them', () => {
  // GET /api/outbound_rules/{id} answers holiday objects like these (electron/demo-pbx/seed-data.ts)
  const seeded = (name: string, month: number, dayStart: number, dayEnd: number): Holiday =>
    holiday({
      name,
      every_year: true,
      consecutive: dayEnd > dayStart,
      year_start: 2020,
      year_end: 2099,
      month_start: month,
      month_end: month,
      day_start: dayStart,
      day_end: dayEnd,
      hour_start: 0,
      hour_end: 23,
      minute_start: 0,
      minute_end: 59,
    })

  it('covers New Year (consecutive false, one day) and all of Christmas', () => {
    expect(on(seeded('New Year', 1, 1, 1), '2026-01-01T00:00', '2026-01-01T23:59', '2026-01-02T00:00')).toEqual([
      '2026-01-01T00:00',
      '2026-01-01T23:59',
    ])
    expect(on(seeded('Christmas', 12, 24, 26), '2025-12-23T23:59', '2025-12-24T00:00', '2025-12-25T12:00', '2025-12-26T23:59', '2025-12-27T00:00')).toEqual([
      '2025-12-24T00:00',
      '2025-12-25T12:00',
      '2025-12-26T23:59',
    ])
  })
})
