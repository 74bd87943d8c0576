import { useProfilesStore } from '@renderer/stores/profiles'
import { useSessionsStore } from '@renderer/stores/sessions'
import { useMessage } from 'naive-ui'

/**
 * Opening a saved PBX from anywhere (the list, the header's switcher): the sessions store does
 * the work and asks for the sign-in dialog when needed; a failure is shown as a message.
 * Call from a component's setup, inside Naive UI's message provider.
 */
export function useOpenPbx() {
  const sessions = useSessionsStore()
  const profiles = useProfilesStore()
  const message = useMessage()

  async function open(profileId: string): Promise<void> {
    const outcome = await sessions.open(profileId)
    if (outcome === 'failed' && sessions.openError) {
      const label = profiles.byId(profileId)?.label ?? 'the PBX'
      message.error(`Could not open ${label}: ${sessions.openError.message}`, { duration: 8000, closable: true })
    }
  }

  return { open }
}
