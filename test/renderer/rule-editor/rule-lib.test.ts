import { emptyOfficeHours, emptyRouteDraft, emptyRuleDraft } from '@contract/outbound-draft'
import type { Holiday } from '@contract/pbx'
import { holidayName, holidayText } from '@renderer/lib/holiday-text'
import { anyDayOn, copyMondayToWeekdays, nextRange, normalizeTime } from '@renderer/lib/office-hours'
import { entriesOf, textOf, typedEntries } from '@renderer/lib/rule-entries'
import { messageAt, placeLabel, placeOf, placeOfError, problemsByPlace } from '@renderer/lib/rule-problems'
import { describe, expect, it } from 'vitest'

const day = (month: number, dayOfMonth: number) => ({ month_start: month, day_start: dayOfMonth, month_end: month, day_end: dayOfMonth })

describe('holiday text', () => {
  it.each<[string, Holiday, string]>([
    ['a span in one month, every year', { id: 'h', every_year: true, month_start: 12, day_start: 24, month_end: 12, day_end: 26 }, '24–26 Dec, every year'],
    ['one day, every year', { id: 'h', every_year: true, ...day(1, 1) }, '1 Jan, every year'],
    ['one day of one year', { id: 'h', every_year: false, year_start: 2026, year_end: 2026, ...day(5, 1) }, '1 May 2026'],
    [
      'across the turn of the year',
      { id: 'h', every_year: false, year_start: 2025, year_end: 2026, month_start: 12, day_start: 30, month_end: 1, day_end: 2 },
      '30 Dec 2025 – 2 Jan 2026',
    ],
    ['across months, every year', { id: 'h', every_year: true, month_start: 3, day_start: 30, month_end: 4, day_end: 2 }, '30 Mar – 2 Apr, every year'],
    ['with hours on one day', { id: 'h', every_year: true, ...day(12, 24), hour_start: 12, minute_start: 0, hour_end: 23, minute_end: 59 }, '24 Dec, 12:00–23:59, every year'],
    ['whole days (00:00–23:59) name no hours', { id: 'h', every_year: true, ...day(12, 31), hour_start: 0, minute_start: 0, hour_end: 23, minute_end: 59 }, '31 Dec, every year'],
    [
      'hours each day of a span',
      { id: 'h', every_year: true, month_start: 12, day_start: 24, month_end: 12, day_end: 26, hour_start: 8, hour_end: 12, minute_start: 30, minute_end: 0 },
      '24–26 Dec, 08:30–12:00 each day, every year',
    ],
    [
      'a consecutive span with hours',
      { id: 'h', consecutive: true, every_year: true, month_start: 12, day_start: 24, month_end: 12, day_end: 26, hour_start: 12, hour_end: 18 },
      '24–26 Dec, from 12:00 on the first day to 18:00 on the last, every year',
    ],
    ['no dates', { id: 'h' }, 'dates not given'],
  ])('%s', (_, holiday, text) => {
    expect(holidayText(holiday)).toBe(text)
  })

  it('names a holiday, or says its id where the PBX gives no name', () => {
    expect(holidayName({ id: 'hol-2', name: 'Christmas' })).toBe('Christmas')
    expect(holidayName({ id: 'hol-2', name: ' ' })).toBe('Holiday hol-2')
  })
})

describe('office hours', () => {
  it.each([
    ['8', '08:00'],
    ['8:5', '08:05'],
    ['0830', '08:30'],
    ['8.30', '08:30'],
    ['17h15', '17:15'],
    [' 23:59 ', '23:59'],
    ['24:00', '24:00'],
    ['noon', 'noon'],
  ])('tidies "%s" to "%s"', (typed, tidied) => {
    expect(normalizeTime(typed)).toBe(tidied)
  })

  it('proposes 08:00–18:00 first, then an hour after the last range, and nothing past 23:59', () => {
    expect(nextRange([])).toEqual({ from: '08:00', to: '18:00' })
    expect(nextRange([{ from: '08:00', to: '12:00' }])).toEqual({ from: '12:00', to: '13:00' })
    expect(nextRange([{ from: '20:00', to: '23:30' }])).toEqual({ from: '23:30', to: '23:59' })
    expect(nextRange([{ from: '20:00', to: '23:59' }])).toEqual({ from: '', to: '' })
  })

  it('copies Monday to Tuesday–Friday as a copy (changing one day later leaves the others), not the weekend', () => {
    const hours = emptyOfficeHours()
    hours.monday = { enabled: true, ranges: [{ from: '09:00', to: '17:00' }] }
    hours.saturday = { enabled: true, ranges: [] }
    const copied = copyMondayToWeekdays(hours)
    expect(copied.friday).toEqual(hours.monday)
    expect(copied.saturday).toEqual({ enabled: true, ranges: [] })
    expect(copied.sunday).toEqual({ enabled: false, ranges: [] })
    copied.tuesday.ranges[0]!.to = '12:00'
    expect(copied.wednesday.ranges[0]!.to).toBe('17:00')
    expect(hours.tuesday).toEqual({ enabled: false, ranges: [] })
    expect(anyDayOn(emptyOfficeHours())).toBe(false)
    expect(anyDayOn(copied)).toBe(true)
  })
})

