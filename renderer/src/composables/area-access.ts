import type { Capability } from '@contract/pbx'
import { areaOf, capabilitiesOf, pbxAccess, systemSignInSentence, type AreaKey } from '@renderer/areas'
import { useProfilesStore } from '@renderer/stores/profiles'
import { useSessionsStore } from '@renderer/stores/sessions'
import { storeToRefs } from 'pinia'
import { computed, watch } from 'vue'

type PbxArea = Exclude<AreaKey, 'pbxs' | 'fleet'>

/** What a user must be granted to change an area's items, and the area's items in words. */
const AREA_WORK: Record<PbxArea, { write: Capability; items: string }> = {
  dect: { write: 'dect_phones:write', items: 'DECT phones' },
  ivr: { write: 'ivr_servers:write', items: 'IVR servers' },
  outbound: { write: 'outbound_rules:write', items: 'outbound rules' },
  templates: { write: 'email_templates:write', items: 'email templates' },
  notifications: { write: 'notification:write', items: 'the notification settings' },
}

export const OPEN_A_PBX_SENTENCE = 'Open a PBX first: choose one on the PBXs page and sign in.'

/**
 * Whether the active PBX lets its signed-in user work in an area (`pbxAccess`), and if not, why,
 * in a sentence for the area's empty state; the PBX's id while it does (null otherwise), whether
 * the user may change the area's items, and the PBX's label. With `onOpen`, that is called with
 * the PBX's id each time it opens or is signed in to again (to read the area's items).
 * Call from a component's setup.
 */
export function useAreaAccess(area: PbxArea, options: { onOpen?: (profileId: string) => void } = {}) {
  const sessions = useSessionsStore()
  const { active } = storeToRefs(sessions)
  const profiles = useProfilesStore()
  const work = AREA_WORK[area]

  const access = computed(() => pbxAccess(area, active.value))
  const profileId = computed(() => (access.value.allowed ? (active.value?.profileId ?? null) : null))
  const canWrite = computed(() => capabilitiesOf(active.value).includes(work.write))
  const pbxLabel = computed(() => profiles.byId(active.value?.profileId)?.label ?? 'the PBX')

  /** why the area cannot be used; '' while it can */
  const requirement = computed(() => {
    const state = access.value
    if (state.allowed) return ''
    if (state.reason === 'no-pbx') return OPEN_A_PBX_SENTENCE
    const user = active.value?.user
    const who = `${user?.username ?? 'a user'}${user?.role_name ? ` (${user.role_name})` : ''}`
    if (state.systemSignIn) return systemSignInSentence(areaOf(area).title, pbxLabel.value, who)
    const needs = areaOf(area).needs
    return `${pbxLabel.value} is signed in as ${who}, who may not read ${work.items}: open it with ${needs?.who ?? 'another'}'s account.`
  })

  const onOpen = options.onOpen
  if (onOpen) {
    watch(
      [profileId, () => sessions.activations],
      ([id]) => {
        if (id !== null) onOpen(id)
      },
      { immediate: true },
    )
  }

  return { access, profileId, canWrite, pbxLabel, requirement }
}
