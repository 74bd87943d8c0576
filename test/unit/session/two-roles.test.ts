import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import { entryMerges } from '../../../electron/contract/profile-merge'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import { KEYCHAIN_SERVICE } from '../../../electron/services/keychain/secret-store'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

/**
 * One saved entry per PBX for both roles (issue 38): a tenant entry holds the system
 * administrator's sign-in too, each with its own keychain account; the areas that need the system
 * administrator use it; a pair of entries saved before can be merged with nothing lost.
 */
type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dir: string

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0 })
  dir = mkdtempSync(join(tmpdir(), 'pbx-two-roles-'))
})
afterAll(async () => {
  await pbx.stop()
  rmSync(dir, { recursive: true, force: true })
})

const tenant = { label: 'Demo Company', username: 'manager', domain: 'demo.pbx.example', tags: ['gold'], notes: 'Reception: ask for Ms Weber.' }
const system = { label: 'Demo PBX admin', username: 'admin', domain: '', tags: ['hosted', 'gold'], notes: 'Hosted in Frankfurt.' }

function setUp() {
  const store = createMemorySecretStore()
  const dataDir = mkdtempSync(join(dir, 'd-'))
  const services = testServices(dataDir, { keychain: { available: true, store } })
  return { store, dataDir, services, call: invoker(services.handlers) }
}

