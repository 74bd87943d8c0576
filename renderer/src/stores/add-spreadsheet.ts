import { rowHasErrors, type ColumnMapping, type CsvPreview } from '@contract/dect'
import type { BridgeError } from '@contract/result'
import { base64Of } from '@renderer/composables/file-drop'
import { repeatedFields } from '@renderer/lib/batch-text'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { plain } from './bridge-call'
import { busyRequest } from './request-state'
import { useBatchesStore, type SpreadsheetFile } from './batches'

/** What one spreadsheet added to a batch: how many bases and handsets, how many of them with errors. */
export interface AddedSummary {
  fileName: string
  rows: number
  handsets: number
  withErrors: number
}

/**
 * A spreadsheet added to a batch that exists, pushed or not (handsets unboxed after the bases went
 * on, a base forgotten): the file (dropped on the batch or picked), its columns, then main's
 * `importCsvIntoBatch`, which checks the new lines with the batch's own. The dialog's state lives
 * here; the batch itself stays the batches store's.
 */
export const useAddSpreadsheetStore = defineStore('add-spreadsheet', () => {
  const batches = useBatchesStore()
  const show = ref(false)
  const batchId = ref<string | null>(null)
  /** the spreadsheet's bytes until "Add" (shallow: it may be 20 MB) */
  const file = shallowRef<SpreadsheetFile | null>(null)
  const preview = shallowRef<CsvPreview | null>(null)
  const mapping = ref<ColumnMapping>({})
  const reading = ref(false)
  const adding = ref(false)
  const error = ref<BridgeError | null>(null)
  const repeated = computed(() => repeatedFields(mapping.value))

  function reset(): void {
    file.value = null
    preview.value = null
    mapping.value = {}
    error.value = null
  }

  /** Opens the dialog for batch `id`, at its first step, or at the columns of a file dropped on the batch. */
  function open(id: string, dropped?: SpreadsheetFile): void {
    batchId.value = id
    reset()
    show.value = true
    if (dropped) void choose(dropped)
  }

  function close(): void {
    if (adding.value) return
    show.value = false
    reset()
  }

  /** A file chosen: main reads it and guesses its columns (the last mapping confirmed counts). */
  async function choose(chosen: SpreadsheetFile): Promise<void> {
    reset()
    await busyRequest(() => window.pbx.previewCsv({ fileName: chosen.fileName, base64: base64Of(chosen.bytes) }), {
      busy: reading,
      error,
      done: (read) => {
        file.value = chosen
        preview.value = read
        mapping.value = Object.fromEntries(read.headers.map((header) => [header, read.mapping[header] ?? 'ignore']))
      },
    })
  }

  /** A file refused before main was asked (its type, its size). */
  function refuse(message: string): void {
    reset()
    error.value = { code: 'INVALID_INPUT', message }
  }

  /** Back to the first step, another file. */
  function back(): void {
    reset()
  }

  /** Adds the file's rows to the batch; the summary on success (the dialog closes), null on an error (it stays, saying why). */
  async function add(): Promise<AddedSummary | null> {
    const chosen = file.value
    const id = batchId.value
    if (!chosen || !id || repeated.value.length > 0) return null
    let summary: AddedSummary | null = null
    await busyRequest(() => window.pbx.importCsvIntoBatch({ batchId: id, fileName: chosen.fileName, base64: base64Of(chosen.bytes), mapping: plain(mapping.value) }), {
      busy: adding,
      error,
      done: ({ batch, added }) => {
        batches.put(batch)
        const rowIds = new Set(added.rows)
        const handsetIds = new Set(added.handsets)
        const withErrors = batch.rows.filter((r) => rowIds.has(r.id) && rowHasErrors(r)).length + batch.handsets.filter((h) => handsetIds.has(h.id) && rowHasErrors(h)).length
        show.value = false
        reset()
        summary = { fileName: chosen.fileName, rows: added.rows.length, handsets: added.handsets.length, withErrors }
      },
    })
    return summary
  }

  return { show, batchId, file, preview, mapping, reading, adding, error, repeated, open, close, choose, refuse, back, add }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAddSpreadsheetStore, import.meta.hot))
