import { describe, expect, it } from 'vitest'
import { NumberTestResultSchema } from '../../../electron/contract/number-test'
import { matchNumber, orderRules } from '../../../electron/services/outbound/number-match'
import { call, failedCheck, hours, officeWeek, route, rule, verdictOf } from './number-fixtures'

const names = (rules: { name?: string }[]) => rules.map((r) => r.name)

describe('matchNumber: order', () => {
  it('tries rules by priority, smaller first, whatever the list order', () => {
    const rules = [rule('Late', { priority: 300 }), rule('Early', { priority: 1 }), rule('Middle', { priority: 20 })]
    const result = matchNumber(rules, call('0301234567'))
    expect(names(result.rules)).toEqual(['Early', 'Middle', 'Late'])
    expect(result.matched).toEqual({ ruleId: 'Early', name: 'Early' })
  })

  it('breaks a priority tie by name (case-insensitive), then by id', () => {
    const rules = [
      rule('rule-3', { name: 'beta', priority: 5 }),
      rule('rule-2', { name: 'Alpha', priority: 5 }),
      rule('rule-9', { name: 'alpha', priority: 5 }),
      rule('rule-1', { name: 'alpha', priority: 5 }),
    ]
    expect(orderRules(rules).map((r) => r.id)).toEqual(['rule-2', 'rule-1', 'rule-9', 'rule-3'])
  })

  it('reads a missing priority as 1000', () => {
    const rules = [rule('After', { priority: 1001 }), rule('Default'), rule('Before', { priority: 999 })]
    const result = matchNumber(rules, call('1', '1'))
    expect(names(result.rules)).toEqual(['Before', 'Default', 'After'])
    expect(verdictOf(result, 'Default').priority).toBe(1000)
  })

  it('gives every rule a verdict: skipped before the match, not-reached after it', () => {
    const rules = [
      rule('A', { priority: 1, number_prefix: '9' }),
      rule('B', { priority: 2 }),
      rule('C', { priority: 3 }),
      rule('D', { priority: 4, enabled: false }),
    ]
    const result = matchNumber(rules, call('0301234567'))
    expect(result.rules.map((r) => [r.name, r.outcome])).toEqual([
      ['A', 'skipped'],
      ['B', 'matched'],
      ['C', 'not-reached'],
      ['D', 'not-reached'],
    ])
    expect(verdictOf(result, 'C').checks).toEqual([])
    expect(verdictOf(result, 'D').checks).toEqual([])
  })

  it('runs the checks in order and stops at the first that fails', () => {
    const result = matchNumber([rule('Mobile', { number_prefix: '01', number_length: '3' })], call('0301234567'))
    const checks = verdictOf(result, 'Mobile').checks
    expect(checks.map((c) => [c.check, c.passed])).toEqual([
      ['enabled', true],
      ['prefix', false],
    ])
    expect(checks[1]?.text).toBe('prefix 01 — 0301234567 does not start with 01')
  })

  it('lists all six checks, passed, for the matched rule', () => {
    const result = matchNumber([rule('Local', { number_prefix: '0' })], call('0301234567'))
    expect(verdictOf(result, 'Local').checks.map((c) => [c.check, c.passed])).toEqual([
      ['enabled', true],
      ['prefix', true],
      ['length', true],
      ['mask', true],
      ['office-hours', true],
      ['holiday', true],
    ])
  })

  it('answers no rule when none applies, and when there are none', () => {
    const none = matchNumber([rule('Intl', { number_prefix: '00' })], call('0301234567'))
    expect(none).toMatchObject({ matched: null, routeOrder: 'none', routes: [] })
    expect(none.rules.map((r) => r.outcome)).toEqual(['skipped'])
    expect(matchNumber([], call('112'))).toMatchObject({ matched: null, rules: [], routeOrder: 'none', routes: [] })
  })

  it('falls through to the next rule when a better one does not apply', () => {
    const rules = [
      rule('Office', { priority: 10, office_hours: officeWeek() }),
      rule('Night', { priority: 20 }),
    ]
    expect(matchNumber(rules, call('0301234567', '100', '2025-03-05T10:00')).matched?.name).toBe('Office')
    expect(matchNumber(rules, call('0301234567', '100', '2025-03-05T22:00')).matched?.name).toBe('Night')
  })
})

