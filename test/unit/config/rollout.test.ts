import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Rollout } from '../../../electron/contract/config-apply'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { profileFields } from '../../support/profile-fields'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

// One change across many PBXs, through the Bridge, against ten demo PBXs at once and a tenant with
// other providers and no holidays: the preview per PBX, a rollout with a PBX going down half-way,
// its retry to the same end state with nothing made twice, the history, and undo.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
const TARGETS = 10
let source: Demo
let pbxs: Demo[]
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
let sourceId: string
let otherTenantId: string
let downId: string
let targetIds: string[]
const RULE = 'Night service'

async function save(label: string, url: string, domain: string, remember = true): Promise<string> {
  const { id } = await call('saveProfile', { fields: profileFields(label, url, 'manager', { domain, tags: ['rollout'] }) })
  if (remember) {
    await call('signIn', { profileId: id, password: 'manager', remember: true })
    await call('signOut', { profileId: id })
  }
  return id
}

/** the rules named `name` on a PBX, read through the app as a user would check */
async function rulesNamed(profileId: string, name: string) {
  await call('openPbx', { profileId })
  const page = await call('listOutboundRules', { profileId, query: { skip: 0, top: 100 } })
  return Promise.all(page.items.filter((r) => r.name === name).map((r) => call('getOutboundRule', { profileId, ruleId: r.id })))
}

async function ended(rolloutId: string): Promise<Rollout> {
  await services.config.idle()
  return call('getRollout', { rolloutId })
}

beforeAll(async () => {
  source = await startDemoPbx({ port: 0 })
  pbxs = await Promise.all(Array.from({ length: TARGETS }, () => startDemoPbx({ port: 0 })))
  dir = mkdtempSync(join(tmpdir(), 'pbx-rollout-'))
  services = testServices(dir)
  call = invoker(services.handlers)
  sourceId = await save('Source', source.url, 'demo.pbx.example')
  targetIds = []
  for (const [i, pbx] of pbxs.entries()) targetIds.push(await save(`Customer ${i + 1}`, pbx.url, 'demo.pbx.example'))
  otherTenantId = await save('Other tenant', pbxs[0]!.url, 'other.pbx.example')
  downId = targetIds[TARGETS - 1]!

  // the rule to roll out: both providers, and Christmas off
  await call('openPbx', { profileId: sourceId })
  const refs = await call('outboundReferences', { profileId: sourceId })
  const [telco, backup] = refs.providers.items
  const christmas = refs.holidays.items.find((h) => h.name === 'Christmas')!
  await call('createOutboundRule', {
    profileId: sourceId,
    rule: {
      name: RULE,
      number_prefix: '0900',
      priority: 500,
      holidays: [christmas.id],
      routes: [
        { provider_id: telco!.id, prepend: '1' },
        { provider_id: backup!.id, strip_digits: 1 },
      ],
    },
  })
}, 60_000)
afterAll(async () => {
  await services.dispose()
  await Promise.all([source, ...pbxs].map((p) => p.stop()))
  rmSync(dir, { recursive: true, force: true })
})

const ruleItem = { part: 'outboundRules' as const, key: RULE }

