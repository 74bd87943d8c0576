import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApplyItemRef } from '../../../electron/contract/config-apply'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { profileFields } from '../../support/profile-fields'
import { invoker } from '../invoke'
import { testServices } from '../test-services'

// Restoring a snapshot file, part by part, against demo PBXs: custom templates and IVR servers
// created or updated, the built-in server only switched, the notification settings onto the
// current and the legacy variant (the mail password never sent), and what a legacy PBX cannot take.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let seeded: Demo
let empty: Demo
let legacy: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
const ids: Record<string, string> = {}

beforeAll(async () => {
  ;[seeded, empty, legacy] = await Promise.all([startDemoPbx({ port: 0 }), startDemoPbx({ port: 0, seed: false }), startDemoPbx({ port: 0, seed: false, notificationVariant: 'legacy' })])
  dir = mkdtempSync(join(tmpdir(), 'pbx-apply-parts-'))
  services = testServices(dir)
  call = invoker(services.handlers)
  const save = async (key: string, url: string, username: string, domain = '') => {
    ids[key] = (await call('saveProfile', { fields: profileFields(key, url, username, { domain }) })).id
    await call('signIn', { profileId: ids[key]!, password: username, remember: true })
  }
  await save('seededTenant', seeded.url, 'manager', 'demo.pbx.example')
  await save('seededSystem', seeded.url, 'admin')
  await save('emptyTenant', empty.url, 'manager', 'demo.pbx.example')
  await save('emptySystem', empty.url, 'admin')
  await save('legacySystem', legacy.url, 'admin')
}, 30_000)
afterAll(async () => {
  await services.dispose()
  await Promise.all([seeded.stop(), empty.stop(), legacy.stop()])
  rmSync(dir, { recursive: true, force: true })
})

async function applyFile(snapshotJson: string, items: ApplyItemRef[], target: string) {
  const preview = await call('previewApply', { source: { snapshotJson }, items, targets: [target] })
  // what cannot be applied is skipped, as the user chose it after this preview
  const rollout = await call('startApply', { source: { snapshotJson }, items, targets: [target], skipCannot: true })
  await services.config.idle()
  return { plans: preview.targets[0]!.items, results: (await call('getRollout', { rolloutId: rollout.id })).targets[0]!.items }
}

