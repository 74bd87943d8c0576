import { batchStateOfTallies } from '../../contract/batch-state'
import { PUSH_CONCURRENCY, type Batch, type RowOutcome } from '../../contract/dect'
import type { HandsetOutcome } from '../../contract/dect-handsets'
import { asClause, introduce } from '../../contract/sentences'
import { messageOf, ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import type { BatchStore } from './batch-store'
import type { DectPasswords } from './phone-body'
import { handsetCounts, tally, tallyHandsets } from './push-counts'
import { DEFAULT_RETRY_DELAYS_MS } from './push-retry'
import { finalStatus, progressOf, stopRun, type PushProgress, type Run, type RunContext } from './push-run'
import { runPushSteps } from './push-steps'

export { DEFAULT_RETRY_DELAYS_MS } from './push-retry'
export type { PushProgress } from './push-run'

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
 * - Beside all this, the PBX's DECT models are read once and remembered (`remember`): the batch's
 *   PBX is this one from now on, and its later edits are checked against that list.
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
 *
 * This file is the push's lifecycle (start, stop, progress, recovery); its steps are in
 * push-steps.ts, one row's in push-row.ts, the retries in push-retry.ts, a run's state in push-run.ts.
 */

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
  /**
   * reads what the app remembers of the PBX pushed to (its DECT models, for the checks of the
   * batch's later edits), beside the push; a failure there changes nothing of the push
   */
  remember?(profileId: string): Promise<unknown>
  /** called after each row's outcome and each change of status */
  onProgress?(progress: PushProgress): void
  /** waits before each retry of a request that met a lost network; the push pauses after the last */
  retryDelaysMs?: readonly number[]
  now?: () => number
}

export function createPushRunner(deps: PushRunnerDeps) {
  const { store } = deps
  const now = deps.now ?? Date.now
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const runs = new Map<string, Run>()
  /** the last push's start and stop reason per batch, for `progress` after it ended */
  const last = new Map<string, { startedAt: string; reason: string | undefined }>()

  const context: RunContext = { store, now, delays, emit }

  function emit(run: Run): void {
    try {
      deps.onProgress?.(progressOf(run, now))
    } catch {
      // a listener's failure is not the push's
    }
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
      run.markStarted(progressOf(run, now))
      emit(run)
      // beside the steps: what is remembered of that PBX (its models check the batch's later edits)
      const remembered = deps.remember?.(profileId).catch(() => undefined)
      try {
        await runPushSteps(run, context, batch, concurrency, caller, passwords)
      } catch (error) {
        stopRun(run, 'halt', introduce('The push stopped', messageOf(error)))
      }
      await remembered
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
      const final = { ...progressOf(run, now), running: false }
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
    if (run) return progressOf(run, now)
    // the lock before the file: a push of another process that ends meanwhile shows at the next look
    let elsewhere = await store.pushingElsewhere(batchId)
    const batch = await store.get(batchId)
    // pushing, and the lock was free: a crash left it so, or another process began its push meanwhile
    if (!elsewhere && batch.status === 'pushing') elsewhere = await store.pushingElsewhere(batchId)
    const c = tally(batch)
    const h = tallyHandsets(batch)
    // another process's push: its start, pace and stop are that process's, only its counts in the file
    const before = elsewhere ? undefined : last.get(batchId)
    // a file that says pushing with no push running anywhere: the app stopped mid-push
    const status = elsewhere ? 'pushing' : batch.status === 'pushing' ? 'paused' : batch.status
    return {
      batchId,
      status,
      running: false,
      ...(elsewhere ? { elsewhere: true } : {}),
      total: c.created + c.matched + c.failed + c.pending,
      done: c.created + c.matched + c.failed,
      ...c,
      startedAt: before?.startedAt ?? null,
      etaMs: null,
      ...(before?.reason ? { reason: before.reason } : {}),
      handsets: handsetCounts(h),
      state: batchStateOfTallies(status, c, h),
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