describe('the preview of an apply', () => {
  it('per PBX and item: create where the rule is missing, unchanged where it is the same, cannot where a provider or holiday has no namesake', async () => {
    const preview = await call('previewApply', {
      source: { profileId: sourceId },
      items: [ruleItem, { part: 'outboundRules', key: 'Local' }],
      targets: [targetIds[0]!, otherTenantId],
    })
    expect(preview.source).toMatchObject({ label: 'Source', fromFile: false })
    const [customer, other] = preview.targets
    expect(customer!.items.map((i) => [i.key, i.action])).toEqual([
      [RULE, 'create'],
      ['Local', 'unchanged'],
    ])
    expect(other!.items[0]).toMatchObject({ action: 'cannot', missing: { providers: ['Telco One', 'Backup SIP'], holidays: ['Christmas'] } })
    expect(other!.items[0]!.reason).toBe('this PBX has no provider "Telco One", no provider "Backup SIP", no holiday "Christmas": choose what it uses instead')
    expect(other!.providers.map((p) => p.name)).toEqual(['Other Telco'])
    // nothing was written
    expect(await rulesNamed(targetIds[0]!, RULE)).toEqual([])
  })

  it('with the names mapped (both providers to the tenant\'s one, Christmas left out) the rule can be created there', async () => {
    const otherTelco = (await call('previewApply', { source: { profileId: sourceId }, items: [ruleItem], targets: [otherTenantId] })).targets[0]!.providers[0]!
    const mapping = { providers: { 'Telco One': otherTelco.id, 'Backup SIP': otherTelco.id }, holidays: { Christmas: null } }
    const preview = await call('previewApply', { source: { profileId: sourceId }, items: [ruleItem], targets: [otherTenantId], mappings: { [otherTenantId]: mapping } })
    expect(preview.targets[0]!.items[0]).toMatchObject({ action: 'create' })

    const rollout = await call('startApply', { source: { profileId: sourceId }, items: [ruleItem], targets: [otherTenantId], mappings: { [otherTenantId]: mapping } })
    const done = await ended(rollout.id)
    expect(done.targets[0]!.items[0]).toMatchObject({ outcome: 'created' })
    const [created] = await rulesNamed(otherTenantId, RULE)
    expect(created!.routes!.map((r) => [r.provider_id, r.prepend, r.strip_digits])).toEqual([
      [otherTelco.id, '1', 0],
      [otherTelco.id, '', 1],
    ])
    expect(created!.holidays).toEqual([])
  })

  it('an update shows the fields it changes; a PBX that cannot be signed in to says why', async () => {
    const local = (await call('listOutboundRules', { profileId: sourceId, query: { skip: 0, top: 100 } })).items.find((r) => r.name === 'Local')!
    await call('updateOutboundRule', { profileId: sourceId, ruleId: local.id, changes: { number_length: '10;11;12' } })
    const stranger = await save('No password kept', pbxs[1]!.url, 'demo.pbx.example', false)
    const preview = await call('previewApply', { source: { profileId: sourceId }, items: [{ part: 'outboundRules', key: 'Local' }], targets: [targetIds[1]!, stranger] })
    expect(preview.targets[0]!.items[0]).toMatchObject({ action: 'update', changes: [{ path: ['number_length'], kind: 'changed', before: '10;11', after: '10;11;12' }] })
    expect(preview.targets[1]).toMatchObject({ state: 'failed', error: 'Sign in to this PBX.' })
    await call('removeProfile', { profileId: stranger })
  })
})

