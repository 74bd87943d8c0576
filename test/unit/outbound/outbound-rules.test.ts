import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleChanges, ruleDraftOf } from '../../../electron/contract/outbound-draft'
import { startPassThrough, type PassThrough } from './pass-through'
import { failure, servicesOnDemo, type OnDemo } from './services-on-demo'

let demo: OnDemo
let manager: string
let pass: PassThrough
/** the same tenant, through the pass-through that logs every request */
let logged: string
let telcoOne: string
let backupSip: string
let newYear: string

beforeAll(async () => {
  demo = await servicesOnDemo()
  pass = await startPassThrough(demo.pbx.url)
  manager = await demo.signedIn('manager@demo')
  logged = await demo.signedIn('manager@demo', pass.url)
  const refs = await demo.call('outboundReferences', { profileId: manager })
  telcoOne = refs.providers.items.find((p) => p.name === 'Telco One')!.id
  backupSip = refs.providers.items.find((p) => p.name === 'Backup SIP')!.id
  newYear = refs.holidays.items.find((h) => h.name === 'New Year')!.id
})
afterAll(async () => {
  await pass.stop()
  await demo.stop()
})

type Ordering = 'priority' | 'priority desc' | 'name' | 'name desc'
const page = (query: { skip?: number; top?: number; search?: string; orderby?: Ordering } = {}) =>
  demo.call('listOutboundRules', { profileId: manager, query })

