import { rowHasErrors, rowHasWarnings } from '@contract/dect'
import type { RowProblem } from '@contract/row-problem'
import { computed, ref, watch, type Ref } from 'vue'

/** Which items of a list with problems are shown: all, those with errors, those with warnings. */
export type ProblemFilter = 'all' | 'errors' | 'warnings'

/**
 * A list whose items carry problems (a batch's rows, its handsets): the filter and the items it
 * leaves, and the items ticked for deletion, which lose the ids of items that left the list.
 */
export function useProblemList<T extends { id: string; problems: RowProblem[] }>(items: Ref<readonly T[]>) {
  const filter = ref<ProblemFilter>('all')
  const shown = computed(() => {
    if (filter.value === 'errors') return items.value.filter(rowHasErrors)
    if (filter.value === 'warnings') return items.value.filter(rowHasWarnings)
    return items.value
  })
  const checked = ref<string[]>([])
  watch(items, (now) => {
    const ids = new Set(now.map((item) => item.id))
    if (checked.value.some((id) => !ids.has(id))) checked.value = checked.value.filter((id) => ids.has(id))
  })
  return { filter, shown, checked }
}