describe('a rollout to ten PBXs, one going down half-way', () => {
  let rollout: Rollout

  it('the nine finish, the tenth is reported with the reason; no rule is left without its routes', async () => {
    pbxs[TARGETS - 1]!.faults.setLatency(150)
    rollout = await call('startApply', { source: { profileId: sourceId }, items: [ruleItem], targets: targetIds, concurrency: 4 })
    expect(rollout.running).toBe(true)
    // answered at once: the first PBXs are being applied to, the others wait their turn
    expect(rollout.targets.filter((t) => t.state === 'applying')).toHaveLength(4)
    expect(rollout.targets.filter((t) => t.state === 'waiting')).toHaveLength(TARGETS - 4)
    // the tenth goes down while it is being applied to
    for (let i = 0; i < 500; i++) {
      const now = await call('getRollout', { rolloutId: rollout.id })
      if (now.targets.find((t) => t.profileId === downId)!.state === 'applying') break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await pbxs[TARGETS - 1]!.faults.down()
    rollout = await ended(rollout.id)

    expect(rollout.running).toBe(false)
    const nine = rollout.targets.filter((t) => t.profileId !== downId)
    expect(nine.map((t) => [t.state, t.items[0]!.outcome])).toEqual(Array.from({ length: TARGETS - 1 }, () => ['done', 'created']))
    expect(nine.every((t) => t.account === 'manager')).toBe(true)
    const tenth = rollout.targets.find((t) => t.profileId === downId)!
    expect(tenth.items[0]!.outcome).toBe('failed')
    expect(tenth.error ?? tenth.items[0]!.error).toMatch(/reach|connect|refused/i)
    for (const id of targetIds.slice(0, TARGETS - 1)) {
      const rules = await rulesNamed(id, RULE)
      expect(rules).toHaveLength(1)
      expect(rules[0]!.routes).toHaveLength(2)
    }
    pbxs[TARGETS - 1]!.faults.setLatency(0)
    await pbxs[TARGETS - 1]!.faults.up()
    // whatever the PBX took before it went down, it is whole: one request made the rule with its routes
    for (const rule of await rulesNamed(downId, RULE)) expect(rule.routes).toHaveLength(2)
  }, 30_000)

  it('a retry applies the failed one again, to the same end state, nothing made twice', async () => {
    await call('retryRollout', { rolloutId: rollout.id })
    rollout = await ended(rollout.id)
    const tenth = rollout.targets.find((t) => t.profileId === downId)!
    expect(tenth.state).toBe('done')
    expect(['created', 'unchanged']).toContain(tenth.items[0]!.outcome)
    for (const id of targetIds) expect(await rulesNamed(id, RULE)).toHaveLength(1)
    // the nine were not asked again
    expect(rollout.targets.filter((t) => t.profileId !== downId).every((t) => t.items[0]!.outcome === 'created')).toBe(true)
  })

  it('is in the history: who, when, which PBXs, what was applied; kept on disk', async () => {
    const history = await call('listRollouts')
    expect(history[0]!.id).toBe(rollout.id)
    expect(history[0]).toMatchObject({ kind: 'apply', by: expect.any(String), source: { label: 'Source' }, items: [ruleItem] })
    expect(history[0]!.applied).toEqual([{ part: 'outboundRules', item: expect.objectContaining({ name: RULE, number_prefix: '0900' }) }])
    const file = JSON.parse(readFileSync(join(dir, 'config-history.json'), 'utf8')) as { version: number; rollouts: Rollout[] }
    expect(file.version).toBe(1)
    expect(file.rollouts[0]!.targets).toHaveLength(TARGETS)
    expect(JSON.stringify(file)).not.toMatch(/password/i)
  })

  it('undo deletes what it created on every PBX', async () => {
    const undo = await call('undoRollout', { rolloutId: rollout.id })
    expect(undo).toMatchObject({ kind: 'undo', undoOf: rollout.id })
    const done = await ended(undo.id)
    expect(done.targets.map((t) => t.items[0]!.outcome)).toEqual(Array.from({ length: TARGETS }, () => 'deleted'))
    for (const id of targetIds) expect(await rulesNamed(id, RULE)).toEqual([])
    expect((await call('getRollout', { rolloutId: rollout.id })).undoneBy).toBe(undo.id)
    expect((await failure(call('undoRollout', { rolloutId: rollout.id }))).message).toBe('rolloutId: that rollout was undone already.')
  })
})

describe('undo of an update', () => {
  it('writes back the state the rule had before', async () => {
    const target = targetIds[2]!
    const [before] = await rulesNamed(target, 'Local')
    const applied = await call('startApply', { source: { profileId: sourceId }, items: [{ part: 'outboundRules', key: 'Local' }], targets: [target] })
    expect((await ended(applied.id)).targets[0]!.items[0]).toMatchObject({ outcome: 'updated', before: { part: 'outboundRules', item: expect.objectContaining({ number_length: '10;11' }) } })
    expect((await rulesNamed(target, 'Local'))[0]!.number_length).toBe('10;11;12')

    const undo = await call('undoRollout', { rolloutId: applied.id })
    expect((await ended(undo.id)).targets[0]!.items[0]!.outcome).toBe('updated')
    expect((await rulesNamed(target, 'Local'))[0]).toEqual(before)
  })
})

describe('an undo that partly failed', () => {
  it('is retried: the PBX that was down has the rule taken back too, and the others are not asked again', async () => {
    const two = [targetIds[3]!, targetIds[4]!]
    const applied = await call('startApply', { source: { profileId: sourceId }, items: [ruleItem], targets: two })
    expect((await ended(applied.id)).targets.map((t) => t.items[0]!.outcome)).toEqual(['created', 'created'])
    await pbxs[4]!.faults.down()
    try {
      const undo = await call('undoRollout', { rolloutId: applied.id })
      const partly = await ended(undo.id)
      expect(partly.targets.map((t) => t.items[0]!.outcome)).toEqual(['deleted', 'failed'])
      expect(await rulesNamed(two[0]!, RULE)).toEqual([])
    } finally {
      await pbxs[4]!.faults.up()
    }
    const undoId = (await call('getRollout', { rolloutId: applied.id })).undoneBy!
    expect(await rulesNamed(two[1]!, RULE)).toHaveLength(1)
    await call('retryRollout', { rolloutId: undoId })
    const retried = await ended(undoId)
    expect(retried.targets.map((t) => [t.state, t.items[0]!.outcome])).toEqual([
      ['done', 'deleted'],
      ['done', 'deleted'],
    ])
    expect(await rulesNamed(two[1]!, RULE)).toEqual([])
  })
})
