import type { OperationOutput } from '@contract/bridge'
import type { LabelSizeName, PhoneQr } from '@contract/dect'
import { FIRST_CELL, startProblem, type LabelChoice, type LabelSheetRequest, type LabelStart, type LabelsPrinted } from '@contract/label-sheet'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { LoadStatus } from './bridge-call'
import { busyRequest, lastLoadWins } from './request-state'
import { usePushStore } from './push'

export type LabelsPdf = OperationOutput<'exportLabelsPdf'>

/**
 * The QR codes of one pushed DECT batch (each phone's provisioning URL, drawn by main as SVG):
 * the site walk through them one phone at a time, with the phones marked done on the way, and
 * the label sheet as a PDF or through the system's print dialog, from a start cell of a partly
 * used sheet, of every label or only the rows and handsets chosen for a reprint. The walk's place
 * and marks, the start and the reprint's choice stay while the batch is shown. When a push of the
 * batch ends (as the push panel sees it), the codes are read again: its phones have URLs now.
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
  /** the cell the sheet starts at (a partly used sheet) */
  const start = ref<LabelStart>({ ...FIRST_CELL })
  /** why the start does not fit the chosen stock, by field; null when it does */
  const startError = computed(() => startProblem(start.value, labelSize.value))
  /** a reprint: the rows and handsets chosen in their tables, for the batch they belong to */
  const chosen = ref<{ batchId: string; choice: LabelChoice } | null>(null)
  const only = computed<LabelChoice | null>(() => (chosen.value && chosen.value.batchId === batchId.value ? chosen.value.choice : null))
  const printing = ref(false)
  const printError = ref<BridgeError | null>(null)

  const reads = lastLoadWins({ status, error })

  /** Reads the QR codes of `id`; the walk starts over when the batch is another one. */
  async function load(id: string): Promise<void> {
    if (batchId.value !== id) {
      batchId.value = id
      codes.value = []
      index.value = 0
      done.value = {}
      pdfError.value = null
      pdfWarnings.value = []
      printError.value = null
      start.value = { ...FIRST_CELL }
    }
    await reads.load(
      () => window.pbx.batchQrCodes({ batchId: id }),
      (read) => {
        // the walk stays on the phone it showed, when it is still there
        const shown = current.value?.rowId
        codes.value = read
        const at = shown === undefined ? -1 : read.findIndex((code) => code.rowId === shown)
        index.value = at === -1 ? Math.min(index.value, Math.max(0, read.length - 1)) : at
      },
    )
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

  /** Only these rows and handsets of batch `id` on the sheet (a reprint); null: every label again. */
  function chooseOnly(id: string, choice: LabelChoice | null): void {
    chosen.value = choice ? { batchId: id, choice: { rowIds: [...choice.rowIds], handsetIds: [...choice.handsetIds] } } : null
  }

  /** What the sheet of `id` is: the stock, the start (left out for a fresh sheet) and the reprint's choice. */
  function sheetRequest(id: string): LabelSheetRequest {
    const from = start.value.row === 1 && start.value.column === 1 ? {} : { start: { ...start.value } }
    const choice = chosen.value?.batchId === id ? { only: chosen.value.choice } : {}
    return { batchId: id, size: labelSize.value, ...from, ...choice }
  }

  /** The label sheet of `id` in the chosen size as a PDF (base64), or null (see `pdfError`). */
  async function exportPdf(id: string): Promise<LabelsPdf | null> {
    const request = sheetRequest(id)
    const result = await busyRequest(() => window.pbx.exportLabelsPdf(request), {
      busy: exportingPdf,
      error: pdfError,
      done: (pdf) => (pdfWarnings.value = pdf.warnings),
    })
    return result.ok ? result.value : null
  }

  /**
   * The label sheet of `id` through the system's print dialog: what it came to (`printed: false`
   * when the user cancelled there), or null (see `printError`: no printer, a printer's error).
   */
  async function print(id: string): Promise<LabelsPrinted | null> {
    if (printing.value) return null
    const request = sheetRequest(id)
    const result = await busyRequest(() => window.pbx.printLabels(request), { busy: printing, error: printError })
    return result.ok ? result.value : null
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
    start,
    startError,
    only,
    printing,
    printError,
    load,
    next,
    previous,
    goTo,
    markDone,
    exportPdf,
    chooseOnly,
    print,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useQrLabelsStore, import.meta.hot))
