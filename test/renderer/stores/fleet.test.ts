import { FLEET_FRESH_MS } from '@contract/fleet'
import { useFleetStore, FLEET_POLL } from '@renderer/stores/fleet'
import { useProfilesStore } from '@renderer/stores/profiles'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { acmeProfile, createFakePbx, fail, fakeFleetEntry, globexProfile, installFakePbx, sampleProfile } from '../fake-pbx'

// The fleet store shows the figures main keeps at once, and while the fleet screen is open and a
// refresh is under way it asks for them every FLEET_POLL.everyMs, and only then.

const initech = sampleProfile({ id: 'p-initech', label: 'Initech', customer: 'Initech Inc', group: 'North', tags: ['retail'], colour: 'teal', favourite: true })

async function loadedStore() {
  const store = useFleetStore()
  await useProfilesStore().load()
  return store
}

describe('useFleetStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('joins the kept figures with the saved PBXs, blank figures for a PBX never read', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, initech] }))
    pbx.fleet.setEntries(fakeFleetEntry('p-initech', { checkedAt: '2025-03-01T08:00:00.000Z', reach: 'reachable', rttMs: 42, tenant: 'Initech' }))
    const store = await loadedStore()
    await store.open()

    expect(store.loadStatus).toBe('ready')
    expect(store.rows.map((row) => [row.profileId, row.label, row.customer, row.group, row.tags, row.colour, row.favourite, row.baseUrl])).toEqual([
      ['p-acme', 'Acme HQ', 'Acme Corp', '', ['retail', 'priority'], '', false, acmeProfile.baseUrl],
      ['p-initech', 'Initech', 'Initech Inc', 'North', ['retail'], 'teal', true, initech.baseUrl],
    ])
    expect(store.rows[0]!.entry).toEqual({ profileId: 'p-acme', certificate: 'unknown', counts: {}, warnings: [], refreshing: false })
    expect(store.rows[1]!.entry).toMatchObject({ reach: 'reachable', rttMs: 42, tenant: 'Initech', refreshing: false })
    // nothing pending: nothing more is asked
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 10)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(1)
    expect(store.polling).toBe(false)
    store.close()
  })

  it('polls while PBXs are pending, following the progress, and stops when none is', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, globexProfile, initech] }))
    const store = await loadedStore()
    await store.open()

    await store.refresh()
    expect(pbx.refreshFleet).toHaveBeenCalledWith({})
    expect(store.pending).toBe(3)
    expect([store.refreshDone, store.refreshTotal]).toEqual([0, 3])
    expect(store.rows.every((row) => row.entry.refreshing)).toBe(true)
    expect(store.polling).toBe(true)

    pbx.fleet.finish(['p-acme'], { 'p-acme': { reach: 'reachable', access: 'signed_in' } })
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(2)
    expect([store.refreshDone, store.refreshTotal]).toEqual([1, 3])
    expect(store.rows.map((row) => row.entry.refreshing)).toEqual([false, true, true])
    expect(store.rows[0]!.entry.access).toBe('signed_in')

    // a refresh of one PBX meanwhile counts it too
    await store.refresh(['p-acme'])
    expect(pbx.refreshFleet).toHaveBeenLastCalledWith({ profileIds: ['p-acme'] })
    expect([store.refreshDone, store.refreshTotal]).toEqual([1, 4])

    pbx.fleet.finish()
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    expect(store.pending).toBe(0)
    expect(store.polling).toBe(false)
    expect(store.refreshTotal).toBe(0)
    const calls = pbx.fleetStatus.mock.calls.length
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 20)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(calls)
    store.close()
  })

  it('stops asking when the screen closes, even with PBXs pending, and follows the refresh again when it opens', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, globexProfile] }))
    const store = await loadedStore()
    await store.open()
    await store.refresh()
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 2)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(3)

    store.close()
    expect(store.polling).toBe(false)
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 20)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(3)
    // a refresh asked for while closed (a sign-in that ended meanwhile) is not followed either
    await store.refresh(['p-acme'])
    expect(store.polling).toBe(false)
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 20)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(3)

    // opened again while main is still reading: the polling goes on, until nothing is pending
    await store.open()
    expect(store.polling).toBe(true)
    pbx.fleet.finish()
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    expect(store.polling).toBe(false)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(5)
    store.close()
  })

  it('keeps an error to show and stops polling; the next answer clears it', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile] }))
    const store = await loadedStore()
    await store.open()
    await store.refresh()
    pbx.fleetStatus.mockResolvedValueOnce(fail('INTERNAL', 'The fleet file could not be read.'))
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs)
    expect(store.error?.message).toBe('The fleet file could not be read.')
    expect(store.polling).toBe(false)
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 10)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(2)

    pbx.refreshFleet.mockResolvedValueOnce(fail('INVALID_INPUT', 'concurrency: too big'))
    await store.refresh()
    expect(store.error?.message).toBe('concurrency: too big')

    await store.load()
    expect(store.error).toBeNull()
    expect(store.polling).toBe(true)
    store.close()
  })

  it('a load that fails says so', async () => {
    installFakePbx(createFakePbx({ fleetStatus: async () => fail('INTERNAL', 'Something went wrong in the app.') }))
    const store = await loadedStore()
    await store.open()
    expect(store.loadStatus).toBe('error')
    expect(store.error?.code).toBe('INTERNAL')
    store.close()
  })

  it('marks a favourite by saving the PBX with every other field as it was', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, initech] }))
    const store = await loadedStore()
    await store.open()

    const result = await store.toggleFavourite('p-initech')
    expect(result?.ok).toBe(true)
    expect(pbx.saveProfile).toHaveBeenCalledWith({
      id: 'p-initech',
      fields: {
        label: 'Initech',
        baseUrl: initech.baseUrl,
        username: initech.username,
        domain: initech.domain,
        signInMethod: 'sign_in',
        customer: 'Initech Inc',
        tags: ['retail'],
        notes: '',
        group: 'North',
        colour: 'teal',
        favourite: false,
      },
    })
    expect(store.rows.find((row) => row.profileId === 'p-initech')?.favourite).toBe(false)

    pbx.saveProfile.mockResolvedValueOnce(fail('NOT_FOUND', 'This saved PBX no longer exists. Reload the list.'))
    const refused = await store.toggleFavourite('p-acme')
    expect(refused).toEqual(fail('NOT_FOUND', 'This saved PBX no longer exists. Reload the list.'))
    expect(store.rows.find((row) => row.profileId === 'p-acme')?.favourite).toBe(false)
    expect(await store.toggleFavourite('p-gone')).toBeNull()
    store.close()
  })

  it('searches, filters and orders the rows: favourites first unless told otherwise', async () => {
    const pbx = installFakePbx(
      createFakePbx({}, { profiles: [acmeProfile, globexProfile, initech, sampleProfile({ id: 'p-zeta', label: 'Zeta', group: 'South', tags: ['hosting'] })] }),
    )
    pbx.fleet.setEntries(
      fakeFleetEntry('p-acme', { access: 'needs_password', counts: { handsets: 40 } }),
      fakeFleetEntry('p-globex', { access: 'remembered', tenant: 'Globex system', counts: { handsets: 'not_offered' }, warnings: [{ kind: 'unreachable', text: 'Not reached: timed out' }] }),
      fakeFleetEntry('p-initech', { access: 'signed_in', counts: { handsets: 7 } }),
    )
    const store = await loadedStore()
    await store.open()
    const labels = () => store.visibleRows.map((row) => row.label)

    expect(labels()).toEqual(['Initech', 'Acme HQ', 'Globex hosting', 'Zeta'])
    store.favouritesFirst = false
    expect(labels()).toEqual(['Acme HQ', 'Globex hosting', 'Initech', 'Zeta'])
    store.sort = { key: 'handsets', order: 'descend' }
    expect(labels()).toEqual(['Acme HQ', 'Initech', 'Globex hosting', 'Zeta'])
    store.favouritesFirst = true
    expect(labels()).toEqual(['Initech', 'Acme HQ', 'Globex hosting', 'Zeta'])
    store.sort = null

    store.query = 'globex system'
    expect(labels()).toEqual(['Globex hosting'])
    store.query = 'north'
    expect(labels()).toEqual(['Initech'])
    store.query = 'hosting'
    expect(labels()).toEqual(['Globex hosting', 'Zeta'])
    store.query = ''

    store.filters = { ...store.filters, groups: ['', 'South'] }
    expect(labels()).toEqual(['Acme HQ', 'Globex hosting', 'Zeta'])
    store.filters = { ...store.filters, access: ['unread', 'needs_password'] }
    expect(labels()).toEqual(['Acme HQ', 'Zeta'])
    store.filters = { groups: [], tags: ['retail'], access: [], warnings: [] }
    expect(labels()).toEqual(['Initech', 'Acme HQ'])
    store.filters = { groups: [], tags: [], access: [], warnings: ['with'] }
    expect(labels()).toEqual(['Globex hosting'])
    store.clearFilters()
    expect(labels()).toHaveLength(4)
    store.close()
  })

  it('opened to freshen: the PBXs never read or read over two minutes ago are read again in the background; closing drops what still waits', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, globexProfile, initech] }))
    vi.setSystemTime(new Date('2026-12-02T09:00:00Z'))
    pbx.fleet.setEntries(
      fakeFleetEntry('p-acme', { checkedAt: '2026-12-02T08:59:00.000Z', reach: 'reachable' }),
      fakeFleetEntry('p-initech', { checkedAt: '2026-12-02T08:50:00.000Z', reach: 'reachable' }),
    )
    const store = await loadedStore()
    await store.open({ freshen: true })
    expect(pbx.refreshFleet).toHaveBeenCalledWith({ olderThanMs: FLEET_FRESH_MS, background: true })
    // Acme was read a minute ago: kept; Globex never read and Initech ten minutes ago: read again
    expect(store.rows.map((row) => [row.profileId, row.entry.refreshing])).toEqual([
      ['p-acme', false],
      ['p-globex', true],
      ['p-initech', true],
    ])
    expect(store.polling).toBe(true)

    // the screen closes before they are read: main drops them, and nothing more is asked
    store.close()
    expect(pbx.cancelFleetRefresh).toHaveBeenCalledTimes(1)
    expect(pbx.fleet.state.pending).toEqual([])
    const asked = pbx.fleetStatus.mock.calls.length
    await vi.advanceTimersByTimeAsync(FLEET_POLL.everyMs * 4)
    expect(pbx.fleetStatus).toHaveBeenCalledTimes(asked)
  })

  it('opened without freshening (the other screens): nothing is read, and closing cancels nothing', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, globexProfile] }))
    const store = await loadedStore()
    await store.open()
    expect(pbx.refreshFleet).not.toHaveBeenCalled()
    store.close()
    expect(pbx.cancelFleetRefresh).not.toHaveBeenCalled()
  })
})
