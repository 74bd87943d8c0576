import type { SessionState } from '@contract/profiles'
import type { BridgeError, BridgeResult } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge } from './bridge-call'
import { busyRequest } from './request-state'
import { useProfilesStore } from './profiles'
import { useSessionsStore } from './sessions'

/** How asking for an entry's system-administrator sign-in ended. */
export type SystemSignInOutcome = 'opened' | 'sign-in' | 'failed'

/**
 * One saved entry per PBX for both roles (issue 38): the system administrator's sign-in of the
 * open tenant entry, which IVR servers and notification settings need. `open` takes it from what
 * the keychain keeps (no dialog); when nothing is kept, or with `ask`, the system sign-in dialog
 * comes up for `profileId` (user name, password, remember; then the one-time code where the PBX
 * mails one). The answers are the entry's session (its second sign-in under `system`), kept in
 * the sessions store, so the areas open as soon as it is signed in.
 */
export const useSystemSignInStore = defineStore('system-sign-in', () => {
  const sessions = useSessionsStore()
  const profiles = useProfilesStore()

  /** the entry whose system administrator the dialog signs in, while it is up */
  const profileId = ref<string | null>(null)
  const step = ref<'password' | 'code'>('password')
  const busy = ref(false)
  const error = ref<BridgeError | null>(null)
  const profile = computed(() => profiles.byId(profileId.value) ?? null)

  /** keeps the entry's answer; whether its system administrator is signed in now (a code asked moves to that step) */
  function settle(state: SessionState): boolean {
    sessions.keep(state)
    if (state.system?.status === 'code_required') step.value = 'code'
    return state.system?.status === 'signed_in'
  }

  function ask(id: string): void {
    profileId.value = id
    step.value = 'password'
    error.value = null
  }

  /**
   * The system administrator of `id` from the keychain; when it needs typing, the dialog (unless
   * `quiet`: an area entered asks the keychain only, and offers the button).
   */
  async function open(id: string, { quiet = false }: { quiet?: boolean } = {}): Promise<SystemSignInOutcome> {
    if (profiles.byId(id)?.systemAdmin) {
      const result = await callBridge(() => window.pbx.openPbx({ profileId: id, as: 'system', touch: false }))
      if (result.ok && settle(result.value)) return 'opened'
      if (result.ok && step.value === 'code' && !quiet) {
        profileId.value = id
        return 'sign-in'
      }
      if (!result.ok && result.error.code !== 'NOT_SIGNED_IN') {
        if (quiet) return 'failed'
        ask(id)
        error.value = result.error
        return 'sign-in'
      }
    }
    if (quiet) return 'failed'
    ask(id)
    return 'sign-in'
  }

  /** One step of the dialog (the password, the code): signed in closes it; an error or a code asked keeps it. */
  async function attempt(call: (id: string) => Promise<BridgeResult<SessionState>>): Promise<boolean> {
    const id = profileId.value
    if (id === null || busy.value) return false
    let signedIn = false
    await busyRequest(() => call(id), {
      busy,
      error,
      done: (state) => {
        signedIn = settle(state)
        if (signedIn) profileId.value = null
      },
    })
    return signedIn
  }

  async function signIn(typed: { username: string; password: string; remember: boolean }): Promise<boolean> {
    const done = await attempt((id) => window.pbx.signIn({ profileId: id, as: 'system', ...typed }))
    // the entry keeps who signed in as its system administrator
    if (done) void profiles.load()
    return done
  }

  const verifyCode = (code: string): Promise<boolean> => attempt((id) => window.pbx.verifySignInCode({ profileId: id, as: 'system', code }))

  async function resendCode(): Promise<void> {
    const id = profileId.value
    if (id === null) return
    const result = await callBridge(() => window.pbx.resendSignInCode({ profileId: id, as: 'system' }))
    if (!result.ok) error.value = result.error
  }

  function cancel(): void {
    profileId.value = null
    error.value = null
    step.value = 'password'
  }

  return { profileId, profile, step, busy, error, open, signIn, verifyCode, resendCode, cancel }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSystemSignInStore, import.meta.hot))
