import { CERTIFICATE_CHANGED_SESSION_MESSAGE } from '@contract/profiles'
import { callBridge } from '@renderer/stores/bridge-call'
import { useSessionsStore } from '@renderer/stores/sessions'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useProfilesStore } from '@renderer/stores/profiles'
import {
  acmeProfile,
  createFakePbx,
  fail,
  globexProfile,
  INSTALLER_CODE,
  installerProfile,
  installFakePbx,
  renewWayneCertificate,
  OLD_WAYNE_FINGERPRINT,
  renewedCertificate,
  selfSignedCertificate,
  signedIn,
  umbrellaProfile,
  wayneProfile,
  WRONG_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../fake-pbx'

describe('useSessionsStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })
  // a store of an earlier test would still hear the bridge's failures (onBridgeFailure) and read the sessions
  afterEach(() => {
    useSessionsStore().$dispose()
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

  it('reads the sessions again when any call answers UNTRUSTED_CERTIFICATE: a changed certificate ended the session in main', async () => {
    const pbx = installFakePbx(createFakePbx({}, { profiles: [acmeProfile, wayneProfile], sessions: { 'p-wayne': signedIn(wayneProfile) } }))
    const store = useSessionsStore()
    await store.open('p-wayne')
    expect(store.active?.profileId).toBe('p-wayne')
    const reads = pbx.listSessions.mock.calls.length

    // another screen's call meets the new certificate; main ends the session as it refuses the call
    renewWayneCertificate(pbx)
    await callBridge(() => window.pbx.listDectPhones({ profileId: 'p-wayne' }))
    await flushPromises()

    expect(pbx.listSessions).toHaveBeenCalledTimes(reads + 1)
    expect(store.sessionOf('p-wayne')).toEqual({
      profileId: 'p-wayne',
      status: 'signed_out',
      ended: { reason: 'certificate_changed', message: CERTIFICATE_CHANGED_SESSION_MESSAGE },
    })
    expect(store.isSignedIn('p-wayne')).toBe(false)
    expect(store.active).toBeNull()
  })

  it('does not read the sessions again for other failures', async () => {
    const pbx = installFakePbx(createFakePbx({}, { sessions: { 'p-acme': signedIn(acmeProfile) } }))
    const store = useSessionsStore()
    await store.load()
    pbx.listDectPhones.mockResolvedValueOnce(fail('UNREACHABLE', 'Nothing answered at pbx.acme.example:8887'))

    await callBridge(() => window.pbx.listDectPhones({ profileId: 'p-acme' }))
    await flushPromises()

    expect(pbx.listSessions).toHaveBeenCalledTimes(1)
    expect(store.isSignedIn('p-acme')).toBe(true)
  })

  describe('two-factor sign-in', () => {
    it('a right password moves the dialog to the code step; the mailed code makes the PBX active', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [installerProfile] }))
      const store = useSessionsStore()
      expect(await store.open('p-installer')).toBe('sign-in')
      expect(store.signInStep).toBe('password')

      expect(await store.signIn({ profileId: 'p-installer', password: 'installer', remember: false })).toBe(false)

      expect(store.signInProfileId).toBe('p-installer')
      expect(store.signInStep).toBe('code')
      expect(store.signInError).toBeNull()
      expect(store.sessionOf('p-installer')?.status).toBe('code_required')
      expect(store.active).toBeNull()

      expect(await store.verifyCode('p-installer', '000000')).toBe(false)
      expect(store.signInError).toMatchObject({ code: 'PBX_ERROR', field: 'code', message: WRONG_CODE_MESSAGE })
      expect(store.signInStep).toBe('code')

      expect(await store.verifyCode('p-installer', INSTALLER_CODE)).toBe(true)
      expect(pbx.verifySignInCode).toHaveBeenLastCalledWith({ profileId: 'p-installer', code: INSTALLER_CODE })
      expect(store.signInProfileId).toBeNull()
      expect(store.signInStep).toBe('password')
      expect(store.signInError).toBeNull()
      expect(store.active?.profileId).toBe('p-installer')
      expect(store.activations).toBe(1)
    })

    it('resendCode mails the code again and says so; Back returns to the password', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [installerProfile] }))
      const store = useSessionsStore()
      await store.open('p-installer')
      await store.signIn({ profileId: 'p-installer', password: 'installer', remember: false })

      expect(await store.resendCode('p-installer')).toBe(true)
      expect(pbx.resendSignInCode).toHaveBeenCalledWith({ profileId: 'p-installer' })
      expect(pbx.state.codesSent['p-installer']).toBe(2)
      expect(store.codeResent).toBe(true)
      expect(store.resendingCode).toBe(false)

      store.backToPassword()
      expect(store.signInStep).toBe('password')
      expect(store.codeResent).toBe(false)
      expect(store.signInProfileId).toBe('p-installer')
    })

    it('keeps the error of a failed resend', async () => {
      installFakePbx(createFakePbx({ resendSignInCode: async () => fail('UNREACHABLE', 'The PBX did not answer') }, { profiles: [installerProfile] }))
      const store = useSessionsStore()
      await store.signIn({ profileId: 'p-installer', password: 'installer', remember: false })

      expect(await store.resendCode('p-installer')).toBe(false)
      expect(store.signInError?.message).toBe('The PBX did not answer')
      expect(store.codeResent).toBe(false)
    })

    it('opening with a remembered password goes straight to the code step', async () => {
      installFakePbx(createFakePbx({}, { profiles: [installerProfile], remembered: { 'p-installer': 'installer' } }))
      const store = useSessionsStore()

      expect(await store.open('p-installer')).toBe('sign-in')

      expect(store.signInProfileId).toBe('p-installer')
      expect(store.signInStep).toBe('code')
    })
  })

  describe('untrusted certificates', () => {
    it('an open that meets a self-signed certificate asks the dialog; trusting it opens again', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [umbrellaProfile] }))
      const profiles = useProfilesStore()
      await profiles.load()
      const store = useSessionsStore()

      expect(await store.open('p-umbrella')).toBe('sign-in')
      expect(store.signInProfileId).toBe('p-umbrella')
      expect(store.signInError?.code).toBe('UNTRUSTED_CERTIFICATE')
      expect(store.signInError?.certificate).toMatchObject({ fingerprint256: selfSignedCertificate.fingerprint256, reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' })
      expect(store.openError).toBeNull()

      const trusted = { fingerprint256: selfSignedCertificate.fingerprint256, subject: selfSignedCertificate.subject, validTo: selfSignedCertificate.validTo }
      expect(await store.trustCertificate('p-umbrella', trusted)).toBe(false)

      expect(pbx.trustCertificate).toHaveBeenCalledWith({ profileId: 'p-umbrella', certificate: trusted })
      expect(profiles.byId('p-umbrella')?.trustedCertificate).toEqual(trusted)
      // opened again: no password remembered, so the dialog asks for one
      expect(pbx.openPbx).toHaveBeenCalledTimes(2)
      expect(store.signInProfileId).toBe('p-umbrella')
      expect(store.signInStep).toBe('password')
      expect(store.signInError).toBeNull()
      expect(store.trusting).toBe(false)
    })

    it('a sign-in that meets the certificate signs in again with the password once it is trusted', async () => {
      const pbx = installFakePbx(createFakePbx({}, { profiles: [umbrellaProfile] }))
      const store = useSessionsStore()
      await store.open('p-umbrella')

      expect(await store.trustCertificate('p-umbrella', { ...selfSignedCertificate }, { password: 'manager', remember: true })).toBe(true)

      expect(pbx.signIn).toHaveBeenLastCalledWith({ profileId: 'p-umbrella', password: 'manager', remember: true })
      expect(store.active?.profileId).toBe('p-umbrella')
      expect(store.signInProfileId).toBeNull()
    })

    it('a changed certificate says which one was trusted before', async () => {
      installFakePbx(createFakePbx({}, { profiles: [wayneProfile] }))
      const store = useSessionsStore()

      await store.open('p-wayne')

      expect(store.signInError?.certificate).toMatchObject({
        reason: 'CERTIFICATE_CHANGED',
        fingerprint256: renewedCertificate.fingerprint256,
        trustedFingerprint256: OLD_WAYNE_FINGERPRINT,
      })
    })

    it('keeps the error when the trust cannot be saved', async () => {
      installFakePbx(createFakePbx({ trustCertificate: async () => fail('INTERNAL', 'profiles.json could not be written') }, { profiles: [umbrellaProfile] }))
      const store = useSessionsStore()
      await store.open('p-umbrella')

      expect(await store.trustCertificate('p-umbrella', { ...selfSignedCertificate })).toBe(false)

      expect(store.signInError?.message).toBe('profiles.json could not be written')
      expect(store.signInProfileId).toBe('p-umbrella')
    })
  })
})
