import { useSessionsStore } from '@renderer/stores/sessions'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acmeProfile, createFakePbx, fail, globexProfile, installFakePbx, removePbx, signedIn, WRONG_PASSWORD_MESSAGE } from '../fake-pbx'

describe('useSessionsStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })
  afterEach(() => {
    removePbx()
  })

  it('loads the session of every saved PBX', async () => {
    installFakePbx(createFakePbx({}, { sessions: { 'p-globex': signedIn(globexProfile) } }))
    const store = useSessionsStore()

    await store.load()

    expect(store.status).toBe('ready')
    expect(store.isSignedIn('p-globex')).toBe(true)
    expect(store.sessionOf('p-acme')?.status).toBe('signed_out')
    // loading does not choose a PBX to work on
    expect(store.active).toBeNull()
  })

  it('open → NOT_SIGNED_IN → signIn → the active PBX, with its user and capabilities', async () => {
    const pbx = installFakePbx()
    const store = useSessionsStore()

    expect(await store.open('p-acme')).toBe('sign-in')
    expect(store.signInProfileId).toBe('p-acme')
    expect(store.active).toBeNull()

    expect(await store.signIn({ profileId: 'p-acme', password: 'wrong', remember: false })).toBe(false)
    expect(store.signInError).toMatchObject({ code: 'PBX_ERROR', status: 401, message: WRONG_PASSWORD_MESSAGE })
    expect(store.signInProfileId).toBe('p-acme')

    expect(await store.signIn({ profileId: 'p-acme', password: 'manager', remember: true })).toBe(true)

    expect(pbx.signIn).toHaveBeenLastCalledWith({ profileId: 'p-acme', password: 'manager', remember: true })
    expect(store.signInProfileId).toBeNull()
    expect(store.signInError).toBeNull()
    expect(store.activeProfileId).toBe('p-acme')
    expect(store.active?.user?.role_name).toBe('Admin')
    expect(store.active?.user?.capabilities).toContain('dect_phones:read')
    expect(store.active?.user?.capabilities).not.toContain('ivr_servers:read')
    expect(store.activations).toBe(1)
    // main notes the PBX as just used: the list is read again
    expect(pbx.listProfiles).toHaveBeenCalled()
  })

  it('opens at once with a running session or a remembered password', async () => {
    installFakePbx(createFakePbx({}, { remembered: { 'p-globex': 'admin' } }))
    const store = useSessionsStore()

    expect(await store.open('p-globex')).toBe('opened')

    expect(store.active?.user?.role_name).toBe('SystemAdmin')
    expect(store.signInProfileId).toBeNull()
  })

  it('keeps the error of an open that failed for another reason', async () => {
    installFakePbx(createFakePbx({ openPbx: async () => fail('UNREACHABLE', 'Nothing answered at pbx.acme.example:8887') }))
    const store = useSessionsStore()

    expect(await store.open('p-acme')).toBe('failed')

    expect(store.openError?.message).toBe('Nothing answered at pbx.acme.example:8887')
    expect(store.signInProfileId).toBeNull()
    expect(store.opening).toBeNull()
  })

  it('cancelSignIn closes the request', async () => {
    installFakePbx()
    const store = useSessionsStore()
    await store.open('p-acme')

    store.cancelSignIn()

    expect(store.signInProfileId).toBeNull()
  })

  it('signOut ends the session, and leaves no PBX active when it was the active one', async () => {
    const pbx = installFakePbx(createFakePbx({}, { sessions: { 'p-acme': signedIn(acmeProfile), 'p-globex': signedIn(globexProfile) } }))
    const store = useSessionsStore()
    await store.load()
    await store.open('p-acme')

    expect(await store.signOut('p-globex')).toBe(true)
    expect(store.activeProfileId).toBe('p-acme')
    expect(store.isSignedIn('p-globex')).toBe(false)

    expect(await store.signOut('p-acme')).toBe(true)
    expect(pbx.signOut).toHaveBeenLastCalledWith({ profileId: 'p-acme' })
    expect(store.active).toBeNull()
    expect(store.activeProfileId).toBeNull()
  })

  it('keeps the error of a failed sign-out, and the session', async () => {
    installFakePbx(
      createFakePbx({ signOut: async () => fail('UNREACHABLE', 'The PBX did not answer') }, { sessions: { 'p-acme': signedIn(acmeProfile) } }),
    )
    const store = useSessionsStore()
    await store.open('p-acme')

    expect(await store.signOut('p-acme')).toBe(false)

    expect(store.signOutError?.message).toBe('The PBX did not answer')
    expect(store.active?.profileId).toBe('p-acme')
  })
})
