import type { BaseMembers } from '@contract/bridge-handsets'
import type { DectMemberWrite } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { plain, type LoadStatus } from './bridge-call'
import { busyRequest, lastLoadWins } from './request-state'

/**
 * The members of one base on a PBX (the DECT phones screen's drawer): which handset rings for which
 * extension, the base's lines and the tenant's extensions. Saving replaces the whole list (that is
 * what the API does), after main's checks; the list read back is shown.
 */
export const useBaseMembersStore = defineStore('base-members', () => {
  const data = ref<BaseMembers | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)
  const saving = ref(false)
  const saveError = ref<BridgeError | null>(null)
  let shown: { profileId: string; phoneId: string } | null = null
  const reads = lastLoadWins({ status, error })

  async function load(profileId: string, phoneId: string): Promise<void> {
    const target = { profileId, phoneId }
    shown = target
    data.value = null
    error.value = null
    saveError.value = null
    await reads.load(
      () => window.pbx.listBaseMembers(target),
      (members) => (data.value = members),
    )
  }

  async function save(members: DectMemberWrite[]): Promise<boolean> {
    const target = shown
    if (!target) return false
    const result = await busyRequest(() => window.pbx.saveBaseMembers({ ...target, members: plain(members) }), {
      busy: saving,
      error: saveError,
      current: () => shown === target,
      done: (saved) => (data.value = saved),
    })
    return result?.ok === true
  }

  return { data, status, error, saving, saveError, load, save }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBaseMembersStore, import.meta.hot))
