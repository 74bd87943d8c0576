import { describe, expect, it } from 'vitest'
import {
  HolidaySchema,
  MAX_ROUTES,
  OutboundRuleCreateSchema,
  OutboundRuleListSchema,
  OutboundRuleSchema,
  OutboundRuleUpdateSchema,
  ROUTING_STRATEGIES,
  WEEKDAYS,
} from '../../../electron/contract/pbx'
import { parsed, passes, problems } from './helpers'

const create = (extra: Record<string, unknown>) => problems(OutboundRuleCreateSchema, { name: 'Local', ...extra })

describe('outbound rule create', () => {
  it('fills the seed defaults', () => {
    expect(parsed(OutboundRuleCreateSchema, { name: 'Local' })).toEqual({
      name: 'Local',
      enabled: true,
      priority: 1000,
      routing_strategy: 'PRIORITIZED',
    })
  })

  it('needs a name of 1..64 characters', () => {
    expect(problems(OutboundRuleCreateSchema, {})).toEqual(['name: is required'])
    expect(problems(OutboundRuleCreateSchema, { name: '' })).toEqual(['name: must not be empty'])
    expect(passes(OutboundRuleCreateSchema, { name: 'x'.repeat(64) })).toBe(true)
    expect(problems(OutboundRuleCreateSchema, { name: 'x'.repeat(65) })).toEqual(['name: must be at most 64 characters'])
  })

  it('checks number_prefix: digits, * and #, max 64', () => {
    expect(create({ number_prefix: '' })).toEqual([])
    expect(create({ number_prefix: '*#00' })).toEqual([])
    expect(create({ number_prefix: '0'.repeat(64) })).toEqual([])
    expect(create({ number_prefix: '0'.repeat(65) })).toEqual(['number_prefix: must be at most 64 characters'])
    expect(create({ number_prefix: '+49' })).toEqual(['number_prefix: may contain only digits, * and #'])
  })

  it('checks number_length: ;-separated integers 1..64, max 64 characters', () => {
    expect(create({ number_length: '10;11' })).toEqual([])
    expect(create({ number_length: '' })).toEqual([])
    expect(create({ number_length: '64' })).toEqual([])
    for (const bad of ['0', '65', '10;', '10,11', 'a', ';10']) expect(create({ number_length: bad })[0]).toMatch(/^number_length: /)
    expect(create({ number_length: '1;'.repeat(32) + '1' })).toContain('number_length: must be at most 64 characters')
  })

  it('checks number_mask: extensions and ranges from-to', () => {
    expect(create({ number_mask: '100-199;205' })).toEqual([])
    expect(create({ number_mask: '100-100' })).toEqual([])
    expect(create({ number_mask: '199-100' })[0]).toMatch(/^number_mask: /)
    expect(create({ number_mask: '100-' })[0]).toMatch(/^number_mask: /)
    expect(create({ number_mask: 'abc' })[0]).toMatch(/^number_mask: /)
  })

  it('checks priority: an int32 ≥ 0', () => {
    expect(create({ priority: 0 })).toEqual([])
    expect(create({ priority: -1 })).toEqual(['priority: must be at least 0'])
    expect(create({ priority: 1.5 })).toEqual(['priority: must be a whole number'])
    expect(create({ priority: 2 ** 31 })[0]).toMatch(/^priority: must be at most/)
  })

  it('knows the routing strategies', () => {
    expect(ROUTING_STRATEGIES).toEqual(['PRIORITIZED', 'RANDOMLY'])
    expect(create({ routing_strategy: 'RANDOMLY' })).toEqual([])
    expect(create({ routing_strategy: 'ROUND_ROBIN' })).toEqual(['routing_strategy: must be one of PRIORITIZED, RANDOMLY'])
  })

  it('refuses unknown and output-only fields', () => {
    expect(create({ colour: 'red' })).toEqual(['colour: unknown field'])
    expect(create({ id: 'r-1' })).toEqual(['id: unknown field'])
  })
})

