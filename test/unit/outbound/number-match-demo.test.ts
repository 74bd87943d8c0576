import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NumberTestCall } from '../../../electron/contract/number-test'
import type { Holiday, OutboundRule, Provider } from '../../../electron/contract/pbx-outbound'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { matchNumber } from '../../../electron/services/outbound/number-match'
import { createOutboundRulesClient, type OutboundRulesClient } from '../../../electron/services/pbx-client/outbound-rules'
import { createProvidersHolidaysClient } from '../../../electron/services/pbx-client/providers-holidays'
import { signedInCaller } from '../pbx-client/test-caller'
import { failedCheck } from './number-fixtures'

// The matcher on rules exactly as the demo PBX answers them (its seed: Emergency 112 with every
// day off, Local 0 10;11, International 00 Mon-Fri 08:00-18:00), the way the Bridge handler uses
// it: list items first, then the matched rule fetched with its routes.
describe('matchNumber on the demo PBX rules', () => {
  let pbx: DemoPbx
  let client: OutboundRulesClient
  let providers: Provider[]
  let holidays: Holiday[]

  const test = async (call: NumberTestCall) => {
    const items: OutboundRule[] = (await client.listAll()).items
    const first = matchNumber(items, call, { providers })
    if (!first.matched) return first
    const full = await client.get(first.matched.ruleId)
    return matchNumber(items.map((r) => (r.id === full.id ? full : r)), call, { providers })
  }

  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    const caller = await signedInCaller(pbx.url, 'manager')
    client = createOutboundRulesClient(caller)
    const ph = createProvidersHolidaysClient(caller)
    const p = await ph.providers()
    const h = await ph.holidays()
    if (!p.supported || !h.supported) throw new Error('the demo PBX lists providers and holidays')
    providers = p.items
    holidays = h.items
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('routes 112 through Emergency at any time, though the PBX stores its office hours as every day off', async () => {
    const result = await test({ number: '112', extension: '1001', at: '2025-03-09T03:00' })
    expect(result.matched?.name).toBe('Emergency')
    expect(result.rules.map((r) => [r.name, r.outcome])).toEqual([
      ['Emergency', 'matched'],
      ['Local', 'not-reached'],
      ['International', 'not-reached'],
    ])
    expect(result.routes.map((r) => [r.position, r.providerName, r.sent])).toEqual([
      [1, 'Telco One', '112'],
      [2, 'Backup SIP', '112'],
    ])
  })

  it('routes a long 00 number through International on a weekday, and nothing at the weekend', async () => {
    const weekday = await test({ number: '004930123456', extension: '1001', at: '2025-03-05T10:00' })
    expect(weekday.matched?.name).toBe('International')
    expect(failedCheck(weekday, 'Emergency')?.check).toBe('prefix')
    expect(failedCheck(weekday, 'Local')?.text).toBe('length 10;11 — 004930123456 has 12 digits, not 10 or 11')
    expect(weekday.routeOrder).toBe('in-order')
    expect(weekday.routes.map((r) => r.sent)).toEqual(['004930123456', '004930123456'])

    const saturday = await test({ number: '004930123456', extension: '1001', at: '2025-03-08T10:00' })
    expect(saturday.matched).toBeNull()
    expect(failedCheck(saturday, 'International')?.text).toBe(
      'office hours — Saturday is not an office day (open Monday, Tuesday, Wednesday, Thursday, Friday)',
    )
  })

  it('reads holiday objects as the PBX answers them: a rule is not used on Christmas', async () => {
    const christmas = holidays.find((h) => h.name === 'Christmas')
    const telcoOne = providers.find((p) => p.name === 'Telco One')
    if (!christmas || !telcoOne) throw new Error('the demo PBX seeds Christmas and Telco One')
    await client.create({
      name: 'Office line',
      number_prefix: '0',
      priority: 50,
      holidays: [christmas.id],
      routing_strategy: 'RANDOMLY',
      routes: [
        { provider_id: telcoOne.id, strip_digits: 1, prepend: '+49' },
        { provider_id: telcoOne.id, strip_digits: 11 },
      ],
    })

    const onChristmas = await test({ number: '0301234567', extension: '1001', at: '2025-12-25T10:00' })
    expect(onChristmas.matched?.name).toBe('Local')
    expect(failedCheck(onChristmas, 'Office line')?.text).toBe(
      'holiday Christmas (every year, 24 Dec 00:00 – 26 Dec 23:59) — 2025-12-25 10:00 falls on it',
    )

    const after = await test({ number: '0301234567', extension: '1001', at: '2025-12-29T10:00' })
    expect(after.matched?.name).toBe('Office line')
    expect(after.routeOrder).toBe('random')
    expect(after.routes.map((r) => r.sent)).toEqual(['+49301234567', null])
  })
})
