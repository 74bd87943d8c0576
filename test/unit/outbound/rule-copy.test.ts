import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruleDraftOf } from '../../../electron/contract/outbound-draft'
import { startPassThrough, type PassThrough } from './pass-through'
import { failure, servicesOnDemo, type OnDemo } from './services-on-demo'

let demo: OnDemo
let source: string
let target: string
/** the target tenant through a pass-through that logs what is sent there */
let pass: PassThrough
let loggedTarget: string
const ids = { local: '', international: '', emergency: '', closed: '', telcoOne: '', backupSip: '', newYear: '', christmas: '', otherTelco: '' }

beforeAll(async () => {
  demo = await servicesOnDemo()
  pass = await startPassThrough(demo.pbx.url)
  source = await demo.signedIn('manager@demo')
  target = await demo.signedIn('manager@other')
  loggedTarget = await demo.signedIn('manager@other', pass.url)
  const refs = await demo.call('outboundReferences', { profileId: source })
  const byName = (items: { id: string; name?: string | undefined }[], name: string) => items.find((i) => i.name === name)!.id
  ids.telcoOne = byName(refs.providers.items, 'Telco One')
  ids.backupSip = byName(refs.providers.items, 'Backup SIP')
  ids.newYear = byName(refs.holidays.items, 'New Year')
  ids.christmas = byName(refs.holidays.items, 'Christmas')
  ids.otherTelco = byName((await demo.call('outboundReferences', { profileId: target })).providers.items, 'Other Telco')
  const rules = (await demo.call('listOutboundRules', { profileId: source, query: {} })).items
  ids.local = byName(rules, 'Local')
  ids.international = byName(rules, 'International')
  ids.emergency = byName(rules, 'Emergency')
  ids.closed = (
    await demo.call('createOutboundRule', {
      profileId: source,
      rule: { name: 'Closed Days', number_prefix: '9', holidays: [ids.newYear, ids.christmas], routes: [{ provider_id: ids.telcoOne, prepend: '+' }] },
    })
  ).id
})
afterAll(async () => {
  await pass.stop()
  await demo.stop()
})

const targetRuleNames = async () => (await demo.call('listOutboundRules', { profileId: target, query: { top: 100 } })).items.map((r) => r.name)

