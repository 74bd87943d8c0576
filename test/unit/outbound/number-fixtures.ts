import type { NumberTestCall, NumberTestResult, RuleVerdict } from '../../../electron/contract/number-test'
import type { DayHours, Holiday, OfficeHours, OutboundRule, Route, Weekday } from '../../../electron/contract/pbx-outbound'

/** Builders for the matcher's tests: rules as the PBX answers them, with only what a case needs. */

export const rule = (id: string, fields: Partial<OutboundRule> = {}): OutboundRule => ({ id, name: id, ...fields })

/** A call; 2025-03-05 is a Wednesday. */
export const call = (number: string, extension = '100', at = '2025-03-05T10:00'): NumberTestCall => ({ number, extension, at })

export const route = (provider_id: string, fields: Partial<Route> = {}): Route => ({ provider_id, ...fields })

/** Office hours with the given days open (the others off, as the PBX stores them). */
export const hours = (open: Partial<Record<Weekday, DayHours['ranges']>>): OfficeHours => {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
  return {
    mode: 'CUSTOM',
    ...Object.fromEntries(days.map((d) => [d, open[d] ? { enabled: true, ranges: open[d] } : { enabled: false, ranges: [] }])),
  }
}

export const officeWeek = (from = '08:00', to = '18:00'): OfficeHours =>
  hours({ monday: [{ from, to }], tuesday: [{ from, to }], wednesday: [{ from, to }], thursday: [{ from, to }], friday: [{ from, to }] })

let holidayCount = 0
export const holiday = (fields: Omit<Holiday, 'id'>): Holiday => ({ id: `holiday-${++holidayCount}`, ...fields })

/** An every-year holiday of whole days, the way the demo PBX seeds them. */
export const yearly = (name: string, [m1, d1]: [number, number], [m2, d2]: [number, number]): Holiday =>
  holiday({ name, every_year: true, month_start: m1, day_start: d1, month_end: m2, day_end: d2 })

export const verdictOf = (result: NumberTestResult, name: string): RuleVerdict => {
  const v = result.rules.find((r) => r.name === name)
  if (!v) throw new Error(`no verdict for ${name}`)
  return v
}

/** The check that stopped a rule (the last one, failed), or undefined when it matched. */
export const failedCheck = (result: NumberTestResult, name: string) => {
  const last = verdictOf(result, name).checks.at(-1)
  return last && !last.passed ? last : undefined
}
