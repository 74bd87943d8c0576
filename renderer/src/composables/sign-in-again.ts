import { useSessionsStore } from '@renderer/stores/sessions'
import { ref } from 'vue'

/**
 * "Sign in again" for an area whose PBX answered that it is not signed in: opens the active PBX
 * again (the sign-in dialog when needed), and says while it does so (for the button's spinner).
 */
export function useSignInAgain() {
  const sessions = useSessionsStore()
  const signingIn = ref(false)
  async function signInAgain(): Promise<void> {
    const id = sessions.active?.profileId
    if (!id) return
    signingIn.value = true
    try {
      await sessions.open(id)
    } finally {
      signingIn.value = false
    }
  }
  return { signingIn, signInAgain }
}
