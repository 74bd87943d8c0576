import type { OperationInput, OperationOutput } from '@contract/bridge'
import type { ExtensionRange, HandsetMoveAnswer, HandsetRenumberAnswer, HandsetSwapAnswer } from '@contract/bridge-handsets'
import type { Batch } from '@contract/dect'
import type { RetirePlan } from '@contract/dect-retire'
import type { BridgeError, BridgeResult } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { useBatchesStore } from './batches'
import { callBridge, plain } from './bridge-call'

const NO_BATCH: BridgeError = { code: 'NOT_FOUND', message: 'No batch is open.' }

export type HandsetScan = { ok: true; answer: Omit<OperationOutput<'scanHandset'>, 'batch'> } | { ok: false; error: BridgeError }
/** What a change of a handset on the PBX answers (a swap, a move, a renumber): the handset, whether it finished one that had stopped, in words. */
export type HandsetChangeAnswer = { handsetId: string; finished: boolean; message: string }
export type HandsetChanged<A = HandsetChangeAnswer> = { ok: true; answer: A } | { ok: false; error: BridgeError }

/**
 * The handsets of the batch on screen (the batches store holds the batch): edited in place, added
 * by scanner in enrolment mode, checked against a PBX. Every change answers the whole batch,
 * which the batches store shows.
 */
export const useHandsetsStore = defineStore('handsets', () => {
  const batches = useBatchesStore()

  /** the base the next scanned handsets go on (its MAC), per batch */
  const scanBase = ref<Record<string, string>>({})
  const checking = ref(false)
  /** a handset being changed on the PBX (swapped, moved, renumbered) or handsets and bases retired: one at a time */
  const changing = ref(false)
  /** what the last check could not do on that PBX (no list of users, no members) */
  const notes = ref<string[]>([])

  function edit(input: Omit<OperationInput<'editBatchHandsets'>, 'batchId'>): Promise<Batch | null> {
    const batchId = batches.current?.id
    if (!batchId) return Promise.resolve(null)
    return batches.change(() => window.pbx.editBatchHandsets({ batchId, ...plain(input) }))
  }

  async function checkOnPbx(profileId: string): Promise<Batch | null> {
    const batchId = batches.current?.id
    if (!batchId) return null
    let answered: string[] = []
    const batch = await batches.change(async () => {
      const result = await window.pbx.checkHandsetsOnPbx({ batchId, profileId })
      if (!result.ok) return result
      answered = result.value.notes
      return { ok: true as const, value: result.value.batch }
    }, checking)
    notes.value = answered
    return batch
  }

  /**
   * One scan in enrolment mode: a base MAC selects the base (another one than selected is only
   * offered, unless `switchBase`), an IPUI/IPEI adds a handset on it.
   */
  async function scan(code: string, extensions: ExtensionRange, namePattern: string, switchBase = false): Promise<HandsetScan> {
    const batchId = batches.current?.id
    if (!batchId) return { ok: false, error: NO_BATCH }
    const baseMac = scanBase.value[batchId]
    const result = await callBridge(() => window.pbx.scanHandset({ batchId, code, extensions: plain(extensions), namePattern, switchBase, ...(baseMac ? { baseMac } : {}) }))
    if (!result.ok) return { ok: false, error: result.error }
    const { batch, ...answer } = result.value
    batches.put(batch)
    scanBase.value[batchId] = answer.baseMac
    return { ok: true, answer }
  }

  /**
   * A change of a handset on the PBX that answers the batch with the change noted (issue 43): a
   * change of the open batch as any other (BUSY while another process pushes it: the batch read
   * again), the batch answered shown, and the change's own answer given back.
   */
  async function changeOnPbx<V extends { batch: Batch }, A>(
    call: (batchId: string) => Promise<BridgeResult<V>>,
    answerOf: (value: V) => A,
  ): Promise<HandsetChanged<A>> {
    const batchId = batches.current?.id
    if (!batchId) return { ok: false, error: NO_BATCH }
    let answered = null as A | null
    const batch = await batches.change(async () => {
      const result = await call(batchId)
      if (!result.ok) return result
      answered = answerOf(result.value)
      return { ok: true as const, value: result.value.batch }
    }, changing)
    if (batch && answered) return { ok: true, answer: answered }
    return { ok: false, error: batches.saveError ?? { code: 'INTERNAL', message: 'The change gave no answer.' } }
  }

  /** A broken handset swapped for a new one on that PBX: `handset` the old one (IPUI, IPEI or extension), `to` the new one's IPUI or IPEI. */
  const swap = (profileId: string, handset: string, to: string): Promise<HandsetChanged<HandsetSwapAnswer>> =>
    changeOnPbx((batchId) => window.pbx.swapHandset({ batchId, profileId, handset, to }), (value) => value.swap)

  /** A handset moved to another base of the batch on that PBX, keeping its extension: `to` the base's MAC or name. */
  const move = (profileId: string, handset: string, to: string): Promise<HandsetChanged<HandsetMoveAnswer>> =>
    changeOnPbx((batchId) => window.pbx.moveHandset({ batchId, profileId, handset, to }), (value) => value.move)

  /** A handset given another extension on its base on that PBX: `to` the new extension. */
  const renumber = (profileId: string, handset: string, to: string): Promise<HandsetChanged<HandsetRenumberAnswer>> =>
    changeOnPbx((batchId) => window.pbx.renumberHandset({ batchId, profileId, handset, to }), (value) => value.renumber)

  /**
   * What a retire of these handsets (IPUI, IPEI or extension) and bases (MAC or name) would take
   * off that PBX, nothing written (issue 43): the plan in sentences and the `key` `retire` takes.
   */
  function previewRetire(profileId: string, items: readonly string[]): Promise<BridgeResult<RetirePlan>> {
    const batchId = batches.current?.id
    if (!batchId) return Promise.resolve({ ok: false, error: NO_BATCH })
    return callBridge(() => window.pbx.previewRetire({ batchId, profileId, items: [...items] }))
  }

  /** The retire previewed, done on that PBX: `confirmed` the preview's key (refused when what would go changed since). */
  const retire = (profileId: string, items: readonly string[], confirmed: string): Promise<HandsetChanged<RetirePlan>> =>
    changeOnPbx((batchId) => window.pbx.retire({ batchId, profileId, items: [...items], confirmed }), (value) => value.retire)

  /** The first run of free extensions on that PBX (enrolment's default range); an error when it cannot be asked. */
  function freeRun(profileId: string) {
    return callBridge(() => window.pbx.freeExtensionRun({ profileId }))
  }

  return { scanBase, checking, changing, notes, edit, checkOnPbx, scan, swap, move, renumber, previewRetire, retire, freeRun }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useHandsetsStore, import.meta.hot))
