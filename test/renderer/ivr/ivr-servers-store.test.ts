import { useIvrServersStore } from '@renderer/stores/ivr-servers'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { deferred, fail, globexProfile, wayneProfile, type FakePbx } from '../fake-pbx'
import { fakeIvrServers, FAKE_NO_DELETE, type FakeIvrState } from './fake-ivr'
import { setupIvr } from './ivr-setup'

const GLOBEX = globexProfile.id
let pbx: FakePbx
let ivr: FakeIvrState

beforeEach(() => {
  setActivePinia(createPinia())
  ;({ pbx, ivr } = setupIvr(4))
})

const names = () => useIvrServersStore().servers.map((server) => server.name)

describe('ivr-servers store: the list', () => {
  it('reads the first page in the PBX’s order, then the reachability of its servers', async () => {
    const store = useIvrServersStore()
    await store.load(GLOBEX)
    await vi.waitFor(() => expect(store.statusLoad).toBe('ready'))

    expect(pbx.listIvrServers).toHaveBeenCalledWith({ profileId: GLOBEX, query: { skip: 0, top: 25 } })
    expect(store.status).toBe('ready')
    expect(store.count).toBe(5)
    expect(names()).toEqual(['Built-in IVR', 'Branch 1', 'Branch 2', 'Branch 3', 'Branch 4'])
    expect(pbx.ivrServerStatuses).toHaveBeenCalledWith({ profileId: GLOBEX, serverIds: ['ivr-1', 'ivr-2', 'ivr-3', 'ivr-4', 'ivr-5'] })
    expect(store.statuses['ivr-2']).toEqual({ reachable: true, checked_at: '2025-03-01T08:00:00.000Z' })
  })

  it('a new search, order or page size starts at the first page; a page change keeps the rest', async () => {
    const store = useIvrServersStore()
    ivr.servers[GLOBEX] = fakeIvrServers(30)
    await store.load(GLOBEX, { top: 10 })
    await store.load(GLOBEX, { skip: 20 })
    expect(store.query).toEqual({ skip: 20, top: 10 })
    expect(store.servers).toHaveLength(10)

    await store.load(GLOBEX, { orderby: 'name desc' })
    expect(store.query).toEqual({ skip: 0, top: 10, orderby: 'name desc' })
    await store.load(GLOBEX, { skip: 10 })
    await store.load(GLOBEX, { search: 'branch' })
    expect(store.query).toEqual({ skip: 0, top: 10, orderby: 'name desc', search: 'branch' })
    expect(store.count).toBe(24)

    // an empty search and no order are not sent at all
    await store.load(GLOBEX, { search: '  ', orderby: undefined })
    expect(pbx.listIvrServers).toHaveBeenLastCalledWith({ profileId: GLOBEX, query: { skip: 0, top: 10 } })
  })

  it('keeps the query for the same PBX, and starts afresh for another', async () => {
    const store = useIvrServersStore()
    pbx.state.sessions[wayneProfile.id] = { ...pbx.state.sessions[GLOBEX]!, profileId: wayneProfile.id }
    ivr.servers[wayneProfile.id] = fakeIvrServers(0)
    await store.load(GLOBEX, { search: 'branch', orderby: 'name' })
    await store.load(GLOBEX)
    expect(store.query).toEqual({ skip: 0, top: 25, search: 'branch', orderby: 'name' })

    await store.load(wayneProfile.id)
    expect(store.query).toEqual({ skip: 0, top: 25 })
    expect(names()).toEqual(['Built-in IVR'])
  })

  it('shows the last load asked for when loads overlap', async () => {
    const store = useIvrServersStore()
    const slow = deferred<Awaited<ReturnType<typeof pbx.listIvrServers>>>()
    pbx.listIvrServers.mockImplementationOnce(() => slow.promise)
    const first = store.load(GLOBEX)
    await store.load(GLOBEX, { search: 'branch 2' })
    slow.resolve({ ok: true, value: { count: 1, items: [{ id: 'stale', name: 'Stale' }] } })
    await first

    expect(names()).toEqual(['Branch 2'])
  })

  it('goes back to the last page there is when the page asked for is past the end', async () => {
    const store = useIvrServersStore()
    await store.load(GLOBEX, { top: 2 })
    await store.load(GLOBEX, { skip: 20 })
    expect(store.query).toEqual({ skip: 4, top: 2 })
    expect(names()).toEqual(['Branch 4'])
  })

  it('keeps the error of a failed load; a bridge that throws is an INTERNAL error, not a load without end', async () => {
    const store = useIvrServersStore()
    pbx.listIvrServers.mockResolvedValueOnce(fail('NOT_SIGNED_IN', 'Sign in to the PBX first.'))
    await store.load(GLOBEX)
    expect(store.status).toBe('error')
    expect(store.error?.code).toBe('NOT_SIGNED_IN')

    pbx.listIvrServers.mockRejectedValueOnce(new Error('channel closed'))
    await store.load(GLOBEX)
    expect(store.status).toBe('error')
    expect(store.error?.code).toBe('INTERNAL')
    expect(store.error?.message).toContain('channel closed')
  })

  it('remembers a PBX that does not report reachability, and does not ask it again', async () => {
    const store = useIvrServersStore()
    ivr.noStatus[GLOBEX] = true
    await store.load(GLOBEX)
    await vi.waitFor(() => expect(store.statusUnsupported[GLOBEX]).toBe(true))
    await store.load(GLOBEX, { skip: 0 })
    await store.loadStatuses(GLOBEX, ['ivr-2'])

    expect(pbx.ivrServerStatuses).toHaveBeenCalledTimes(1)
    expect(store.statuses).toEqual({})
  })
})