describe('a tenant entry with the system administrator sign-in', () => {
  it('signs in both roles on one entry: IVR servers and notifications use the system administrator, the tenant areas the entry', async () => {
    const { store, services, call } = setUp()
    const entry = await call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    await call('signIn', { profileId: entry.id, password: 'manager', remember: true })

    // without the second sign-in, the system areas say what to do
    const refused = await failure(call('listIvrServers', { profileId: entry.id }))
    expect(refused).toMatchObject({ code: 'NOT_SIGNED_IN' })
    expect(refused.message).toContain('Sign in as the system administrator of this PBX')

    // a wrong password leaves the entry as it was signed in
    expect(await failure(call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'nope', remember: true }))).toMatchObject({ status: 401 })
    expect((await call('listProfiles'))[0]!.systemAdmin).toBeNull()
    const state = await call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'admin', remember: true })
    expect(state).toMatchObject({ profileId: entry.id, status: 'signed_in', user: { role_name: 'Admin' }, system: { status: 'signed_in', user: { role_name: 'SystemAdmin' } } })
    expect((await call('listProfiles'))[0]).toMatchObject({ id: entry.id, systemAdmin: { username: 'admin', rememberPassword: true } })
    // each sign-in its own keychain account
    expect(JSON.parse((await store.getPassword(KEYCHAIN_SERVICE, `pbx:${entry.id}`)) ?? '{}')).toMatchObject({ password: 'manager' })
    expect(JSON.parse((await store.getPassword(KEYCHAIN_SERVICE, `pbx:${entry.id}:system`)) ?? '{}')).toMatchObject({ password: 'admin' })

    expect((await call('listIvrServers', { profileId: entry.id })).items.length).toBeGreaterThan(0)
    expect(await call('getNotificationSettings', { profileId: entry.id })).toHaveProperty('settings')
    expect(await call('listOutboundRules', { profileId: entry.id })).toHaveProperty('items')

    // signing out the system administrator alone keeps the entry signed in
    expect(await call('signOut', { profileId: entry.id, as: 'system' })).toMatchObject({ status: 'signed_in', system: { status: 'signed_out' } })
    await services.dispose()
  })

  it('a snapshot of the entry reads IVR servers and notification settings as the system administrator, the rest as the tenant', async () => {
    const { call, services } = setUp()
    const entry = await call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    await call('signIn', { profileId: entry.id, password: 'manager', remember: true })
    const before = (await call('takeSnapshot', { profileId: entry.id })).snapshot
    expect(before.ivrServers).toEqual({ state: 'not_allowed' })
    expect(before.outboundRules.state).toBe('read')

    await call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'admin', remember: true })
    const both = (await call('takeSnapshot', { profileId: entry.id })).snapshot
    expect(both.ivrServers.state).toBe('read')
    expect(both.notification.state).toBe('read')
    expect(both.outboundRules).toEqual(before.outboundRules)
    await services.dispose()
  })

  it('after a restart the system areas sign the second role in from the keychain, without a dialog', async () => {
    const { store, dataDir, services, call } = setUp()
    const entry = await call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    await call('signIn', { profileId: entry.id, password: 'manager', remember: true })
    await call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'admin', remember: true })
    await services.dispose()

    const again = testServices(dataDir, { keychain: { available: true, store } })
    const call2 = invoker(again.handlers)
    expect(await call2('listSessions')).toEqual([{ profileId: entry.id, status: 'signed_out', system: { status: 'signed_out' } }])
    expect(await call2('openPbx', { profileId: entry.id, as: 'system' })).toMatchObject({ status: 'signed_out', system: { status: 'signed_in' } })
    expect((await call2('listIvrServers', { profileId: entry.id })).items.length).toBeGreaterThan(0)
    await again.dispose()
  })

  it('another system administrator the PBX refuses leaves the one kept, with its remembered password', async () => {
    const { store, call, services } = setUp()
    const entry = await call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    await call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'admin', remember: true })
    expect(await failure(call('signIn', { profileId: entry.id, as: 'system', username: 'root', password: 'admin', remember: true }))).toMatchObject({ status: 401 })
    expect((await call('listProfiles'))[0]!.systemAdmin).toEqual({ username: 'admin', rememberPassword: true })
    expect(JSON.parse((await store.getPassword(KEYCHAIN_SERVICE, `pbx:${entry.id}:system`)) ?? '{}')).toMatchObject({ password: 'admin' })
    await call('signOut', { profileId: entry.id, as: 'system' })
    expect(await call('openPbx', { profileId: entry.id, as: 'system' })).toMatchObject({ system: { status: 'signed_in', user: { username: 'admin' } } })
    await services.dispose()
  })

  it('a new address forgets the system administrator sign-in; removing the entry forgets both keychain accounts', async () => {
    const { store, call, services } = setUp()
    const entry = await call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    await call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'admin', remember: true })
    const moved = await call('saveProfile', { id: entry.id, fields: { ...tenant, baseUrl: pbx.url.replace('127.0.0.1', 'localhost') } })
    expect(moved.systemAdmin).toBeNull()
    expect(await store.getPassword(KEYCHAIN_SERVICE, `pbx:${entry.id}:system`)).toBeNull()

    await call('signIn', { profileId: entry.id, password: 'manager', remember: true })
    await call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'admin', remember: true })
    expect(store.size()).toBe(2)
    await call('removeProfile', { profileId: entry.id })
    expect(store.size()).toBe(0)
    await services.dispose()
  })

  it('a system-administrator entry is that role already: it takes no second sign-in', async () => {
    const { call, services } = setUp()
    const admin = await call('saveProfile', { fields: { ...system, baseUrl: pbx.url } })
    expect(await failure(call('signIn', { profileId: admin.id, as: 'system', username: 'other', password: 'x' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'username' })
    expect(await call('signIn', { profileId: admin.id, as: 'system', password: 'admin' })).toMatchObject({ status: 'signed_in', user: { role_name: 'SystemAdmin' } })
    expect((await call('listIvrServers', { profileId: admin.id })).items.length).toBeGreaterThan(0)
    await services.dispose()
  })
})

