import type { SignInInput } from '@contract/bridge'
import type { SessionState } from '@contract/profiles'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { useProfilesStore } from './profiles'

/** How opening a saved PBX ended: active, waiting for a password, or failed (see `openError`). */
export type OpenOutcome = 'opened' | 'sign-in' | 'failed'

/**
 * The sessions of the saved PBXs (tokens stay in main), and which PBX the app works on: the
 * active one. Opening a PBX that needs a password leaves its id in `signInProfileId`, which the
 * shell's sign-in dialog answers with `signIn` or `cancelSignIn`.
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
  const signingIn = ref(false)
  const signInError = ref<BridgeError | null>(null)

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
        activate(result.value)
        return 'opened'
      }
      if (result.ok || result.error.code === 'NOT_SIGNED_IN') {
        if (result.ok) keep(result.value)
        signInError.value = null
        signInProfileId.value = profileId
        return 'sign-in'
      }
      openError.value = result.error
      return 'failed'
    } finally {
      opening.value = null
    }
  }

  /** Signs in with the password typed in the dialog. True when the PBX is now the active one. */
  async function signIn(input: SignInInput): Promise<boolean> {
    signingIn.value = true
    signInError.value = null
    try {
      const result = await callBridge(() => window.pbx.signIn(input))
      if (!result.ok) {
        signInError.value = result.error
        return false
      }
      if (result.value.status !== 'signed_in') {
        keep(result.value)
        // two-factor sign-in (status code_required) has its own dialog in a later issue
        signInError.value =
          result.value.status === 'code_required'
            ? { code: 'NOT_SUPPORTED', message: 'The PBX emailed a one-time sign-in code; this version cannot take it yet.' }
            : { code: 'NOT_SIGNED_IN', message: 'The PBX did not sign you in. Try again.' }
        return false
      }
      if (signInProfileId.value === input.profileId) signInProfileId.value = null
      activate(result.value)
      return true
    } finally {
      signingIn.value = false
    }
  }

  /** Closes the sign-in dialog without signing in. */
  function cancelSignIn(): void {
    signInProfileId.value = null
    signInError.value = null
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
    signingIn,
    signInError,
    signingOut,
    signOutError,
    sessionOf,
    isSignedIn,
    load,
    open,
    signIn,
    cancelSignIn,
    signOut,
    forget,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSessionsStore, import.meta.hot))
