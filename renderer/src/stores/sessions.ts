import type { OperationInput, SignInInput } from '@contract/bridge'
import type { SystemInfo } from '@contract/pbx'
import { isSystemEntry, type RecoveryState, type SessionState, type TrustedCertificate } from '@contract/profiles'
import type { BridgeError, BridgeResult } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, onScopeDispose, ref, watch } from 'vue'
import { callBridge, onBridgeFailure, type LoadStatus } from './bridge-call'
import { useProfilesStore } from './profiles'
import { busyRequest, showAnswer } from './request-state'

/**
 * How opening a saved PBX ended: active; waiting in the sign-in dialog (for a password, a one-time
 * code, or the user's word on an untrusted certificate); or failed (see `openError`).
 */
export type OpenOutcome = 'opened' | 'sign-in' | 'failed'

/**
 * The step the sign-in dialog is at: the password; the one-time code of a two-factor sign-in;
 * waiting for the identity provider's page in the browser (`idp`); or a password reset: waiting
 * for the mailed link (`reset-link`), its one-time code (`reset-code`), the new password
 * (`reset-password`).
 */
export type SignInStep = 'password' | 'code' | 'idp' | 'reset-link' | 'reset-code' | 'reset-password'

/** Why the dialog resets the password: the user forgot it, or the PBX requires a new one. */
export type ResetReason = RecoveryState['reason']

/** How often the "Check your email" step asks main whether the reset link came back. */
export const RECOVERY_POLL_MS = 1000

const RESET_STEPS: Record<RecoveryState['step'], SignInStep> = {
  waiting_for_link: 'reset-link',
  code_sent: 'reset-code',
  verified: 'reset-password',
}

/** What the sign-in dialog typed, to sign in again once a certificate is trusted. */
export type SignInRetry = { password: string; remember: boolean }

