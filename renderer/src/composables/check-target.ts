import type { Batch } from '@contract/dect'
import { likelyTarget } from '@renderer/lib/batch-target'
import { useProfilesStore } from '@renderer/stores/profiles'
import { useSessionsStore } from '@renderer/stores/sessions'
import { computed, ref, watch, type Ref } from 'vue'

/**
 * The saved PBX a batch is checked against (or watched on site): the one it was pushed to, else
 * the active one, else the only one; the user may choose another. With the options of a picker.
 */
export function useCheckTarget(batch: Ref<Batch | null>) {
  const profilesStore = useProfilesStore()
  const sessionsStore = useSessionsStore()
  const profileId = ref<string | null>(null)
  const options = computed(() => profilesStore.profiles.map((profile) => ({ label: profile.label, value: profile.id })))
  watch(
    [batch, () => profilesStore.profiles, () => sessionsStore.activeProfileId],
    () => {
      if (profileId.value !== null) return
      profileId.value = likelyTarget(
        { pushedTo: batch.value?.targetProfileId },
        sessionsStore.activeProfileId,
        profilesStore.profiles.map((profile) => profile.id),
      )
    },
    { immediate: true },
  )
  const label = computed(() => (profileId.value ? (profilesStore.byId(profileId.value)?.label ?? 'the PBX') : 'the PBX'))
  return { profileId, options, label }
}
