// The fake's memory (saved PBXs, sessions, passwords, codes, certificates, recoveries, batches),
// and the look-ups every area of the fake shares (`FakeContext`).
import type { PbxProfile, RecoveryState, SessionState } from '@contract/profiles'
import type { BridgeResult } from '@contract/result'
import type { BatchFakeState } from '../fake-batches'
import { fail } from './answers'
import type { PresentedCertificate } from './certificates'

/** The fake's memory: saved PBXs, sessions, and the passwords its PBXs accept. */
export type FakeState = {
  profiles: PbxProfile[]
  sessions: Record<string, SessionState>
  /** the password each saved PBX accepts (by profile id) */
  passwords: Record<string, string>
  /** the password remembered in the "keychain" (by profile id) */
  remembered: Record<string, string>
  /**
   * two-factor PBXs: the one-time code each accepts (by profile id). Their sign-in answers
   * `code_required`, and `verifySignInCode` takes that code alone.
   */
  codes: Record<string, string>
  /** how many times the code was mailed (by profile id), the first sign-in included */
  codesSent: Record<string, number>
  /**
   * the certificate an address presents when this computer's system trust does not cover it (by
   * base URL): every call to it answers UNTRUSTED_CERTIFICATE until that fingerprint is trusted,
   * and CERTIFICATE_CHANGED when another one is
   */
  certificates: Record<string, PresentedCertificate>
  /** users who must set a new password (by profile id): their session has `password_force_reset` */
  forceReset: Record<string, boolean>
  /** tenants (by domain) whose identity provider is enabled, with their names */
  idpTenants: Record<string, string>
  /** password recoveries under way (by profile id) */
  recoveries: Record<string, RecoveryState>
  /** the reset link the "mail" of each recovery holds (by profile id) */
  resetLinks: Record<string, string>
  /** the one-time code each PBX mails during a recovery (by profile id; RECOVERY_CODE unless set) */
  recoveryCodes: Record<string, string>
  /** DECT batches on "this computer", and the MACs already on each PBX (fake-batches.ts) */
  batches: BatchFakeState
}

/** The state and the look-ups the areas of one fake share. */
export type FakeContext = {
  state: FakeState
  /** the session of a saved PBX (signed out when it has none) */
  sessionOf: (profileId: string) => SessionState
  /** the saved PBX of that id, if any */
  find: (profileId: string) => PbxProfile | undefined
  /** NOT_FOUND: the saved PBX is gone */
  notFound: () => BridgeResult<never>
  /** the next number of the fake's ids (new PBXs, imported PBXs, reset links), counted from 1 */
  nextId: () => number
}

export function fakeContext(state: FakeState): FakeContext {
  let nextId = 1
  return {
    state,
    sessionOf: (profileId) => state.sessions[profileId] ?? { profileId, status: 'signed_out' },
    find: (profileId) => state.profiles.find((p) => p.id === profileId),
    notFound: () => fail('NOT_FOUND', 'This saved PBX no longer exists. Reload the list.'),
    nextId: () => nextId++,
  }
}