describe('ivr-servers store: changing servers', () => {
  it('switches a server at once and keeps what the PBX read back', async () => {
    const store = useIvrServersStore()
    await store.load(GLOBEX)
    const answer = deferred<void>()
    const real = pbx.setIvrServerEnabled.getMockImplementation()!
    pbx.setIvrServerEnabled.mockImplementationOnce(async (input) => {
      await answer.promise
      return real(input)
    })

    const switching = store.setEnabled(GLOBEX, 'ivr-3', false)
    expect(store.byId('ivr-3')?.enabled).toBe(false)
    expect(store.switching).toEqual({ 'ivr-3': true })
    answer.resolve()
    const result = await switching

    expect(result.ok).toBe(true)
    expect(store.switching).toEqual({})
    expect(ivr.servers[GLOBEX]!.find((s) => s.id === 'ivr-3')?.enabled).toBe(false)
    await vi.waitFor(() => expect(store.statuses['ivr-3']?.reachable).toBe(false))
  })

  it('puts the server back when the PBX refuses, and answers why', async () => {
    const store = useIvrServersStore()
    ivr.refuseSwitch['ivr-2'] = 'The PBX refused the change (403)'
    await store.load(GLOBEX)

    const result = await store.setEnabled(GLOBEX, 'ivr-2', false)

    expect(result).toEqual(fail('PBX_ERROR', 'The PBX refused the change (403)', { status: 403 }))
    expect(store.byId('ivr-2')?.enabled).toBe(true)
  })

  it('deletes a server and reads the page again (the next one moves up)', async () => {
    const store = useIvrServersStore()
    await store.load(GLOBEX, { top: 2 })
    expect(names()).toEqual(['Built-in IVR', 'Branch 1'])

    expect(await store.remove(GLOBEX, 'ivr-2')).toBe(true)
    await vi.waitFor(() => expect(names()).toEqual(['Built-in IVR', 'Branch 2']))
    expect(store.count).toBe(4)
    expect(store.deleting).toBeNull()
  })

  it('marks the PBX as not offering deletes when it answers NOT_SUPPORTED', async () => {
    const store = useIvrServersStore()
    ivr.noDelete[GLOBEX] = true
    await store.load(GLOBEX)

    expect(await store.remove(GLOBEX, 'ivr-2')).toBe(false)
    expect(store.deleteUnsupported[GLOBEX]).toBe(true)
    expect(store.deleteError).toEqual({ code: 'NOT_SUPPORTED', message: FAKE_NO_DELETE })
    expect(store.count).toBe(5)
  })

  it('adds a server, keeps it as the PBX read it back, and asks its reachability', async () => {
    const store = useIvrServersStore()
    const result = await store.create(GLOBEX, { name: 'Lab', ipv4: '192.0.2.10' })

    expect(result.ok).toBe(true)
    expect(store.created).toEqual({ id: 'ivr-100', type: 'EXTERNAL', name: 'Lab', enabled: true, ipv4: '192.0.2.10' })
    await vi.waitFor(() => expect(store.createdStatusLoad).toBe('ready'))
    expect(store.createdStatus).toEqual({ reachable: false, checked_at: '2025-03-01T08:00:00.000Z' })

    store.clearCreated()
    expect(store.created).toBeNull()
    expect(store.createdStatus).toBeNull()
  })

  it('keeps main’s answer when a server cannot be added', async () => {
    const store = useIvrServersStore()
    const result = await store.create(GLOBEX, { name: 'No address' })

    expect(result.ok).toBe(false)
    expect(store.createError?.code).toBe('INVALID_INPUT')
    expect(store.createError?.field).toBe('server.ipv4')
    expect(store.created).toBeNull()
    expect(store.creating).toBe(false)
  })
})
