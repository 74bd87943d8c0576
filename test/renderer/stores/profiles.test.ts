import { useProfilesStore } from '@renderer/stores/profiles'
import { useSessionsStore } from '@renderer/stores/sessions'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { acmeProfile, createFakePbx, fail, globexProfile, installFakePbx, signedIn } from '../fake-pbx'
import { flushPromises } from '@vue/test-utils'

describe('useProfilesStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('loads the saved PBXs', async () => {
    const pbx = installFakePbx()
    const store = useProfilesStore()
    expect(store.status).toBe('idle')

    await store.load()

    expect(store.status).toBe('ready')
    expect(store.profiles.map((p) => p.label)).toEqual(['Acme HQ', 'Globex hosting'])
    expect(store.byId('p-globex')?.username).toBe('admin')
    expect(pbx.listProfiles).toHaveBeenCalledTimes(1)
  })

  it('keeps the error when the list cannot be read', async () => {
    installFakePbx(createFakePbx({ listProfiles: async () => fail('INTERNAL', 'profiles.json is damaged') }))
    const store = useProfilesStore()

    await store.load()

    expect(store.status).toBe('error')
    expect(store.error?.message).toBe('profiles.json is damaged')
  })

  it.each([
    ['a label', 'hq', ['Acme HQ']],
    ['a customer', 'GLOBEX LTD', ['Globex hosting']],
    ['a tag', 'retail', ['Acme HQ']],
    ['a tag of the other', 'hosting', ['Globex hosting']],
    ['words that must all match', 'acme hosting', []],
    ['nothing', '   ', ['Acme HQ', 'Globex hosting']],
  ])('searches by %s', async (_what, query, labels) => {
    installFakePbx()
    const store = useProfilesStore()
    await store.load()

    store.query = query

    expect(store.filtered.map((p) => p.label)).toEqual(labels)
  })

  it('adds a PBX, and edits one', async () => {
    const pbx = installFakePbx()
    const store = useProfilesStore()
    useSessionsStore() // the sessions follow the saved PBXs
    await store.load()
    const fields = { label: 'Initech', baseUrl: 'https://pbx.initech.example/', username: 'manager', domain: 'initech.pbx.example' }

    const added = await store.save({ fields })
    await flushPromises()

    expect(added.ok && added.value.baseUrl).toBe('https://pbx.initech.example')
    expect(store.profiles.map((p) => p.label)).toContain('Initech')

    const edited = await store.save({ id: 'p-acme', fields: { ...fields, label: 'Acme head office', baseUrl: acmeProfile.baseUrl } })
    await flushPromises()
    expect(edited.ok).toBe(true)
    expect(store.byId('p-acme')?.label).toBe('Acme head office')
    // an edit may sign the PBX out in main: its session is read again
    expect(pbx.listSessions).toHaveBeenCalled()
  })

  it('answers and keeps the error of a refused save, with the field it names', async () => {
    installFakePbx()
    const store = useProfilesStore()

    const result = await store.save({ fields: { label: '', baseUrl: 'https://pbx.example.com', username: 'manager' } })

    expect(result.ok).toBe(false)
    expect(store.saveError).toMatchObject({ code: 'INVALID_INPUT', field: 'fields.label' })
    expect(store.saving).toBe(false)
  })

  it('removes a PBX and forgets its session', async () => {
    const pbx = installFakePbx(createFakePbx({}, { sessions: { 'p-acme': signedIn(acmeProfile) } }))
    const store = useProfilesStore()
    const sessions = useSessionsStore()
    await store.load()
    await sessions.open('p-acme')
    expect(sessions.active?.profileId).toBe('p-acme')

    expect(await store.remove('p-acme')).toBe(true)

    expect(pbx.removeProfile).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(store.profiles.map((p) => p.id)).toEqual(['p-globex'])
    expect(sessions.active).toBeNull()
    expect(sessions.activeProfileId).toBeNull()
  })

  it('keeps the error of a failed remove, and the PBX', async () => {
    installFakePbx(createFakePbx({ removeProfile: async () => fail('NO_KEYCHAIN', 'The keychain is locked: unlock it and try again') }))
    const store = useProfilesStore()
    await store.load()

    expect(await store.remove('p-acme')).toBe(false)

    expect(store.removeError?.message).toBe('The keychain is locked: unlock it and try again')
    expect(store.profiles).toHaveLength(2)
  })

  it('exports the list as main writes it', async () => {
    installFakePbx()
    const store = useProfilesStore()

    const exported = await store.exportProfiles()

    expect(exported?.fileName).toBe('pbx-profiles.json')
    expect(JSON.parse(exported?.json ?? '{}').profiles).toHaveLength(2)
  })

  it('imports a document: the result says how many were added and which were skipped', async () => {
    installFakePbx()
    const store = useProfilesStore()
    await store.load()
    const initech = { ...globexProfile, id: 'x', label: 'Initech', baseUrl: 'https://pbx.initech.example' }

    const result = await store.importProfiles(JSON.stringify({ version: 1, profiles: [acmeProfile, globexProfile, initech] }))

    expect(result).toEqual({ added: 1, skipped: ['Acme HQ', 'Globex hosting'] })
    expect(store.importResult).toEqual(result)
    expect(store.profiles.map((p) => p.label)).toContain('Initech')
  })

  it('keeps the error of a refused import', async () => {
    installFakePbx()
    const store = useProfilesStore()

    expect(await store.importProfiles('not json')).toBeNull()

    expect(store.transferError?.message).toMatch(/not JSON/)
    expect(store.importResult).toBeNull()
  })
})
