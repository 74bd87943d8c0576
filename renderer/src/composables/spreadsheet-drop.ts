import { MAX_CSV_FILE_BYTES } from '@contract/plain-rules'
import { hasFiles, useFileDrop } from '@renderer/composables/file-drop'
import { SPREADSHEET_ENDINGS, SPREADSHEET_REFUSALS } from '@renderer/lib/batch-text'
import type { SpreadsheetFile } from '@renderer/stores/batches'
import { loadBatchesStore } from '@renderer/stores/load-batches'
import { useMessage } from 'naive-ui'
import { onBeforeUnmount, onMounted } from 'vue'
import { isNavigationFailure, NavigationFailureType, useRouter } from 'vue-router'

/**
 * Opens the new-batch wizard at a spreadsheet's mapping. When the navigation is refused (the user
 * kept the unsaved changes of the screen they were on), no file is left waiting for the next time
 * the wizard opens. Call from a component's setup.
 */
export function useNewBatchFrom(): (file: SpreadsheetFile) => Promise<void> {
  const router = useRouter()
  return async (file) => {
    const batches = await loadBatchesStore()
    batches.handOverSpreadsheet(file)
    const failure = await router.push('/dect/batches/new')
    // on the wizard already (duplicated): it takes the file itself
    if (failure && !isNavigationFailure(failure, NavigationFailureType.duplicated)) batches.takeSpreadsheet()
  }
}

/**
 * A spreadsheet dropped anywhere on the window, where no drop zone of a screen took it, starts a
 * new DECT batch: the new-batch wizard opens at its mapping. Zones (the wizard's first step, the
 * batches list, the PBXs page) take their own drops first: they mark the drop handled. Another
 * file dropped there is refused with the reason. Call once, from the app's frame.
 */
export function useSpreadsheetDropAnywhere(): void {
  const newBatchFrom = useNewBatchFrom()
  const message = useMessage()
  const { take } = useFileDrop({
    accept: SPREADSHEET_ENDINGS,
    maxBytes: MAX_CSV_FILE_BYTES,
    onFile: newBatchFrom,
    onRefused: (reason, file) => message.warning(SPREADSHEET_REFUSALS[reason](file)),
  })

  // the window takes a drag with files (else the drop would be the browser's: opening the file)
  const dragover = (event: DragEvent): void => {
    if (hasFiles(event)) event.preventDefault()
  }
  const drop = (event: DragEvent): void => {
    const file = event.dataTransfer?.files[0]
    if (event.defaultPrevented || !file) return
    event.preventDefault()
    void take(file)
  }
  onMounted(() => {
    window.addEventListener('dragover', dragover)
    window.addEventListener('drop', drop)
  })
  onBeforeUnmount(() => {
    window.removeEventListener('dragover', dragover)
    window.removeEventListener('drop', drop)
  })
}
