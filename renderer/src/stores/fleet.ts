import { FLEET_FRESH_MS, type FleetStatus } from '@contract/fleet'
import type { PbxProfile } from '@contract/profiles'
import type { BridgeError, BridgeResult } from '@contract/result'
import { joinFleet, noFilters, rowMatches, rowPasses, sortRows, type FleetFilters, type FleetSort } from '@renderer/lib/fleet-rows'
import { profileFields } from '@renderer/lib/profile-fields'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'
import { useProfilesStore } from './profiles'

/**
 * How often the figures are asked for while a refresh is under way and the fleet screen is open;
 * how often the ages ("2 min ago") move on while it is open.
 */
export const FLEET_POLL = { everyMs: 500, clockMs: 30_000 }

/**
 * The reseller's fleet: the figures main keeps of every saved PBX (`fleetStatus`, at once, no
 * request to a PBX), joined with the saved PBXs for the table, with the screen's search, filters
 * and order. `refresh` asks main to read PBXs again in the background; while the screen is open
 * (`open` … `close`) and PBXs are still being read (`pending` > 0) the figures are asked for every
 * FLEET_POLL.everyMs, and only then: polling stops when nothing is pending, on an error, and when
 * the screen closes.
 */
export const useFleetStore = defineStore('fleet', () => {
  const profilesStore = useProfilesStore()

  const status = ref<FleetStatus | null>(null)
  const loadStatus = ref<LoadStatus>('idle')
  /** what the last request answered when it failed (cleared by the next that succeeds) */
  const error = ref<BridgeError | null>(null)
  /** true while a next ask is scheduled */
  const polling = ref(false)
  /** the time the ages are counted to; moves on with each answer and every FLEET_POLL.clockMs */
  const now = ref(Date.now())
  /** the saved PBXs whose favourite mark is being saved */
  const savingFavourite = ref<string[]>([])

  /** what the search box holds */
  const query = ref('')
  const filters = ref<FleetFilters>(noFilters())
  /** the column sorted on; null: by label */
  const sort = ref<FleetSort | null>(null)
  /** the favourites on top, whatever the order */
  const favouritesFirst = ref(true)

  const rows = computed(() => joinFleet(profilesStore.profiles, status.value?.entries ?? []))
  const visibleRows = computed(() =>
    sortRows(
      rows.value.filter((row) => rowMatches(row, query.value) && rowPasses(row, filters.value)),
      sort.value,
      favouritesFirst.value,
    ),
  )
  const pending = computed(() => status.value?.pending ?? 0)
  /** how many PBXs the refresh under way was asked to read (0 when none runs), and how many are read */
  const refreshTotal = computed(() => status.value?.run.total ?? 0)
  const refreshDone = computed(() => status.value?.run.done ?? 0)

  let watching = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let clock: ReturnType<typeof setInterval> | undefined
  /** counts the requests; an answer to one older than the latest is dropped */
  let asked = 0
  /** the screen's own refresh asked for as it opened (dropped when it closes) */
  let freshening = false

  function show(next: FleetStatus): void {
    status.value = next
    now.value = Date.now()
    error.value = null
  }

  function stopPolling(): void {
    if (timer) clearTimeout(timer)
    timer = undefined
    polling.value = false
  }

  /** Asks again in FLEET_POLL.everyMs while the screen is open and PBXs are still being read. */
  function schedule(): void {
    stopPolling()
    if (!watching || pending.value === 0) return
    polling.value = true
    timer = setTimeout(() => void poll(), FLEET_POLL.everyMs)
  }

  /** One request; answers false when it failed or a newer one was asked meanwhile. */
  async function ask(call: () => Promise<BridgeResult<FleetStatus>>): Promise<boolean> {
    const request = ++asked
    const result = await callBridge(call)
    if (request !== asked) return false
    if (!result.ok) {
      error.value = result.error
      stopPolling()
      return false
    }
    show(result.value)
    return true
  }

  async function poll(): Promise<void> {
    timer = undefined
    if (!watching) return
    if (await ask(() => window.pbx.fleetStatus())) schedule()
  }

  /** Reads the figures kept of every saved PBX (no request to a PBX). */
  async function load(): Promise<void> {
    loadStatus.value = 'loading'
    const done = await ask(() => window.pbx.fleetStatus())
    if (done) {
      loadStatus.value = 'ready'
      schedule()
    } else if (error.value) loadStatus.value = 'error'
  }

  /** Asks main to read these PBXs again (every saved PBX without ids), in the background. */
  function refresh(profileIds?: string[]): Promise<void> {
    return refreshWith(profileIds === undefined ? {} : { profileIds: [...profileIds] })
  }

  async function refreshWith(input: Parameters<typeof window.pbx.refreshFleet>[0]): Promise<void> {
    stopPolling()
    if (await ask(() => window.pbx.refreshFleet(input))) {
      if (loadStatus.value !== 'ready') loadStatus.value = 'ready'
      schedule()
    }
  }

  /**
   * The fleet screen opened: read the figures kept, and follow a refresh under way. `freshen`: then
   * read again, in the background, every PBX whose figures are older than FLEET_FRESH_MS (or were
   * never read), so the screen never opens on a sea of "not checked"; it is dropped when the screen
   * closes.
   */
  async function open(options: { freshen?: boolean } = {}): Promise<void> {
    watching = true
    now.value = Date.now()
    if (clock) clearInterval(clock)
    clock = setInterval(() => (now.value = Date.now()), FLEET_POLL.clockMs)
    await load()
    if (options.freshen && loadStatus.value === 'ready' && watching) {
      freshening = true
      await refreshWith({ olderThanMs: FLEET_FRESH_MS, background: true })
    }
  }

  /**
   * The fleet screen closed: no more asking. What the screen's own refresh still has waiting is
   * dropped; a refresh the user asked for goes on in main all the same.
   */
  function close(): void {
    watching = false
    asked++
    stopPolling()
    if (clock) clearInterval(clock)
    clock = undefined
    if (freshening) void callBridge(() => window.pbx.cancelFleetRefresh())
    freshening = false
  }

  /**
   * Marks a saved PBX a favourite, or no longer: saves it with every other field as it is.
   * Answers main's result (null when the PBX is not in the list).
   */
  async function toggleFavourite(profileId: string): Promise<BridgeResult<PbxProfile> | null> {
    const profile = profilesStore.byId(profileId)
    if (!profile || savingFavourite.value.includes(profileId)) return null
    savingFavourite.value = [...savingFavourite.value, profileId]
    try {
      return await profilesStore.save({ id: profileId, fields: { ...profileFields(profile), favourite: !profile.favourite } })
    } finally {
      savingFavourite.value = savingFavourite.value.filter((id) => id !== profileId)
    }
  }

  function clearFilters(): void {
    query.value = ''
    filters.value = noFilters()
  }

  return {
    status,
    loadStatus,
    error,
    polling,
    now,
    refreshTotal,
    refreshDone,
    pending,
    savingFavourite,
    query,
    filters,
    sort,
    favouritesFirst,
    rows,
    visibleRows,
    load,
    refresh,
    open,
    close,
    toggleFavourite,
    clearFilters,
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useFleetStore, import.meta.hot))
