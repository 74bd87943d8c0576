// Sign-in through a tenant's identity provider (Stark's): the sign-in waits for the browser until
// the test finishes it (`finishIdpSignIn`) or the user cancels it.
import type { PbxApi } from '@contract/bridge'
import type { PbxProfile, SessionState } from '@contract/profiles'
import type { BridgeError, BridgeResult } from '@contract/result'
import { fail, ok } from './answers'
import type { CertificateChecks } from './certificates'
import { sampleProfile } from './profiles'
import type { FakeContext } from './state'

/** A tenant whose identity provider is enabled (demo README: `demo.pbx.example`). */
export const starkProfile = sampleProfile({
  id: 'p-stark',
  label: 'Stark HQ',
  baseUrl: 'https://pbx.stark.example:8887',
  username: 'manager',
  domain: 'stark.pbx.example',
  customer: 'Stark Industries',
})
export const STARK_TENANT_NAME = 'Stark Industries'
export const IDP_CANCELLED_MESSAGE = 'The sign-in through the identity provider was cancelled.'

/** The helpers a test plays the browser with. */
export type FakeIdp = {
  /**
   * The user finishes on the identity provider's page: the waiting `signInWithIdp` answers a
   * session (or `error`, e.g. the provider refused). False when no sign-in is waiting.
   */
  finishIdpSignIn: (profileId: string, error?: BridgeError) => boolean
  /** whether a `signInWithIdp` of that PBX is waiting for the browser */
  idpWaiting: (profileId: string) => boolean
}

export function createIdpFake(
  { state, find, notFound }: FakeContext,
  { profileCertificateCheck }: CertificateChecks,
  signIn: (profile: PbxProfile) => SessionState,
): { operations: Pick<PbxApi, 'signInWithIdp' | 'cancelIdpSignIn'>; helpers: FakeIdp } {
  /** the sign-ins through the identity provider waiting for the browser (by profile id) */
  const idpWaits = new Map<string, (answer: BridgeResult<SessionState>) => void>()

  const operations: Pick<PbxApi, 'signInWithIdp' | 'cancelIdpSignIn'> = {
    // the identity provider: the sign-in waits until the test says the user finished in the browser
    signInWithIdp: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (profile.domain === '') {
        return fail('INVALID_INPUT', "domain: sign-in through the identity provider is for a tenant's users; this saved PBX has no tenant domain. Sign in with the password.", { field: 'domain' })
      }
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      if (state.idpTenants[profile.domain] === undefined) {
        return fail('NOT_SUPPORTED', `The identity provider is not enabled for this tenant on ${new URL(profile.baseUrl).host}.`)
      }
      // a second sign-in of the same PBX cancels the first, as main does
      idpWaits.get(profileId)?.(fail('CANCELLED', IDP_CANCELLED_MESSAGE))
      return new Promise<BridgeResult<SessionState>>((answer) => idpWaits.set(profileId, answer))
    },
    cancelIdpSignIn: async ({ profileId }) => {
      const answer = idpWaits.get(profileId)
      idpWaits.delete(profileId)
      answer?.(fail('CANCELLED', IDP_CANCELLED_MESSAGE))
      return ok({ cancelled: answer !== undefined })
    },
  }

  const helpers: FakeIdp = {
    finishIdpSignIn: (profileId, error) => {
      const answer = idpWaits.get(profileId)
      const profile = find(profileId)
      if (!answer || !profile) return false
      idpWaits.delete(profileId)
      answer(error ? { ok: false, error } : ok(signIn(profile)))
      return true
    },
    idpWaiting: (profileId) => idpWaits.has(profileId),
  }

  return { operations, helpers }
}
