import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleDraftOf } from '../../../electron/contract/outbound-draft'
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

const ruleNamed = async (name: string) => {
  const { items } = await demo.call('listOutboundRules', { profileId: manager, query: { search: name, top: 100 } })
  const found = items.find((r) => r.name === name)
  if (!found) throw new Error(`no rule ${name}`)
  return demo.call('getOutboundRule', { profileId: manager, ruleId: found.id })
}

describe('duplicating an outbound rule', () => {
  it('copies every field under "<name> (copy)", then "(copy 2)", and answers the copy read back', async () => {
    const international = await ruleNamed('International')
    const first = await demo.call('duplicateOutboundRule', { profileId: manager, ruleId: international.id })
    expect(first.id).not.toBe(international.id)
    expect(first.name).toBe('International (copy)')
    expect(ruleDraftOf(first)).toEqual({ ...ruleDraftOf(international), name: 'International (copy)' })
    expect(first.routes).toHaveLength(2)
    expect(first.office_hours?.friday).toEqual({ enabled: true, ranges: [{ from: '08:00', to: '18:00' }] })

    const second = await demo.call('duplicateOutboundRule', { profileId: manager, ruleId: international.id })
    expect(second.name).toBe('International (copy 2)')
    // a duplicate of the copy is named after the copy
    const ofCopy = await demo.call('duplicateOutboundRule', { profileId: manager, ruleId: first.id })
    expect(ofCopy.name).toBe('International (copy) (copy)')
    expect(await demo.call('getOutboundRule', { profileId: manager, ruleId: second.id })).toEqual(second)
  })

  it('finds a free name among all the rules of the tenant, past the first page of the list', async () => {
    // 100+ rules: the names taken are on the second page of the PBX's list
    const base = 'Zulu'
    for (let i = 0; i < 101; i++) await demo.call('createOutboundRule', { profileId: manager, rule: { name: `Filler ${String(i).padStart(3, '0')}`, priority: 5 } })
    const original = await demo.call('createOutboundRule', { profileId: manager, rule: { name: base, priority: 9000 } })
    await demo.call('createOutboundRule', { profileId: manager, rule: { name: `${base} (copy)`, priority: 9000 } })
    await demo.call('createOutboundRule', { profileId: manager, rule: { name: `${base} (copy 2)`, priority: 9000 } })
    const copy = await demo.call('duplicateOutboundRule', { profileId: manager, ruleId: original.id })
    expect(copy.name).toBe(`${base} (copy 3)`)
    expect(copy.priority).toBe(9000)
  })

  it('a 64-character name: the copy is cut so its name stays within 64 characters', async () => {
    const long = 'L'.repeat(60) + ' end'
    expect(long).toHaveLength(64)
    const original = await demo.call('createOutboundRule', { profileId: manager, rule: { name: long } })
    const first = await demo.call('duplicateOutboundRule', { profileId: manager, ruleId: original.id })
    expect(first.name).toBe('L'.repeat(57) + ' (copy)')
    expect(first.name).toHaveLength(64)
    const second = await demo.call('duplicateOutboundRule', { profileId: manager, ruleId: original.id })
    expect(second.name).toBe('L'.repeat(55) + ' (copy 2)')
    expect(second.name).toHaveLength(64)
  })

  it('a rule that is not there: the PBX 404, nothing created', async () => {
    const before = (await demo.call('listOutboundRules', { profileId: manager, query: {} })).count
    expect(await failure(demo.call('duplicateOutboundRule', { profileId: manager, ruleId: 'rule-999999' }))).toMatchObject({ code: 'PBX_ERROR', status: 404 })
    expect((await demo.call('listOutboundRules', { profileId: manager, query: {} })).count).toBe(before)
  })
})
