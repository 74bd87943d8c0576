import type { OperationInput, OperationOutput } from '@contract/bridge'
import { summaryOf, type Batch, type BatchDefaults, type BatchRowValues, type BatchSummary, type ColumnMapping, type CsvPreview, type DamagedBatch } from '@contract/dect'
import { base64Of } from '@renderer/composables/file-drop'
import type { BridgeError, BridgeResult } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { callBridge, plain, type LoadStatus } from './bridge-call'
import { busyRequest, lastLoadWins } from './request-state'

export type BatchFile = OperationOutput<'exportBatch'>

/** What one scan answered, for the scan panel's confirmation line. */
export type ScanOutcome =
  | { ok: true; rowId: string; row: number; name: string; mac: string; extension?: string; duplicateOfRow?: number }
  | { ok: false; error: BridgeError }

/**
 * A spreadsheet on its way to main: its name and bytes, sent as they are (base64) for main to
 * decode (UTF-8, UTF-16 or Windows-1252: csv-parse.ts `decodeCsv`); never decoded here.
 */
export interface SpreadsheetFile {
  fileName: string
  bytes: Uint8Array
}

/**
 * DECT batches, prepared offline: the list, the batch on screen (`current`) and every change to
 * it, the spreadsheet preview of the new-batch wizard, scans. Batches live in main (on disk);
 * every change answers the whole batch, which replaces `current` and its line in the list.
 */
