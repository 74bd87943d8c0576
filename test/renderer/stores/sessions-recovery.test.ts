import { useProfilesStore } from '@renderer/stores/profiles'
import { RECOVERY_POLL_MS, useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  acmeProfile,
  createFakePbx,
  deferred,
  fail,
  globexProfile,
  IDP_CANCELLED_MESSAGE,
  installFakePbx,
  NOT_A_RESET_LINK_MESSAGE,
  ok,
  RECOVERY_CODE,
  STARK_TENANT_NAME,
  starkProfile,
  traineeProfile,
  WRONG_CODE_MESSAGE,
} from '../fake-pbx'

/** Lets the store's pending bridge calls answer. */
const settle = flushPromises

describe('useSessionsStore: password reset', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('forgot → a link awaited, found by asking every second → code → new password → the active PBX', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = installFakePbx()
    const store = useSessionsStore()
    await store.open('p-acme')

    expect(await store.forgotPassword('p-acme')).toBe(true)
    expect(pbx.requestPasswordReset).toHaveBeenCalledWith({ profileId: 'p-acme' })
    expect(store.signInStep).toBe('reset-link')
    expect(store.recovery).toEqual({ profileId: 'p-acme', step: 'waiting_for_link', reason: 'forgotten' })
    expect(store.resetReason).toBe('forgotten')

    // nothing opened yet: asked once a second, still waiting
    await vi.advanceTimersByTimeAsync(RECOVERY_POLL_MS)
    expect(pbx.getRecoveryState).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(RECOVERY_POLL_MS)
    expect(pbx.getRecoveryState).toHaveBeenCalledTimes(2)
    expect(store.signInStep).toBe('reset-link')

    // the user opens the link on this computer
    pbx.openResetLink('p-acme')
    await vi.advanceTimersByTimeAsync(RECOVERY_POLL_MS)
    expect(store.signInStep).toBe('reset-code')
    expect(store.recovery?.step).toBe('code_sent')
    // the step changed: no more asking
    await vi.advanceTimersByTimeAsync(5 * RECOVERY_POLL_MS)
    expect(pbx.getRecoveryState).toHaveBeenCalledTimes(3)

    expect(await store.verifyRecoveryCode('p-acme', '000000')).toBe(false)
    expect(store.signInError).toMatchObject({ field: 'code', message: WRONG_CODE_MESSAGE })
    expect(store.signInStep).toBe('reset-code')
    expect(await store.verifyRecoveryCode('p-acme', RECOVERY_CODE)).toBe(true)
    expect(store.signInError).toBeNull()
    expect(store.signInStep).toBe('reset-password')

    expect(await store.resetPassword('p-acme', 'new-secret-1', true)).toBe(true)
    expect(pbx.resetPassword).toHaveBeenCalledWith({ profileId: 'p-acme', newPassword: 'new-secret-1', remember: true })
    expect(pbx.state.passwords['p-acme']).toBe('new-secret-1')
    expect(store.active?.profileId).toBe('p-acme')
    expect(store.signInProfileId).toBeNull()
    expect(store.signInStep).toBe('password')
    expect(store.recovery).toBeNull()
    expect(store.resetReason).toBeNull()
  })

  it('the pasted link moves on to the code; a link without a token is refused beside the field', async () => {
    const pbx = installFakePbx()
    const store = useSessionsStore()
    await store.open('p-acme')
    await store.forgotPassword('p-acme')

    expect(await store.submitResetLink('p-acme', 'https://mail.example/inbox')).toBe(false)
    expect(store.signInError).toMatchObject({ code: 'INVALID_INPUT', field: 'link', message: NOT_A_RESET_LINK_MESSAGE })
    expect(store.signInStep).toBe('reset-link')

    expect(await store.submitResetLink('p-acme', pbx.state.resetLinks['p-acme']!)).toBe(true)
    expect(store.signInError).toBeNull()
    expect(store.signInStep).toBe('reset-code')
  })

  it('stops asking when the dialog closes, or goes back to sign-in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = installFakePbx()
    const store = useSessionsStore()
    await store.open('p-acme')
    await store.forgotPassword('p-acme')

    store.backToPassword()
    expect(store.signInStep).toBe('password')
    expect(store.recovery).toBeNull()
    await vi.advanceTimersByTimeAsync(3 * RECOVERY_POLL_MS)
    expect(pbx.getRecoveryState).not.toHaveBeenCalled()

    await store.forgotPassword('p-acme')
    await vi.advanceTimersByTimeAsync(RECOVERY_POLL_MS)
    expect(pbx.getRecoveryState).toHaveBeenCalledTimes(1)
    store.cancelSignIn()
    await vi.advanceTimersByTimeAsync(3 * RECOVERY_POLL_MS)
    expect(pbx.getRecoveryState).toHaveBeenCalledTimes(1)
  })

  it('a reset that ended in main (expired) says so and stops asking', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pbx = installFakePbx()
    const store = useSessionsStore()
    await store.open('p-acme')
    await store.forgotPassword('p-acme')

    delete pbx.state.recoveries['p-acme']
    await vi.advanceTimersByTimeAsync(RECOVERY_POLL_MS)

    expect(store.signInError?.message).toContain('no longer under way')
    expect(store.recovery).toBeNull()
    await vi.advanceTimersByTimeAsync(3 * RECOVERY_POLL_MS)
    expect(pbx.getRecoveryState).toHaveBeenCalledTimes(1)
  })

  it('keeps the error when the PBX cannot mail the link', async () => {
    installFakePbx(createFakePbx({ requestPasswordReset: async () => fail('UNREACHABLE', 'Nothing answered at pbx.acme.example:8887') }))
    const store = useSessionsStore()
    await store.open('p-acme')

    expect(await store.forgotPassword('p-acme')).toBe(false)

    expect(store.signInStep).toBe('reset-link')
    expect(store.recovery).toBeNull()
    expect(store.requestingReset).toBe(false)
    expect(store.signInError?.message).toBe('Nothing answered at pbx.acme.example:8887')
  })

  it('a too short new password is refused with the contract’s message', async () => {
    const pbx = installFakePbx()
    const store = useSessionsStore()
    await store.open('p-acme')
    await store.forgotPassword('p-acme')
    await store.submitResetLink('p-acme', pbx.state.resetLinks['p-acme']!)
    await store.verifyRecoveryCode('p-acme', RECOVERY_CODE)

    expect(await store.resetPassword('p-acme', 'short', false)).toBe(false)

    expect(store.signInError).toMatchObject({ code: 'INVALID_INPUT', field: 'newPassword', message: 'newPassword: must be at least 8 characters' })
    expect(store.signInStep).toBe('reset-password')
  })
})