describe('matchNumber: enabled', () => {
  it('skips a disabled rule, however well it would fit, and says so', () => {
    const rules = [rule('Off', { priority: 1, enabled: false }), rule('On', { priority: 2 })]
    const result = matchNumber(rules, call('0301234567'))
    expect(result.matched?.name).toBe('On')
    expect(verdictOf(result, 'Off').checks).toEqual([
      { check: 'enabled', passed: false, text: 'disabled — a disabled rule is never used' },
    ])
  })

  it('reads a missing enabled as enabled (the seed default)', () => {
    expect(matchNumber([rule('Plain')], call('1')).matched?.name).toBe('Plain')
  })
})

describe('matchNumber: prefix', () => {
  it('matches every number with an empty or missing prefix', () => {
    for (const r of [rule('Any', { number_prefix: '' }), rule('Any')]) {
      for (const number of ['0301234567', '112', '*21#', '+4930123']) {
        const result = matchNumber([r], call(number))
        expect(result.matched?.name).toBe('Any')
        expect(verdictOf(result, 'Any').checks[1]).toEqual({ check: 'prefix', passed: true, text: 'no prefix — every number' })
      }
    }
  })

  it('needs the number to start with the prefix, * and # included', () => {
    expect(matchNumber([rule('Intl', { number_prefix: '00' })], call('0049301234')).matched?.name).toBe('Intl')
    expect(matchNumber([rule('Star', { number_prefix: '*21' })], call('*21#')).matched?.name).toBe('Star')
    const miss = matchNumber([rule('Intl', { number_prefix: '00' })], call('0123456789'))
    expect(failedCheck(miss, 'Intl')?.text).toBe('prefix 00 — 0123456789 does not start with 00')
  })

  it('does not match a number shorter than the prefix', () => {
    expect(failedCheck(matchNumber([rule('Long', { number_prefix: '0049' })], call('00')), 'Long')?.check).toBe('prefix')
  })
})

describe('matchNumber: length', () => {
  it('matches any length when number_length is empty or missing', () => {
    for (const r of [rule('Any', { number_length: '' }), rule('Any')]) {
      const result = matchNumber([r], call('1'))
      expect(verdictOf(result, 'Any').checks[2]).toEqual({ check: 'length', passed: true, text: 'no length — any length' })
    }
  })

  it('counts the whole dialled number, prefix included', () => {
    const local = rule('Local', { number_prefix: '0', number_length: '10;11' })
    expect(matchNumber([local], call('0301234567')).matched?.name).toBe('Local')
    expect(matchNumber([local], call('03012345678')).matched?.name).toBe('Local')
    const miss = matchNumber([local], call('030123456789'))
    expect(failedCheck(miss, 'Local')?.text).toBe('length 10;11 — 030123456789 has 12 digits, not 10 or 11')
    expect(verdictOf(matchNumber([local], call('0301234567')), 'Local').checks[2]?.text).toBe(
      'length 10;11 — 0301234567 has 10 digits',
    )
  })

  it('counts + * and # as characters of the number', () => {
    const result = matchNumber([rule('Plus', { number_length: '4' })], call('+491'))
    expect(result.matched?.name).toBe('Plus')
    expect(verdictOf(result, 'Plus').checks[2]?.text).toBe('length 4 — +491 has 4 characters (every character counts)')
  })

  it('uses the readable lengths, names the rest, and matches nothing when none is readable', () => {
    const partly = matchNumber([rule('Partly', { number_length: '3;x' })], call('112'))
    expect(partly.matched?.name).toBe('Partly')
    expect(verdictOf(partly, 'Partly').checks[2]?.text).toBe('length 3;x — 112 has 3 digits (ignored: x is not a whole number)')
    const unreadable = matchNumber([rule('Broken', { number_length: 'abc' })], call('112'))
    expect(unreadable.matched).toBeNull()
    expect(failedCheck(unreadable, 'Broken')?.text).toBe(
      'length abc — no length can be read, so no number matches (ignored: abc is not a whole number)',
    )
  })
})