export const useBatchesStore = defineStore('batches', () => {
  // --- the list ---------------------------------------------------------------------------------
  const summaries = ref<BatchSummary[]>([])
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)
  const query = ref('')
  const filtered = computed(() => {
    const words = query.value.toLowerCase().split(/\s+/).filter((word) => word !== '')
    if (words.length === 0) return summaries.value
    return summaries.value.filter((summary) => words.every((word) => summary.name.toLowerCase().includes(word)))
  })

  /** the batch files that cannot be read (listed apart, with what is wrong: never dropped silently) */
  const damaged = ref<DamagedBatch[]>([])

  /** the id of the batch a list action works on (rename, duplicate, delete, export) */
  const working = ref<string | null>(null)
  /** what went wrong in the last list action (rename, duplicate, delete, export, import, create) */
  const actionError = ref<BridgeError | null>(null)
  const importing = ref(false)

  // --- the batch on screen ----------------------------------------------------------------------
  /** shallow: 10,000 rows are replaced as a whole after each change, never deeply watched */
  const current = shallowRef<Batch | null>(null)
  const currentStatus = ref<LoadStatus>('idle')
  const currentError = ref<BridgeError | null>(null)
  /** while a change to the current batch is on its way (edit, rename, defaults, check) */
  const saving = ref(false)
  /** what went wrong in the last change of the current batch */
  const saveError = ref<BridgeError | null>(null)
  const checking = ref(false)

  // --- the wizard -------------------------------------------------------------------------------
  const preview = shallowRef<CsvPreview | null>(null)
  const previewing = ref(false)
  const previewError = ref<BridgeError | null>(null)
  const creating = ref(false)
  const createError = ref<BridgeError | null>(null)

  // --- scanning ---------------------------------------------------------------------------------
  const scanning = ref(false)

  /** Shows a batch main answered: as `current` when it is the one on screen, and in the list. */
  function put(batch: Batch): void {
    if (current.value?.id === batch.id) current.value = batch
    const summary = summaryOf(batch)
    const index = summaries.value.findIndex((candidate) => candidate.id === batch.id)
    if (index === -1) summaries.value = [summary, ...summaries.value]
    else summaries.value = summaries.value.map((candidate) => (candidate.id === batch.id ? summary : candidate))
  }

  const listReads = lastLoadWins({ status, error })
  async function load(): Promise<void> {
    await listReads.load(
      () => window.pbx.listBatches(),
      (listed) => (summaries.value = listed),
    )
  }

  const batchReads = lastLoadWins({ status: currentStatus, error: currentError })
  /** Reads one batch for the batch screen. */
  async function open(batchId: string): Promise<void> {
    if (current.value?.id !== batchId) current.value = null
    currentError.value = null
    saveError.value = null
    await batchReads.load(
      () => window.pbx.getBatch({ batchId }),
      (batch) => {
        // where the batch screen's time to first rows starts (test/bench/table-10k.ts): one mark, the latest
        performance.clearMarks('batch-loaded')
        performance.mark('batch-loaded')
        current.value = batch
      },
    )
  }

  /**
   * Runs a change of the current batch: `saving` while it runs, the answer shown, the error kept.
   * Refused BUSY (another process pushes the batch, or wrote it meanwhile), the batch is read
   * again: the screen shows it as it is on disk, not as this change would have left it.
   */
  async function change(call: () => Promise<BridgeResult<Batch>>, busy = saving): Promise<Batch | null> {
    const result = await busyRequest(call, {
      busy,
      error: saveError,
      done: put,
      failed: (failure) => (failure.code === 'BUSY' ? readCurrentAgain() : undefined),
    })
    return result.ok ? result.value : null
  }

  /** The current batch as main has it now, its errors kept (a failed read changes nothing). */
  async function readCurrentAgain(): Promise<void> {
    const batchId = current.value?.id
    if (!batchId) return
    const result = await callBridge(() => window.pbx.getBatch({ batchId }))
    if (result.ok) put(result.value)
  }

  /** Runs a list action on one batch: `working` names it; the error goes to `actionError`. */
  async function act<T>(batchId: string, call: () => Promise<BridgeResult<T>>): Promise<T | null> {
    const result = await busyRequest(call, { busy: [working, batchId], error: actionError })
    return result.ok ? result.value : null
  }

  // --- list actions -----------------------------------------------------------------------------

  async function rename(batchId: string, name: string): Promise<Batch | null> {
    const batch = await act(batchId, () => window.pbx.updateBatch({ batchId, name }))
    if (batch) put(batch)
    return batch
  }

  async function duplicate(batchId: string): Promise<Batch | null> {
    const batch = await act(batchId, () => window.pbx.duplicateBatch({ batchId }))
    if (batch) summaries.value = [summaryOf(batch), ...summaries.value]
    return batch
  }

  /**
   * Deletes a batch, or a damaged batch file (main moves it aside: `movedTo` says where); it leaves
   * its list. Null when main refused (see `actionError`); gone already counts as deleted.
   */
  async function remove(batchId: string): Promise<{ movedTo: string[] } | null> {
    const result = await act(batchId, () => window.pbx.deleteBatch({ batchId }))
    if (!result && actionError.value?.code !== 'NOT_FOUND') return null
    actionError.value = null
    summaries.value = summaries.value.filter((summary) => summary.id !== batchId)
    damaged.value = damaged.value.filter((file) => file.id !== batchId)
    if (current.value?.id === batchId) current.value = null
    return { movedTo: result?.movedTo ?? [] }
  }

  /** The batch as a file for another computer, or null (see `actionError`). */
  function exportBatch(batchId: string): Promise<BatchFile | null> {
    return act(batchId, () => window.pbx.exportBatch({ batchId }))
  }

  async function importBatch(json: string): Promise<Batch | null> {
    const result = await busyRequest(() => window.pbx.importBatch({ json }), {
      busy: importing,
      error: actionError,
      done: (batch) => (summaries.value = [summaryOf(batch), ...summaries.value.filter((s) => s.id !== batch.id)]),
    })
    return result.ok ? result.value : null
  }

  // --- damaged batch files -----------------------------------------------------------------------

  /** Reads the list of batch files that cannot be read (after `load`: main then looks at each file only). */
  async function loadDamaged(): Promise<void> {
    const result = await callBridge(() => window.pbx.listDamagedBatches())
    if (result.ok) damaged.value = result.value
  }

  /** What still reads of a damaged batch, as CSV; null (see `actionError`) when nothing does. */
  function exportDamaged(batchId: string): Promise<OperationOutput<'exportDamagedBatch'> | null> {
    return act(batchId, () => window.pbx.exportDamagedBatch({ batchId }))
  }

  /** Shows the damaged file in the system's file manager. */
  async function showBatchFile(batchId: string): Promise<boolean> {
    return (await act(batchId, () => window.pbx.showBatchFile({ batchId }))) !== null
  }

  /** Keeps an error that happened before main was asked (a file not read, or of the wrong kind). */
  function failAction(message: string): void {
    actionError.value = { code: 'INVALID_INPUT', message }
  }
  function clearActionError(): void {
    actionError.value = null
  }

  // --- new batches ------------------------------------------------------------------------------

  /** What a spreadsheet holds, for the mapping step; null on an error (see `previewError`). */
  async function previewCsv(file: SpreadsheetFile): Promise<CsvPreview | null> {
    preview.value = null
    const result = await busyRequest(() => window.pbx.previewCsv({ fileName: file.fileName, base64: base64Of(file.bytes) }), {
      busy: previewing,
      error: previewError,
      done: (read) => (preview.value = read),
    })
    return result.ok ? result.value : null
  }

  /** a spreadsheet dropped elsewhere (the batches list) for the new-batch wizard to start from */
  const handedOver = shallowRef<SpreadsheetFile | null>(null)
  function handOverSpreadsheet(file: SpreadsheetFile): void {
    handedOver.value = { fileName: file.fileName, bytes: file.bytes }
  }
  /** the spreadsheet handed over, once: the wizard takes it as it opens */
  function takeSpreadsheet(): SpreadsheetFile | null {
    const file = handedOver.value
    handedOver.value = null
    return file
  }

  /** Keeps a file problem found before main was asked (too large, unreadable). */
  function failPreview(message: string): void {
    preview.value = null
    previewError.value = { code: 'INVALID_INPUT', message }
  }

  function clearPreview(): void {
    preview.value = null
    previewError.value = null
    createError.value = null
  }

  async function create(call: () => Promise<BridgeResult<Batch>>): Promise<Batch | null> {
    const result = await busyRequest(call, {
      busy: creating,
      error: createError,
      done: (batch) => {
        current.value = batch
        currentStatus.value = 'ready'
        put(batch)
      },
    })
    return result.ok ? result.value : null
  }

  /** A new batch from a spreadsheet (its bytes sent again: main decodes them as for the preview). */
  /** `profileId`: the PBX the batch is for, when known (its remembered DECT models check the rows) */
  function createFromCsv(input: { name: string; file: SpreadsheetFile; mapping: ColumnMapping; defaults: BatchDefaults; profileId?: string | null }): Promise<Batch | null> {
    const { name, file, mapping, defaults, profileId } = input
    return create(() =>
      window.pbx.createBatchFromCsv({
        name,
        fileName: file.fileName,
        base64: base64Of(file.bytes),
        mapping: plain(mapping),
        defaults: plain(defaults),
        ...(profileId ? { profileId } : {}),
      }),
    )
  }

  function createEmpty(name: string, defaults: BatchDefaults = {}): Promise<Batch | null> {
    return create(() => window.pbx.createEmptyBatch({ name, defaults: plain(defaults) }))
  }

  // --- the current batch ------------------------------------------------------------------------

  function renameCurrent(name: string): Promise<Batch | null> {
    const batchId = current.value?.id
    if (!batchId) return Promise.resolve(null)
    return change(() => window.pbx.updateBatch({ batchId, name }))
  }

  /** New defaults: main checks every row again. */
  function updateDefaults(defaults: BatchDefaults): Promise<Batch | null> {
    const batchId = current.value?.id
    if (!batchId) return Promise.resolve(null)
    return change(() => window.pbx.updateBatch({ batchId, defaults: plain(defaults) }))
  }

  /** Edits cells, adds rows, removes rows; main checks every row again. */
  function editRows(input: Omit<OperationInput<'editBatchRows'>, 'batchId'>): Promise<Batch | null> {
    const batchId = current.value?.id
    if (!batchId) return Promise.resolve(null)
    return change(() => window.pbx.editBatchRows({ batchId, ...plain(input) }))
  }

  function editRow(rowId: string, values: BatchRowValues): Promise<Batch | null> {
    return editRows({ edits: [{ rowId, values }] })
  }

  /** Flags the rows whose MAC is already on that saved PBX. */
  /** batch id → the saved PBX its MACs were last checked against (where its push likely goes) */
  const checkedOn = ref<Record<string, string>>({})

  function checkOnPbx(profileId: string): Promise<Batch | null> {
    const batchId = current.value?.id
    if (!batchId) return Promise.resolve(null)
    checkedOn.value[batchId] = profileId
    return change(() => window.pbx.checkBatchOnPbx({ batchId, profileId }), checking)
  }

  /**
   * A barcode scanner typed a MAC: a row named after `namePattern` is added to the current batch,
   * with the model and the next extension from the start when `more` has them.
   */
  async function scan(mac: string, namePattern: string, more: Pick<OperationInput<'scanMac'>, 'model' | 'extensionStart'> = {}): Promise<ScanOutcome> {
    const batchId = current.value?.id
    if (!batchId) return { ok: false, error: { code: 'NOT_FOUND', message: 'No batch is open.' } }
    scanning.value = true
    try {
      const result = await callBridge(() => window.pbx.scanMac({ batchId, mac, namePattern, ...plain(more) }))
      if (!result.ok) return { ok: false, error: result.error }
      put(result.value.batch)
      const row = result.value.batch.rows.find((candidate) => candidate.id === result.value.rowId)
      const outcome: ScanOutcome = {
        ok: true,
        rowId: result.value.rowId,
        row: row?.row ?? 0,
        name: row?.values.name ?? '',
        mac: row?.values.mac ?? mac,
      }
      if (row?.values.extension) outcome.extension = row.values.extension
      if (result.value.duplicateOfRow !== undefined) outcome.duplicateOfRow = result.value.duplicateOfRow
      return outcome
    } finally {
      scanning.value = false
    }
  }

  return {
    summaries,
    status,
    error,
    query,
    filtered,
    working,
    actionError,
    importing,
    current,
    currentStatus,
    currentError,
    saving,
    saveError,
    checking,
    preview,
    previewing,
    previewError,
    creating,
    createError,
    scanning,
    put,
    load,
    open,
    rename,
    duplicate,
    remove,
    exportBatch,
    importBatch,
    damaged,
    loadDamaged,
    exportDamaged,
    showBatchFile,
    failAction,
    clearActionError,
    previewCsv,
    failPreview,
    clearPreview,
    handedOver,
    handOverSpreadsheet,
    takeSpreadsheet,
    createFromCsv,
    createEmpty,
    renameCurrent,
    updateDefaults,
    editRows,
    editRow,
    checkOnPbx,
    checkedOn,
    scan,
    change,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBatchesStore, import.meta.hot))