describe('office hours', () => {
  const day = (ranges: { from: string; to: string }[], enabled = true) => ({ office_hours: { mode: 'CUSTOM', monday: { enabled, ranges } } })

  it('has the seven weekdays', () => {
    expect(WEEKDAYS).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])
  })

  it('accepts HH:MM ranges with from before to, touching but not overlapping', () => {
    expect(create(day([{ from: '00:00', to: '23:59' }]))).toEqual([])
    expect(create(day([{ from: '08:00', to: '12:00' }, { from: '12:00', to: '18:00' }]))).toEqual([])
    expect(create({ office_hours: { mode: 'CUSTOM' } })).toEqual([])
  })

  it('refuses bad times, from not before to, and overlaps, naming the path', () => {
    expect(create(day([{ from: '24:00', to: '25:00' }]))).toEqual([
      'office_hours.monday.ranges.0.from: must be a time HH:MM between 00:00 and 23:59',
      'office_hours.monday.ranges.0.to: must be a time HH:MM between 00:00 and 23:59',
    ])
    expect(create(day([{ from: '8:00', to: '12:00' }]))[0]).toMatch(/^office_hours\.monday\.ranges\.0\.from: /)
    expect(create(day([{ from: '12:00', to: '12:00' }]))).toEqual(['office_hours.monday.ranges.0.to: must be later than from'])
    expect(create(day([{ from: '18:00', to: '08:00' }]))).toEqual(['office_hours.monday.ranges.0.to: must be later than from'])
    expect(create(day([{ from: '08:00', to: '12:00' }, { from: '11:00', to: '13:00' }]))).toEqual([
      'office_hours.monday.ranges.1: overlaps range 0 of the same day',
    ])
    expect(create(day([{ from: '08:00', to: '18:00' }, { from: '09:00', to: '10:00' }, { from: '11:00', to: '12:00' }]))).toHaveLength(2)
  })

  it('needs mode CUSTOM and knows only the weekdays', () => {
    expect(create({ office_hours: { mode: 'ALWAYS' } })).toEqual(['office_hours.mode: must be CUSTOM'])
    expect(create({ office_hours: { mode: 'CUSTOM', funday: { enabled: true, ranges: [] } } })).toEqual([
      'office_hours.funday: unknown field',
    ])
    expect(create({ office_hours: { mode: 'CUSTOM', monday: { ranges: [] } } })).toEqual(['office_hours.monday.enabled: is required'])
  })
})

describe('routes and holidays', () => {
  it('fills route defaults', () => {
    const rule = parsed(OutboundRuleCreateSchema, { name: 'x', routes: [{ provider_id: 'p1' }] })
    expect(rule.routes).toEqual([{ provider_id: 'p1', enabled: true, strip_digits: 0 }])
  })

  it('checks route fields', () => {
    expect(create({ routes: [{}] })).toEqual(['routes.0.provider_id: is required'])
    expect(create({ routes: [{ provider_id: 'p', strip_digits: 65 }] })).toEqual(['routes.0.strip_digits: must be at most 64'])
    expect(create({ routes: [{ provider_id: 'p', strip_digits: -1 }] })).toEqual(['routes.0.strip_digits: must be at least 0'])
    expect(create({ routes: [{ provider_id: 'p', prepend: '+49*#' }] })).toEqual([])
    expect(create({ routes: [{ provider_id: 'p', prepend: '49a' }] })).toEqual(['routes.0.prepend: may contain only digits, *, # and +'])
    expect(create({ routes: [{ provider_id: 'p', outbound_caller_id: 'x'.repeat(65) }] })).toEqual([
      'routes.0.outbound_caller_id: must be at most 64 characters',
    ])
  })

  it(`allows at most ${MAX_ROUTES} routes`, () => {
    const routes = (n: number) => Array.from({ length: n }, () => ({ provider_id: 'p' }))
    expect(create({ routes: routes(32) })).toEqual([])
    expect(create({ routes: routes(33) })).toEqual(['routes: must have at most 32 entries'])
  })

  it('takes holiday ids, each once', () => {
    expect(create({ holidays: ['h1', 'h2'] })).toEqual([])
    expect(create({ holidays: ['h1', 'h1'] })).toEqual(['holidays.1: lists holiday h1 twice'])
    expect(create({ holidays: [{ id: 'h1' }] })).toEqual(['holidays.0: must be text'])
  })
})

describe('outbound rule update', () => {
  it('takes any subset, plus id', () => {
    expect(parsed(OutboundRuleUpdateSchema, {})).toEqual({})
    expect(parsed(OutboundRuleUpdateSchema, { id: 'r1', enabled: false })).toEqual({ id: 'r1', enabled: false })
    expect(problems(OutboundRuleUpdateSchema, { name: '' })).toEqual(['name: must not be empty'])
    expect(problems(OutboundRuleUpdateSchema, { lines: 1 })).toEqual(['lines: unknown field'])
  })
})

describe('outbound rule output', () => {
  it('reads what a PBX answers, extra fields included', () => {
    const rule = {
      id: 'r1',
      name: 'Local',
      enabled: true,
      priority: 100,
      office_hours: { mode: 'SOMETHING_ELSE', monday: { enabled: true, ranges: [{ from: '8:00', to: '9:00' }] } },
      holidays: [{ id: 'h1', name: 'New Year', every_year: true, month_start: 1, vendor_field: 1 }],
      routing_strategy: 'RANDOMLY',
      routes: [{ provider_id: 'p1', strip_digits: 0 }],
      created_by: 'someone',
    }
    expect(passes(OutboundRuleSchema, rule)).toBe(true)
    expect(passes(OutboundRuleListSchema, { count: 1, items: [rule] })).toBe(true)
    expect(passes(OutboundRuleSchema, { name: 'no id' })).toBe(false)
    expect(passes(HolidaySchema, { id: 'h', month_start: 'January' })).toBe(false)
  })
})
