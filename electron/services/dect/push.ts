import {
  PUSH_CONCURRENCY,
  rowHasErrors,
  type Batch,
  type BatchRow,
  type BatchStatus,
  type HandsetCounts,
  type PushProgress as ContractPushProgress,
  type RowOutcome,
} from '../../contract/dect'
import type { HandsetOutcome } from '../../contract/dect-handsets'
import { normalizeMac, type DectPhone, type DectPhoneCreate } from '../../contract/pbx'
import { asClause, introduce, joinSentences } from '../../contract/sentences'
import { messageOf, ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createDectPhonesClient, type DectPhonesClient } from '../pbx-client/dect-phones'
import type { BatchStore } from './batch-store'
import { pushHandsets } from './handsets/member-push'
import { toDectPhoneCreate, type DectPasswords } from './phone-body'
import { handsetCounts, tally, tallyHandsets, type HandsetTally, type RowTally } from './push-counts'
import { isConflict, isTransient } from './push-errors'
import { existingPhoneOutcome } from './own-phone'

/**
 * Pushing a DECT batch to a PBX (seed 4.6), resumable at any point.
 *
 * - First ONE `GET /api/dect_phones`: every pending row whose MAC is already on the PBX under the
 *   row's name becomes `matched` with that phone's id. That is what makes a resume safe after a
 *   crash, a kill or a cut connection: a phone created just before the stop, whose outcome was
 *   never saved, is matched, never created twice. A phone with the row's MAC under another name
 *   (another batch's, or set up by hand) is not the row's: the row is `failed` with the reason,
 *   and the push goes on (own-phone.ts).
 * - Rows with an error-severity problem are skipped (they stay pending, counted `withErrors`).
 * - A pool of `concurrency` workers (1..16, default 4) creates the other pending rows; each row's
 *   outcome goes to the batch as it happens (`created` + phoneId, or `failed` + the PBX's message)
 *   and is on disk with the store's next grouped write (milliseconds later; the worker does not
 *   wait for the disk). A 409 CONFLICT looks the MAC up again and judges it the same way.
 *   The payload of a row is `toDectPhoneCreate` (values, then defaults, then passwords).
 * - A lost network (unreachable, dropped connection, 5xx, 408, 429) is retried with backoff; when
 *   the retries are used up the row stays pending and the push pauses itself (status `paused`,
 *   with the reason in the progress). So does a lost sign-in or a missing permission.
 * - After the rows, ONE more list call reads every phone's provisioning `url` into its row.
 * - Then the handsets: each enrolled as a member of its base (member-push.ts), resumable the same
 *   way (a handset already a member is matched). A batch without handsets makes no such call.
 * - While it runs, the push holds its batch file's lock (the store's `lockForPush`, batch-sharing.ts):
 *   another process (the app, a command line) neither pushes nor changes the batch meanwhile.
 * - Status: `pushing` while it runs; then `done` (every valid row created or matched) or
 *   `partly_failed` (some failed; `retryFailed` sends those again, and only those).
 *
 * Stopping:
 * - `pause`: the workers finish the row they are on and take no other; the batch is `paused`.
 * - `cancel`: requests in flight are abandoned too (their rows stay pending: if the PBX did create
 *   the phone, the next push matches it by MAC). The batch is `paused` when any row has an outcome,
 *   `draft` when nothing was pushed yet. Either way the rest stays pending and `start` resumes.
 * - A batch whose file says `pushing` while no push of this runner holds it (the app crashed or
 *   was killed) is paused and resumable: `recover()` marks such files `paused` at start-up, and
 *   `start` accepts it as it is.
 * - A batch another process pushes (it holds the lock) is neither: `progress` says so (`elsewhere`,
 *   with the counts as that push saved them), and `start` is refused BUSY until that push ends.
 *
 * Token expiry is the session's business (the caller refreshes ahead of expiry and once on a 401).
 */

