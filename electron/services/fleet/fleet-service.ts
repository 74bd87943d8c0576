import type { BridgeHandlers } from '../../contract/bridge'
import type { Batch, BatchSummary } from '../../contract/dect'
import { FLEET_CONCURRENCY, type FleetEntry, type FleetStatus } from '../../contract/fleet'
import type { PbxProfile } from '../../contract/profiles'
import { messageOf, ServiceError } from '../errors'
import type { ProfileStore } from '../profiles/profile-store'
import type { SessionManager } from '../session/session-manager'
import { createFleetCache } from './fleet-cache'
import { probePbx, type KeptAccess, type ProbeContext } from './fleet-probe'

type FleetHandlers = Pick<BridgeHandlers, 'fleetStatus' | 'refreshFleet' | 'cancelFleetRefresh'>

export interface FleetServiceOptions {
  dataDir: string
  profiles: ProfileStore
  sessions: SessionManager
  /** the batches (summaries) and one batch, for the last push to each PBX */
  batches: { list(): Promise<BatchSummary[]>; get(batchId: string): Promise<Batch> }
  /** before a PBX is contacted (the built-in demo starts, and its saved PBXs point at it) */
  beforeContact?: (profileId: string) => Promise<void>
  /** how long one PBX's refresh may take in all */
  timeoutMs?: number
  now?: () => Date
}

/**
 * The fleet overview behind the Bridge. `fleetStatus` answers the kept figures at once;
 * `refreshFleet` queues PBXs and answers at once, while at most `concurrency` PBXs (8 by
 * default) are read at a time, each by fleet-probe.ts, and a PBX already queued or being read is
 * not queued twice (so no request of a kind runs twice at once on one PBX).
 */
