import type { OperationInput } from '@contract/bridge'
import { IVR_ORDERINGS } from '@contract/bridge-ivr-outbound'

/**
 * The IVR servers list's query as the screen holds it: paging, search and sorting, all done by
 * the PBX (`listIvrServers`). Plain functions between the query and Naive UI's table.
 */

type ListQuery = NonNullable<OperationInput<'listIvrServers'>['query']>
export type IvrOrdering = NonNullable<ListQuery['orderby']>
/** the query with its paging always given */
export type IvrListQuery = ListQuery & Required<Pick<ListQuery, 'skip' | 'top'>>

export const IVR_PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_IVR_QUERY: IvrListQuery = { skip: 0, top: 25 }
/** how long the search box waits after the last key before asking the PBX */
export const SEARCH_DEBOUNCE_MS = 300

/** The columns the PBX sorts by. */
export type IvrSortKey = 'name' | 'type'
export type SortOrder = 'ascend' | 'descend' | false

/** The order a column shows for `orderby` (false: the table is not sorted by it). */
export function sortOrderOf(orderby: IvrOrdering | undefined, key: IvrSortKey): SortOrder {
  if (orderby === key) return 'ascend'
  if (orderby === `${key} desc`) return 'descend'
  return false
}

/**
 * The `orderby` after a click on a column header that asks for `order`; undefined (the PBX's own
 * order) when not sorted. A column not sorted yet is sorted ascending first (Naive UI would start
 * descending), then descending, then not at all (`nextSortOrder`).
 */
export function orderbyOf(current: IvrOrdering | undefined, key: string | number | null | undefined, order: SortOrder): IvrOrdering | undefined {
  const column = key === 'name' || key === 'type' ? key : null
  if (order === false || column === null) return undefined
  const firstClick = sortOrderOf(current, column) === false
  const wanted = firstClick || order === 'ascend' ? column : `${column} desc`
  return IVR_ORDERINGS.find((ordering) => ordering === wanted)
}

/** The order after the current one, on a click on a sorted column's header. */
export function nextSortOrder(order: SortOrder): SortOrder {
  if (order === 'ascend') return 'descend'
  if (order === 'descend') return false
  return 'ascend'
}

/** The sort choices of the toolbar (the keyboard's way to sort; the headers sort too). */
export const ORDERING_OPTIONS: { value: IvrOrdering | 'default'; label: string }[] = [
  { value: 'default', label: 'As the PBX lists them' },
  { value: 'name', label: 'Name, A to Z' },
  { value: 'name desc', label: 'Name, Z to A' },
  { value: 'type', label: 'Type, ascending' },
  { value: 'type desc', label: 'Type, descending' },
]

/** The page (from 1) a query shows. */
export function pageOf(query: IvrListQuery): number {
  return Math.floor(query.skip / query.top) + 1
}

/** The `skip` of page `page` (from 1) at `top` servers a page. */
export function skipOf(page: number, top: number): number {
  return Math.max(0, (page - 1) * top)
}
