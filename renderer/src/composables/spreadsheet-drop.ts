import { useFileDrop } from '@renderer/composables/file-drop'
import { SPREADSHEET_ENDINGS, SPREADSHEET_REFUSALS } from '@renderer/lib/batch-text'
import { MAX_CSV_BYTES, useBatchesStore } from '@renderer/stores/batches'
import { useMessage } from 'naive-ui'
import { onBeforeUnmount, onMounted } from 'vue'
import { useRouter } from 'vue-router'

/**
 * A spreadsheet dropped anywhere on the window, where no drop zone of a screen took it, starts a
 * new DECT batch: the new-batch wizard opens at its mapping. Zones (the wizard's first step, the
 * batches list, the PBXs page) take their own drops first: they mark the drop handled. Another
 * file dropped there is refused with the reason. Call once, from the app's frame.
 */
export function useSpreadsheetDropAnywhere(): void {
  const batches = useBatchesStore()
  const router = useRouter()
  const message = useMessage()
  const { take } = useFileDrop({
    accept: SPREADSHEET_ENDINGS,
    maxBytes: MAX_CSV_BYTES,
    onFile: (file) => {
      batches.handOverSpreadsheet(file)
      void router.push('/dect/batches/new')
    },
    onRefused: (reason, file) => message.warning(SPREADSHEET_REFUSALS[reason](file)),
  })

  const withFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes('Files') ?? false
  // the window takes a drag with files (else the drop would be the browser's: opening the file)
  const dragover = (event: DragEvent): void => {
    if (withFiles(event)) event.preventDefault()
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
