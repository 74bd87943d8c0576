import type { RULE_ORDERINGS } from '@contract/bridge-ivr-outbound'
import type { OutboundRule, OutboundRuleListItem } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import type { LoadStatus } from './bridge-call'
import { busyDelete, busyRequest, lastLoadWins } from './request-state'

export type RuleOrdering = (typeof RULE_ORDERINGS)[number]
export const PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_ORDERING: RuleOrdering = 'priority'

/**
 * The outbound rules of a signed-in PBX (the active one), one page at a time: paging, search and
 * sorting are done by the PBX (`listOutboundRules`). Also duplicating and deleting a rule, and the
 * rules chosen for "Copy to another PBX" (kept across pages, with their names).
 */
export const useOutboundRulesStore = defineStore('outbound-rules', () => {
  /** the PBX whose rules are listed */
  const profileId = ref<string | null>(null)
  const items = ref<OutboundRuleListItem[]>([])
  /** every rule the search leaves, on all pages */
  const count = ref(0)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  const page = ref(1)
  const pageSize = ref<number>(25)
  const search = ref('')
  const ordering = ref<RuleOrdering>(DEFAULT_ORDERING)

  /** the rule being duplicated or deleted */
  const working = ref<string | null>(null)
  /** what the last duplicate or delete answered, when it failed */
  const actionError = ref<BridgeError | null>(null)
  /** the copy made last, shown highlighted while it is on the page */
  const highlightId = ref<string | null>(null)
  /** PBXs that answered NOT_SUPPORTED to a delete (by profile id) */
  const deleteUnsupported = ref<Record<string, boolean>>({})

  /** the rules chosen for a copy to another PBX: id → name (kept across pages) */
  const selected = ref<Record<string, string>>({})

  const reads = lastLoadWins({ status, error })

  /** Reads the current page of `id`'s rules. When loads overlap, the last one asked for wins. */
  async function load(id: string): Promise<void> {
    if (profileId.value !== id) {
      profileId.value = id
      items.value = []
      count.value = 0
      page.value = 1
      selected.value = {}
      highlightId.value = null
    }
    const term = search.value.trim()
    const query = {
      skip: (page.value - 1) * pageSize.value,
      top: pageSize.value,
      orderby: ordering.value,
      ...(term === '' ? {} : { search: term }),
    }
    const result = await reads.ask(() => window.pbx.listOutboundRules({ profileId: id, query }))
    if (!result) return
    if (result.ok) {
      const lastPage = Math.max(1, Math.ceil(result.value.count / pageSize.value))
      if (page.value > lastPage) {
        // the page emptied (a delete, a search elsewhere): show the last one there is
        page.value = lastPage
        return load(id)
      }
    }
    reads.showAnswer(result, (rules) => {
      items.value = rules.items
      count.value = rules.count
    })
  }

  function reload(): Promise<void> {
    return profileId.value === null ? Promise.resolve() : load(profileId.value)
  }

  function setPage(next: number): Promise<void> {
    page.value = next
    return reload()
  }

  function setPageSize(next: number): Promise<void> {
    // keep the first rule shown on screen
    const first = (page.value - 1) * pageSize.value
    pageSize.value = next
    page.value = Math.floor(first / next) + 1
    return reload()
  }

  function setOrdering(next: RuleOrdering): Promise<void> {
    ordering.value = next
    page.value = 1
    return reload()
  }

  function setSearch(next: string): Promise<void> {
    if (next.trim() === search.value.trim()) {
      search.value = next
      return Promise.resolve()
    }
    search.value = next
    page.value = 1
    return reload()
  }

  /** Copies a rule on the same PBX ("<name> (copy)"); the list is read again with the copy highlighted. */
  async function duplicate(id: string, ruleId: string): Promise<OutboundRule | null> {
    const result = await busyRequest(() => window.pbx.duplicateOutboundRule({ profileId: id, ruleId }), {
      busy: [working, ruleId],
      error: actionError,
      done: (copy) => {
        highlightId.value = copy.id
        return profileId.value === id ? load(id) : undefined
      },
    })
    return result.ok ? result.value : null
  }

  /** Deletes a rule; true when it is gone. NOT_SUPPORTED marks the PBX as not offering it. */
  function remove(id: string, ruleId: string): Promise<boolean> {
    return busyDelete(() => window.pbx.deleteOutboundRule({ profileId: id, ruleId }), {
      busy: [working, ruleId],
      error: actionError,
      deleted: () => {
        const { [ruleId]: _gone, ...rest } = selected.value
        selected.value = rest
        return profileId.value === id ? load(id) : undefined
      },
      failed: (failure) => {
        if (failure.code === 'NOT_SUPPORTED') deleteUnsupported.value = { ...deleteUnsupported.value, [id]: true }
      },
    })
  }

  /** Chooses (or no longer chooses) rules for a copy. */
  function select(rules: readonly Pick<OutboundRuleListItem, 'id' | 'name'>[], on: boolean): void {
    const next = { ...selected.value }
    for (const rule of rules) {
      if (on) next[rule.id] = rule.name ?? rule.id
      else delete next[rule.id]
    }
    selected.value = next
  }

  function clearSelection(): void {
    selected.value = {}
  }

  function clearActionError(): void {
    actionError.value = null
  }

  return {
    profileId,
    items,
    count,
    status,
    error,
    page,
    pageSize,
    search,
    ordering,
    working,
    actionError,
    highlightId,
    deleteUnsupported,
    selected,
    load,
    reload,
    setPage,
    setPageSize,
    setOrdering,
    setSearch,
    duplicate,
    remove,
    select,
    clearSelection,
    clearActionError,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOutboundRulesStore, import.meta.hot))