describe('tag entries', () => {
  it('reads entries as written and writes them back with ;', () => {
    expect(entriesOf(' 10 ;;11; ')).toEqual(['10', '11'])
    expect(entriesOf('')).toEqual([])
    expect(textOf(['100-199', '205'])).toBe('100-199;205')
    expect(typedEntries('10, 11 12;13')).toEqual(['10', '11', '12', '13'])
    expect(typedEntries('100 - 199; 205')).toEqual(['100-199', '205'])
  })
})

describe('where a problem stands', () => {
  const draft = emptyRuleDraft()
  draft.routes = [emptyRouteDraft('prov-1'), emptyRouteDraft('prov-2')]
  draft.office_hours.monday = { enabled: true, ranges: [{ from: '08:00', to: '12:00' }, { from: '11:00', to: '13:00' }] }
  draft.holidays = ['hol-1']

  it.each([
    ['name', 'name'],
    ['routes.1.provider_id', 'routes.1.provider_id'],
    ['routes.1', 'routes.1'],
    ['routes.5.provider_id', 'routes'],
    ['routes.0.color', 'routes.0'],
    ['office_hours.monday.ranges.1.to', 'office_hours.monday.ranges.1.to'],
    ['office_hours.monday.ranges.1', 'office_hours.monday.ranges.1'],
    ['office_hours.monday.ranges', 'office_hours.monday'],
    ['office_hours.monday.enabled', 'office_hours.monday'],
    ['office_hours.mode', 'office_hours'],
    ['office_hours.tuesday.ranges.0.from', 'office_hours.tuesday'],
    ['holidays.0', 'holidays.0'],
    ['holidays.3', 'holidays'],
  ])('%s stands at %s', (path, place) => {
    expect(placeOf(path, draft)).toBe(place)
  })

  it('has no place for what is not a field of the form', () => {
    expect(placeOf('', draft)).toBeNull()
    expect(placeOf('id', draft)).toBeNull()
  })

  it('words a range’s problems as they stand beside it', () => {
    expect(messageAt('office_hours.monday.ranges.0.to', 'office_hours.monday.ranges.0.to', 'must be later than from', draft)).toBe(
      'to must be later than from',
    )
    expect(messageAt('office_hours.monday.ranges.1', 'office_hours.monday.ranges.1', 'overlaps range 0 of the same day', draft)).toBe(
      'overlaps 08:00–12:00 on the same day',
    )
    expect(messageAt('office_hours', 'office_hours.mode', 'must be CUSTOM', draft)).toBe('mode: must be CUSTOM')
  })

  it('places main’s error: its own check names rule.… or changes.…, the PBX names the field; the "<field>: " goes', () => {
    expect(placeOfError({ code: 'INVALID_INPUT', message: 'rule.name: must not be empty', field: 'rule.name' }, draft)).toEqual({
      place: 'name',
      message: 'must not be empty',
    })
    expect(
      placeOfError({ code: 'PBX_ERROR', message: 'routes.0.provider_id: unknown provider', field: 'routes.0.provider_id', status: 400 }, draft),
    ).toEqual({ place: 'routes.0.provider_id', message: 'unknown provider' })
    expect(placeOfError({ code: 'INVALID_INPUT', message: 'changes.id: must be text', field: 'changes.id' }, draft)).toBeNull()
    expect(placeOfError({ code: 'UNREACHABLE', message: 'down' }, draft)).toBeNull()
  })

  it('keeps the first problem of each place and names places in words', () => {
    expect(
      problemsByPlace(
        [
          { path: 'name', message: 'must not be empty' },
          { path: 'name', message: 'second' },
          { path: 'id', message: 'whole rule' },
        ],
        draft,
      ),
    ).toEqual({ name: 'must not be empty', '': 'whole rule' })
    expect(placeLabel('routes.1.provider_id')).toBe('Route 2 provider')
    expect(placeLabel('office_hours.monday.ranges.0.to')).toBe('Monday range 1 to')
    expect(placeLabel('number_mask')).toBe('Calling extensions')
    expect(placeLabel('holidays.0')).toBe('Holiday 1')
    expect(placeLabel('')).toBe('The rule')
  })
})