describe('restoring a snapshot file', () => {
  it("a tenant's custom templates: created where the PBX has the default, then unchanged", async () => {
    const { json } = await call('takeSnapshot', { profileId: ids.seededTenant! })
    const items: ApplyItemRef[] = [
      { part: 'emailTemplates', key: 'VOICEMAIL_RECEIVED' },
      { part: 'emailTemplates', key: 'USER_CREATION' },
    ]
    const first = await applyFile(json, items, ids.emptyTenant!)
    expect(first.plans.map((p) => p.action)).toEqual(['create', 'create'])
    expect(first.results.map((r) => r.outcome)).toEqual(['created', 'created'])
    const there = await call('listEmailTemplates', { profileId: ids.emptyTenant! })
    const seededList = await call('listEmailTemplates', { profileId: ids.seededTenant! })
    const customised = (list: typeof there) => list.filter((t) => t.customised).map((t) => t.template)
    expect(customised(there)).toEqual(customised(seededList))
    const again = await applyFile(json, items, ids.emptyTenant!)
    expect(again.plans.map((p) => p.action)).toEqual(['unchanged', 'unchanged'])
  })

  it('IVR servers: an external one created; the built-in one only switched on or off, whatever its name', async () => {
    await call('openPbx', { profileId: ids.seededSystem! })
    const servers = await call('listIvrServers', { profileId: ids.seededSystem!, query: { skip: 0, top: 100 } })
    const builtIn = servers.items.find((s) => s.type === 'INTERNAL')!
    await call('setIvrServerEnabled', { profileId: ids.seededSystem!, serverId: builtIn.id, enabled: false })
    const { json } = await call('takeSnapshot', { profileId: ids.seededSystem! })
    const { plans, results } = await applyFile(
      json,
      [
        { part: 'ivrServers', key: 'Reception IVR' },
        { part: 'ivrServers', key: builtIn.name! },
      ],
      ids.emptySystem!,
    )
    expect(plans.map((p) => [p.action, p.changes])).toEqual([
      ['create', []],
      ['update', [{ path: ['enabled'], kind: 'changed', before: true, after: false }]],
    ])
    expect(results.map((r) => r.outcome)).toEqual(['created', 'updated'])
    const after = (await call('listIvrServers', { profileId: ids.emptySystem!, query: { skip: 0, top: 100 } })).items
    expect(after.map((s) => [s.name, s.type, s.enabled, s.ipv4])).toEqual([
      ['Built-in IVR', 'INTERNAL', false, '127.0.0.1'],
      ['Reception IVR', 'EXTERNAL', true, '192.168.1.50'],
    ])
  })

  it('notification settings onto the current variant, the mail password left as it was', async () => {
    const { json } = await call('takeSnapshot', { profileId: ids.seededSystem! })
    const { plans, results } = await applyFile(json, [{ part: 'notification', key: 'settings' }], ids.emptySystem!)
    // the PBX without a seed has no mail server yet
    expect(plans[0]).toMatchObject({ action: 'update', reason: 'the mail password stays as it is on this PBX (a snapshot never holds it)' })
    expect(plans[0]!.changes).toEqual(expect.arrayContaining([{ path: ['server'], kind: 'changed', before: '', after: 'smtp.demo.example' }]))
    expect(results[0]!.outcome).toBe('updated')
    // the seeded PBX's mail password never left it
    expect(json).not.toContain('smtp-secret')
    const source = await call('getNotificationSettings', { profileId: ids.seededSystem! })
    const target = await call('getNotificationSettings', { profileId: ids.emptySystem! })
    expect(target.settings).toEqual(source.settings)
  })

  it('onto a legacy PBX: sent without type and tenant access; an AUTO sign-in it cannot take is refused before anything is sent', async () => {
    const { snapshot } = await call('takeSnapshot', { profileId: ids.seededSystem! })
    if (snapshot.notification.state !== 'read') throw new Error('the system administrator reads the settings')
    const settings = snapshot.notification.settings
    const withAuth = (auth: 'LOGIN' | 'AUTO') => JSON.stringify({ ...snapshot, notification: { state: 'read', settings: { ...settings, auth } } })
    const refused = await applyFile(withAuth('AUTO'), [{ part: 'notification', key: 'settings' }], ids.legacySystem!)
    expect(refused.plans[0]).toMatchObject({ action: 'cannot', reason: 'this PBX has the older settings, which sign in to the mail server with LOGIN or PLAIN only, not AUTO' })
    expect(refused.results[0]).toMatchObject({ outcome: 'skipped', error: refused.plans[0]!.reason })

    const taken = await applyFile(withAuth('LOGIN'), [{ part: 'notification', key: 'settings' }], ids.legacySystem!)
    expect(taken.results[0]!.outcome).toBe('updated')
    const after = await call('getNotificationSettings', { profileId: ids.legacySystem! })
    expect(after.variant).toBe('legacy')
    expect(after.settings).toMatchObject({ server: 'smtp.demo.example', username: 'alerts@demo.example', auth: 'LOGIN' })
  })

  it('a part the target account may not change is "cannot", with the reason', async () => {
    const { json } = await call('takeSnapshot', { profileId: ids.seededSystem! })
    const { plans } = await applyFile(json, [{ part: 'ivrServers', key: 'Reception IVR' }], ids.emptyTenant!)
    expect(plans[0]).toMatchObject({ action: 'cannot', reason: 'IVR servers: the account saved for this PBX may not change them' })
  })
})

