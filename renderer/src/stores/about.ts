import type { About } from '@contract/bridge'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'

/** The app's versions and whether the OS keychain answers (shown in the status bar). */
export const useAboutStore = defineStore('about', () => {
  const about = ref<About | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  let pending: Promise<void> | null = null

  /** Asks main for the app's information; a second call while one is under way joins it. */
  function load(): Promise<void> {
    pending ??= (async () => {
      status.value = 'loading'
      error.value = null
      const result = await callBridge(() => window.pbx.getAbout())
      if (result.ok) {
        about.value = result.value
        status.value = 'ready'
      } else {
        error.value = result.error
        status.value = 'error'
      }
    })().finally(() => {
      pending = null
    })
    return pending
  }

  return { about, status, error, load }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAboutStore, import.meta.hot))