/** Where a push stands: the contract's progress, always with the handsets' counts. */
export type PushProgress = ContractPushProgress & { handsets: HandsetCounts }

export interface PushStartOptions {
  /** 1..16, default 4 (or the batch's saved concurrency) */
  concurrency?: number
}

export interface PushRunnerDeps {
  store: BatchStore
  /** the signed-in session (a PbxCaller) of a saved PBX */
  callerFor(profileId: string): PbxCaller | Promise<PbxCaller>
  /** the batch's phone passwords, if it has any (from the keychain) */
  passwordsFor?(batchId: string): DectPasswords | Promise<DectPasswords>
  /** called after each row's outcome and each change of status */
  onProgress?(progress: PushProgress): void
  /** waits before each retry of a request that met a lost network; the push pauses after the last */
  retryDelaysMs?: readonly number[]
  now?: () => number
}

export const DEFAULT_RETRY_DELAYS_MS = [250, 1000, 3000] as const

type StopKind = 'pause' | 'cancel' | 'halt'

interface Run {
  batchId: string
  profileId: string
  status: BatchStatus
  startedAt: string
  startedMs: number
  counts: RowTally
  handsets: HandsetTally
  /** rows finished in this push, for the rate */
  finished: number
  stop: StopKind | undefined
  reason: string | undefined
  /** ends retry waits (any stop) */
  halt: AbortController
  /** ends requests in flight (cancel only) */
  cancel: AbortController
  promise: Promise<PushProgress>
  /** settles once the push has really begun (its counts known) or was refused */
  started: Promise<PushProgress>
  markStarted(progress: PushProgress): void
  refuse(error: unknown): void
}

