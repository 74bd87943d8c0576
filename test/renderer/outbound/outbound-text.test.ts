import { lengthsText, localDateTime, maskText, officeHoursText, timestampOf } from '@renderer/lib/outbound-text'
import { describe, expect, it } from 'vitest'

const on = (...ranges: [string, string][]) => ({ enabled: true, ranges: ranges.map(([from, to]) => ({ from, to })) })

describe('outbound rule words', () => {
  it('groups consecutive days with the same office hours', () => {
    const weekdays = on(['08:00', '12:00'], ['13:00', '17:00'])
    expect(
      officeHoursText({ mode: 'CUSTOM', monday: weekdays, tuesday: weekdays, wednesday: weekdays, thursday: weekdays, friday: weekdays, saturday: on(['09:00', '12:00']) }),
    ).toBe('Mon–Fri 08:00–12:00, 13:00–17:00; Sat 09:00–12:00')
    // the same hours on days that do not follow each other stay apart
    expect(officeHoursText({ mode: 'CUSTOM', monday: on(['08:00', '18:00']), wednesday: on(['08:00', '18:00']) })).toBe(
      'Mon 08:00–18:00; Wed 08:00–18:00',
    )
  })

  it('says "always" for a rule with no day on, and "every day" for all seven', () => {
    expect(officeHoursText(undefined)).toBe('always')
    expect(officeHoursText({ mode: 'CUSTOM', monday: { enabled: false, ranges: [{ from: '08:00', to: '18:00' }] } })).toBe('always')
    const day = on()
    expect(officeHoursText({ mode: 'CUSTOM', monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day })).toBe(
      'every day, all day',
    )
  })

  it('reads lengths and extensions as lists', () => {
    expect(lengthsText({ number_length: '10;11' })).toBe('10, 11')
    expect(lengthsText({ number_length: '' })).toBe('any')
    expect(maskText({ number_mask: '100-199;205' })).toBe('100–199, 205')
    expect(maskText({})).toBe('all extensions')
  })

  it("writes and reads the contract's YYYY-MM-DDTHH:MM in local time", () => {
    const date = new Date(2025, 0, 5, 7, 3)
    expect(localDateTime(date)).toBe('2025-01-05T07:03')
    expect(timestampOf('2025-01-05T07:03')).toBe(date.getTime())
    expect(timestampOf('')).toBeNull()
  })
})