describe('useSessionsStore: forced reset', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('a sign-in whose user must set a new password is not made active: the reset starts, "forced"', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [traineeProfile] }))
    const store = useSessionsStore()
    await store.open('p-trainee')

    expect(await store.signIn({ profileId: 'p-trainee', password: 'trainee', remember: false })).toBe(false)

    expect(store.active).toBeNull()
    expect(store.activeProfileId).toBeNull()
    expect(store.activations).toBe(0)
    expect(pbx.requestPasswordReset).toHaveBeenCalledWith({ profileId: 'p-trainee' })
    expect(store.signInProfileId).toBe('p-trainee')
    expect(store.signInStep).toBe('reset-link')
    expect(store.recovery).toEqual({ profileId: 'p-trainee', step: 'waiting_for_link', reason: 'forced' })
    expect(store.resetReason).toBe('forced')

    await store.submitResetLink('p-trainee', pbx.state.resetLinks['p-trainee']!)
    await store.verifyRecoveryCode('p-trainee', RECOVERY_CODE)
    expect(await store.resetPassword('p-trainee', 'trainee-new-1', false)).toBe(true)

    expect(store.active?.profileId).toBe('p-trainee')
    expect(store.active?.user?.password_force_reset).toBe(false)
  })

  it('an open with a running session of such a user asks for the reset too', async () => {
    installFakePbx(createFakePbx({}, { profiles: [traineeProfile], remembered: { 'p-trainee': 'trainee' } }))
    const store = useSessionsStore()

    expect(await store.open('p-trainee')).toBe('sign-in')

    expect(store.active).toBeNull()
    expect(store.signInStep).toBe('reset-link')
    expect(store.resetReason).toBe('forced')
  })
})

