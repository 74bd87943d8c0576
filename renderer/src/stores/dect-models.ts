import type { DectModelsAnswer } from '@contract/bridge-handsets'
import type { DectModel } from '@contract/pbx'
import { findModel, vendorOfModel } from '@contract/pbx'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge } from './bridge-call'

/** A model as the pickers offer it: vendor (from the display name), model, template, lines. */
export interface ModelChoice {
  vendor: string
  model: string
  template: string
  lines: number
}

/**
 * The DECT models the pickers offer: the signed-in PBX's list (`GET /api/dect_phone_models`),
 * else the one main remembered from the last PBX that listed it (offline work). A PBX without
 * the list leaves the fields free to type.
 */
export const useDectModelsStore = defineStore('dect-models', () => {
  const answer = ref<DectModelsAnswer>({ source: 'none', supported: true, models: [] })
  const loadedFor = ref<string | null | undefined>(undefined)

  const choices = computed<ModelChoice[]>(() =>
    answer.value.models.map((m: DectModel) => ({ vendor: vendorOfModel(m) || m.model, model: m.model, template: m.filename, lines: m.lines })),
  )

  /** Reads the models of that PBX (or the remembered ones without one); once per PBX unless forced. */
  async function load(profileId: string | null, force = false): Promise<void> {
    if (!force && loadedFor.value === profileId) return
    loadedFor.value = profileId
    let result = await callBridge(() => window.pbx.listDectModels(profileId ? { profileId } : {}))
    // not signed in there, or offline: the remembered list still serves
    if (!result.ok && profileId) result = await callBridge(() => window.pbx.listDectModels({}))
    if (result.ok) answer.value = result.value
  }

  /** the lines of a base with that vendor and model, when the list knows it */
  function linesOf(vendor: string | undefined, model: string | undefined): number | undefined {
    return findModel(answer.value.models, vendor, model)?.lines
  }

  return { answer, choices, load, linesOf }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDectModelsStore, import.meta.hot))
