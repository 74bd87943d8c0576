import { useOpenPbx } from '@renderer/composables/open-pbx'
import { useSessionsStore } from '@renderer/stores/sessions'
import { storeToRefs } from 'pinia'
import { watch } from 'vue'

/**
 * The fleet's "Sign in": the sign-in dialog every "open" uses, for a PBX the app cannot get into
 * by itself (no password kept, or a one-time code asked), without making it the open PBX, so the
 * reseller stays on the fleet. Once it is signed in, `onSignedIn` is called with its id (to read
 * its figures again); a dialog closed without signing in calls nothing.
 * Call from a component's setup, inside Naive UI's message provider.
 */
export function useFleetSignIn(onSignedIn: (profileId: string) => void) {
  const { open } = useOpenPbx()
  const sessions = useSessionsStore()
  const { sessions: states, signInProfileId } = storeToRefs(sessions)
  /** the PBXs whose sign-in dialog is up */
  let waiting: string[] = []

  function settle(): void {
    for (const profileId of waiting) {
      if (sessions.isSignedIn(profileId)) {
        waiting = waiting.filter((id) => id !== profileId)
        onSignedIn(profileId)
      } else if (signInProfileId.value !== profileId) waiting = waiting.filter((id) => id !== profileId)
    }
  }
  watch([states, signInProfileId], settle)

  async function signIn(profileId: string): Promise<void> {
    const outcome = await open(profileId, { activate: false })
    if (outcome === 'opened') onSignedIn(profileId)
    else if (outcome === 'sign-in' && !waiting.includes(profileId)) waiting = [...waiting, profileId]
  }

  return { signIn }
}