export function createPushRunner(deps: PushRunnerDeps) {
  const { store } = deps
  const now = deps.now ?? Date.now
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const runs = new Map<string, Run>()
  /** the last push's start and stop reason per batch, for `progress` after it ended */
  const last = new Map<string, { startedAt: string; reason: string | undefined }>()

  function progressOf(run: Run): PushProgress {
    const c = run.counts
    const done = c.created + c.matched + c.failed
    const elapsed = now() - run.startedMs
    const rate = run.finished > 0 && elapsed > 0 ? run.finished / elapsed : 0
    return {
      batchId: run.batchId,
      status: run.status,
      running: true,
      total: done + c.pending,
      done,
      ...c,
      startedAt: run.startedAt,
      etaMs: c.pending === 0 ? 0 : rate > 0 ? Math.round(c.pending / rate) : null,
      ...(run.reason ? { reason: run.reason } : {}),
      handsets: handsetCounts(run.handsets),
    }
  }

  function emit(run: Run): void {
    try {
      deps.onProgress?.(progressOf(run))
    } catch {
      // a listener's failure is not the push's
    }
  }

  function stopRun(run: Run, kind: StopKind, reason: string | undefined): void {
    if (!run.stop || kind === 'cancel') run.stop = kind
    if (reason && !run.reason) run.reason = reason
    run.halt.abort()
    if (kind === 'cancel') run.cancel.abort()
  }

  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve()
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        resolve()
      }
      signal.addEventListener('abort', done, { once: true })
    })

  /** Runs a request again after a lost network while the push goes on; answers undefined when it should stop. */
  async function withRetries<T>(run: Run, what: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await what()
      } catch (error) {
        if (run.cancel.signal.aborted) return undefined
        if (!isTransient(error)) throw error
        if (attempt >= delays.length || run.halt.signal.aborted) {
          stopRun(run, 'halt', `The PBX could not be reached (${asClause(messageOf(error))}). The push paused; resume it when the PBX answers again.`)
          return undefined
        }
        await sleep(delays[attempt]!, run.halt.signal)
        if (run.halt.signal.aborted) return undefined
      }
    }
  }

  /** The outcome of one row, or undefined when it stays pending (the push is stopping). */
  async function pushRow(run: Run, client: DectPhonesClient, batch: Batch, row: BatchRow, passwords: DectPasswords): Promise<RowOutcome | undefined> {
    const at = () => new Date(now()).toISOString()
    let body: DectPhoneCreate
    try {
      body = toDectPhoneCreate(row.values, batch.defaults, passwords)
    } catch (error) {
      return { state: 'failed', error: messageOf(error), at: at() }
    }
    const signal = run.cancel.signal
    try {
      const id = await withRetries(run, () => client.create(body, { signal }))
      return id === undefined ? undefined : { state: 'created', phoneId: id, at: at() }
    } catch (error) {
      if (isConflict(error)) {
        // the MAC is in the tenant already: ours (created by a request whose answer was lost), or another's
        try {
          const list = await withRetries(run, () => client.list({ signal }))
          if (list === undefined) return undefined
          const phone = phoneByMac(list.items).get(normalizeMac(body.mac.trim()))
          if (phone) return existingPhoneOutcome(phone, body, at())
          return { state: 'failed', error: messageOf(error), at: at() }
        } catch (again) {
          return stopOrFail(run, again, at())
        }
      }
      return stopOrFail(run, error, at())
    }
  }

  /** A refusal of this row fails the row; a problem of the whole push (sign-in, permission, a bug) stops it. */
  function stopOrFail(run: Run, error: unknown, at: string): RowOutcome | undefined {
    if (run.cancel.signal.aborted || (error instanceof ServiceError && error.code === 'CANCELLED')) return undefined
    if (error instanceof ServiceError) {
      const rowOnly = error.code === 'INVALID_INPUT' || (error.code === 'PBX_ERROR' && error.status !== 401 && error.status !== 403)
      if (rowOnly) return { state: 'failed', error: error.message, at }
      stopRun(run, 'halt', joinSentences(error.message, 'The push paused; resume it when this is solved.'))
      return undefined
    }
    stopRun(run, 'halt', `The push stopped on an unexpected error (${asClause(messageOf(error))}).`)
    return undefined
  }

  function count(run: Run, outcome: RowOutcome): void {
    run.counts.pending--
    if (outcome.state !== 'pending') run.counts[outcome.state]++
  }

  async function execute(run: Run, batch: Batch, concurrency: number, caller: PbxCaller, passwords: DectPasswords): Promise<void> {
    const client = createDectPhonesClient(caller)
    const signal = run.cancel.signal

    // 1. what the PBX has already: those rows are matched (or reported), never created again
    const before = await withRetries(run, () => client.list({ signal }))
    if (before === undefined) return
    const existing = phoneByMac(before.items)
    const known = new Map<string, RowOutcome>()
    const queue: BatchRow[] = []
    const at = new Date(now()).toISOString()
    for (const row of batch.rows) {
      if (row.outcome.state !== 'pending' || rowHasErrors(row)) continue
      const phone = row.values.mac ? existing.get(normalizeMac(row.values.mac.trim())) : undefined
      if (phone) known.set(row.id, existingPhoneOutcome(phone, row.values, at))
      else queue.push(row)
    }
    if (known.size > 0) {
      await store.saveOutcomes(run.batchId, known)
      for (const outcome of known.values()) count(run, outcome)
      emit(run)
    }

    // 2. the workers. Each outcome goes to the store at once and is on disk with the next write
    // (writes are grouped, one at a time); a worker does not wait for the disk before its next row.
    // A crash before that write loses nothing the resume cannot find again: a created phone is
    // matched by its MAC, a refused row is sent again and refused again.
    let next = 0
    const writes = new Set<Promise<void>>()
    const worker = async () => {
      while (!run.stop && next < queue.length) {
        const row = queue[next++]!
        const outcome = await pushRow(run, client, batch, row, passwords)
        if (!outcome) continue
        const write = store.saveOutcomes(run.batchId, { [row.id]: outcome }).catch((error: unknown) => {
          stopRun(run, 'halt', `The batch could not be saved (${asClause(messageOf(error))}). The push paused.`)
        })
        writes.add(write)
        void write.finally(() => writes.delete(write))
        count(run, outcome)
        run.finished++
        emit(run)
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, queue.length)) }, worker))
    await Promise.all(writes)
    if (run.stop) return

    // 3. one list call for every provisioning url
    let after: { items: DectPhone[] } | undefined
    try {
      after = await withRetries(run, () => client.list({ signal }))
    } catch (error) {
      run.reason = `The provisioning addresses could not be read (${asClause(messageOf(error))}). Push again to read them.`
      return
    }
    if (after === undefined) {
      // every row is done: the push ends as done or partly failed, only the addresses are missing
      if (run.stop === 'halt') run.reason = 'The provisioning addresses could not be read: the PBX did not answer. Push again to read them.'
      return
    }
    const urls = new Map(after.items.map((p) => [p.id, p.url]))
    const current = await store.get(run.batchId)
    const withUrls = new Map<string, RowOutcome>()
    for (const row of current.rows) {
      const { phoneId } = row.outcome
      if ((row.outcome.state === 'created' || row.outcome.state === 'matched') && phoneId !== undefined) {
        const url = urls.get(phoneId)
        if (url !== undefined && url !== row.outcome.url) withUrls.set(row.id, { ...row.outcome, url })
      }
    }
    if (withUrls.size > 0) await store.saveOutcomes(run.batchId, withUrls)

    // 4. the handsets, on the bases now on the PBX
    const stamp = () => new Date(now()).toISOString()
    await pushHandsets(await store.get(run.batchId), after.items, caller, {
      signal,
      concurrency,
      retry: (what) => withRetries(run, what),
      stops: (error) => stopOrFail(run, error, stamp()) === undefined,
      stopped: () => run.stop !== undefined,
      now,
      save: async (outcomes: ReadonlyMap<string, HandsetOutcome>) => {
        await store.saveHandsetOutcomes(run.batchId, outcomes)
        for (const outcome of outcomes.values()) {
          run.handsets.pending--
          if (outcome.state !== 'pending') run.handsets[outcome.state]++
        }
        emit(run)
      },
    })
  }

  /** the status a push ends with, from the counts of the batch as saved: rows still pending keep it paused */
  function finalStatus(c: Run['counts'], h: Run['handsets'], run: Run): BatchStatus {
    if (c.pending > 0 || h.pending > 0) return run.stop === 'cancel' && c.created + c.matched + c.failed === 0 ? 'draft' : 'paused'
    return c.failed > 0 || h.failed > 0 ? 'partly_failed' : 'done'
  }

  function begin(batchId: string, profileId: string, options: PushStartOptions, prepare?: (batch: Batch) => Promise<void>): Promise<PushProgress> {
    if (runs.has(batchId)) return Promise.reject(new ServiceError('INVALID_INPUT', 'This batch is being pushed already.'))
    if (typeof profileId !== 'string' || profileId === '') {
      return Promise.reject(new ServiceError('INVALID_INPUT', 'profileId: choose the PBX to push to', { field: 'profileId' }))
    }
    const startedMs = now()
    const run: Run = {
      batchId,
      profileId,
      status: 'pushing',
      startedAt: new Date(startedMs).toISOString(),
      startedMs,
      counts: { created: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 },
      handsets: { enrolled: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 },
      finished: 0,
      stop: undefined,
      reason: undefined,
      halt: new AbortController(),
      cancel: new AbortController(),
      promise: Promise.resolve(undefined as never),
      started: Promise.resolve(undefined as never),
      markStarted: () => undefined,
      refuse: () => undefined,
    }
    run.started = new Promise<PushProgress>((resolve, reject) => {
      run.markStarted = resolve
      run.refuse = reject
    })
    run.started.catch(() => undefined)
    runs.set(batchId, run) // before any await: a second start is refused at once
    run.promise = (async () => {
      let batch: Batch
      let concurrency: number
      let caller: PbxCaller
      let passwords: DectPasswords
      let release: () => Promise<void> = async () => undefined
      try {
        release = await store.lockForPush(batchId)
        batch = await store.get(batchId)
        concurrency = options.concurrency ?? batch.concurrency
        if (!Number.isInteger(concurrency) || concurrency < PUSH_CONCURRENCY.min || concurrency > PUSH_CONCURRENCY.max) {
          throw new ServiceError('INVALID_INPUT', `concurrency: must be a whole number from ${PUSH_CONCURRENCY.min} to ${PUSH_CONCURRENCY.max}`, { field: 'concurrency' })
        }
        const pushedElsewhere =
          batch.targetProfileId !== null &&
          batch.targetProfileId !== profileId &&
          batch.rows.some((r) => r.outcome.state === 'created' || r.outcome.state === 'matched')
        if (pushedElsewhere) {
          throw new ServiceError('INVALID_INPUT', 'Part of this batch was pushed to another PBX already. Resume it on that PBX, or duplicate the batch to push it to this one.', { field: 'profileId' })
        }
        // not signed in (NOT_SIGNED_IN) or no keychain: refused here, the batch stays as it was
        caller = await deps.callerFor(profileId)
        passwords = (await deps.passwordsFor?.(batchId)) ?? {}
        await prepare?.(batch)
        batch = await store.setPushState(batchId, { status: 'pushing', targetProfileId: profileId, concurrency })
      } catch (error) {
        runs.delete(batchId)
        await release().catch(() => undefined)
        run.refuse(error)
        throw error
      }
      run.counts = tally(batch)
      run.handsets = tallyHandsets(batch)
      run.markStarted(progressOf(run))
      emit(run)
      try {
        await execute(run, batch, concurrency, caller, passwords)
      } catch (error) {
        stopRun(run, 'halt', introduce('The push stopped', messageOf(error)))
      }
      try {
        let counts = run.counts
        let handsets = run.handsets
        run.status = await store.settleStatus(batchId, (saved) => finalStatus((counts = tally(saved)), (handsets = tallyHandsets(saved)), run))
        run.counts = counts
        run.handsets = handsets
      } catch (error) {
        run.status = 'paused'
        run.reason ??= `The batch could not be saved (${asClause(messageOf(error))}).`
      }
      const final = { ...progressOf(run), running: false }
      runs.delete(batchId)
      await release().catch(() => undefined)
      last.set(batchId, { startedAt: run.startedAt, reason: run.reason })
      try {
        deps.onProgress?.(final)
      } catch {
        // a listener's failure is not the push's
      }
      return final
    })()
    return run.promise
  }

  function retryFailed(batchId: string, profileId: string, options: PushStartOptions = {}): Promise<PushProgress> {
    return begin(batchId, profileId, options, async (batch) => {
      const again = new Map<string, RowOutcome>()
      for (const row of batch.rows) if (row.outcome.state === 'failed') again.set(row.id, { state: 'pending' })
      if (again.size > 0) await store.saveOutcomes(batchId, again)
      const handsetsAgain = new Map<string, HandsetOutcome>()
      for (const h of batch.handsets) if (h.outcome.state === 'failed') handsetsAgain.set(h.id, { state: 'pending' })
      if (handsetsAgain.size > 0) await store.saveHandsetOutcomes(batchId, handsetsAgain)
    })
  }

  async function progress(batchId: string): Promise<PushProgress> {
    const run = runs.get(batchId)
    if (run) return progressOf(run)
    // the lock before the file: a push of another process that ends meanwhile shows at the next look
    let elsewhere = await store.pushingElsewhere(batchId)
    const batch = await store.get(batchId)
    // pushing, and the lock was free: a crash left it so, or another process began its push meanwhile
    if (!elsewhere && batch.status === 'pushing') elsewhere = await store.pushingElsewhere(batchId)
    const c = tally(batch)
    // another process's push: its start, pace and stop are that process's, only its counts in the file
    const before = elsewhere ? undefined : last.get(batchId)
    return {
      batchId,
      // a file that says pushing with no push running anywhere: the app stopped mid-push
      status: elsewhere ? 'pushing' : batch.status === 'pushing' ? 'paused' : batch.status,
      running: false,
      ...(elsewhere ? { elsewhere: true } : {}),
      total: c.created + c.matched + c.failed + c.pending,
      done: c.created + c.matched + c.failed,
      ...c,
      startedAt: before?.startedAt ?? null,
      etaMs: null,
      ...(before?.reason ? { reason: before.reason } : {}),
      handsets: handsetCounts(tallyHandsets(batch)),
    }
  }

  return {
    /**
     * Pushes the batch's pending valid rows to the PBX of `profileId`, resuming where a push
     * stopped. Answers when the push ends (done, partly failed, paused or cancelled) with its last
     * progress; callers that only start it may ignore the promise and watch `onProgress`.
     */
    start: (batchId: string, profileId: string, options: PushStartOptions = {}): Promise<PushProgress> => begin(batchId, profileId, options),

    /**
     * Starts a push and answers as soon as it has really begun (its first progress), or with the
     * reason it was refused; the push goes on in the background (watch `progress`).
     */
    launch(batchId: string, profileId: string, options: PushStartOptions = {}, retryFailedRows = false): Promise<PushProgress> {
      const whole = retryFailedRows ? retryFailed(batchId, profileId, options) : begin(batchId, profileId, options)
      whole.catch(() => undefined)
      const run = runs.get(batchId)
      return run && run.promise === whole ? run.started : whole
    },

    /** Sends the failed rows again (and only those, with any rows still pending). */
    retryFailed,

    /** The workers finish the row they are on, then the batch is paused. */
    pause(batchId: string): boolean {
      const run = runs.get(batchId)
      if (!run) return false
      stopRun(run, 'pause', 'Paused.')
      return true
    },

    /** Stops at once (requests in flight are abandoned); the rest stays pending. */
    cancel(batchId: string): boolean {
      const run = runs.get(batchId)
      if (!run) return false
      stopRun(run, 'cancel', 'Cancelled.')
      return true
    },

    progress,

    /** the running push's end, or the progress now when none runs */
    wait(batchId: string): Promise<PushProgress> {
      return runs.get(batchId)?.promise ?? progress(batchId)
    },

    isRunning: (batchId: string): boolean => runs.has(batchId),

    /** the batches this process is pushing */
    running: (): string[] => [...runs.keys()],

    /**
     * At start-up: batches whose file says `pushing` while no process pushes them (the app stopped
     * mid-push) become `paused`; one another process is pushing (it holds the batch's lock) is left alone.
     */
    async recover(): Promise<string[]> {
      const recovered: string[] = []
      for (const summary of await store.list()) {
        if (summary.status !== 'pushing' || runs.has(summary.id)) continue
        // its lock taken: no live process pushes it (BUSY: one does, and it is left alone)
        const release = await store.lockForPush(summary.id).catch(() => undefined)
        if (!release) continue
        try {
          // read again under the lock: a push of another process may have ended since the list
          if ((await store.get(summary.id)).status !== 'pushing') continue
          await store.setPushState(summary.id, { status: 'paused' })
          recovered.push(summary.id)
        } finally {
          await release().catch(() => undefined)
        }
      }
      return recovered
    },
  }
}

export type PushRunner = ReturnType<typeof createPushRunner>

function phoneByMac(phones: readonly DectPhone[]): Map<string, DectPhone> {
  const map = new Map<string, DectPhone>()
  for (const phone of phones) if (phone.mac) map.set(normalizeMac(phone.mac.trim()), phone)
  return map
}
