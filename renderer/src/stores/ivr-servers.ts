import type { IvrServer, IvrServerCreate, IvrStatus } from '@contract/pbx'
import type { BridgeError, BridgeResult } from '@contract/result'
import { DEFAULT_IVR_QUERY, type IvrListQuery } from '@renderer/lib/ivr-list'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { busyRequest, lastLoadWins } from './request-state'

/** Where the reachability of the listed servers stands. */
export type StatusLoad = 'idle' | 'loading' | 'ready' | 'error'

/**
 * The IVR servers of a signed-in PBX (the active one, system administrator): one page of them as
 * the PBX searched, sorted and paged it, their reachability where the PBX reports it, switching
 * them on or off (at once, put back when the PBX refuses), deleting where the PBX offers it, and
 * adding an EXTERNAL server.
 */
export const useIvrServersStore = defineStore('ivr-servers', () => {
  /** the PBX whose servers are listed */
  const profileId = ref<string | null>(null)
  /** paging, search and sorting, kept while the app runs (coming back from the wizard keeps them) */
  const query = ref<IvrListQuery>({ ...DEFAULT_IVR_QUERY })
  const servers = ref<IvrServer[]>([])
  /** the total after search, before paging */
  const count = ref(0)
  const status = ref<LoadStatus>('idle')
  const error = ref<BridgeError | null>(null)

  /** reachability by server id, as the PBX last answered it */
  const statuses = ref<Record<string, IvrStatus>>({})
  const statusLoad = ref<StatusLoad>('idle')
  const statusError = ref<BridgeError | null>(null)
  /** PBXs that answered 404 on the status endpoint (by profile id): no Reachability for them */
  const statusUnsupported = ref<Record<string, boolean>>({})

  /** servers being switched on or off (by id) */
  const switching = ref<Record<string, boolean>>({})
  /** the id of the server being deleted */
  const deleting = ref<string | null>(null)
  const deleteError = ref<BridgeError | null>(null)
  /** PBXs that answered NOT_SUPPORTED to a delete (by profile id) */
  const deleteUnsupported = ref<Record<string, boolean>>({})

  const creating = ref(false)
  const createError = ref<BridgeError | null>(null)
  /** the server the wizard added, as the PBX read it back, and its reachability */
  const created = ref<IvrServer | null>(null)
  const createdStatus = ref<IvrStatus | null>(null)
  const createdStatusLoad = ref<StatusLoad>('idle')

  function byId(serverId: string | null | undefined): IvrServer | undefined {
    return serverId ? servers.value.find((server) => server.id === serverId) : undefined
  }

  function patch(serverId: string, server: Partial<IvrServer>): void {
    servers.value = servers.value.map((item) => (item.id === serverId ? { ...item, ...server } : item))
  }

  const reads = lastLoadWins({ status, error })
  let latestStatuses = 0

  /**
   * Reads the page `query` asks for (with `changes` applied) from a signed-in PBX, then the
   * reachability of its servers. A new search, page size or order starts again at the first page.
   * Another PBX starts from the first page, unsearched, in the PBX's order. The last load asked for wins.
   */
  async function load(id: string, changes: Partial<IvrListQuery> = {}): Promise<void> {
    if (profileId.value !== id) {
      profileId.value = id
      query.value = { ...DEFAULT_IVR_QUERY }
      servers.value = []
      count.value = 0
      statuses.value = {}
      statusLoad.value = 'idle'
    }
    const next: IvrListQuery = { ...query.value, ...changes }
    const restarts = (['top', 'search', 'orderby'] as const).some((key) => key in changes && changes[key] !== query.value[key])
    if (restarts && !('skip' in changes)) next.skip = 0
    if (next.search !== undefined && next.search.trim() === '') delete next.search
    if (next.orderby === undefined) delete next.orderby
    query.value = next

    const result = await reads.ask(() => window.pbx.listIvrServers({ profileId: id, query: { ...next } }))
    if (!result) return
    // a page past the end (the last server of the last page deleted elsewhere): the last page there is
    if (result.ok && result.value.items.length === 0 && next.skip > 0 && result.value.count > 0) {
      const lastPage = Math.floor((result.value.count - 1) / next.top)
      return load(id, { skip: lastPage * next.top })
    }
    const shown = reads.showAnswer(result, (page) => {
      servers.value = page.items
      count.value = page.count
    })
    if (shown) void loadStatuses(id, result.value.items.map((server) => server.id))
  }

  /** Asks the reachability of `serverIds`, unless the PBX said it does not report it. */
  async function loadStatuses(id: string, serverIds: string[], single = false): Promise<void> {
    if (serverIds.length === 0 || statusUnsupported.value[id]) return
    const request = single ? latestStatuses : ++latestStatuses
    if (!single) {
      statusLoad.value = 'loading'
      statusError.value = null
    }
    const result = await callBridge(() => window.pbx.ivrServerStatuses({ profileId: id, serverIds }))
    if (profileId.value !== id || request !== latestStatuses) return
    if (!result.ok) {
      if (!single) {
        statusError.value = result.error
        statusLoad.value = 'error'
      }
      return
    }
    if (!result.value.supported) {
      statusUnsupported.value = { ...statusUnsupported.value, [id]: true }
      statusLoad.value = 'idle'
      return
    }
    const answered = Object.fromEntries(result.value.statuses.map(({ id: serverId, ...state }) => [serverId, state]))
    statuses.value = { ...statuses.value, ...answered }
    if (!single) statusLoad.value = 'ready'
  }

  /**
   * Switches a server on or off: the list shows it at once; when the PBX refuses, it is put back
   * and the PBX's answer returned (to say why). On success the server as the PBX read it back
   * replaces it, and its reachability is asked again (it follows `enabled`).
   */
  async function setEnabled(id: string, serverId: string, enabled: boolean): Promise<BridgeResult<IvrServer>> {
    const before = byId(serverId)?.enabled
    switching.value = { ...switching.value, [serverId]: true }
    if (profileId.value === id) patch(serverId, { enabled })
    try {
      const result = await callBridge(() => window.pbx.setIvrServerEnabled({ profileId: id, serverId, enabled }))
      if (profileId.value !== id) return result
      if (!result.ok) {
        patch(serverId, { enabled: before })
        return result
      }
      patch(serverId, result.value)
      void loadStatuses(id, [serverId], true)
      return result
    } finally {
      const { [serverId]: _done, ...rest } = switching.value
      switching.value = rest
    }
  }

  /**
   * Deletes a server; true when it is gone (the page is read again: the count changed, and the
   * next server moves up). NOT_SUPPORTED marks the PBX as not offering it.
   */
  async function remove(id: string, serverId: string): Promise<boolean> {
    const result = await busyRequest(() => window.pbx.deleteIvrServer({ profileId: id, serverId }), {
      busy: [deleting, serverId],
      error: deleteError,
      done: () => {
        if (profileId.value !== id) return
        servers.value = servers.value.filter((server) => server.id !== serverId)
        count.value = Math.max(0, count.value - 1)
        void load(id)
      },
      failed: (failure) => {
        if (failure.code === 'NOT_SUPPORTED') deleteUnsupported.value = { ...deleteUnsupported.value, [id]: true }
      },
    })
    return result.ok
  }

  /**
   * Adds an EXTERNAL server; the server as the PBX read it back is kept in `created` (with its
   * reachability asked, where the PBX reports it). Answers main's result, so the form can put a
   * field's error beside it.
   */
  function create(id: string, server: IvrServerCreate): Promise<BridgeResult<IvrServer>> {
    clearCreated()
    return busyRequest(() => window.pbx.createIvrServer({ profileId: id, server }), {
      busy: creating,
      error: createError,
      done: (added) => {
        created.value = added
        void loadCreatedStatus(id, added.id)
      },
    })
  }

  /** The reachability of the server the wizard added, where the PBX reports it. */
  async function loadCreatedStatus(id: string, serverId: string): Promise<void> {
    if (statusUnsupported.value[id]) return
    createdStatusLoad.value = 'loading'
    const result = await callBridge(() => window.pbx.ivrServerStatuses({ profileId: id, serverIds: [serverId] }))
    if (created.value?.id !== serverId) return
    if (!result.ok) {
      createdStatusLoad.value = 'error'
      return
    }
    if (!result.value.supported) {
      statusUnsupported.value = { ...statusUnsupported.value, [id]: true }
      createdStatusLoad.value = 'idle'
      return
    }
    const answer = result.value.statuses.find((state) => state.id === serverId)
    createdStatus.value = answer ? { reachable: answer.reachable, checked_at: answer.checked_at } : null
    createdStatusLoad.value = 'ready'
  }

  /** Forgets the wizard's last server and error (a new server is started). */
  function clearCreated(): void {
    created.value = null
    createdStatus.value = null
    createdStatusLoad.value = 'idle'
    createError.value = null
  }

  function clearDeleteError(): void {
    deleteError.value = null
  }

  return {
    profileId,
    query,
    servers,
    count,
    status,
    error,
    statuses,
    statusLoad,
    statusError,
    statusUnsupported,
    switching,
    deleting,
    deleteError,
    deleteUnsupported,
    creating,
    createError,
    created,
    createdStatus,
    createdStatusLoad,
    byId,
    load,
    loadStatuses,
    setEnabled,
    remove,
    create,
    clearCreated,
    clearDeleteError,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useIvrServersStore, import.meta.hot))
