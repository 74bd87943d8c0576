import { downloadText } from '@renderer/lib/download'
import { usePushStore } from '@renderer/stores/push'
import { useMessage } from 'naive-ui'

/**
 * "Export results (CSV)" of a batch, wherever it is offered (push, labels): the file main wrote,
 * as a download, and a message saying what happened.
 */
export function useExportResults(batchId: () => string): () => Promise<void> {
  const store = usePushStore()
  const message = useMessage()
  return async () => {
    const file = await store.exportResults(batchId())
    if (!file) {
      message.error(`Could not export the results: ${store.exportError?.message ?? 'unknown error'}`, { closable: true, duration: 8000 })
      return
    }
    downloadText(file.fileName, file.csv, 'text/csv')
    message.success(`Exported the results as ${file.fileName}`)
  }
}