describe('DECT bases from a snapshot', () => {
  const reception = '805EC0A1B2C3'
  const baseRef: ApplyItemRef[] = [{ part: 'dectBases', key: reception }]
  const baseOn = async (profileId: string) => (await call('listDectPhones', { profileId })).find((p) => p.mac === reception)
  const membersOn = async (profileId: string, phoneId: string) =>
    (await call('listBaseMembers', { profileId, phoneId })).members.map((m) => [m.extension_number, m.ipui, String(m.handset_index)])

  it('onto a PBX without the extensions: the handsets are refused, so the base it had just added is deleted again', async () => {
    const { json } = await call('takeSnapshot', { profileId: ids.seededTenant! })
    const { plans, results } = await applyFile(json, baseRef, ids.emptyTenant!)
    expect(plans[0]).toMatchObject({ action: 'create', reason: "a snapshot holds no base passwords: the new base has the PBX's defaults" })
    expect(results[0]!.outcome).toBe('failed')
    expect(results[0]!.error).toMatch(/^The PBX refused the base's handsets, so the base was not kept: .*1001/)
    expect(await baseOn(ids.emptyTenant!)).toBeUndefined()
  })

  it('restored onto its own PBX: fields and handsets written back, and the undo puts the changed state back', async () => {
    const tenant = ids.seededTenant!
    const { json } = await call('takeSnapshot', { profileId: tenant })
    const base = (await baseOn(tenant))!
    // someone renamed the base and moved a handset off it
    await call('updateDectPhone', { profileId: tenant, phoneId: base.id, changes: { name: 'Front desk', tone: 'GER' } })
    await call('saveBaseMembers', { profileId: tenant, phoneId: base.id, members: [{ extension_number: '1001', ipui: '00092263DD', handset_index: '1' }] })

    const { plans, results } = await applyFile(json, baseRef, tenant)
    expect(plans[0]!.action).toBe('update')
    expect(plans[0]!.changes.map((c) => c.path.join('.'))).toEqual(expect.arrayContaining(['name', 'members.1']))
    expect(results[0]!.outcome).toBe('updated')
    expect((await baseOn(tenant))!.name).toBe('Reception base')
    expect(await membersOn(tenant, base.id)).toEqual([
      ['1001', '00092263DD', '1'],
      ['1002', '00092263DE', '2'],
    ])

    const applied = (await call('listRollouts', undefined))[0]!
    await call('undoRollout', { rolloutId: applied.id })
    await services.config.idle()
    expect((await baseOn(tenant))!.name).toBe('Front desk')
    expect(await membersOn(tenant, base.id)).toEqual([['1001', '00092263DD', '1']])
  })

  it('a base deleted on the PBX is added again with its handsets, and undone by deleting it', async () => {
    const tenant = ids.seededTenant!
    const { json } = await call('takeSnapshot', { profileId: tenant })
    await call('deleteDectPhone', { profileId: tenant, phoneId: (await baseOn(tenant))!.id })
    const { plans, results } = await applyFile(json, baseRef, tenant)
    expect(plans[0]!.action).toBe('create')
    expect(results[0]!.outcome).toBe('created')
    const added = (await baseOn(tenant))!
    expect(added).toMatchObject({ name: 'Front desk', model: 'W70B' })
    expect(await membersOn(tenant, added.id)).toEqual([['1001', '00092263DD', '1']])
    expect(results[0]!.createdId).toBe(added.id)

    await call('undoRollout', { rolloutId: (await call('listRollouts', undefined))[0]!.id })
    await services.config.idle()
    expect(await baseOn(tenant)).toBeUndefined()
  })

  it('a base of another model under the same MAC is "cannot": a model is set when a base is added', async () => {
    const tenantSnapshot = (await call('takeSnapshot', { profileId: ids.seededTenant! })).snapshot
    if (tenantSnapshot.dectBases.state !== 'read') throw new Error('the tenant reads its bases')
    const warehouse = tenantSnapshot.dectBases.items.find((b) => b.name === 'Warehouse base')!
    const other = { ...tenantSnapshot, dectBases: { state: 'read', items: [{ ...warehouse, model: 'N670' }] } }
    const { plans } = await applyFile(JSON.stringify(other), [{ part: 'dectBases', key: warehouse.mac }], ids.seededTenant!)
    expect(plans[0]).toMatchObject({ action: 'cannot' })
    expect(plans[0]!.reason).toContain('with model "M400", not "N670"')
  })
})