describe('preview of copying rules to another PBX', () => {
  it('refuses the same PBX on both sides, before anything is read', async () => {
    const before = demo.pbx.requests
    const preview = await failure(demo.call('previewRuleCopy', { fromProfileId: source, toProfileId: source, ruleIds: [ids.local] }))
    expect(preview).toMatchObject({ code: 'INVALID_INPUT', field: 'toProfileId' })
    expect(preview.message).toMatch(/choose another PBX/)
    const copy = await failure(
      demo.call('copyRules', { fromProfileId: source, toProfileId: source, rules: [{ ruleId: ids.local, name: 'X' }], providerMap: {}, holidayMap: {} }),
    )
    expect(copy).toMatchObject({ code: 'INVALID_INPUT', field: 'toProfileId' })
    expect(demo.pbx.requests).toBe(before)
  })

  it('names free on the target, and every provider and holiday the rules use, matched by name (none here)', async () => {
    const taken = await demo.call('createOutboundRule', { profileId: target, rule: { name: 'Local', routes: [{ provider_id: ids.otherTelco }] } })
    const taken2 = await demo.call('createOutboundRule', { profileId: target, rule: { name: 'Local (2)' } })
    try {
      const preview = await demo.call('previewRuleCopy', {
        fromProfileId: source,
        toProfileId: target,
        ruleIds: [ids.local, ids.international, ids.emergency, ids.closed],
      })
      expect(preview.target).toEqual({ providers: { supported: true, items: [{ id: ids.otherTelco, name: 'Other Telco' }] }, holidays: { supported: true, items: [] } })
      expect(preview.rules).toEqual([
        { ruleId: ids.local, name: 'Local', nameTaken: true, suggestedName: 'Local (3)', routes: 1, holidays: 0 },
        { ruleId: ids.international, name: 'International', nameTaken: false, suggestedName: 'International', routes: 2, holidays: 0 },
        { ruleId: ids.emergency, name: 'Emergency', nameTaken: false, suggestedName: 'Emergency', routes: 2, holidays: 0 },
        { ruleId: ids.closed, name: 'Closed Days', nameTaken: false, suggestedName: 'Closed Days', routes: 1, holidays: 2 },
      ])
      expect(preview.providers).toEqual([
        { sourceId: ids.telcoOne, sourceName: 'Telco One', usedBy: ['Local', 'International', 'Emergency', 'Closed Days'], matchId: null },
        { sourceId: ids.backupSip, sourceName: 'Backup SIP', usedBy: ['International', 'Emergency'], matchId: null },
      ])
      expect(preview.holidays).toEqual([
        { sourceId: ids.newYear, sourceName: 'New Year', usedBy: ['Closed Days'], matchId: null },
        { sourceId: ids.christmas, sourceName: 'Christmas', usedBy: ['Closed Days'], matchId: null },
      ])
    } finally {
      await demo.call('deleteOutboundRule', { profileId: target, ruleId: taken.id })
      await demo.call('deleteOutboundRule', { profileId: target, ruleId: taken2.id })
    }
  })

  it('the other way round: a provider the target lacks stays unmatched; the target lists its own to choose from', async () => {
    const otherLocal = (await demo.call('listOutboundRules', { profileId: target, query: { search: 'Other Local' } })).items[0]!
    const preview = await demo.call('previewRuleCopy', { fromProfileId: target, toProfileId: source, ruleIds: [otherLocal.id] })
    expect(preview.providers).toEqual([{ sourceId: ids.otherTelco, sourceName: 'Other Telco', usedBy: ['Other Local'], matchId: null }])
    expect(preview.target.providers.items.map((p) => p.name)).toEqual(['Telco One', 'Backup SIP'])
  })

  it('matches by the exact name first, then by the name trimmed and in any case', async () => {
    const renamed = await startPassThrough(demo.pbx.url)
    try {
      const viaRenamed = await demo.signedIn('manager@other', renamed.url)
      // the target's providers as a PBX might name them
      const providers = [
        { id: 'provider-a', name: ' telco one ' },
        { id: 'provider-b', name: 'BACKUP sip' },
        { id: 'provider-c', name: 'Telco One' },
      ]
      renamed.answer((method, path) => method === 'GET' && path === '/api/providers', 200, { count: providers.length, items: providers })
      const preview = await demo.call('previewRuleCopy', { fromProfileId: source, toProfileId: viaRenamed, ruleIds: [ids.emergency] })
      expect(preview.providers.map((p) => [p.sourceName, p.matchId])).toEqual([
        ['Telco One', 'provider-c'],
        ['Backup SIP', 'provider-b'],
      ])
    } finally {
      await renamed.stop()
    }
  })

  it('a target that lists no providers (404): supported false, nothing matched', async () => {
    const lacking = await startPassThrough(demo.pbx.url)
    try {
      const viaLacking = await demo.signedIn('manager@other', lacking.url)
      lacking.answer((_method, path) => path === '/api/providers', 404)
      const preview = await demo.call('previewRuleCopy', { fromProfileId: source, toProfileId: viaLacking, ruleIds: [ids.local] })
      expect(preview.target.providers).toEqual({ supported: false, items: [] })
      expect(preview.target.holidays.supported).toBe(true)
      expect(preview.providers).toEqual([{ sourceId: ids.telcoOne, sourceName: 'Telco One', usedBy: ['Local'], matchId: null }])
    } finally {
      await lacking.stop()
    }
  })
})

