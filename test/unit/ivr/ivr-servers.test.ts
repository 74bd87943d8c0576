import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failure, servicesOnDemo, type OnDemo } from '../outbound/services-on-demo'
import { startPassThrough, type PassThrough } from '../outbound/pass-through'

let demo: OnDemo
let admin: string

beforeAll(async () => {
  demo = await servicesOnDemo()
  admin = await demo.signedIn('admin')
})
afterAll(async () => {
  await demo.stop()
})

const page = (query: { skip?: number; top?: number; search?: string; orderby?: 'name' | 'name desc' | 'type' | 'type desc' } = {}) =>
  demo.call('listIvrServers', { profileId: admin, query })

describe('IVR servers through the Bridge', () => {
  it('lists one page, searched and sorted by the PBX', async () => {
    const created = await demo.call('createIvrServer', { profileId: admin, server: { name: 'Annex IVR', ipv4: '10.0.0.7' } })
    try {
      const all = await page()
      expect(all.count).toBe(3)
      expect(all.items.map((s) => s.name)).toEqual(['Built-in IVR', 'Reception IVR', 'Annex IVR'])

      const second = await page({ skip: 1, top: 1 })
      expect(second).toEqual({ count: 3, items: [expect.objectContaining({ name: 'Reception IVR' })] })

      expect((await page({ orderby: 'name' })).items.map((s) => s.name)).toEqual(['Annex IVR', 'Built-in IVR', 'Reception IVR'])
      expect((await page({ orderby: 'name desc' })).items.map((s) => s.name)).toEqual(['Reception IVR', 'Built-in IVR', 'Annex IVR'])
      expect((await page({ orderby: 'type desc' })).items[2]).toMatchObject({ type: 'INTERNAL' })

      // search matches the name and the addresses; an empty search lists everything
      expect((await page({ search: 'reception' })).items.map((s) => s.name)).toEqual(['Reception IVR'])
      expect(await page({ search: '10.0.0' })).toMatchObject({ count: 1, items: [{ name: 'Annex IVR' }] })
      expect((await page({ search: '  ' })).count).toBe(3)
    } finally {
      await demo.call('deleteIvrServer', { profileId: admin, serverId: created.id })
    }
  })

  it('refuses a page size the contract does not allow, before anything is sent', async () => {
    const before = demo.pbx.requests
    expect(await failure(page({ top: 101 }))).toMatchObject({ code: 'INVALID_INPUT', field: 'query.top' })
    expect(demo.pbx.requests).toBe(before)
  })

  it('creates an EXTERNAL server and answers it as read back; neither address is refused naming ipv4', async () => {
    const server = await demo.call('createIvrServer', {
      profileId: admin,
      server: { name: 'Branch IVR', ipv6: '2001:db8::50', enabled: false },
    })
    expect(server).toEqual({ id: expect.stringMatching(/^ivr-/), name: 'Branch IVR', ipv6: '2001:db8::50', enabled: false, type: 'EXTERNAL' })
    expect(await demo.call('getIvrServer', { profileId: admin, serverId: server.id })).toEqual(server)

    const before = demo.pbx.requests
    const refused = await failure(demo.call('createIvrServer', { profileId: admin, server: { name: 'No address' } }))
    expect(refused.code).toBe('INVALID_INPUT')
    expect(refused.field).toBe('server.ipv4')
    expect(refused.message).toMatch(/ipv4/)
    expect(demo.pbx.requests).toBe(before)
    await demo.call('deleteIvrServer', { profileId: admin, serverId: server.id })
  })

  it('switches a server off and on, each answer read back from the PBX', async () => {
    const { items } = await page({ search: 'Reception' })
    const reception = items[0]!
    expect(await demo.call('setIvrServerEnabled', { profileId: admin, serverId: reception.id, enabled: false })).toMatchObject({ id: reception.id, enabled: false })
    expect(await demo.call('getIvrServer', { profileId: admin, serverId: reception.id })).toMatchObject({ enabled: false })
    expect(await demo.call('setIvrServerEnabled', { profileId: admin, serverId: reception.id, enabled: true })).toMatchObject({ enabled: true })
    // the built-in server may be switched too (only `enabled` may change on it)
    const internal = (await page({ orderby: 'type' })).items[0]!
    expect(await demo.call('setIvrServerEnabled', { profileId: admin, serverId: internal.id, enabled: false })).toMatchObject({ type: 'INTERNAL', enabled: false })
    await demo.call('setIvrServerEnabled', { profileId: admin, serverId: internal.id, enabled: true })
  })

  it('deletes an EXTERNAL server; refuses the INTERNAL one before anything is sent to delete it', async () => {
    const server = await demo.call('createIvrServer', { profileId: admin, server: { name: 'Temporary IVR', ipv4: '10.1.1.1' } })
    expect(await demo.call('deleteIvrServer', { profileId: admin, serverId: server.id })).toEqual({ deleted: true })
    expect((await page({ search: 'Temporary' })).count).toBe(0)
    expect((await failure(demo.call('getIvrServer', { profileId: admin, serverId: server.id }))).status).toBe(404)

    const internal = (await page({ orderby: 'type' })).items[0]!
    expect(internal.type).toBe('INTERNAL')
    const pass = await startPassThrough(demo.pbx.url)
    try {
      const viaPass = await demo.signedIn('admin', pass.url)
      pass.log.length = 0
      const refused = await failure(demo.call('deleteIvrServer', { profileId: viaPass, serverId: internal.id }))
      expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'serverId' })
      expect(refused.message).toMatch(/built-in IVR server, which cannot be deleted/)
      expect(pass.log.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/ivr_servers/${internal.id}`])
    } finally {
      await pass.stop()
    }
    expect((await page()).items.some((s) => s.id === internal.id)).toBe(true)
  })

  it('a tenant entry without the system administrator sign-in is asked for it, before anything is sent', async () => {
    const manager = await demo.signedIn('manager@demo')
    const refused = await failure(demo.call('listIvrServers', { profileId: manager, query: {} }))
    expect(refused).toMatchObject({ code: 'NOT_SIGNED_IN', message: expect.stringContaining('Sign in as the system administrator of this PBX') })
  })
})

describe('IVR server statuses', () => {
  it('reachable, unreachable (TEST-NET-1, or switched off), and a server gone meanwhile left out', async () => {
    const reception = (await page({ search: 'Reception' })).items[0]!
    const testNet = await demo.call('createIvrServer', { profileId: admin, server: { name: 'Lab IVR', ipv4: '192.0.2.10' } })
    const off = await demo.call('createIvrServer', { profileId: admin, server: { name: 'Off IVR', ipv4: '10.2.2.2', enabled: false } })
    const gone = await demo.call('createIvrServer', { profileId: admin, server: { name: 'Gone IVR', ipv4: '10.3.3.3' } })
    await demo.call('deleteIvrServer', { profileId: admin, serverId: gone.id })

    const answer = await demo.call('ivrServerStatuses', { profileId: admin, serverIds: [reception.id, testNet.id, gone.id, off.id] })
    expect(answer.supported).toBe(true)
    expect(answer.statuses.map(({ id, reachable }) => ({ id, reachable }))).toEqual([
      { id: reception.id, reachable: true },
      { id: testNet.id, reachable: false },
      { id: off.id, reachable: false },
    ])
    expect(answer.statuses.every((s) => !Number.isNaN(Date.parse(s.checked_at)))).toBe(true)
    await demo.call('deleteIvrServer', { profileId: admin, serverId: testNet.id })
    await demo.call('deleteIvrServer', { profileId: admin, serverId: off.id })
  })

  it('asks a few at a time, every server once', async () => {
    const created = []
    for (let i = 0; i < 9; i++) created.push(await demo.call('createIvrServer', { profileId: admin, server: { name: `Bulk ${i}`, ipv4: `10.9.0.${i + 1}` } }))
    const ids = created.map((s) => s.id)
    const pass = await startPassThrough(demo.pbx.url)
    try {
      const viaPass = await demo.signedIn('admin', pass.url)
      demo.pbx.faults.setLatency(30)
      pass.log.length = 0
      pass.resetInFlight()
      const answer = await demo.call('ivrServerStatuses', { profileId: viaPass, serverIds: [...ids, ids[0]!] })
      expect(answer.statuses.map((s) => s.id)).toEqual(ids)
      expect(pass.log.filter((r) => r.path.endsWith('/status'))).toHaveLength(9)
      // each answer takes 30 ms, so the requests overlap: several at once, never more than 4
      expect(pass.maxInFlight).toBeGreaterThan(1)
      expect(pass.maxInFlight).toBeLessThanOrEqual(4)
    } finally {
      demo.pbx.faults.setLatency(0)
      await pass.stop()
      for (const id of ids) await demo.call('deleteIvrServer', { profileId: admin, serverId: id })
    }
  })

  it('a PBX that answers 404 on status: supported false, no statuses, and no further status request', async () => {
    const pass: PassThrough = await startPassThrough(demo.pbx.url)
    try {
      const viaPass = await demo.signedIn('admin', pass.url)
      const ids = (await page()).items.map((s) => s.id)
      pass.answer((method, path) => method === 'GET' && path.endsWith('/status'), 404)
      pass.log.length = 0
      expect(await demo.call('ivrServerStatuses', { profileId: viaPass, serverIds: ids })).toEqual({ supported: false, statuses: [] })
      // at most the first few (one round) were asked before the answer was known
      expect(pass.log.filter((r) => r.path.endsWith('/status')).length).toBeLessThanOrEqual(4)
    } finally {
      await pass.stop()
    }
  })
})
