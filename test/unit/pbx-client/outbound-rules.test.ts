import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboundRuleCreate, OutboundRuleUpdate } from '../../../electron/contract/pbx'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createOutboundRulesClient, type OutboundRulesClient } from '../../../electron/services/pbx-client/outbound-rules'
import { createProvidersHolidaysClient } from '../../../electron/services/pbx-client/providers-holidays'
import { failure } from './helpers'
import { signedInCaller, type TestCaller } from './test-caller'

describe('outbound rules client against the demo PBX', () => {
  let pbx: DemoPbx
  let caller: TestCaller
  let rules: OutboundRulesClient
  let providerIds: string[]
  let holidayIds: string[]
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    caller = await signedInCaller(pbx.url, 'manager')
    rules = createOutboundRulesClient(caller)
    const ph = createProvidersHolidaysClient(caller)
    const providers = await ph.providers()
    const holidays = await ph.holidays()
    if (!providers.supported || !holidays.supported) throw new Error('the demo PBX offers providers and holidays')
    providerIds = providers.items.map((p) => p.id)
    holidayIds = holidays.items.map((h) => h.id)
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('lists a page and all rules (the seeded three)', async () => {
    const page = await rules.list({ top: 1, orderby: 'name' })
    expect(page.count).toBe(3)
    expect(page.items.map((r) => r.name)).toEqual(['Emergency'])
    expect(page.items[0]).not.toHaveProperty('routes')
    const all = await rules.listAll()
    expect(all.items.map((r) => r.name)).toEqual(['Emergency', 'Local', 'International'])
    expect((await rules.listAll({ search: 'inter' })).items.map((r) => r.name)).toEqual(['International'])
  })

  it('gets one rule with its routes, office hours and holidays', async () => {
    const international = (await rules.listAll({ filter: "name eq 'International'" })).items[0]
    const rule = await rules.get(international?.id ?? '')
    expect(rule).toMatchObject({ name: 'International', number_prefix: '00', priority: 200, routing_strategy: 'PRIORITIZED' })
    expect(rule.routes?.map((r) => r.provider_id)).toEqual(providerIds)
    expect(rule.office_hours?.monday).toEqual({ enabled: true, ranges: [{ from: '08:00', to: '18:00' }] })
  })

  it('creates a rule (201 {id}) and reads it back', async () => {
    const body: OutboundRuleCreate = {
      name: 'Mobile',
      number_prefix: '07',
      number_length: '11',
      number_mask: '100-199;205',
      priority: 300,
      routing_strategy: 'RANDOMLY',
      office_hours: { mode: 'CUSTOM', saturday: { enabled: true, ranges: [{ from: '09:00', to: '12:00' }] } },
      holidays: [holidayIds[0] ?? ''],
      routes: [{ provider_id: providerIds[1] ?? '', strip_digits: 1, prepend: '+44', outbound_caller_id: '0123' }],
    }
    const id = await rules.create(body)
    expect(id).toMatch(/^rule-/)
    const rule = await rules.get(id)
    expect(rule).toMatchObject({
      id,
      name: 'Mobile',
      number_prefix: '07',
      number_length: '11',
      number_mask: '100-199;205',
      enabled: true,
      priority: 300,
      routing_strategy: 'RANDOMLY',
      routes: [{ enabled: true, provider_id: providerIds[1], strip_digits: 1, prepend: '+44', outbound_caller_id: '0123' }],
    })
    expect(rule.holidays?.map((h) => h.name)).toEqual(['New Year'])
    expect(rule.office_hours?.saturday).toEqual({ enabled: true, ranges: [{ from: '09:00', to: '12:00' }] })
    expect(rule.office_hours?.monday).toEqual({ enabled: false, ranges: [] })
  })

  it('updates a rule (200, no body) and reads the change back; omitted fields stay', async () => {
    const id = await rules.create({ name: 'To update', number_prefix: '08' })
    await rules.update(id, { id, enabled: false, priority: 5, routes: [{ provider_id: providerIds[0] ?? '' }] })
    const rule = await rules.get(id)
    expect(rule).toMatchObject({ name: 'To update', number_prefix: '08', enabled: false, priority: 5 })
    expect(rule.routes).toEqual([{ enabled: true, provider_id: providerIds[0], strip_digits: 0, prepend: '', outbound_caller_id: '' }])
    await rules.update(id, { name: 'Updated' })
    expect((await rules.get(id)).name).toBe('Updated')
  })

  it('destroys a rule; a second destroy says it no longer exists', async () => {
    const id = await rules.create({ name: 'To destroy' })
    await rules.destroy(id)
    const gone = await failure(rules.get(id))
    expect(gone).toMatchObject({ code: 'PBX_ERROR', status: 404, pbxCode: 'NOT_FOUND' })
    const again = await failure(rules.destroy(id))
    expect(again.code).toBe('NOT_FOUND')
    expect(again.message).toBe(`The outbound rule ${id} no longer exists on the PBX.`)
  })

  it.each<[string, OutboundRuleCreate, string]>([
    ['an empty name', { name: '' }, 'name'],
    ['letters in the prefix', { name: 'x', number_prefix: '0a' }, 'number_prefix'],
    ['a length of 65', { name: 'x', number_length: '10;65' }, 'number_length'],
    ['a reversed mask range', { name: 'x', number_mask: '199-100' }, 'number_mask'],
    ['a negative priority', { name: 'x', priority: -1 }, 'priority'],
    ['an unknown strategy', { name: 'x', routing_strategy: 'ROUND_ROBIN' as never }, 'routing_strategy'],
    ['overlapping office hours', { name: 'x', office_hours: { mode: 'CUSTOM', monday: { enabled: true, ranges: [{ from: '08:00', to: '12:00' }, { from: '11:00', to: '13:00' }] } } }, 'office_hours.monday.ranges.1'],
    ['a route without a provider', { name: 'x', routes: [{} as never] }, 'routes.0.provider_id'],
    ['an unknown field', { name: 'x', colour: 'red' } as never, 'colour'],
  ])('refuses a create with %s before sending', async (_what, body, field) => {
    const before = pbx.requests
    const error = await failure(rules.create(body))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.field).toBe(field)
    expect(error.message.startsWith(`${field}: `)).toBe(true)
    expect(pbx.requests).toBe(before)
  })

  it.each<[string, OutboundRuleUpdate, string]>([
    ['an empty name', { name: '' }, 'name'],
    ['33 routes', { routes: Array.from({ length: 33 }, () => ({ provider_id: 'p' })) }, 'routes'],
    ['a holiday twice', { holidays: ['h', 'h'] }, 'holidays.1'],
  ])('refuses an update with %s before sending', async (_what, body, field) => {
    const before = pbx.requests
    const error = await failure(rules.update('rule-1', body))
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field })
    expect(pbx.requests).toBe(before)
  })

  it('refuses an empty id before sending', async () => {
    const before = pbx.requests
    expect(await failure(rules.get(''))).toMatchObject({ code: 'INVALID_INPUT', field: 'id' })
    expect(await failure(rules.destroy(''))).toMatchObject({ code: 'INVALID_INPUT', field: 'id' })
    expect(pbx.requests).toBe(before)
  })

  it('encodes the id in the path', async () => {
    caller.calls.length = 0
    const error = await failure(rules.get('a/b?c'))
    expect(caller.calls[0]?.path).toBe('api/outbound_rules/a%2Fb%3Fc')
    expect(error).toMatchObject({ code: 'PBX_ERROR', status: 404 })
    expect(error.message).toMatch(/a\/b\?c/)
  })

  it("keeps the PBX's answer to what only the PBX can check (a duplicate name, an unknown provider)", async () => {
    const duplicate = await failure(rules.create({ name: 'Local' }))
    expect(duplicate).toMatchObject({ code: 'PBX_ERROR', status: 409, pbxCode: 'CONFLICT', field: 'name' })
    const provider = await failure(rules.create({ name: 'Ghost route', routes: [{ provider_id: 'provider-999' }] }))
    expect(provider).toMatchObject({ code: 'PBX_ERROR', status: 400, pbxCode: 'VALIDATE_FAILED', field: 'routes.0.provider_id' })
  })
})
