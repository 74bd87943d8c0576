import type { BatchDefaults } from '@contract/dect'
import { ScanModelSchema, type ScanModel } from '@contract/dect-scan'
import { useDectModelsStore } from '@renderer/stores/dect-models'
import { useSessionsStore } from '@renderer/stores/sessions'
import { computed, onMounted, ref } from 'vue'
import { z } from 'zod'
import { useStoredValue } from './stored-value'

/** How many models a key picks while scanning: Alt+1 … Alt+9. */
export const MODEL_KEYS = 9

const same = (a: string | undefined, b: string | undefined): boolean => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()

/** Whether two models are the same base (vendor and model, case ignored). */
export const sameModel = (a: ScanModel | null | undefined, b: ScanModel | null | undefined): boolean =>
  !!a && !!b && same(a.vendor, b.vendor) && same(a.model, b.model)

/** The batch defaults' model, when they name a vendor and a model. */
export function modelOfDefaults(defaults: BatchDefaults | undefined): ScanModel | null {
  if (!defaults?.vendor?.trim() || !defaults.model?.trim()) return null
  const model: ScanModel = { vendor: defaults.vendor.trim(), model: defaults.model.trim() }
  if (defaults.template?.trim()) model.template = defaults.template.trim()
  return model
}

/** "Yealink W80B": how a model is named on screen. */
export const modelName = (model: ScanModel): string => (model.model.toLowerCase().startsWith(model.vendor.toLowerCase()) ? model.model : `${model.vendor} ${model.model}`)

/** the model last used, by saved PBX id ('' with no PBX open) */
const RememberedSchema = z.record(z.string(), ScanModelSchema)

/**
 * The base models scan mode offers: the open PBX's DECT models (else the ones remembered from the
 * last PBX that listed them, offline), as the batch defaults' form has them; the first nine have a
 * key (Alt+1 … Alt+9). The model last scanned with each PBX is remembered in this window's storage
 * and offered first the next time.
 */
export function useScanModels() {
  const models = useDectModelsStore()
  const sessions = useSessionsStore()
  /** false until the list is read (or known to be missing) */
  const ready = ref(false)
  onMounted(async () => {
    await models.load(sessions.activeProfileId ?? null)
    ready.value = true
  })

  const offered = computed<ScanModel[]>(() =>
    models.choices.map((choice) => ({ vendor: choice.vendor, model: choice.model, ...(choice.template ? { template: choice.template } : {}) })),
  )
  /** false when there is no list to choose from: vendor and model are typed (the list is offered while it is read) */
  const listed = computed(() => !ready.value || offered.value.length > 0)
  const keyed = computed(() => offered.value.slice(0, MODEL_KEYS))

  /** where the list comes from, for under the choice */
  const source = computed(() => {
    const answer = models.answer
    if (!ready.value) return 'Reading the DECT models…'
    if (answer.source === 'pbx') return `The ${answer.models.length} DECT models the PBX lists.`
    if (answer.source === 'remembered') return `Models remembered from the last PBX that listed them (${answer.fetchedAt?.slice(0, 10) ?? 'earlier'}).`
    return answer.supported ? 'No list of DECT models is known here: type the vendor and model.' : 'This PBX lists no DECT models: type the vendor and model.'
  })

  const remembered = useStoredValue<Record<string, ScanModel>>('pbx-provisioner.scan-base-model', RememberedSchema, () => ({}))
  const profileKey = () => sessions.activeProfileId ?? ''

  /** The model to offer first: the one last scanned with this PBX, while the list still has it. */
  function lastUsed(): ScanModel | null {
    const kept = remembered.value[profileKey()]
    if (!kept) return null
    if (!listed.value) return kept
    return offered.value.find((model) => sameModel(model, kept)) ?? null
  }
  function remember(model: ScanModel): void {
    remembered.value = { ...remembered.value, [profileKey()]: model }
  }

  return { ready, offered, listed, keyed, source, lastUsed, remember }
}
