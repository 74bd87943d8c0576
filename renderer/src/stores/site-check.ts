import type { BaseAction, BaseActionOutcome, SiteBase, SiteStatus } from '@contract/bridge-handsets'
import { macForPeople } from '@contract/dect'
import { SITE_LATE_AFTER_MIN, sincePush as sincePushAt, siteShownState } from '@contract/site-words'
import type { BridgeError } from '@contract/result'
import { acceptHMRUpdate, defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { callBridge } from './bridge-call'

/** How often the bases are asked for while the on-site view is open, and for how long at most. */
export const SITE_POLL = { everyMs: 5_000, forMs: 30 * 60_000 }

/** How many bases one call of a selection's action carries: the progress moves after each part. */
export const SITE_ACTION_PART = 4

/** An action on the selected bases: how far it is, then what it did to each base. */
export interface SiteBulkRun {
  action: BaseAction
  total: number
  /** bases answered so far */
  done: number
  outcomes: BaseActionOutcome[]
  running: boolean
}

/**
 * The on-site check of a batch: after a push, which bases fetched their configuration from the
 * PBX (`GET /api/phones`: IP, firmware). Polled while the view is open, bounded: it stops when
 * every pushed base is seen, when the view closes, on an error, or after SITE_POLL.forMs.
 * Re-provision and reboot act on one base, or on the selected ones (`actOnMany`: in parts of
 * SITE_ACTION_PART, for the progress; each base's outcome kept, a failure naming its base).
 */
export const useSiteCheckStore = defineStore('site-check', () => {
  const status = ref<SiteStatus | null>(null)
  const error = ref<BridgeError | null>(null)
  const polling = ref(false)
  /** when the view started watching (the start for a base whose push time is unknown) */
  const startedAt = ref(0)
  /** a base still waiting `lateAfterMin` minutes after its push is "not seen yet" */
  const lateAfterMin = ref(SITE_LATE_AFTER_MIN)
  const now = ref(Date.now())
  /** the MAC of the base an action runs on */
  const acting = ref<string | null>(null)
  /** the latest action on selected bases: under way, or its outcomes */
  const bulk = ref<SiteBulkRun | null>(null)

  let timer: ReturnType<typeof setTimeout> | undefined
  let watching: { batchId: string; profileId: string } | null = null

  const allSeen = computed(() => {
    const pushed = status.value?.bases.filter((b) => b.state !== 'not_pushed') ?? []
    return pushed.length > 0 && pushed.every((b) => b.state === 'seen')
  })
  /** ms from a base's push (or, its push time unknown, from when the view started watching) to the last check */
  const sincePush = (base: SiteBase): number => sincePushAt(base, now.value, startedAt.value)
  const late = (base: SiteBase): boolean => siteShownState(base, sincePush(base), lateAfterMin.value * 60_000) === 'late'

  /** `fresh`: the bases' members read again (the view opening, "Check now"); a poll takes those read lately */
  async function poll(fresh = false): Promise<void> {
    const target = watching
    if (!target) return
    const result = await callBridge(() => window.pbx.siteStatus({ ...target, fresh }))
    if (watching !== target) return
    now.value = Date.now()
    if (!result.ok) {
      error.value = result.error
      stop()
      return
    }
    error.value = null
    status.value = result.value
    if (!result.value.supported || allSeen.value || now.value - startedAt.value >= SITE_POLL.forMs) {
      stop()
      return
    }
    timer = setTimeout(() => void poll(), SITE_POLL.everyMs)
  }

  /** Starts watching a batch's bases on a PBX (again from now). */
  function start(batchId: string, profileId: string): Promise<void> {
    stop()
    watching = { batchId, profileId }
    startedAt.value = Date.now()
    polling.value = true
    status.value = null
    bulk.value = null
    return poll(true)
  }

  /** Asks at once (the "Check now" button), keeping the polling as it is. */
  async function checkNow(): Promise<void> {
    if (!watching) return
    if (timer) clearTimeout(timer)
    polling.value = true
    await poll(true)
  }

  function stop(): void {
    if (timer) clearTimeout(timer)
    timer = undefined
    polling.value = false
  }

  /** Re-provision or reboot one base; answers the error, if any. */
  async function act(mac: string, action: 'reprovision' | 'reboot'): Promise<BridgeError | null> {
    if (!watching) return null
    const { profileId } = watching
    acting.value = mac
    try {
      const result = await callBridge(() => window.pbx.baseAction({ profileId, mac, action }))
      return result.ok ? null : result.error
    } finally {
      acting.value = null
    }
  }

  /** Re-provision or reboot the given bases of the batch watched, a part at a time; answers the run (also in `bulk`). */
  async function actOnMany(bases: readonly Pick<SiteBase, 'mac' | 'name'>[], action: BaseAction): Promise<SiteBulkRun | null> {
    const target = watching
    if (!target || bases.length === 0 || bulk.value?.running) return null
    const run: SiteBulkRun = { action, total: bases.length, done: 0, outcomes: [], running: true }
    bulk.value = run
    for (let i = 0; i < bases.length; i += SITE_ACTION_PART) {
      const part = bases.slice(i, i + SITE_ACTION_PART)
      const result = await callBridge(() => window.pbx.baseActions({ ...target, macs: part.map((b) => b.mac), action }))
      const outcomes: BaseActionOutcome[] = result.ok
        ? result.value.outcomes
        : part.map((b) => ({ mac: b.mac, name: b.name, done: false, message: `${b.name ? `${b.name} (${macForPeople(b.mac)})` : macForPeople(b.mac)}: ${result.error.message}` }))
      run.outcomes.push(...outcomes)
      run.done += part.length
      bulk.value = { ...run }
    }
    run.running = false
    bulk.value = { ...run }
    return bulk.value
  }

  function close(): void {
    stop()
    watching = null
    bulk.value = null
  }

  return { status, error, polling, startedAt, lateAfterMin, acting, bulk, allSeen, sincePush, late, start, checkNow, stop, act, actOnMany, close }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSiteCheckStore, import.meta.hot))
