import type { About } from '@contract/bridge'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { joined, showAnswer } from './request-state'

/** The app's versions and whether the OS keychain answers (shown in the status bar). */
export const useAboutStore = defineStore('about', () => {
  const about = ref<About | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  /** Asks main for the app's information; a second call while one is under way joins it. */
  const load = joined(async () => {
    status.value = 'loading'
    error.value = null
    const result = await callBridge(() => window.pbx.getAbout())
    showAnswer({ status, error }, result, (read) => (about.value = read))
  })

  return { about, status, error, load }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAboutStore, import.meta.hot))