describe('matchNumber: mask', () => {
  it('lets every extension through with an empty or missing mask', () => {
    for (const r of [rule('All', { number_mask: '' }), rule('All')]) {
      const result = matchNumber([r], call('112', '4711'))
      expect(verdictOf(result, 'All').checks[3]).toEqual({ check: 'mask', passed: true, text: 'no mask — every extension' })
    }
  })

  it('says which entry let the extension through', () => {
    const r = rule('Sales', { number_mask: '100-199;205' })
    expect(verdictOf(matchNumber([r], call('112', '150')), 'Sales').checks[3]?.text).toBe(
      'mask 100-199;205 — extension 150 is in 100-199',
    )
    expect(verdictOf(matchNumber([r], call('112', '205')), 'Sales').checks[3]?.text).toBe(
      'mask 100-199;205 — extension 205 is in 205',
    )
  })

  it('stops an extension outside every entry', () => {
    const result = matchNumber([rule('Sales', { number_mask: '100-199;205' })], call('112', '200'))
    expect(result.matched).toBeNull()
    expect(failedCheck(result, 'Sales')?.text).toBe('mask 100-199;205 — extension 200 is in none of its entries')
  })

  it('names both of two overlapping ranges that hold the extension', () => {
    const result = matchNumber([rule('Overlap', { number_mask: '100-199;150-250' })], call('112', '160'))
    expect(result.matched?.name).toBe('Overlap')
    expect(verdictOf(result, 'Overlap').checks[3]?.text).toBe('mask 100-199;150-250 — extension 160 is in 100-199 and 150-250')
  })

  it('reads a range written backwards the right way round, and says so', () => {
    const r = rule('Backwards', { number_mask: '199-100' })
    const hit = matchNumber([r], call('112', '150'))
    expect(hit.matched?.name).toBe('Backwards')
    expect(verdictOf(hit, 'Backwards').checks[3]?.text).toBe(
      'mask 199-100 — extension 150 is in 199-100 (199-100 is written backwards, read as 100-199)',
    )
    const miss = matchNumber([r], call('112', '200'))
    expect(failedCheck(miss, 'Backwards')?.text).toBe(
      'mask 199-100 — extension 200 is in none of its entries (199-100 is written backwards, read as 100-199)',
    )
  })

  it('matches a single entry by its exact digits', () => {
    expect(failedCheck(matchNumber([rule('Exact', { number_mask: '100' })], call('112', '0100')), 'Exact')?.check).toBe('mask')
  })

  it('matches no extension when no entry is readable', () => {
    const result = matchNumber([rule('Broken', { number_mask: 'sales' })], call('112', '100'))
    expect(failedCheck(result, 'Broken')?.text).toBe(
      'mask sales — no entry can be read, so no extension matches (ignored: sales is not an extension or a range from-to)',
    )
  })
})

