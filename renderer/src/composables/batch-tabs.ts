import { tabSwitchKeys } from '@renderer/lib/tab-props'
import { computed } from 'vue'
import { useRoute, useRouter } from 'vue-router'

/** A batch's six tabs, in their order. */
export const BATCH_TABS = ['rows', 'handsets', 'push', 'site', 'qr', 'labels'] as const
export type BatchTab = (typeof BATCH_TABS)[number]

/**
 * The tab a batch shows, kept in the address (`?tab=push`; none for the rows), the way to choose
 * one (resolved once the address says it), and Ctrl+PageDown / Ctrl+PageUp for the view's keydown.
 */
export function useBatchTabs() {
  const route = useRoute()
  const router = useRouter()
  const tab = computed<BatchTab>(() => ((BATCH_TABS as readonly string[]).includes(String(route.query.tab)) ? (route.query.tab as BatchTab) : 'rows'))
  function chooseTab(value: string): Promise<unknown> {
    const { tab: _tab, ...rest } = route.query
    return router.replace({ query: value === 'rows' ? rest : { ...rest, tab: value } })
  }
  /** Ctrl+PageDown / Ctrl+PageUp from anywhere in the batch: the next or previous tab */
  const onTabKeys = tabSwitchKeys(BATCH_TABS, () => tab.value, chooseTab)
  return { tab, chooseTab, onTabKeys }
}
