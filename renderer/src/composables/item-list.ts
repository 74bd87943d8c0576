import { itemState, type BatchStatus, type ItemState } from '@contract/batch-state'
import { rowHasWarnings } from '@contract/dect'
import type { RowProblem } from '@contract/row-problem'
import { computed, ref, watch, type Ref } from 'vue'

/**
 * Which items of a batch's list (its rows, its handsets) are shown: all, those in one state of the
 * contract's model (contract/batch-state.ts: to send = ready or pending, not sent, failed, on the
 * PBX), or those with warnings.
 */
export const ITEM_FILTERS = ['all', 'to_send', 'not_sent', 'failed', 'done', 'warnings'] as const
export type ItemFilter = (typeof ITEM_FILTERS)[number]

type Item = { id: string; problems: RowProblem[]; outcome: { state: string } }

const STATES_OF: Record<Exclude<ItemFilter, 'all' | 'warnings'>, readonly ItemState[]> = {
  to_send: ['ready', 'pending'],
  not_sent: ['not_sent'],
  failed: ['failed'],
  done: ['done'],
}

/** Whether `item` of a batch whose status is `status` is one `filter` shows. */
export function shownBy(filter: ItemFilter, item: Item, status: BatchStatus): boolean {
  if (filter === 'all') return true
  if (filter === 'warnings') return rowHasWarnings(item)
  return STATES_OF[filter].includes(itemState(item, status))
}

/**
 * A batch's list: the filter, the items it leaves and how many each filter would leave, and the
 * items ticked (to set a value on, to delete), which lose the ids of items no longer shown: what is
 * done to the ticked items is only ever done to items on screen.
 */
export function useItemList<T extends Item>(items: Ref<readonly T[]>, status: Ref<BatchStatus>) {
  const filter = ref<ItemFilter>('all')
  const shown = computed(() => (filter.value === 'all' ? items.value : items.value.filter((item) => shownBy(filter.value, item, status.value))))
  const counts = computed(() => Object.fromEntries(ITEM_FILTERS.map((f) => [f, f === 'all' ? items.value.length : items.value.filter((item) => shownBy(f, item, status.value)).length])) as Record<ItemFilter, number>)
  const checked = ref<string[]>([])
  watch(shown, (now) => {
    const ids = new Set(now.map((item) => item.id))
    if (checked.value.some((id) => !ids.has(id))) checked.value = checked.value.filter((id) => ids.has(id))
  })
  return { filter, shown, counts, checked }
}
