import { pbxAccess } from '@renderer/areas'
import { useProfilesStore } from '@renderer/stores/profiles'
import { useSessionsStore } from '@renderer/stores/sessions'
import { storeToRefs } from 'pinia'
import { computed } from 'vue'

/**
 * Whether the active PBX lets its signed-in user work on outbound rules (`pbxAccess('outbound')`),
 * and if not, why, in a sentence; the PBX's id while it does, and whether the user may change rules.
 * For the panels of the Outbound rules screen (call from a component's setup).
 */
export function useOutboundAccess() {
  const sessions = useSessionsStore()
  const { active } = storeToRefs(sessions)
  const profiles = useProfilesStore()

  const access = computed(() => pbxAccess('outbound', active.value))
  /** the active PBX while its user may read outbound rules; null otherwise */
  const profileId = computed(() => (access.value.allowed ? (active.value?.profileId ?? null) : null))
  const canWrite = computed(() => (active.value?.user?.capabilities ?? []).includes('outbound_rules:write'))
  const pbxLabel = computed(() => profiles.byId(active.value?.profileId)?.label ?? 'the PBX')

  /** why the panel cannot be used, for its empty state */
  const requirement = computed(() => {
    const state = access.value
    if (state.allowed) return ''
    if (state.reason === 'no-pbx') return 'Open a PBX first: choose one on the PBXs page and sign in.'
    const user = active.value?.user
    return `${pbxLabel.value} is signed in as ${user?.username ?? 'a user'}${user?.role_name ? ` (${user.role_name})` : ''}, who may not read outbound rules: open it with a tenant administrator's account.`
  })

  return { access, profileId, canWrite, pbxLabel, requirement }
}
