import { useProfilesStore } from '@renderer/stores/profiles'
import { useSessionsStore, type OpenOutcome } from '@renderer/stores/sessions'
import { useMessage } from 'naive-ui'

/**
 * Opening a saved PBX from anywhere (the list, the header's switcher, the fleet): the sessions
 * store does the work and asks for the sign-in dialog when needed; a failure is shown as a message.
 * With `activate: false` the PBX is signed in (through the dialog when needed) and the open PBX
 * stays as it is (the fleet's "Sign in"). Answers how it ended.
 * Call from a component's setup, inside Naive UI's message provider.
 */
export function useOpenPbx() {
  const sessions = useSessionsStore()
  const profiles = useProfilesStore()
  const message = useMessage()

  async function open(profileId: string, options: { activate?: boolean } = {}): Promise<OpenOutcome> {
    const outcome = await sessions.open(profileId, options)
    if (outcome === 'failed' && sessions.openError) {
      const label = profiles.byId(profileId)?.label ?? 'the PBX'
      message.error(`Could not open ${label}: ${sessions.openError.message}`, { duration: 8000, closable: true })
    }
    return outcome
  }

  return { open }
}
