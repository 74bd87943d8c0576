import type { SignInInput } from '@contract/bridge'
import type { SessionState, TrustedCertificate } from '@contract/profiles'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { useProfilesStore } from './profiles'

/**
 * How opening a saved PBX ended: active; waiting in the sign-in dialog (for a password, a one-time
 * code, or the user's word on an untrusted certificate); or failed (see `openError`).
 */
export type OpenOutcome = 'opened' | 'sign-in' | 'failed'

/** The step the sign-in dialog is at: the password, or the one-time code of a two-factor sign-in. */
export type SignInStep = 'password' | 'code'

/** What the sign-in dialog typed, to sign in again once a certificate is trusted. */
export type SignInRetry = { password: string; remember: boolean }

/**
 * The sessions of the saved PBXs (tokens stay in main), and which PBX the app works on: the
 * active one. Opening a PBX that needs a password leaves its id in `signInProfileId`, which the
 * shell's sign-in dialog answers with `signIn` or `cancelSignIn`. A two-factor PBX then asks for
 * the mailed code (`signInStep` 'code': `verifyCode`, `resendCode`, `backToPassword`); a PBX whose
 * certificate is not trusted leaves an UNTRUSTED_CERTIFICATE `signInError`, which
 * `trustCertificate` answers (then tries again).
 */
