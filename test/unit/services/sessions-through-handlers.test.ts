import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import { createServices } from '../../../electron/services'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import type { SecretStore } from '../../../electron/services/keychain/secret-store'
import { invoker, type BridgeFailure } from '../invoke'

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dir: string
const app = { name: 'PBX Provisioner', version: 'test', versions: { node: process.versions.node }, platform: 'linux' }

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0 })
  dir = mkdtempSync(join(tmpdir(), 'pbx-handlers-'))
})
afterAll(async () => {
  await pbx.stop()
  rmSync(dir, { recursive: true, force: true })
})

const build = (store: SecretStore | null, dataDir = mkdtempSync(join(dir, 'd-'))) =>
  createServices({
    dataDir,
    keychain: store ? { available: true, store } : { available: false, reason: 'No keychain answered (test).' },
    app,
  })

const fields = (overrides: Record<string, unknown> = {}) => ({
  label: 'Demo Company',
  baseUrl: pbx.url,
  username: 'manager',
  domain: 'demo.pbx.example',
  ...overrides,
})

async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toHaveProperty('code')
  return error as BridgeFailure
}

describe('saved PBXs and sessions, through the Bridge handlers', () => {
  it('open asks for a sign-in; sign-in with remember; after a quit, open signs in with the remembered password', async () => {
    const store = createMemorySecretStore()
    const dataDir = mkdtempSync(join(dir, 'd-'))
    const first = build(store, dataDir)
    const profile = await invoker(first.handlers)('saveProfile', { fields: fields() })
    expect((await failure(invoker(first.handlers)('openPbx', { profileId: profile.id }))).code).toBe('NOT_SIGNED_IN')
    const state = await invoker(first.handlers)('signIn', { profileId: profile.id, password: 'manager', remember: true })
    expect(state).toMatchObject({ status: 'signed_in', user: { role_name: 'Admin' } })
    expect((await invoker(first.handlers)('listProfiles'))[0]).toMatchObject({ rememberPassword: true, lastUsedAt: expect.any(String) })
    await first.dispose() // quit: signs out on the PBX

    const second = build(store, dataDir)
    expect(await invoker(second.handlers)('listSessions')).toEqual([{ profileId: profile.id, status: 'signed_out' }])
    expect(await invoker(second.handlers)('openPbx', { profileId: profile.id })).toMatchObject({ status: 'signed_in' })
    await second.dispose()
  })

  it('sign-in without remember keeps no password; wrong password is the PBX 401', async () => {
    const store = createMemorySecretStore()
    const services = build(store)
    const profile = await invoker(services.handlers)('saveProfile', { fields: fields() })
    expect(await failure(invoker(services.handlers)('signIn', { profileId: profile.id, password: 'nope', remember: false }))).toMatchObject({ code: 'PBX_ERROR', status: 401 })
    await invoker(services.handlers)('signIn', { profileId: profile.id, password: 'manager', remember: false })
    await invoker(services.handlers)('signOut', { profileId: profile.id })
    expect(store.size()).toBe(0)
    expect((await failure(invoker(services.handlers)('openPbx', { profileId: profile.id }))).code).toBe('NOT_SIGNED_IN')
  })

  it('without a keychain: signs in, refuses "remember" plainly, and writes no secret anywhere', async () => {
    const services = build(null)
    const profile = await invoker(services.handlers)('saveProfile', { fields: fields() })
    expect((await failure(invoker(services.handlers)('signIn', { profileId: profile.id, password: 'manager', remember: true }))).code).toBe('NO_KEYCHAIN')
    expect(await invoker(services.handlers)('signIn', { profileId: profile.id, password: 'manager', remember: false })).toMatchObject({ status: 'signed_in' })
    await services.dispose()
  })

  it('editing where a PBX signs in ends its session and forgets its password; removing signs out first', async () => {
    const store = createMemorySecretStore()
    const services = build(store)
    const profile = await invoker(services.handlers)('saveProfile', { fields: fields() })
    await invoker(services.handlers)('signIn', { profileId: profile.id, password: 'manager', remember: true })
    await invoker(services.handlers)('saveProfile', { id: profile.id, fields: fields({ label: 'Renamed' }) })
    expect((await invoker(services.handlers)('listSessions'))[0]?.status).toBe('signed_in')
    const edited = await invoker(services.handlers)('saveProfile', { id: profile.id, fields: fields({ signInMethod: 'oauth' }) })
    expect(edited.rememberPassword).toBe(false)
    expect((await invoker(services.handlers)('listSessions'))[0]?.status).toBe('signed_out')
    expect(store.size()).toBe(0)

    await invoker(services.handlers)('signIn', { profileId: profile.id, password: 'manager', remember: true })
    expect(store.size()).toBe(1)
    expect(await invoker(services.handlers)('removeProfile', { profileId: profile.id })).toEqual({ removed: true })
    expect(store.size()).toBe(0)
    expect(await invoker(services.handlers)('listProfiles')).toEqual([])
    expect((await failure(invoker(services.handlers)('openPbx', { profileId: profile.id }))).code).toBe('NOT_FOUND')
  })

  it('"Try the demo PBX" saves one entry with both sign-ins, the demo passwords remembered, once; an older pair is replaced', async () => {
    const store = createMemorySecretStore()
    const dataDir = mkdtempSync(join(dir, 'd-'))
    // saved by an older version: the demo's system administrator as an entry of its own, and a PBX of the user's
    const entry = (id: string, label: string, username: string, domain: string, demo: boolean) => ({
      id, label, baseUrl: 'http://127.0.0.1:1', username, domain, signInMethod: 'sign_in', customer: '', tags: [], notes: '',
      createdAt: '2026-11-01T09:00:00.000Z', lastUsedAt: null, rememberPassword: false, trustedCertificate: null, demo,
    })
    const older = [entry('old-demo-system', 'Demo PBX · system administrator', 'admin', '', true), entry('users-own', 'Head office', 'admin', '', false)]
    writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, profiles: older }))
    const services = build(store, dataDir)
    const call = invoker(services.handlers)
    const first = await call('startDemo')
    const again = await call('startDemo')
    expect(again.profileIds).toEqual(first.profileIds)
    expect(first.profileIds).toHaveLength(1)
    const saved = (await call('listProfiles')).filter((p) => p.demo)
    expect(saved).toEqual([expect.objectContaining({ label: 'Demo PBX · Demo Company', rememberPassword: true, baseUrl: first.baseUrl, systemAdmin: { username: 'admin', rememberPassword: true } })])
    expect((await call('listProfiles')).map((p) => p.id).sort()).toEqual([first.profileIds[0], 'users-own'].sort()) // the user's own is never touched
    const [demo] = first.profileIds
    expect(await call('openPbx', { profileId: demo! })).toMatchObject({ user: { role_name: 'Admin' } })
    expect(await call('openPbx', { profileId: demo!, as: 'system' })).toMatchObject({ system: { status: 'signed_in', user: { role_name: 'SystemAdmin' } } })
    await services.dispose()
  })

  it('two-factor sign-in: the password step asks for the mailed code; a wrong code is said; the right one signs in and remembers', async () => {
    const store = createMemorySecretStore()
    const services = build(store)
    const call = invoker(services.handlers)
    const profile = await call('saveProfile', { fields: fields({ username: 'installer' }) })
    const mailsBefore = pbx.outbox.length
    expect(await call('signIn', { profileId: profile.id, password: 'installer', remember: true })).toEqual({ profileId: profile.id, status: 'code_required' })
    expect(store.size()).toBe(0) // nothing kept before the sign-in is complete
    const mail = pbx.outbox.slice(mailsBefore).find((m) => m.kind === 'otp' && m.username === 'installer')
    expect(mail?.code).toMatch(/^\d{6}$/)
    const wrong = mail!.code === '000000' ? '111111' : '000000'
    expect(await failure(call('verifySignInCode', { profileId: profile.id, code: wrong }))).toMatchObject({ code: 'PBX_ERROR', status: 401, field: 'code' })
    expect((await failure(call('verifySignInCode', { profileId: profile.id, code: 'abc' }))).field).toBe('code')

    await call('resendSignInCode', { profileId: profile.id })
    const resent = pbx.outbox.filter((m) => m.kind === 'otp' && m.username === 'installer').at(-1)
    expect(await call('verifySignInCode', { profileId: profile.id, code: resent!.code! })).toMatchObject({ status: 'signed_in', user: { username: 'installer', role_name: 'Admin' } })
    expect(store.size()).toBe(1)
    expect((await call('listProfiles'))[0]).toMatchObject({ rememberPassword: true })
    await services.dispose()
  })
})