describe('useSessionsStore: identity provider', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('asks GET /api/info?domain= of a tenant PBX when the dialog opens: offered where it is on', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile, acmeProfile, globexProfile] }))
    await useProfilesStore().load()
    const store = useSessionsStore()

    await store.open('p-stark')
    await settle()
    expect(pbx.probePbx).toHaveBeenLastCalledWith({ baseUrl: starkProfile.baseUrl, domain: starkProfile.domain })
    expect(store.idpAvailable).toBe(true)
    expect(store.signInTenantName).toBe(STARK_TENANT_NAME)

    store.cancelSignIn()
    await store.open('p-acme')
    await settle()
    expect(pbx.probePbx).toHaveBeenLastCalledWith({ baseUrl: acmeProfile.baseUrl, domain: acmeProfile.domain })
    expect(store.idpAvailable).toBe(false)

    // the system administrator has no tenant: nothing to ask
    store.cancelSignIn()
    pbx.probePbx.mockClear()
    await store.open('p-globex')
    await settle()
    expect(pbx.probePbx).not.toHaveBeenCalled()
    expect(store.idpAvailable).toBe(false)
  })

  it('waits for the browser at the idp step; the answer makes the PBX active', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile] }))
    const store = useSessionsStore()
    await store.open('p-stark')

    const signingIn = store.signInWithIdp('p-stark')
    await settle()
    expect(store.signInStep).toBe('idp')
    expect(pbx.idpWaiting('p-stark')).toBe(true)

    pbx.finishIdpSignIn('p-stark')
    expect(await signingIn).toBe(true)

    expect(store.active?.profileId).toBe('p-stark')
    expect(store.signInProfileId).toBeNull()
  })

  it('Cancel goes back to the password, and the CANCELLED answer is no error', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile] }))
    const store = useSessionsStore()
    await store.open('p-stark')
    const signingIn = store.signInWithIdp('p-stark')
    await settle()

    await store.cancelIdpSignIn('p-stark')

    expect(pbx.cancelIdpSignIn).toHaveBeenCalledWith({ profileId: 'p-stark' })
    expect(await signingIn).toBe(false)
    expect(store.signInStep).toBe('password')
    expect(store.signInError).toBeNull()
    expect(store.signInProfileId).toBe('p-stark')
    expect(store.active).toBeNull()
  })

  it('closing the dialog while waiting stops waiting too', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile] }))
    const store = useSessionsStore()
    await store.open('p-stark')
    const signingIn = store.signInWithIdp('p-stark')
    await settle()

    store.cancelSignIn()

    expect(await signingIn).toBe(false)
    expect(pbx.cancelIdpSignIn).toHaveBeenCalledWith({ profileId: 'p-stark' })
    expect(pbx.idpWaiting('p-stark')).toBe(false)
    expect(store.signInProfileId).toBeNull()
    expect(store.signInError).toBeNull()
  })

  it('an error of the provider is shown at the password step', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [starkProfile] }))
    const store = useSessionsStore()
    await store.open('p-stark')
    const signingIn = store.signInWithIdp('p-stark')
    await settle()

    pbx.finishIdpSignIn('p-stark', { code: 'PBX_ERROR', message: 'The identity provider did not sign you in: access denied' })

    expect(await signingIn).toBe(false)
    expect(store.signInStep).toBe('password')
    expect(store.signInError?.message).toBe('The identity provider did not sign you in: access denied')
  })

  it('a late answer of an abandoned sign-in changes nothing in the dialog', async () => {
    const answer = deferred<Awaited<ReturnType<Window['pbx']['signInWithIdp']>>>()
    installFakePbx(createFakePbx({ signInWithIdp: () => answer.promise, cancelIdpSignIn: async () => ok({ cancelled: false }) }, { profiles: [starkProfile] }))
    const store = useSessionsStore()
    await store.open('p-stark')
    const signingIn = store.signInWithIdp('p-stark')
    await store.cancelIdpSignIn('p-stark')

    answer.resolve(fail('CANCELLED', IDP_CANCELLED_MESSAGE))

    expect(await signingIn).toBe(false)
    expect(store.signInStep).toBe('password')
    expect(store.signInError).toBeNull()
  })
})