export const useSessionsStore = defineStore('sessions', () => {
  /** by profile id */
  const sessions = ref<Record<string, SessionState>>({})
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const activeProfileId = ref<string | null>(null)
  /** the active PBX's session while it is signed in; null when no PBX is open */
  const active = computed<SessionState | null>(() => {
    const id = activeProfileId.value
    const session = id === null ? undefined : sessions.value[id]
    return session?.status === 'signed_in' ? session : null
  })
  /** bumped each time a PBX becomes active (opened or signed in), also when it already was */
  const activations = ref(0)

  /** the id of the saved PBX being opened */
  const opening = ref<string | null>(null)
  const openError = ref<BridgeError | null>(null)

  /** the saved PBX that asks for a password, while the sign-in dialog is up */
  const signInProfileId = ref<string | null>(null)
  const signInStep = ref<SignInStep>('password')
  /** while a password or a one-time code is being checked */
  const signingIn = ref(false)
  /** what the dialog's last request answered (an UNTRUSTED_CERTIFICATE error asks for trust) */
  const signInError = ref<BridgeError | null>(null)
  const resendingCode = ref(false)
  /** true once the code was mailed again, until the next step or attempt */
  const codeResent = ref(false)
  /** while a certificate is being trusted (and the sign-in tried again) */
  const trusting = ref(false)

  const signingOut = ref<string | null>(null)
  const signOutError = ref<BridgeError | null>(null)

  function sessionOf(profileId: string): SessionState | undefined {
    return sessions.value[profileId]
  }

  function isSignedIn(profileId: string): boolean {
    return sessions.value[profileId]?.status === 'signed_in'
  }

  function keep(session: SessionState): void {
    sessions.value = { ...sessions.value, [session.profileId]: session }
  }

  function activate(session: SessionState): void {
    keep(session)
    activeProfileId.value = session.profileId
    activations.value++
    // main notes when the PBX was last used
    void useProfilesStore().load()
  }

  /** Reads the session of every saved PBX. */
  async function load(): Promise<void> {
    status.value = 'loading'
    const result = await callBridge(() => window.pbx.listSessions())
    if (result.ok) {
      sessions.value = Object.fromEntries(result.value.map((session) => [session.profileId, session]))
      error.value = null
      status.value = 'ready'
    } else {
      error.value = result.error
      status.value = 'error'
    }
  }

  /**
   * Opens a saved PBX: with its running session or remembered password it becomes the active
   * PBX; otherwise main answers NOT_SIGNED_IN and the sign-in dialog is asked for.
   */
  async function open(profileId: string): Promise<OpenOutcome> {
    opening.value = profileId
    openError.value = null
    try {
      const result = await callBridge(() => window.pbx.openPbx({ profileId }))
      if (result.ok && result.value.status === 'signed_in') {
        finishSignIn(result.value)
        return 'opened'
      }
      if (result.ok) {
        // a remembered password of a two-factor PBX: the PBX mailed a code
        keep(result.value)
        askSignIn(profileId, result.value.status === 'code_required' ? 'code' : 'password')
        return 'sign-in'
      }
      if (result.error.code === 'NOT_SIGNED_IN') {
        askSignIn(profileId, 'password')
        return 'sign-in'
      }
      if (result.error.code === 'UNTRUSTED_CERTIFICATE') {
        // the dialog shows the certificate; trusting it opens the PBX again
        askSignIn(profileId, 'password', result.error)
        return 'sign-in'
      }
      openError.value = result.error
      return 'failed'
    } finally {
      opening.value = null
    }
  }

  /** Brings up the sign-in dialog for `profileId` at `step`. */
  function askSignIn(profileId: string, step: SignInStep, error: BridgeError | null = null): void {
    signInProfileId.value = profileId
    signInStep.value = step
    signInError.value = error
    codeResent.value = false
  }

  /** The dialog's PBX is now signed in: close the dialog and make it the active PBX. */
  function finishSignIn(session: SessionState): void {
    if (signInProfileId.value === session.profileId) {
      signInProfileId.value = null
      signInStep.value = 'password'
      codeResent.value = false
    }
    activate(session)
  }

  /**
   * Signs in with the password typed in the dialog. True when the PBX is now the active one; a
   * two-factor PBX moves the dialog to the code step instead.
   */
  async function signIn(input: SignInInput): Promise<boolean> {
    signingIn.value = true
    signInError.value = null
    codeResent.value = false
    try {
      const result = await callBridge(() => window.pbx.signIn(input))
      if (!result.ok) {
        signInError.value = result.error
        return false
      }
      if (result.value.status === 'code_required') {
        keep(result.value)
        askSignIn(input.profileId, 'code')
        return false
      }
      if (result.value.status !== 'signed_in') {
        keep(result.value)
        signInError.value = { code: 'NOT_SIGNED_IN', message: 'The PBX did not sign you in. Try again.' }
        return false
      }
      finishSignIn(result.value)
      return true
    } finally {
      signingIn.value = false
    }
  }

  /**
   * The second step of a two-factor sign-in: the one-time code the PBX mailed. True when the PBX
   * is now the active one; a wrong code leaves a PBX_ERROR with `field: 'code'` in `signInError`.
   */
  async function verifyCode(profileId: string, code: string): Promise<boolean> {
    signingIn.value = true
    signInError.value = null
    try {
      const result = await callBridge(() => window.pbx.verifySignInCode({ profileId, code }))
      if (!result.ok) {
        signInError.value = result.error
        return false
      }
      if (result.value.status !== 'signed_in') {
        keep(result.value)
        signInError.value = { code: 'NOT_SIGNED_IN', message: 'The PBX did not sign you in. Go back and sign in again.' }
        return false
      }
      finishSignIn(result.value)
      return true
    } finally {
      signingIn.value = false
    }
  }

  /** Asks the PBX to mail the one-time code again; `codeResent` says it did. */
  async function resendCode(profileId: string): Promise<boolean> {
    resendingCode.value = true
    signInError.value = null
    codeResent.value = false
    try {
      const result = await callBridge(() => window.pbx.resendSignInCode({ profileId }))
      if (!result.ok) {
        signInError.value = result.error
        return false
      }
      keep(result.value)
      codeResent.value = true
      return true
    } finally {
      resendingCode.value = false
    }
  }

  /** From the code step back to the password (a new sign-in mails a new code). */
  function backToPassword(): void {
    signInStep.value = 'password'
    signInError.value = null
    codeResent.value = false
  }

  /**
   * Trusts `certificate` for a saved PBX (main ends its session and answers the updated PBX),
   * then tries again: signs in with `retry` when the dialog had a password typed, else opens the
   * PBX (with its remembered password, or asking for one). True when the PBX is now active.
   */
  async function trustCertificate(profileId: string, certificate: TrustedCertificate, retry?: SignInRetry): Promise<boolean> {
    trusting.value = true
    signInError.value = null
    try {
      const result = await callBridge(() => window.pbx.trustCertificate({ profileId, certificate }))
      if (!result.ok) {
        signInError.value = result.error
        return false
      }
      useProfilesStore().put(result.value)
      keep({ profileId, status: 'signed_out' })
      if (retry) return await signIn({ profileId, ...retry })
      const outcome = await open(profileId)
      if (outcome === 'failed' && openError.value) {
        // still in the dialog: say it there
        askSignIn(profileId, 'password', openError.value)
        openError.value = null
      }
      return outcome === 'opened'
    } finally {
      trusting.value = false
    }
  }

  /** Closes the sign-in dialog without signing in. */
  function cancelSignIn(): void {
    signInProfileId.value = null
    signInStep.value = 'password'
    signInError.value = null
    codeResent.value = false
  }

  /** Signs out of a PBX; when it was the active one, no PBX is active afterwards. */
  async function signOut(profileId: string): Promise<boolean> {
    signingOut.value = profileId
    signOutError.value = null
    try {
      const result = await callBridge(() => window.pbx.signOut({ profileId }))
      if (!result.ok) {
        signOutError.value = result.error
        return false
      }
      keep(result.value)
      if (activeProfileId.value === profileId) activeProfileId.value = null
      return true
    } finally {
      signingOut.value = null
    }
  }

  /** Drops what is known of a removed PBX's session. */
  function forget(profileId: string): void {
    const { [profileId]: _gone, ...rest } = sessions.value
    sessions.value = rest
    if (activeProfileId.value === profileId) activeProfileId.value = null
    if (signInProfileId.value === profileId) cancelSignIn()
  }

  return {
    sessions,
    status,
    error,
    activeProfileId,
    active,
    activations,
    opening,
    openError,
    signInProfileId,
    signInStep,
    signingIn,
    signInError,
    resendingCode,
    codeResent,
    trusting,
    signingOut,
    signOutError,
    sessionOf,
    isSignedIn,
    load,
    open,
    signIn,
    verifyCode,
    resendCode,
    backToPassword,
    trustCertificate,
    cancelSignIn,
    signOut,
    forget,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSessionsStore, import.meta.hot))
