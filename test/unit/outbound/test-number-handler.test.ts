import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPassThrough } from './pass-through'
import { failure, servicesOnDemo, type OnDemo } from './services-on-demo'

let demo: OnDemo
let manager: string

beforeAll(async () => {
  demo = await servicesOnDemo()
  manager = await demo.signedIn('manager@demo')
})
afterAll(async () => {
  await demo.stop()
})

// 2025-03-05 is a Wednesday, 2025-03-09 a Sunday
const test = (number: string, at: string, extension = '100', profileId = manager) =>
  demo.call('testNumber', { profileId, call: { number, extension, at } })

const failedCheck = (result: Awaited<ReturnType<typeof test>>, name: string) =>
  result.rules.find((r) => r.name === name)?.checks.find((c) => !c.passed)?.check

describe('test a number against the seeded rules, through the Bridge', () => {
  it('112 uses Emergency (first by priority), with its routes read in full and the providers named', async () => {
    const result = await test('112', '2025-03-05T10:00')
    expect(result.call).toEqual({ number: '112', extension: '100', at: '2025-03-05T10:00', weekday: 'wednesday' })
    expect(result.matched).toMatchObject({ name: 'Emergency' })
    expect(result.rules.map((r) => [r.name, r.outcome])).toEqual([
      ['Emergency', 'matched'],
      ['Local', 'not-reached'],
      ['International', 'not-reached'],
    ])
    expect(result.routeOrder).toBe('in-order')
    expect(result.routes.map((r) => [r.position, r.providerName, r.sent])).toEqual([
      [1, 'Telco One', '112'],
      [2, 'Backup SIP', '112'],
    ])
  })

  it('00… on a weekday at 10:00 uses International; Local and Emergency say why not', async () => {
    const result = await test('004930123456789', '2025-03-05T10:00')
    expect(result.matched).toMatchObject({ name: 'International' })
    expect(failedCheck(result, 'Emergency')).toBe('prefix')
    expect(failedCheck(result, 'Local')).toBe('length')
    expect(result.routes.map((r) => r.providerName)).toEqual(['Telco One', 'Backup SIP'])
    expect(result.routes[0]!.sent).toBe('004930123456789')
  })

  it('the same call on a Sunday is not International: outside its office hours', async () => {
    const result = await test('004930123456789', '2025-03-09T10:00')
    expect(result.call.weekday).toBe('sunday')
    expect(result.matched?.name).not.toBe('International')
    expect(result.rules.find((r) => r.name === 'International')?.outcome).toBe('skipped')
    expect(failedCheck(result, 'International')).toBe('office-hours')
    expect(result.matched).toBeNull()
    expect(result.routeOrder).toBe('none')
    expect(result.routes).toEqual([])
  })

  it('a rule created through the Bridge is tested with its own routes (strip and prepend), and disabled rules are skipped', async () => {
    const refs = await demo.call('outboundReferences', { profileId: manager })
    const backup = refs.providers.items.find((p) => p.name === 'Backup SIP')!.id
    const mobile = await demo.call('createOutboundRule', {
      profileId: manager,
      rule: { name: 'Mobile', number_prefix: '01', priority: 50, routes: [{ provider_id: backup, strip_digits: 1, prepend: '+49' }] },
    })
    const disabled = await demo.call('createOutboundRule', { profileId: manager, rule: { name: 'Off', number_prefix: '01', priority: 10, enabled: false } })
    const result = await test('01701234567', '2025-03-05T10:00')
    expect(result.matched).toEqual({ ruleId: mobile.id, name: 'Mobile' })
    expect(failedCheck(result, 'Off')).toBe('enabled')
    expect(result.routes).toEqual([expect.objectContaining({ providerId: backup, providerName: 'Backup SIP', sent: '+491701234567' })])
    await demo.call('deleteOutboundRule', { profileId: manager, ruleId: mobile.id })
    await demo.call('deleteOutboundRule', { profileId: manager, ruleId: disabled.id })
  })

  it('where the PBX lists no providers, routes are answered without provider names', async () => {
    const lacking = await startPassThrough(demo.pbx.url)
    try {
      const viaLacking = await demo.signedIn('manager@demo', lacking.url)
      lacking.answer((_method, path) => path === '/api/providers', 404)
      const result = await test('112', '2025-03-05T10:00', '100', viaLacking)
      expect(result.matched?.name).toBe('Emergency')
      expect(result.routes).toHaveLength(2)
      expect(result.routes.every((r) => r.providerName === undefined && r.providerId.length > 0)).toBe(true)
    } finally {
      await lacking.stop()
    }
  })

  it('a call the contract refuses is INVALID_INPUT naming the field', async () => {
    expect(await failure(test('12ab', '2025-03-05T10:00'))).toMatchObject({ code: 'INVALID_INPUT', field: 'call.number' })
    expect(await failure(test('112', '2025-02-30T10:00'))).toMatchObject({ code: 'INVALID_INPUT', field: 'call.at' })
  })
})
