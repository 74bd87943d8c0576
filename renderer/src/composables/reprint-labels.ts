import type { LabelChoice } from '@contract/label-sheet'
import { useQrLabelsStore } from '@renderer/stores/qr-labels'
import { useRoute, useRouter } from 'vue-router'

/**
 * "Reprint labels" of the lines ticked in a batch's rows or handsets table: the labels store keeps
 * the choice for the batch shown, and the batch's Labels tab opens with a sheet of those labels
 * alone (its start, its stock and Print there). Call from a component's setup on the batch's page.
 */
export function useReprintLabels(): (choice: LabelChoice) => Promise<void> {
  const route = useRoute()
  const router = useRouter()
  const labels = useQrLabelsStore()
  return async (choice) => {
    const batchId = route.params.batchId
    if (typeof batchId !== 'string' || choice.rowIds.length + choice.handsetIds.length === 0) return
    labels.chooseOnly(batchId, choice)
    await router.replace({ query: { ...route.query, tab: 'labels' } })
  }
}
