import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FleetStatus } from '../../../electron/contract/fleet'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { profileFields } from '../../support/profile-fields'
import { selfSignedCertificate } from '../../support/self-signed'
import { invoker, pushEnded } from '../invoke'
import { testServices } from '../test-services'

// The fleet overview through the Bridge, against several demo PBXs at once: a seeded one (a tenant
// admin, and the system administrator), one with the legacy notification settings and no seed,
// one down, one with a self-signed certificate (trusted for one saved PBX, not for another).

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
const cert = selfSignedCertificate('pbx.fleet.example')
let seeded: Demo
let legacy: Demo
let gone: Demo
let tls: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
const ids: Record<string, string> = {}

const fields = (label: string, baseUrl: string, username: string, domain = '', more: Parameters<typeof profileFields>[3] = {}) => profileFields(label, baseUrl, username, { domain, ...more })

beforeAll(async () => {
  ;[seeded, legacy, gone, tls] = await Promise.all([
    startDemoPbx({ port: 0 }),
    startDemoPbx({ port: 0, seed: false, notificationVariant: 'legacy' }),
    startDemoPbx({ port: 0 }),
    startDemoPbx({ port: 0, tls: cert }),
  ])
  dir = mkdtempSync(join(tmpdir(), 'pbx-fleet-'))
  services = testServices(dir)
  call = invoker(services.handlers)
  const save = async (key: string, f: ReturnType<typeof fields>, password?: string) => {
    ids[key] = (await call('saveProfile', { fields: f })).id
    // remembered, then signed out: the fleet signs in from the keychain on its own
    if (password) {
      await call('signIn', { profileId: ids[key]!, password, remember: true })
      await call('signOut', { profileId: ids[key]! })
    }
  }
  await save('acme', fields('Acme', seeded.url, 'manager', 'demo.pbx.example', { group: 'North', tags: ['gold'] }), 'manager')
  await save('acmeSystem', fields('Acme system', seeded.url, 'admin'), 'admin')
  await save('other', fields('Other Co', seeded.url, 'manager', 'other.pbx.example'))
  await save('legacy', fields('Legacy', legacy.url, 'admin'), 'admin')
  await save('gone', fields('Gone', gone.url, 'manager', 'demo.pbx.example'), 'manager')
  await save('selfSigned', fields('Self-signed', tls.url, 'admin'))
  const pinned = (await call('saveProfile', { fields: fields('Pinned', tls.url, 'admin') })).id
  ids.pinned = pinned
  await call('trustCertificate', { profileId: pinned, certificate: { fingerprint256: cert.fingerprint256, subject: 'CN=pbx.fleet.example', validTo: new Date(Date.now() + 2 * 86_400_000).toUTCString() } })
  await call('signIn', { profileId: pinned, password: 'admin', remember: true })
  await gone.stop()
}, 30_000)
afterAll(async () => {
  await services.dispose()
  await Promise.all([seeded.stop(), legacy.stop(), tls.stop()])
  rmSync(dir, { recursive: true, force: true })
})

const entryOf = (status: FleetStatus, key: string) => status.entries.find((e) => e.profileId === ids[key])!

