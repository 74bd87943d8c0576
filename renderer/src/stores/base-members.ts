import type { BaseMembers } from '@contract/bridge-handsets'
import type { DectMemberWrite } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, plain, type LoadStatus } from './bridge-call'

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

  async function load(profileId: string, phoneId: string): Promise<void> {
    const target = { profileId, phoneId }
    shown = target
    status.value = 'loading'
    data.value = null
    error.value = null
    saveError.value = null
    const result = await callBridge(() => window.pbx.listBaseMembers(target))
    if (shown !== target) return
    if (result.ok) {
      data.value = result.value
      status.value = 'ready'
    } else {
      error.value = result.error
      status.value = 'error'
    }
  }

  async function save(members: DectMemberWrite[]): Promise<boolean> {
    const target = shown
    if (!target) return false
    saving.value = true
    saveError.value = null
    try {
      const result = await callBridge(() => window.pbx.saveBaseMembers({ ...target, members: plain(members) }))
      if (shown !== target) return false
      if (!result.ok) {
        saveError.value = result.error
        return false
      }
      data.value = result.value
      return true
    } finally {
      saving.value = false
    }
  }

  return { data, status, error, saving, saveError, load, save }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBaseMembersStore, import.meta.hot))
