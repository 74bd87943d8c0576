import { describe, expect, it } from 'vitest'
import {
  emptyOfficeHours,
  emptyRouteDraft,
  emptyRuleDraft,
  OutboundRuleDraftSchema,
  ruleChanges,
  ruleDraftOf,
} from '../../../electron/contract/outbound-draft'
import { OutboundRuleCreateSchema, OutboundRuleUpdateSchema, type OutboundRule } from '../../../electron/contract/pbx'
import { parsed, passes, problems } from './helpers'

/** A rule as the PBX answers GET /api/outbound_rules/{id}, every field given. */
const full: OutboundRule = {
  id: 'rule-7',
  name: 'International',
  number_prefix: '00',
  number_length: '12;13',
  number_mask: '100-199;205',
  enabled: false,
  priority: 200,
  office_hours: {
    mode: 'CUSTOM',
    monday: { enabled: true, ranges: [{ from: '08:00', to: '12:00' }, { from: '13:00', to: '18:00' }] },
    tuesday: { enabled: true, ranges: [{ from: '08:00', to: '18:00' }] },
    wednesday: { enabled: false, ranges: [] },
    thursday: { enabled: false, ranges: [] },
    friday: { enabled: true, ranges: [{ from: '08:00', to: '16:00' }] },
    saturday: { enabled: false, ranges: [] },
    sunday: { enabled: false, ranges: [] },
  },
  holidays: [
    { id: 'holiday-1', name: 'New Year', every_year: true, month_start: 1, day_start: 1 },
    { id: 'holiday-2', name: 'Christmas' },
  ],
  routing_strategy: 'RANDOMLY',
  routes: [
    { enabled: true, provider_id: 'provider-1', strip_digits: 2, prepend: '+', outbound_caller_id: '0301234' },
    { enabled: false, provider_id: 'provider-2', strip_digits: 0, prepend: '', outbound_caller_id: '' },
  ],
}

describe('ruleDraftOf', () => {
  it('a full rule: every field as given, holidays as their ids, no id', () => {
    const draft = ruleDraftOf(full)
    expect(draft).toEqual({
      name: 'International',
      number_prefix: '00',
      number_length: '12;13',
      number_mask: '100-199;205',
      enabled: false,
      priority: 200,
      office_hours: { ...full.office_hours, mode: 'CUSTOM' },
      holidays: ['holiday-1', 'holiday-2'],
      routing_strategy: 'RANDOMLY',
      routes: full.routes,
    })
    expect('id' in draft).toBe(false)
    // a copy: changing the draft leaves the rule alone
    draft.office_hours.monday.ranges.push({ from: '19:00', to: '20:00' })
    expect(full.office_hours?.monday?.ranges).toHaveLength(2)
  })

  it('a sparse rule (a list item, a PBX that leaves fields out): the seed defaults, every day off, routes filled', () => {
    const draft = ruleDraftOf({
      id: 'rule-1',
      name: 'Local',
      office_hours: { monday: { enabled: true }, tuesday: { ranges: [{ from: '08:00', to: '09:00' }] } },
      routes: [{ provider_id: 'provider-1' }, {}],
    })
    expect(draft).toEqual({
      name: 'Local',
      number_prefix: '',
      number_length: '',
      number_mask: '',
      enabled: true,
      priority: 1000,
      office_hours: { ...emptyOfficeHours(), monday: { enabled: true, ranges: [] }, tuesday: { enabled: false, ranges: [{ from: '08:00', to: '09:00' }] } },
      holidays: [],
      routing_strategy: 'PRIORITIZED',
      routes: [emptyRouteDraft('provider-1'), emptyRouteDraft()],
    })
    expect(ruleDraftOf({ id: 'rule-2' })).toEqual(emptyRuleDraft())
  })

  it('a draft of a rule passes the create body schema and is sent as it is', () => {
    const draft = ruleDraftOf(full)
    expect(passes(OutboundRuleDraftSchema, draft)).toBe(true)
    expect(parsed(OutboundRuleCreateSchema, draft)).toEqual(draft)
    // a new rule needs a name and its routes a provider, as on the PBX
    expect(problems(OutboundRuleCreateSchema, emptyRuleDraft())).toEqual(['name: must not be empty'])
    expect(passes(OutboundRuleCreateSchema, { ...emptyRuleDraft(), name: 'New' })).toBe(true)
    expect(problems(OutboundRuleCreateSchema, { ...emptyRuleDraft(), name: 'New', routes: [emptyRouteDraft()] })).toEqual([
      'routes.0.provider_id: must not be empty',
    ])
  })
})

describe('ruleChanges', () => {
  it('nothing changed: an empty body', () => {
    expect(ruleChanges(ruleDraftOf(full), ruleDraftOf(full))).toEqual({})
  })

  it('sends only the fields that changed', () => {
    const before = ruleDraftOf(full)
    const changes = ruleChanges(before, { ...before, name: 'Abroad', enabled: true, priority: 250 })
    expect(changes).toEqual({ name: 'Abroad', enabled: true, priority: 250 })
    expect(passes(OutboundRuleUpdateSchema, changes)).toBe(true)
  })

  it('a change inside a list or the office hours sends the whole list or all the office hours', () => {
    const before = ruleDraftOf(full)
    const after = ruleDraftOf(full)
    after.routes[1]!.enabled = true
    after.holidays = ['holiday-2']
    after.office_hours.sunday = { enabled: true, ranges: [{ from: '10:00', to: '12:00' }] }
    const changes = ruleChanges(before, after)
    expect(Object.keys(changes).sort()).toEqual(['holidays', 'office_hours', 'routes'])
    expect(changes.routes).toEqual([before.routes[0], { ...before.routes[1], enabled: true }])
    expect(changes.holidays).toEqual(['holiday-2'])
    expect(changes.office_hours).toEqual(after.office_hours)
    expect(passes(OutboundRuleUpdateSchema, changes)).toBe(true)
  })

  it('a route removed or moved counts as a change of the list', () => {
    const before = ruleDraftOf(full)
    expect(ruleChanges(before, { ...before, routes: [...before.routes].reverse() })).toEqual({ routes: [...before.routes].reverse() })
    expect(ruleChanges(before, { ...before, routes: [] })).toEqual({ routes: [] })
  })
})