describe('the fleet through the Bridge', () => {
  let status: FleetStatus

  it('shows every saved PBX at once, before anything was read, with no figures yet', async () => {
    const first = await call('fleetStatus')
    // in the saved list's order
    expect(first.entries.map((e) => e.profileId)).toEqual((await call('listProfiles')).map((p) => p.id))
    expect(new Set(first.entries.map((e) => e.profileId))).toEqual(new Set(Object.values(ids)))
    expect(first.pending).toBe(0)
    expect(first.entries.every((e) => e.checkedAt === undefined && e.refreshing === false)).toBe(true)
  })

  it('refreshes in the background: answers at once with every PBX pending, then fills each row', async () => {
    const started = await call('refreshFleet', {})
    expect(started.pending).toBe(Object.keys(ids).length)
    expect(started.entries.every((e) => e.refreshing)).toBe(true)
    await services.fleet.idle()
    status = await call('fleetStatus')
    expect(status.pending).toBe(0)
    expect(status.entries.every((e) => e.checkedAt !== undefined && !e.refreshing)).toBe(true)
  })

  it('a tenant admin whose password is remembered: signed in from the keychain, tenant, counts, last check', () => {
    const acme = entryOf(status, 'acme')
    expect(acme).toMatchObject({ reach: 'reachable', certificate: 'http', access: 'signed_in', tenant: 'Demo Company' })
    expect(acme.rttMs).toBeGreaterThanOrEqual(0)
    // the IVR servers are the system administrator's: a tenant admin may not read them
    expect(acme.counts).toEqual({ dectBases: 3, handsets: expect.any(Number), outboundRules: expect.any(Number), ivrServers: 'not_allowed' })
    expect(acme.counts.handsets).toBeGreaterThanOrEqual(2)
    expect(acme.counts.outboundRules).toBeGreaterThanOrEqual(1)
    expect(acme.warnings).toEqual([])
  })

  it('the system administrator reads the IVR servers and the alert emails, not the tenants\' resources; an empty legacy variant is a warning', () => {
    expect(entryOf(status, 'acmeSystem')).toMatchObject({
      access: 'signed_in',
      notifications: 'recipients',
      counts: { ivrServers: 2, dectBases: 'not_allowed', outboundRules: 'not_allowed' },
    })
    const old = entryOf(status, 'legacy')
    expect(old).toMatchObject({ access: 'signed_in', notifications: 'no_recipients', counts: { ivrServers: 1 } }) // the built-in IVR, even unseeded
    expect(old.warnings).toContainEqual({ kind: 'no_alert_recipients', text: 'No one gets the alert emails: no recipients are set.' })
  })

  it('a PBX without a kept password shows what /api/info says, and needs a sign-in', () => {
    const other = entryOf(status, 'other')
    expect(other).toMatchObject({ reach: 'reachable', access: 'needs_password', tenant: 'Other Company', counts: {} })
  })

  it('a PBX that is down: unreachable with why, its password still remembered', () => {
    const down = entryOf(status, 'gone')
    expect(down).toMatchObject({ reach: 'unreachable', access: 'remembered' })
    expect(down.warnings[0]).toMatchObject({ kind: 'unreachable', text: expect.stringMatching(/refused|not reach|did not answer/i) })
  })

  it('certificates: self-signed and not trusted (nothing sent); pinned, read, and ending in two days', () => {
    const untrusted = entryOf(status, 'selfSigned')
    expect(untrusted).toMatchObject({ reach: 'untrusted', certificate: 'untrusted', access: 'needs_password' })
    expect(untrusted.warnings.map((w) => w.kind)).toContain('certificate_untrusted')
    const pinned = entryOf(status, 'pinned')
    expect(pinned).toMatchObject({ reach: 'reachable', certificate: 'pinned', access: 'signed_in', counts: { ivrServers: 2 } })
    expect(pinned.warnings).toContainEqual({ kind: 'certificate_expiring', text: expect.stringMatching(/^The certificate expires in [12] days? \(\d{4}-\d\d-\d\d\)\.$/) })
  })

  it('keeps the figures in fleet.json, without a secret, and shows them again after a restart', async () => {
    const text = readFileSync(join(dir, 'fleet.json'), 'utf8')
    for (const secret of ['manager', 'admin', 'smtp-secret', ...seeded.issuedTokens]) expect(text.includes(`"${secret}"`)).toBe(false)
    const again = testServices(dir)
    try {
      const kept = await invoker(again.handlers)('fleetStatus')
      expect(kept.entries.map(({ refreshing: _r, ...entry }) => entry)).toEqual(status.entries.map(({ refreshing: _r, ...entry }) => entry))
    } finally {
      await again.dispose()
    }
  })

  it('a run that never opened the overview (the app quit at once, a command line) leaves fleet.json as it was', async () => {
    const before = readFileSync(join(dir, 'fleet.json'), 'utf8')
    const quick = testServices(dir)
    await invoker(quick.handlers)('listProfiles')
    await quick.dispose()
    expect(readFileSync(join(dir, 'fleet.json'), 'utf8')).toBe(before)
  })

  it('names the last batch pushed to a PBX', async () => {
    const batch = await call('createEmptyBatch', { name: 'Fleet site', defaults: { vendor: 'Yealink', model: 'W80B' } })
    await call('scanMac', { batchId: batch.id, mac: '001565F1EE01', namePattern: 'Base {n}' })
    await call('openPbx', { profileId: ids.acme! })
    await call('startPush', { batchId: batch.id, profileId: ids.acme! })
    expect(await pushEnded(call, batch.id)).toMatchObject({ created: 1 })
    await call('refreshFleet', { profileIds: [ids.acme!] })
    await services.fleet.idle()
    const acme = entryOf(await call('fleetStatus'), 'acme')
    expect(acme.lastBatch).toMatchObject({ batchId: batch.id, name: 'Fleet site', status: 'done' })
    // pushed a moment ago: not yet "not seen"
    expect(acme.warnings.map((w) => w.kind)).not.toContain('base_not_seen')
  })

  it('reads a PBX asked for twice at once only once', async () => {
    const before = seeded.requests
    await call('refreshFleet', { profileIds: [ids.other!] })
    await call('refreshFleet', { profileIds: [ids.other!, ids.other!] })
    await services.fleet.idle()
    // GET /api/info, no more: no password is kept for it
    expect(seeded.requests - before).toBe(1)
  })

  it('refuses a concurrency out of bounds, naming the field', async () => {
    await expect(call('refreshFleet', { concurrency: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'concurrency' })
  })
})
