import type { OperationOutput } from '@contract/bridge'
import type { LabelSizeName, PhoneQr } from '@contract/dect'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { usePushStore } from './push'

export type LabelsPdf = OperationOutput<'exportLabelsPdf'>

/**
 * The QR codes of one pushed DECT batch (each phone's provisioning URL, drawn by main as SVG):
 * the site walk through them one phone at a time, with the phones marked done on the way, and
 * the label sheet as a PDF. The walk's place and marks stay while the batch is shown. When a push of
 * the batch ends (as the push panel sees it), the codes are read again: its phones have URLs now.
 */
export const useQrLabelsStore = defineStore('qr-labels', () => {
  const batchId = ref<string | null>(null)
  /** the pushed phones of the batch, in row order (phones without a URL yet are not there) */
  const codes = ref<PhoneQr[]>([])
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  /** where the walk is: an index into `codes` */
  const index = ref(0)
  /** the phones marked done on the walk (by row id) */
  const done = ref<Record<string, boolean>>({})
  const current = computed<PhoneQr | null>(() => codes.value[index.value] ?? null)
  const doneCount = computed(() => codes.value.filter((code) => done.value[code.rowId]).length)

  /** the label stock of the sheet */
  const labelSize = ref<LabelSizeName>('a4-21')
  const exportingPdf = ref(false)
  const pdfError = ref<BridgeError | null>(null)
  /** what the last PDF exported warns of: characters its font lacks, by row */
  const pdfWarnings = ref<string[]>([])

  let latestLoad = 0

  /** Reads the QR codes of `id`; the walk starts over when the batch is another one. */
  async function load(id: string): Promise<void> {
    const request = ++latestLoad
    if (batchId.value !== id) {
      batchId.value = id
      codes.value = []
      index.value = 0
      done.value = {}
      pdfError.value = null
      pdfWarnings.value = []
    }
    status.value = 'loading'
    const result = await callBridge(() => window.pbx.batchQrCodes({ batchId: id }))
    if (request !== latestLoad) return
    if (!result.ok) {
      error.value = result.error
      status.value = 'error'
      return
    }
    // the walk stays on the phone it showed, when it is still there
    const shown = current.value?.rowId
    codes.value = result.value
    const at = shown === undefined ? -1 : result.value.findIndex((code) => code.rowId === shown)
    index.value = at === -1 ? Math.min(index.value, Math.max(0, result.value.length - 1)) : at
    error.value = null
    status.value = 'ready'
  }

  // a push of the batch shown just ended (here, or in a command line or another window): read the codes again
  const push = usePushStore()
  watch(
    () => (push.batchId !== null && push.batchId === batchId.value && push.progress ? push.progress.running || push.progress.elsewhere === true : undefined),
    (running, wasRunning) => {
      if (wasRunning === true && running === false && batchId.value !== null) void load(batchId.value)
    },
  )

  function next(): boolean {
    if (index.value >= codes.value.length - 1) return false
    index.value++
    return true
  }

  function previous(): boolean {
    if (index.value <= 0) return false
    index.value--
    return true
  }

  function goTo(at: number): void {
    index.value = Math.max(0, Math.min(at, codes.value.length - 1))
  }

  function markDone(rowId: string, value: boolean): void {
    done.value = { ...done.value, [rowId]: value }
  }

  /** The label sheet of `id` in the chosen size as a PDF (base64), or null (see `pdfError`). */
  async function exportPdf(id: string): Promise<LabelsPdf | null> {
    exportingPdf.value = true
    pdfError.value = null
    try {
      const result = await callBridge(() => window.pbx.exportLabelsPdf({ batchId: id, size: labelSize.value }))
      if (result.ok) {
        pdfWarnings.value = result.value.warnings
        return result.value
      }
      pdfError.value = result.error
      return null
    } finally {
      exportingPdf.value = false
    }
  }

  return {
    batchId,
    codes,
    status,
    error,
    index,
    done,
    current,
    doneCount,
    labelSize,
    exportingPdf,
    pdfError,
    pdfWarnings,
    load,
    next,
    previous,
    goTo,
    markDone,
    exportPdf,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useQrLabelsStore, import.meta.hot))