describe('outbound rules through the Bridge', () => {
  it('lists one page in priority order by default, sorted, searched and paged by the PBX', async () => {
    const all = await page()
    expect(all.count).toBe(3)
    expect(all.items.map((r) => r.name)).toEqual(['Emergency', 'Local', 'International'])
    expect(all.items.every((r) => !('routes' in r))).toBe(true)
    expect((await page({ orderby: 'name' })).items.map((r) => r.name)).toEqual(['Emergency', 'International', 'Local'])
    expect((await page({ orderby: 'priority desc' })).items.map((r) => r.name)).toEqual(['International', 'Local', 'Emergency'])
    expect(await page({ skip: 1, top: 1 })).toMatchObject({ count: 3, items: [{ name: 'Local' }] })
    // search matches the name and the number prefix
    expect((await page({ search: 'inter' })).items.map((r) => r.name)).toEqual(['International'])
    expect((await page({ search: '112' })).items.map((r) => r.name)).toEqual(['Emergency'])
  })

  it('answers the providers and holidays of the tenant; where the PBX answers 404 on one, supported false', async () => {
    const refs = await demo.call('outboundReferences', { profileId: manager })
    expect(refs.providers).toEqual({ supported: true, items: [{ id: telcoOne, name: 'Telco One' }, { id: backupSip, name: 'Backup SIP' }] })
    expect(refs.holidays.supported).toBe(true)
    expect(refs.holidays.items.map((h) => h.name)).toEqual(['New Year', 'Christmas'])

    const lacking = await startPassThrough(demo.pbx.url)
    try {
      const viaLacking = await demo.signedIn('manager@demo', lacking.url)
      lacking.answer((_method, path) => path === '/api/holidays', 404)
      const partial = await demo.call('outboundReferences', { profileId: viaLacking })
      expect(partial.providers.supported).toBe(true)
      expect(partial.holidays).toEqual({ supported: false, items: [] })
    } finally {
      await lacking.stop()
    }
  })

  it('creates a rule and answers it as the PBX reads it back (defaults filled, holidays whole)', async () => {
    const rule = await demo.call('createOutboundRule', {
      profileId: manager,
      rule: {
        name: 'Mobile',
        number_prefix: '01',
        number_length: '11',
        priority: 150,
        holidays: [newYear],
        office_hours: { mode: 'CUSTOM', saturday: { enabled: true, ranges: [{ from: '09:00', to: '12:00' }] } },
        routes: [{ provider_id: backupSip, prepend: '+49', strip_digits: 1 }],
      },
    })
    expect(rule).toMatchObject({
      id: expect.stringMatching(/^rule-/),
      name: 'Mobile',
      number_prefix: '01',
      number_mask: '',
      enabled: true,
      routing_strategy: 'PRIORITIZED',
      holidays: [{ id: newYear, name: 'New Year' }],
      routes: [{ enabled: true, provider_id: backupSip, strip_digits: 1, prepend: '+49', outbound_caller_id: '' }],
    })
    expect(rule.office_hours?.saturday).toEqual({ enabled: true, ranges: [{ from: '09:00', to: '12:00' }] })
    expect(rule.office_hours?.monday).toEqual({ enabled: false, ranges: [] })
    expect(await demo.call('getOutboundRule', { profileId: manager, ruleId: rule.id })).toEqual(rule)
    expect((await page()).items.map((r) => r.name)).toEqual(['Emergency', 'Local', 'Mobile', 'International'])

    // a name the tenant has already: the PBX's 409, with its message
    expect(await failure(demo.call('createOutboundRule', { profileId: manager, rule: { name: 'Mobile' } }))).toMatchObject({ code: 'PBX_ERROR', status: 409 })
    await demo.call('deleteOutboundRule', { profileId: manager, ruleId: rule.id })
  })

  it('an update sends only what changed (whole lists) and answers the rule read back', async () => {
    const created = await demo.call('createOutboundRule', {
      profileId: manager,
      rule: { name: 'Regional', number_prefix: '03', routes: [{ provider_id: telcoOne }], holidays: [newYear] },
    })
    const before = ruleDraftOf(created)
    const after = { ...before, priority: 300, routes: [...before.routes, { ...before.routes[0]!, provider_id: backupSip, prepend: '0' }] }
    const changes = ruleChanges(before, after)
    pass.log.length = 0
    const updated = await demo.call('updateOutboundRule', { profileId: logged, ruleId: created.id, changes })

    const posts = pass.log.filter((r) => r.method === 'POST')
    expect(posts).toEqual([
      {
        method: 'POST',
        path: `/api/outbound_rules/${created.id}`,
        body: {
          priority: 300,
          routes: [
            { enabled: true, provider_id: telcoOne, strip_digits: 0, prepend: '', outbound_caller_id: '' },
            { enabled: true, provider_id: backupSip, strip_digits: 0, prepend: '0', outbound_caller_id: '' },
          ],
        },
      },
    ])
    expect(pass.log.at(-1)).toMatchObject({ method: 'GET', path: `/api/outbound_rules/${created.id}` })
    expect(updated).toMatchObject({ priority: 300, number_prefix: '03', holidays: [{ id: newYear }] })
    expect(updated.routes?.map((r) => r.provider_id)).toEqual([telcoOne, backupSip])
    expect(await demo.call('getOutboundRule', { profileId: manager, ruleId: created.id })).toEqual(updated)

    // nothing changed: nothing is sent, the rule is read back
    pass.log.length = 0
    expect(await demo.call('updateOutboundRule', { profileId: logged, ruleId: created.id, changes: {} })).toEqual(updated)
    expect(pass.log.map((r) => r.method)).toEqual(['GET'])

    // a bad change is refused by the contract, naming the field, before anything is sent
    pass.log.length = 0
    const refused = await failure(demo.call('updateOutboundRule', { profileId: logged, ruleId: created.id, changes: { number_length: '0' } }))
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'changes.number_length' })
    expect(pass.log).toEqual([])
    await demo.call('deleteOutboundRule', { profileId: manager, ruleId: created.id })
  })

  it('deletes a rule; a rule that is gone is NOT_FOUND', async () => {
    const rule = await demo.call('createOutboundRule', { profileId: manager, rule: { name: 'Short-lived' } })
    expect(await demo.call('deleteOutboundRule', { profileId: manager, ruleId: rule.id })).toEqual({ deleted: true })
    expect((await page({ search: 'Short-lived' })).count).toBe(0)
    expect((await failure(demo.call('deleteOutboundRule', { profileId: manager, ruleId: rule.id }))).code).toBe('NOT_FOUND')
  })

  it('a PBX not signed in is NOT_SIGNED_IN', async () => {
    const profile = await demo.call('saveProfile', { fields: { label: 'Not yet', baseUrl: demo.pbx.url, username: 'manager', domain: 'demo.pbx.example' } })
    expect((await failure(demo.call('listOutboundRules', { profileId: profile.id, query: {} }))).code).toBe('NOT_SIGNED_IN')
  })
})