describe('moving an entry with both roles to another machine', () => {
  it('the export names the system administrator (never a password); the import keeps it, asking for the password once', async () => {
    const first = setUp()
    const entry = await first.call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    await first.call('signIn', { profileId: entry.id, as: 'system', username: 'admin', password: 'admin', remember: true })
    const { json } = await first.call('exportProfiles')
    expect(JSON.parse(json).profiles[0]).toMatchObject({ label: 'Demo Company', systemAdmin: { username: 'admin' } })
    expect(json).not.toContain('"password"')

    const second = setUp()
    expect(await second.call('importProfiles', { json })).toEqual({ added: 1, skipped: [] })
    const [imported] = await second.call('listProfiles')
    expect(imported!.systemAdmin).toEqual({ username: 'admin', rememberPassword: false })
    expect(await failure(second.call('listIvrServers', { profileId: imported!.id, query: {} }))).toMatchObject({ code: 'NOT_SIGNED_IN' })

    const onSystemEntry = JSON.stringify({ version: 1, profiles: [{ ...system, baseUrl: pbx.url, systemAdmin: { username: 'admin' } }] })
    const refused = await failure(second.call('importProfiles', { json: onSystemEntry }))
    expect(refused.message).toContain('PBX 1 (Demo PBX admin) in the file: systemAdmin: an entry without a tenant signs in as the system administrator already. Nothing was imported.')
    await first.services.dispose()
    await second.services.dispose()
  })
})

describe('merging a pair of entries saved for one PBX', () => {
  it('gives both tenant entries the sign-in, remembered password, tags and notes, then removes the system entry', async () => {
    const { store, call, services } = setUp()
    const a = await call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    const b = await call('saveProfile', { fields: { ...tenant, label: 'Other Company', username: 'manager', domain: 'other.pbx.example', baseUrl: pbx.url, notes: '' } })
    const elsewhere = await call('saveProfile', { fields: { ...tenant, label: 'Elsewhere', baseUrl: 'https://pbx.elsewhere.example' } })
    const admin = await call('saveProfile', { fields: { ...system, baseUrl: pbx.url } })
    await call('signIn', { profileId: admin.id, password: 'admin', remember: true })
    expect(entryMerges(await call('listProfiles')).map((m) => [m.system.id, m.tenants.map((t) => t.label).sort()])).toEqual([[admin.id, ['Demo Company', 'Other Company']]])
    // the demo PBX's own entry (both roles already) is made afresh at each start: never offered
    const demo = await call('startDemo')
    expect(demo.profileIds).toHaveLength(1)
    expect(entryMerges(await call('listProfiles')).map((m) => m.system.id)).toEqual([admin.id])

    const { merged, removed } = await call('mergeSystemEntry', { profileId: admin.id })
    expect(removed).toBe(admin.id)
    expect(merged.map((p) => p.id).sort()).toEqual([a.id, b.id].sort())
    const after = (await call('listProfiles')).filter((p) => !p.demo)
    expect(after.map((p) => p.id).sort()).toEqual([a.id, b.id, elsewhere.id].sort())
    const first = after.find((p) => p.id === a.id)!
    expect(first).toMatchObject({ systemAdmin: { username: 'admin', rememberPassword: true }, tags: ['gold', 'hosted'] })
    expect(first.notes).toBe('Reception: ask for Ms Weber.\n\nHosted in Frankfurt.')
    expect(after.find((p) => p.id === b.id)!.notes).toBe('Hosted in Frankfurt.')
    expect(after.find((p) => p.id === elsewhere.id)!.systemAdmin).toBeNull()
    expect(await store.getPassword(KEYCHAIN_SERVICE, `pbx:${admin.id}`)).toBeNull()

    // the copied password signs the second role in, with no dialog
    await call('signIn', { profileId: b.id, password: 'manager' })
    expect((await call('listIvrServers', { profileId: b.id })).items.length).toBeGreaterThan(0)
    await services.dispose()
  })

  it('refuses a tenant entry, and a system entry with no tenant entry at its address, leaving the list as it was', async () => {
    const { call, services } = setUp()
    const a = await call('saveProfile', { fields: { ...tenant, baseUrl: pbx.url } })
    const lone = await call('saveProfile', { fields: { ...system, baseUrl: 'https://lone.example' } })
    expect(await failure(call('mergeSystemEntry', { profileId: a.id }))).toMatchObject({ code: 'INVALID_INPUT', field: 'profileId' })
    const none = await failure(call('mergeSystemEntry', { profileId: lone.id }))
    expect(none.message).toContain('no tenant entry is saved for https://lone.example')
    expect((await call('listProfiles')).length).toBe(2)
    await services.dispose()
  })
})