describe('copying rules to another PBX', () => {
  it('a provider without a target provider is refused, naming it and its rules, before anything is created', async () => {
    const before = await targetRuleNames()
    pass.log.length = 0
    const refused = await failure(
      demo.call('copyRules', {
        fromProfileId: source,
        toProfileId: loggedTarget,
        rules: [
          { ruleId: ids.local, name: 'Local' },
          { ruleId: ids.international, name: 'International' },
          { ruleId: ids.emergency, name: 'Emergency' },
        ],
        providerMap: { [ids.telcoOne]: ids.otherTelco },
        holidayMap: {},
      }),
    )
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: `providerMap.${ids.backupSip}` })
    expect(refused.message).toContain('"Backup SIP"')
    expect(refused.message).toContain('used by International, Emergency')
    expect(pass.log.filter((r) => r.method === 'POST')).toEqual([])
    expect(await targetRuleNames()).toEqual(before)
  })

  it('a holiday neither mapped nor left out is refused the same way', async () => {
    const refused = await failure(
      demo.call('copyRules', {
        fromProfileId: source,
        toProfileId: target,
        rules: [{ ruleId: ids.closed, name: 'Closed Days' }],
        providerMap: { [ids.telcoOne]: ids.otherTelco },
        holidayMap: { [ids.newYear]: null },
      }),
    )
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: `holidayMap.${ids.christmas}` })
    expect(refused.message).toContain('"Christmas"')
    expect(refused.message).toContain('used by Closed Days')
  })

  it('creates each rule in turn with the mapping; a rule the target refuses is reported and the next is created', async () => {
    pass.log.length = 0
    const { results } = await demo.call('copyRules', {
      fromProfileId: source,
      toProfileId: loggedTarget,
      rules: [
        { ruleId: ids.local, name: 'Other Local' }, // taken on the target: 409
        { ruleId: ids.international, name: 'International' },
        { ruleId: ids.closed, name: 'Closed Days' },
        { ruleId: ids.emergency, name: 'Emergency' },
      ],
      providerMap: { [ids.telcoOne]: ids.otherTelco, [ids.backupSip]: ids.otherTelco },
      // New Year left out; Christmas mapped to a holiday the target does not have: its 400
      holidayMap: { [ids.newYear]: null, [ids.christmas]: 'holiday-404' },
    })
    expect(results).toEqual([
      { ruleId: ids.local, name: 'Other Local', error: expect.objectContaining({ code: 'PBX_ERROR', status: 409 }) },
      { ruleId: ids.international, name: 'International', createdId: expect.stringMatching(/^rule-/) },
      { ruleId: ids.closed, name: 'Closed Days', error: expect.objectContaining({ code: 'PBX_ERROR', status: 400 }) },
      { ruleId: ids.emergency, name: 'Emergency', createdId: expect.stringMatching(/^rule-/) },
    ])
    expect(results[0]!.error!.message).toMatch(/Other Local/)
    // one create after another, in the order given
    expect(pass.log.filter((r) => r.method === 'POST').map((r) => (r.body as { name: string }).name)).toEqual([
      'Other Local',
      'International',
      'Closed Days',
      'Emergency',
    ])
    const closedBody = pass.log.find((r) => r.method === 'POST' && (r.body as { name: string }).name === 'Closed Days')!.body
    expect(closedBody).toMatchObject({ holidays: ['holiday-404'], routes: [{ provider_id: ids.otherTelco, prepend: '+' }] })

    // the copy is the source rule with the target's provider ids
    const sourceRule = await demo.call('getOutboundRule', { profileId: source, ruleId: ids.international })
    const copied = await demo.call('getOutboundRule', { profileId: target, ruleId: results[1]!.createdId! })
    const expected = ruleDraftOf(sourceRule)
    expected.routes = expected.routes.map((r) => ({ ...r, provider_id: ids.otherTelco }))
    expect(ruleDraftOf(copied)).toEqual(expected)
    expect(await targetRuleNames()).toEqual(['Emergency', 'Other Local', 'International'])
  })

  it('holidays mapped to null are left out of the copy', async () => {
    const { results } = await demo.call('copyRules', {
      fromProfileId: source,
      toProfileId: target,
      rules: [{ ruleId: ids.closed, name: 'Closed Days' }],
      providerMap: { [ids.telcoOne]: ids.otherTelco },
      holidayMap: { [ids.newYear]: null, [ids.christmas]: null },
    })
    expect(results[0]).toMatchObject({ name: 'Closed Days', createdId: expect.any(String) })
    const copied = await demo.call('getOutboundRule', { profileId: target, ruleId: results[0]!.createdId! })
    expect(copied).toMatchObject({ name: 'Closed Days', number_prefix: '9', holidays: [], routes: [{ provider_id: ids.otherTelco, prepend: '+' }] })
  })
})