export function createFleetService(options: FleetServiceOptions) {
  const now = options.now ?? (() => new Date())
  const cache = createFleetCache(options.dataDir)
  const queue: string[] = []
  const running = new Set<string>()
  /** PBXs queued by a background refresh only (the fleet screen opening): dropped when it closes */
  const background = new Set<string>()
  let concurrency: number = FLEET_CONCURRENCY.default
  /** PBXs that asked for a one-time code: not signed in to again in the background */
  const askedForCode = new Set<string>()
  /** the batch summaries of the refresh under way, read once for all its PBXs */
  let summaries: Promise<BatchSummary[]> | undefined
  /** the refresh under way: PBXs asked for since nothing was pending, and how many are read */
  const run = { total: 0, done: 0 }
  let closed = false
  const stop = new AbortController()
  /** callers of idle(), woken when the last queued PBX has been read */
  const idleWaiters: Array<() => void> = []

  const keptAccess = (profile: PbxProfile): KeptAccess => {
    if (askedForCode.has(profile.id)) return 'code_required'
    return profile.rememberPassword ? 'remembered' : 'needs_password'
  }

  const context = (signal: AbortSignal): ProbeContext => ({
    now,
    signal,
    keptAccess,
    async access(profile) {
      const session = await options.sessions.sessionOf(profile.id)
      // IVR servers and alert email settings are read as the system administrator where the entry holds that sign-in too
      const caller = await options.sessions.withSystemPaths(profile.id, session.caller)
      if (session.signedIn()) return { state: 'signed_in', caller }
      if (askedForCode.has(profile.id)) return { state: 'code_required' }
      // the figures may be read as soon as the sign-in has its tokens, while it still asks who the
      // user is: one round trip less on each PBX's path (fleet_200_cold_ms)
      let stopListening: () => void = () => undefined
      const tokens = new Promise<'tokens'>((resolve) => (stopListening = session.onTokens(() => resolve('tokens'))))
      const opening = options.sessions.open(profile.id, { touch: false })
      try {
        const first = await Promise.race([opening, tokens])
        if (first === 'tokens') return { state: 'signed_in', caller, settled: opening }
        if (first.status === 'signed_in') return { state: 'signed_in', caller }
        if (first.status === 'code_required') askedForCode.add(profile.id)
        return { state: first.status === 'code_required' ? 'code_required' : keptAccess(profile) }
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'NOT_SIGNED_IN') return { state: 'needs_password' }
        return { state: keptAccess(profile) }
      } finally {
        stopListening()
      }
    },
    async lastBatch(profileId) {
      summaries ??= options.batches.list().catch(() => [])
      const pushed = (await summaries).filter((b) => b.targetProfileId === profileId).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]
      return pushed && { summary: pushed, batch: () => options.batches.get(pushed.id) }
    },
  })

  async function refreshOne(profileId: string): Promise<void> {
    let profile: PbxProfile
    try {
      profile = await options.profiles.get(profileId)
    } catch {
      return // removed meanwhile
    }
    const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(options.timeoutMs ?? 30_000)])
    let entry: FleetEntry
    try {
      await options.beforeContact?.(profileId)
      entry = await probePbx(profile, context(signal))
    } catch (error) {
      if (closed) return
      entry = { profileId, checkedAt: now().toISOString(), certificate: 'unknown', counts: {}, warnings: [{ kind: 'failed', text: `Could not read this PBX: ${messageOf(error)}` }] }
    }
    if (!closed) await cache.set(entry)
  }

  function pump(): void {
    while (!closed && running.size < concurrency && queue.length > 0) {
      const id = queue.shift() as string
      background.delete(id)
      running.add(id)
      void refreshOne(id).finally(() => {
        running.delete(id)
        run.done++
        settle()
        pump()
      })
    }
  }

  /** Nothing queued or being read: the run's counts start again, the figures are written, idle() answers. */
  function settle(): void {
    if (queue.length > 0 || running.size > 0) return
    summaries = undefined
    run.total = run.done = 0
    void cache.flush()
    for (const resolve of idleWaiters.splice(0)) resolve()
  }

  /** The PBXs among `ids` whose figures are older than `ms` or were never read. */
  async function olderThan(ids: readonly string[], ms: number): Promise<string[]> {
    const kept = await cache.load()
    const since = now().getTime() - ms
    return ids.filter((id) => {
      const checkedAt = kept.get(id)?.checkedAt
      return checkedAt === undefined || Date.parse(checkedAt) < since
    })
  }

  async function status(): Promise<FleetStatus> {
    const [list, kept] = await Promise.all([options.profiles.list(), cache.load()])
    await cache.keep(new Set(list.map((p) => p.id)))
    const waiting = new Set(queue)
    return {
      entries: list.map((profile) => ({
        ...(kept.get(profile.id) ?? { profileId: profile.id, certificate: 'unknown' as const, counts: {}, warnings: [] }),
        refreshing: running.has(profile.id) || waiting.has(profile.id),
      })),
      pending: queue.length + running.size,
      run: { ...run },
    }
  }

  const handlers: FleetHandlers = {
    fleetStatus: () => status(),
    async refreshFleet({ profileIds, concurrency: wanted, olderThanMs, background: inBackground }) {
      const all = profileIds ?? (await options.profiles.list()).map((p) => p.id)
      const ids = olderThanMs === undefined ? all : await olderThan(all, olderThanMs)
      if (wanted !== undefined) concurrency = wanted
      for (const id of ids) {
        // asked for by the user now: no longer dropped when the screen closes
        if (!inBackground) background.delete(id)
        if (running.has(id) || queue.includes(id)) continue
        queue.push(id)
        if (inBackground) background.add(id)
        run.total++
      }
      pump()
      return status()
    },
    async cancelFleetRefresh() {
      const before = queue.length
      const kept = queue.filter((id) => !background.has(id))
      queue.splice(0, queue.length, ...kept)
      run.total -= before - kept.length
      background.clear()
      settle()
      return status()
    },
  }

  return {
    handlers,
    /** resolves when nothing is queued or being read (tests, the command line) */
    async idle(): Promise<void> {
      if (queue.length > 0 || running.size > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve))
      await cache.flush()
    },
    /** on quit: stop reading, keep what was read */
    async dispose(): Promise<void> {
      closed = true
      queue.length = 0
      stop.abort()
      for (const resolve of idleWaiters.splice(0)) resolve()
      await cache.flush()
    },
  }
}
