import type { DectModelsAnswer } from '@contract/bridge-handsets'
import { callBridge } from '@renderer/stores/bridge-call'
import { useProfilesStore } from '@renderer/stores/profiles'
import { computed, ref, watch, type Ref } from 'vue'

/**
 * The DECT models of the PBX a new batch is for, chosen in the wizard: read from it (main then
 * remembers them, and the import checks the rows with them), else its list as remembered when it
 * cannot be reached now; and a sentence saying which, for under the picker.
 */
export function usePbxModels(profileId: Ref<string | null>) {
  const profiles = useProfilesStore()
  const reading = ref(false)
  const answer = ref<{ models: DectModelsAnswer; unreached?: string } | null>(null)

  let latest = 0
  watch(
    profileId,
    async (id) => {
      const request = ++latest
      answer.value = null
      if (!id) return
      reading.value = true
      try {
        const live = await callBridge(() => window.pbx.listDectModels({ profileId: id }))
        const result = live.ok ? { models: live.value } : await offline(id, live.error.message)
        if (request === latest && result) answer.value = result
      } finally {
        if (request === latest) reading.value = false
      }
    },
    { immediate: true },
  )

  async function offline(id: string, reason: string) {
    const kept = await callBridge(() => window.pbx.listDectModels({ profileId: id, offline: true }))
    return kept.ok ? { models: kept.value, unreached: reason.replace(/\.$/, '') } : null
  }

  const note = computed(() => {
    const id = profileId.value
    if (!id) return 'No PBX chosen: the models are checked when the batch is checked against a PBX, or at the push.'
    const label = profiles.byId(id)?.label ?? 'The PBX'
    const got = answer.value
    if (reading.value || !got) return `Reading the DECT models of ${label}…`
    const { models, unreached } = got
    if (unreached === undefined) {
      return models.supported
        ? `Checked against the ${models.models.length} DECT models of ${label}, read just now: a model it does not have is an error.`
        : `${label} does not list its DECT models: they are checked at the push.`
    }
    return models.source === 'remembered'
      ? `${label} cannot be reached now (${unreached}): the models are checked against its list as of ${models.fetchedAt?.slice(0, 10)}.`
      : `${label} cannot be reached now (${unreached}) and no list of its models is remembered: they are checked at the push.`
  })
  return { reading, note }
}
