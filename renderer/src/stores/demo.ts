import type { DemoStatus } from '@contract/bridge'
import type { SystemInfo } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { joined, showAnswer } from './request-state'
import { useProfilesStore } from './profiles'

/**
 * The built-in demo PBX: starting it, and what it says about itself at GET /api/info. Starting it
 * also saves a PBX for each of its administrators (`demo.profileIds`), so the list is reloaded.
 */
export const useDemoStore = defineStore('demo', () => {
  const demo = ref<DemoStatus | null>(null)
  const info = ref<SystemInfo | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  /**
   * Starts the demo PBX (main answers the running one if it is already up), reloads the saved
   * PBXs (where the demo's now are), then probes it. `ready` once both answered; on a failure
   * `error` says which and the call may be retried.
   */
  const start = joined(async () => {
    status.value = 'loading'
    error.value = null
    const started = await callBridge(() => window.pbx.startDemo())
    if (!started.ok) {
      error.value = started.error
      status.value = 'error'
      return
    }
    demo.value = started.value
    void useProfilesStore().load()
    const probed = await callBridge(() => window.pbx.probePbx({ baseUrl: started.value.baseUrl }))
    showAnswer(
      { status, error },
      probed,
      (found) => (info.value = found),
      () => (info.value = null),
    )
  })

  return { demo, info, status, error, start }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDemoStore, import.meta.hot))
