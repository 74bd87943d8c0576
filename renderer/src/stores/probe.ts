import type { SystemInfo } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'

/** "Check a PBX address": asks an address for GET /api/info, before any profile is saved. */
export const useProbeStore = defineStore('probe', () => {
  /** the address the shown answer (or error) belongs to */
  const baseUrl = ref<string | null>(null)
  const info = ref<SystemInfo | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  let latest = 0

  /** Probes `address`. When checks overlap, only the last one asked for is shown. */
  async function probe(address: string): Promise<void> {
    const request = ++latest
    baseUrl.value = address
    info.value = null
    error.value = null
    status.value = 'loading'
    const result = await callBridge(() => window.pbx.probePbx({ baseUrl: address }))
    if (request !== latest) return
    if (result.ok) {
      info.value = result.value
      status.value = 'ready'
    } else {
      error.value = result.error
      status.value = 'error'
    }
  }

  /** Forgets the last answer (e.g. when the address is edited). */
  function reset(): void {
    latest++
    baseUrl.value = null
    info.value = null
    error.value = null
    status.value = 'idle'
  }

  return { baseUrl, info, status, error, probe, reset }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useProbeStore, import.meta.hot))