describe('matchNumber: office hours', () => {
  const office = rule('Office', { office_hours: officeWeek('08:00', '18:00') })
  const at = (when: string) => matchNumber([office], call('0301234567', '100', when))

  it('puts no restriction with no office hours', () => {
    const result = matchNumber([rule('Always')], call('1', '1', '2025-03-09T03:00'))
    expect(result.matched?.name).toBe('Always')
    expect(verdictOf(result, 'Always').checks[4]?.text).toBe('office hours — none set: any time')
  })

  it('puts no restriction when no day is enabled (the seeded Emergency rule)', () => {
    const emergency = rule('Emergency', { number_prefix: '112', number_length: '3', office_hours: hours({}) })
    const result = matchNumber([emergency], call('112', '100', '2025-03-09T03:00'))
    expect(result.matched?.name).toBe('Emergency')
    expect(verdictOf(result, 'Emergency').checks[4]?.text).toBe('office hours — no day enabled, read as no restriction: any time')
  })

  it('applies inside a range: from included, to excluded', () => {
    expect(at('2025-03-05T08:00').matched?.name).toBe('Office')
    expect(at('2025-03-05T17:59').matched?.name).toBe('Office')
    expect(verdictOf(at('2025-03-05T10:00'), 'Office').checks[4]?.text).toBe('office hours — 10:00 is within Wednesday 08:00–18:00')
    expect(failedCheck(at('2025-03-05T07:59'), 'Office')?.text).toBe('office hours — 07:59 is outside Wednesday 08:00–18:00')
    expect(failedCheck(at('2025-03-05T18:00'), 'Office')?.text).toBe(
      'office hours — 18:00 is outside Wednesday 08:00–18:00 (a range ends just before its "to" time)',
    )
  })

  it('does not apply on a day that is not enabled', () => {
    expect(failedCheck(at('2025-03-08T10:00'), 'Office')?.text).toBe(
      'office hours — Saturday is not an office day (open Monday, Tuesday, Wednesday, Thursday, Friday)',
    )
    expect(failedCheck(at('2025-03-09T10:00'), 'Office')?.check).toBe('office-hours')
  })

  it('reads an enabled day without ranges as the whole day', () => {
    const weekend = rule('Weekend', { office_hours: hours({ saturday: [] }) })
    for (const time of ['00:00', '12:00', '23:59']) {
      const result = matchNumber([weekend], call('1', '1', `2025-03-08T${time}`))
      expect(result.matched?.name).toBe('Weekend')
      expect(verdictOf(result, 'Weekend').checks[4]?.text).toBe('office hours — Saturday is open the whole day')
    }
    expect(matchNumber([weekend], call('1', '1', '2025-03-09T12:00')).matched).toBeNull()
  })

  it('leaves the gap between two ranges of a day closed', () => {
    const lunch = rule('Lunch', { office_hours: hours({ monday: [{ from: '08:00', to: '12:00' }, { from: '13:00', to: '17:00' }] }) })
    const monday = (time: string) => matchNumber([lunch], call('1', '1', `2025-03-03T${time}`))
    expect(monday('11:59').matched?.name).toBe('Lunch')
    expect(failedCheck(monday('12:30'), 'Lunch')?.text).toBe('office hours — 12:30 is outside Monday 08:00–12:00, 13:00–17:00')
    expect(monday('13:00').matched?.name).toBe('Lunch')
  })
})