/**
 * The sessions of the saved PBXs (tokens stay in main), and which PBX the app works on: the
 * active one. Opening a PBX that needs a password leaves its id in `signInProfileId`, which the
 * shell's sign-in dialog answers with `signIn` or `cancelSignIn`. A two-factor PBX then asks for
 * the mailed code (`signInStep` 'code': `verifyCode`, `resendCode`, `backToPassword`); a PBX whose
 * certificate is not trusted leaves an UNTRUSTED_CERTIFICATE `signInError`, which
 * `trustCertificate` answers (then tries again).
 *
 * For a tenant PBX the dialog also offers the identity provider when GET /api/info says it is on
 * (`idpAvailable`; `signInWithIdp` waits for the browser, `cancelIdpSignIn` stops waiting), and a
 * password reset (`forgotPassword`, then `submitResetLink` or the link opened on this computer,
 * which `recovery` notices by asking main every second, `verifyRecoveryCode`, `resetPassword`). A
 * session whose user must set a new password (`password_force_reset`) is not made active: the
 * dialog runs the same reset, with `resetReason` 'forced'.
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
  /**
   * a PBX being signed in for another screen's sake (a copy's target): once signed in it is kept,
   * not made the active PBX
   */
  const backgroundProfileId = ref<string | null>(null)

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
  /**
   * the built-in demo PBX's one-time code, read from its outbox, for the demo's notice at the code
   * step (issue 40: its mail goes nowhere); null for every other PBX
   */
  const demoCode = ref<string | null>(null)
  /** while a certificate is being trusted (and the sign-in tried again) */
  const trusting = ref(false)

  /** GET /api/info?domain= of the dialog's tenant PBX (its name, whether its identity provider is on) */
  const signInInfo = ref<{ profileId: string; info: SystemInfo } | null>(null)
  /** whether the dialog's PBX offers sign-in through the tenant's identity provider */
  const idpAvailable = computed(
    () => signInInfo.value !== null && signInInfo.value.profileId === signInProfileId.value && signInInfo.value.info.enable_idp365_integration === true,
  )
  /** the tenant's name, as the identity provider's page shows it (its domain when the PBX names none) */
  const signInTenantName = computed(() => {
    const profile = useProfilesStore().byId(signInProfileId.value)
    const info = signInInfo.value?.profileId === signInProfileId.value ? signInInfo.value?.info : undefined
    return info?.name || profile?.domain || ''
  })
  /** counts sign-ins through the identity provider, so a late answer of an abandoned one is ignored */
  let idpAttempt = 0

  /** where the dialog's password reset stands, as main answered it; null before (or without) one */
  const recovery = ref<RecoveryState | null>(null)
  /** why the dialog resets the password; null when it is not resetting */
  const resetReason = ref<ResetReason | null>(null)
  /** while the PBX is asked to mail a reset link */
  const requestingReset = ref(false)

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
    showAnswer({ status, error }, result, (listed) => (sessions.value = Object.fromEntries(listed.map((session) => [session.profileId, session]))))
  }

  /**
   * Opens a saved PBX: with its running session or remembered password it becomes the active
   * PBX; otherwise main answers NOT_SIGNED_IN and the sign-in dialog is asked for. With
   * `activate: false` the PBX is signed in (through the dialog when needed) but the active PBX
   * stays as it is: for a screen that needs a second PBX, such as a copy's target.
   */
  async function open(profileId: string, options: { activate?: boolean } = {}): Promise<OpenOutcome> {
    opening.value = profileId
    openError.value = null
    backgroundProfileId.value = options.activate === false ? profileId : null
    try {
      const result = await callBridge(() => window.pbx.openPbx({ profileId }))
      if (result.ok && result.value.status === 'signed_in') {
        return (await settle(result.value)) ? 'opened' : 'sign-in'
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
    showDialogFor(profileId)
    signInStep.value = step
    signInError.value = error
    codeResent.value = false
    if (!step.startsWith('reset-')) endReset()
    if (step === 'code') void loadDemoCode(profileId)
    else demoCode.value = null
  }

  /**
   * Asks main for the demo's code of the sign-in waiting at the code step. Only the saved PBX the
   * app made for its built-in demo is asked (main checks it too); a real PBX's code stays in the mail.
   */
  async function loadDemoCode(profileId: string): Promise<void> {
    demoCode.value = null
    if (useProfilesStore().byId(profileId)?.demo !== true) return
    const result = await callBridge(() => window.pbx.demoSignInCode({ profileId }))
    if (signInProfileId.value !== profileId || signInStep.value !== 'code') return
    demoCode.value = result.ok ? (result.value?.code ?? null) : null
  }

  /** The dialog is for `profileId`; when it was not already, ask what the PBX offers. */
  function showDialogFor(profileId: string): void {
    if (signInProfileId.value === profileId) return
    signInProfileId.value = profileId
    void loadSignInInfo(profileId)
  }

  /**
   * Asks GET /api/info?domain= of a tenant PBX, for its name and whether its identity provider is
   * on. A PBX that does not answer simply offers no identity provider (signing in says why).
   */
  async function loadSignInInfo(profileId: string): Promise<void> {
    const profile = useProfilesStore().byId(profileId)
    if (signInInfo.value?.profileId !== profileId) signInInfo.value = null
    if (!profile || isSystemEntry(profile)) return
    const input: OperationInput<'probePbx'> = { baseUrl: profile.baseUrl, domain: profile.domain }
    if (profile.trustedCertificate) input.trustedFingerprint256 = profile.trustedCertificate.fingerprint256
    const result = await callBridge(() => window.pbx.probePbx(input))
    if (signInProfileId.value !== profileId) return
    signInInfo.value = result.ok ? { profileId, info: result.value } : null
  }

  /** The dialog's PBX is now signed in: close the dialog and make it the active PBX (unless signed in in the background). */
  function finishSignIn(session: SessionState): void {
    const background = backgroundProfileId.value === session.profileId
    if (signInProfileId.value === session.profileId) closeDialog()
    if (background) {
      backgroundProfileId.value = null
      keep(session)
    } else activate(session)
  }

  /**
   * What a sign-in (of any kind) answered: a signed-in session becomes the active PBX (true); a
   * two-factor PBX asks for the code; a user who must set a new password is not let in, and the
   * dialog starts the reset.
   */
  async function settle(session: SessionState): Promise<boolean> {
    const profileId = session.profileId
    if (session.status === 'code_required') {
      keep(session)
      askSignIn(profileId, 'code')
      return false
    }
    if (session.status !== 'signed_in') {
      keep(session)
      askSignIn(profileId, signInStep.value === 'code' ? 'code' : 'password', {
        code: 'NOT_SIGNED_IN',
        message: 'The PBX did not sign you in. Go back and sign in again.',
      })
      return false
    }
    if (session.user?.password_force_reset === true) {
      keep(session)
      if (activeProfileId.value === profileId) activeProfileId.value = null
      await startReset(profileId, 'forced')
      return false
    }
    finishSignIn(session)
    return true
  }

  /**
   * Signs in with the password typed in the dialog. True when the PBX is now the active one; a
   * two-factor PBX moves the dialog to the code step instead.
   */
  function signIn(input: SignInInput): Promise<boolean> {
    codeResent.value = false
    return signInRequest(() => window.pbx.signIn(input))
  }

  /** One request of the dialog that answers a session: `signingIn` meanwhile, its error kept, the session settled. */
  async function signInRequest(call: () => Promise<BridgeResult<SessionState>>): Promise<boolean> {
    let opened = false
    await busyRequest(call, {
      busy: signingIn,
      error: signInError,
      done: async (session) => {
        opened = await settle(session)
      },
    })
    return opened
  }

  /**
   * The second step of a two-factor sign-in: the one-time code the PBX mailed. True when the PBX
   * is now the active one; a wrong code leaves a PBX_ERROR with `field: 'code'` in `signInError`.
   */
  function verifyCode(profileId: string, code: string): Promise<boolean> {
    return signInRequest(() => window.pbx.verifySignInCode({ profileId, code }))
  }

  /** Asks the PBX to mail the one-time code again; `codeResent` says it did. */
  async function resendCode(profileId: string): Promise<boolean> {
    codeResent.value = false
    const result = await busyRequest(() => window.pbx.resendSignInCode({ profileId }), {
      busy: resendingCode,
      error: signInError,
      done: (session) => {
        keep(session)
        codeResent.value = true
        // the demo mailed a new code: its notice shows that one
        void loadDemoCode(profileId)
      },
    })
    return result.ok
  }

  /**
   * Back to the password step, from the code (a new sign-in mails a new code) or from any step of
   * a password reset ("Back to sign-in").
   */
  function backToPassword(): void {
    signInStep.value = 'password'
    signInError.value = null
    codeResent.value = false
    demoCode.value = null
    endReset()
  }

  // --- the identity provider ---------------------------------------------------------------------

  /**
   * Signs in through the tenant's identity provider: main opens its page in the browser and waits
   * (up to 5 minutes) for it to come back. The dialog waits at the `idp` step meanwhile. True when
   * the PBX is now active; cancelling (CANCELLED) goes back to the password, with no error.
   */
  async function signInWithIdp(profileId: string): Promise<boolean> {
    const attempt = ++idpAttempt
    signInStep.value = 'idp'
    signInError.value = null
    codeResent.value = false
    const result = await callBridge(() => window.pbx.signInWithIdp({ profileId }))
    const current = attempt === idpAttempt && signInProfileId.value === profileId && signInStep.value === 'idp'
    if (!current) {
      // abandoned (cancelled, or the dialog closed): a session main opened all the same is kept
      if (result.ok) keep(result.value)
      return false
    }
    if (!result.ok) {
      signInStep.value = 'password'
      if (result.error.code !== 'CANCELLED') signInError.value = result.error
      return false
    }
    signInStep.value = 'password'
    return settle(result.value)
  }

  /** Stops waiting for the identity provider: back to the password step at once. */
  async function cancelIdpSignIn(profileId: string): Promise<void> {
    idpAttempt++
    if (signInProfileId.value === profileId && signInStep.value === 'idp') signInStep.value = 'password'
    await callBridge(() => window.pbx.cancelIdpSignIn({ profileId }))
  }

  // --- password reset ----------------------------------------------------------------------------

  function endReset(): void {
    recovery.value = null
    resetReason.value = null
    requestingReset.value = false
  }

  /** Shows where main says the reset stands: each recovery step has its dialog step. */
  function showRecovery(state: RecoveryState): void {
    recovery.value = state
    if (state.reason === 'forced') resetReason.value = 'forced'
    signInStep.value = RESET_STEPS[state.step]
  }

  /**
   * Asks the PBX to mail a reset link to the saved PBX's user, and moves the dialog to "Check
   * your email" (at once, saying it is asking). `reason` 'forced': the PBX requires a new password.
   */
  async function startReset(profileId: string, reason: ResetReason): Promise<boolean> {
    showDialogFor(profileId)
    signInStep.value = 'reset-link'
    codeResent.value = false
    recovery.value = null
    if (reason === 'forced' || resetReason.value === null) resetReason.value = reason
    const result = await busyRequest(() => window.pbx.requestPasswordReset({ profileId }), {
      busy: requestingReset,
      error: signInError,
      current: () => signInProfileId.value === profileId && signInStep.value === 'reset-link',
      done: showRecovery,
    })
    return result?.ok === true
  }

  /** "Forgot password?" (tenant PBXs): the PBX mails a reset link. Also "Email a new link". */
  function forgotPassword(profileId: string): Promise<boolean> {
    return startReset(profileId, resetReason.value ?? 'forgotten')
  }

  /** true while "Check your email" waits for the link to be opened on this computer */
  const waitingForLink = computed(
    () => signInProfileId.value !== null && signInStep.value === 'reset-link' && recovery.value?.step === 'waiting_for_link',
  )
  let pollTimer: ReturnType<typeof setTimeout> | undefined

  function stopPolling(): void {
    clearTimeout(pollTimer)
    pollTimer = undefined
  }

  /** Asks main where the reset stands, once: a link opened on this computer moves on to the code. */
  async function pollRecovery(): Promise<void> {
    pollTimer = undefined
    const profileId = signInProfileId.value
    if (!waitingForLink.value || profileId === null) return
    const result = await callBridge(() => window.pbx.getRecoveryState({ profileId }))
    if (!waitingForLink.value || signInProfileId.value !== profileId) return
    if (!result.ok) signInError.value = result.error
    else if (result.value === null) {
      recovery.value = null
      signInError.value = {
        code: 'NOT_FOUND',
        message: 'The password reset is no longer under way (the link expires after 15 minutes). Email a new link, or go back to sign-in.',
      }
    } else if (result.value.step !== 'waiting_for_link') {
      signInError.value = null
      showRecovery(result.value)
    }
    if (waitingForLink.value && pollTimer === undefined) pollTimer = setTimeout(() => void pollRecovery(), RECOVERY_POLL_MS)
  }

  // ask every second while "Check your email" is shown; stop when the dialog closes or the step changes
  watch(
    waitingForLink,
    (waiting) => {
      stopPolling()
      if (waiting) pollTimer = setTimeout(() => void pollRecovery(), RECOVERY_POLL_MS)
    },
    { flush: 'sync' },
  )

  /** Runs one request of the reset's steps: busy meanwhile, its error kept for the dialog. */
  async function recoveryRequest<T>(profileId: string, call: () => Promise<BridgeResult<T>>): Promise<T | null> {
    const result = await busyRequest(call, { busy: signingIn, error: signInError, current: () => signInProfileId.value === profileId })
    return result?.ok ? result.value : null
  }

  /** The reset link pasted from the mail (when opening it did not come back to the app). */
  async function submitResetLink(profileId: string, link: string): Promise<boolean> {
    const state = await recoveryRequest(profileId, () => window.pbx.submitResetLink({ profileId, link }))
    if (state) showRecovery(state)
    return state !== null
  }

  /** The one-time code mailed during the reset; a wrong one is a PBX_ERROR with `field: 'code'`. */
  async function verifyRecoveryCode(profileId: string, code: string): Promise<boolean> {
    const state = await recoveryRequest(profileId, () => window.pbx.verifyRecoveryCode({ profileId, code }))
    if (state) showRecovery(state)
    return state !== null
  }

  /** Sets the new password, which signs in with it: true when the PBX is now the active one. */
  async function resetPassword(profileId: string, newPassword: string, remember: boolean): Promise<boolean> {
    const session = await recoveryRequest(profileId, () => window.pbx.resetPassword({ profileId, newPassword, remember }))
    if (!session) return false
    return settle(session)
  }

  /**
   * Trusts `certificate` for a saved PBX (main ends its session and answers the updated PBX),
   * then tries again: signs in with `retry` when the dialog had a password typed, else opens the
   * PBX (with its remembered password, or asking for one). True when the PBX is now active.
   */
  async function trustCertificate(profileId: string, certificate: TrustedCertificate, retry?: SignInRetry): Promise<boolean> {
    let opened = false
    await busyRequest(() => window.pbx.trustCertificate({ profileId, certificate }), {
      busy: trusting,
      error: signInError,
      done: async (trusted) => {
        useProfilesStore().put(trusted)
        keep({ profileId, status: 'signed_out' })
        // the PBX answers now: ask again whether it offers the identity provider
        void loadSignInInfo(profileId)
        if (retry) {
          opened = await signIn({ profileId, ...retry })
          return
        }
        const outcome = await open(profileId)
        if (outcome === 'failed' && openError.value) {
          // still in the dialog: say it there
          askSignIn(profileId, 'password', openError.value)
          openError.value = null
        }
        opened = outcome === 'opened'
      },
    })
    return opened
  }

  function closeDialog(): void {
    if (backgroundProfileId.value === signInProfileId.value) backgroundProfileId.value = null
    signInProfileId.value = null
    signInStep.value = 'password'
    signInError.value = null
    codeResent.value = false
    demoCode.value = null
    signInInfo.value = null
    endReset()
  }

  /** Closes the sign-in dialog without signing in (and stops waiting for the identity provider). */
  function cancelSignIn(): void {
    const profileId = signInProfileId.value
    const waitingForIdp = signInStep.value === 'idp'
    closeDialog()
    if (profileId !== null && waitingForIdp) void cancelIdpSignIn(profileId)
  }

  /** Signs out of a PBX; when it was the active one, no PBX is active afterwards. */
  async function signOut(profileId: string): Promise<boolean> {
    const result = await busyRequest(() => window.pbx.signOut({ profileId }), {
      busy: [signingOut, profileId],
      error: signOutError,
      done: (session) => {
        keep(session)
        if (activeProfileId.value === profileId) activeProfileId.value = null
      },
    })
    return result.ok
  }

  /** Drops what is known of a removed PBX's session. */
  function forget(profileId: string): void {
    const { [profileId]: _gone, ...rest } = sessions.value
    sessions.value = rest
    if (activeProfileId.value === profileId) activeProfileId.value = null
    if (signInProfileId.value === profileId) cancelSignIn()
  }

  // A certificate that changed under a signed-in PBX ends its session in main, whichever call met
  // it (a screen's list, a push): read the sessions again, so the list says signed out and why
  // (`ended`) instead of "signed in" while every call is refused.
  onScopeDispose(
    onBridgeFailure((failure) => {
      if (failure.code === 'UNTRUSTED_CERTIFICATE') void load()
    }),
  )

  // Saved PBXs change in the profiles store; the sessions follow (one arrow: sessions → profiles).
  // An edited address or user signs the PBX out in main: take its session from there.
  useProfilesStore().$onAction(({ name, args, after }) => {
    if (name === 'save') {
      const [input] = args as [{ id?: string }]
      after((result) => {
        if (input.id !== undefined && (result as { ok: boolean }).ok) void load()
      })
    } else if (name === 'mergeSystemEntry') {
      // the merged entries now hold a system sign-in; the entry merged is gone
      after((result) => {
        if (result === null) return
        const { removed } = result as { removed: string }
        forget(removed)
        void load()
      })
    } else if (name === 'remove') {
      const [profileId] = args as [string]
      after((removed) => {
        if (removed === true) forget(profileId)
      })
    }
  })

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
    demoCode,
    trusting,
    signInInfo,
    idpAvailable,
    signInTenantName,
    recovery,
    resetReason,
    requestingReset,
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
    signInWithIdp,
    cancelIdpSignIn,
    forgotPassword,
    submitResetLink,
    verifyRecoveryCode,
    resetPassword,
    trustCertificate,
    cancelSignIn,
    signOut,
    forget,
    keep,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSessionsStore, import.meta.hot))
