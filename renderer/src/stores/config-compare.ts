import type { ConfigComparison, ConfigSource } from '@contract/config-compare'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'

/** A side of a comparison or the source of a rollout: a saved PBX (read now) or a snapshot file. */
export type SourceChoice = { kind: 'pbx'; profileId: string } | { kind: 'file'; fileName: string; text: string }

export const sourceOf = (choice: SourceChoice): ConfigSource => (choice.kind === 'pbx' ? { profileId: choice.profileId } : { snapshotJson: choice.text })

/**
 * Two configurations side by side (main's `compareConfig`): the two sides chosen, the comparison
 * once asked for, and a PBX's snapshot file to save (`takeSnapshot`).
 */
export const useConfigCompareStore = defineStore('config-compare', () => {
  const left = ref<SourceChoice | null>(null)
  const right = ref<SourceChoice | null>(null)
  const comparison = ref<ConfigComparison | null>(null)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)
  /** the PBX whose snapshot is being taken */
  const snapshotting = ref<string | null>(null)

  async function compare(): Promise<void> {
    if (!left.value || !right.value) return
    status.value = 'loading'
    error.value = null
    const input = { left: sourceOf(left.value), right: sourceOf(right.value) }
    const result = await callBridge(() => window.pbx.compareConfig(input))
    if (result.ok) {
      comparison.value = result.value
      status.value = 'ready'
    } else {
      error.value = result.error
      status.value = 'error'
    }
  }

  /** Reads a PBX's configuration as a file to save; answers main's result. */
  async function snapshot(profileId: string) {
    snapshotting.value = profileId
    try {
      return await callBridge(() => window.pbx.takeSnapshot({ profileId }))
    } finally {
      snapshotting.value = null
    }
  }

  function swap(): void {
    ;[left.value, right.value] = [right.value, left.value]
    comparison.value = null
  }

  return { left, right, comparison, status, error, snapshotting, compare, snapshot, swap }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useConfigCompareStore, import.meta.hot))