describe('matchNumber: routes', () => {
  const providers = [
    { id: 'prov-1', name: 'Telco One' },
    { id: 'prov-2', name: 'Backup SIP' },
  ]

  it('strips then prepends, per route, in list order, PRIORITIZED in order', () => {
    const r = rule('Local', {
      routing_strategy: 'PRIORITIZED',
      routes: [route('prov-1', { strip_digits: 1, prepend: '+49' }), route('prov-2', { strip_digits: 0, prepend: '' })],
    })
    const result = matchNumber([r], call('0301234567'), { providers })
    expect(result.routeOrder).toBe('in-order')
    expect(result.routes).toEqual([
      { position: 1, providerId: 'prov-1', providerName: 'Telco One', enabled: true, stripDigits: 1, prepend: '+49', sent: '+49301234567' },
      { position: 2, providerId: 'prov-2', providerName: 'Backup SIP', enabled: true, stripDigits: 0, prepend: '', sent: '0301234567' },
    ])
  })

  it('reads a missing strategy as PRIORITIZED and missing route fields as their defaults', () => {
    const result = matchNumber([rule('Plain', { routes: [{ provider_id: 'prov-1' }] })], call('112'))
    expect(result.routeOrder).toBe('in-order')
    expect(result.routes).toEqual([{ position: 1, providerId: 'prov-1', enabled: true, stripDigits: 0, prepend: '', sent: '112' }])
  })

  it('sends nothing through a disabled route, and keeps its place', () => {
    const r = rule('Two', { routes: [route('prov-1', { enabled: false, prepend: '9' }), route('prov-2', { prepend: '9' })] })
    const result = matchNumber([r], call('0301234567'), { providers })
    expect(result.routes.map((x) => [x.position, x.enabled, x.sent, x.note])).toEqual([
      [1, false, null, 'disabled'],
      [2, true, '90301234567', undefined],
    ])
  })

  it('sends nothing when strip_digits would leave nothing to dial', () => {
    const r = rule('Strip', {
      routes: [route('prov-1', { strip_digits: 3 }), route('prov-1', { strip_digits: 5, prepend: '0' }), route('prov-2', { strip_digits: 2 })],
    })
    const result = matchNumber([r], call('112'), { providers })
    expect(result.routes.map((x) => x.sent)).toEqual([null, null, '2'])
    expect(result.routes[0]?.note).toBe('strips 3 digits but 112 has 3 digits: nothing would be left to dial, so this route is not usable')
    expect(result.routes[1]?.note).toBe('strips 5 digits but 112 has 3 digits: nothing would be left to dial, so this route is not usable')
    expect(result.routes[2]?.note).toBeUndefined()
  })

  it('treats RANDOMLY as a set: list order kept, each usable route one pick among them', () => {
    const r = rule('Spread', {
      routing_strategy: 'RANDOMLY',
      routes: [route('prov-1', { prepend: '1' }), route('prov-2', { enabled: false }), route('prov-2', { prepend: '2' })],
    })
    const result = matchNumber([r], call('0301234567'), { providers })
    expect(result.routeOrder).toBe('random')
    expect(result.routes.map((x) => x.position)).toEqual([1, 2, 3])
    expect(new Set(result.routes.flatMap((x) => (x.sent === null ? [] : [x.sent])))).toEqual(new Set(['10301234567', '20301234567']))
    expect(result.routes.map((x) => x.note)).toEqual([
      'one of 2 usable routes, picked at random (a set, not an order)',
      'disabled',
      'one of 2 usable routes, picked at random (a set, not an order)',
    ])
  })

  it('gives the same set of RANDOMLY routes whatever their list order', () => {
    const a = route('prov-1', { strip_digits: 1, prepend: '+49' })
    const b = route('prov-2')
    const sent = (routes: typeof a[]) =>
      new Set(matchNumber([rule('R', { routing_strategy: 'RANDOMLY', routes })], call('0301234567')).routes.map((x) => x.sent))
    expect(sent([a, b])).toEqual(sent([b, a]))
  })

  it('names a provider only where the PBX lists it', () => {
    const result = matchNumber([rule('R', { routes: [route('prov-1'), route('prov-gone')] })], call('112'), { providers })
    expect(result.routes[0]?.providerName).toBe('Telco One')
    expect(result.routes[1]).not.toHaveProperty('providerName')
    expect(matchNumber([rule('R', { routes: [route('prov-1')] })], call('112')).routes[0]).not.toHaveProperty('providerName')
  })

  it('has no routes for a matched list item (list items carry none)', () => {
    const result = matchNumber([rule('Item')], call('112'))
    expect(result).toMatchObject({ matched: { ruleId: 'Item' }, routeOrder: 'in-order', routes: [] })
  })

  it('uses the routes of the matched rule only', () => {
    const rules = [
      rule('Skipped', { priority: 1, number_prefix: '9', routes: [route('prov-2')] }),
      rule('Used', { priority: 2, routes: [route('prov-1')] }),
    ]
    expect(matchNumber(rules, call('112')).routes.map((x) => x.providerId)).toEqual(['prov-1'])
  })
})

describe('matchNumber: the call and the answer', () => {
  it('echoes the call with the weekday of its date', () => {
    const cases: [string, string][] = [
      ['2025-03-05T10:00', 'wednesday'],
      ['2024-02-29T00:00', 'thursday'],
      ['2000-01-01T23:59', 'saturday'],
      ['2025-12-28T12:00', 'sunday'],
      ['2026-01-05T08:00', 'monday'],
      ['0050-06-01T08:00', 'wednesday'],
    ]
    for (const [at, weekday] of cases) {
      expect(matchNumber([], call('112', '100', at)).call).toEqual({ number: '112', extension: '100', at, weekday })
    }
  })

  it('answers the shape of the contract', () => {
    const rules = [
      rule('Off', { priority: 1, enabled: false }),
      rule('Intl', { priority: 2, number_prefix: '00', routing_strategy: 'RANDOMLY', routes: [route('p', { strip_digits: 2 })] }),
      rule('Later', { priority: 3 }),
    ]
    const result = matchNumber(rules, call('0049301234'), { providers: [{ id: 'p', name: 'P' }] })
    expect(NumberTestResultSchema.parse(result)).toEqual(result)
  })
})
