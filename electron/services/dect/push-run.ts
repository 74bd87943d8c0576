import { batchStateOfTallies } from '../../contract/batch-state'
import type { BatchStatus, HandsetCounts, PushProgress as ContractPushProgress, RowOutcome } from '../../contract/dect'
import type { BatchStore } from './batch-store'
import { handsetCounts, type HandsetTally, type RowTally } from './push-counts'

/**
 * One push as it runs (push.ts): its state, how it is stopped, its counts and the progress and
 * final status they make. The steps of the push (push-steps.ts, push-row.ts, push-retry.ts) act on it.
 */

/** Where a push stands: the contract's progress, always with the handsets' counts. */
export type PushProgress = ContractPushProgress & { handsets: HandsetCounts }

export type StopKind = 'pause' | 'cancel' | 'halt'

export interface Run {
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

/** What the steps of a push use of their runner (push.ts). */
export interface RunContext {
  store: BatchStore
  now: () => number
  /** waits before each retry of a request that met a lost network; the push pauses after the last */
  delays: readonly number[]
  /** tells the runner's listener where the push stands now */
  emit(run: Run): void
}

export function progressOf(run: Run, now: () => number): PushProgress {
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
    state: batchStateOfTallies(run.status, c, run.handsets),
  }
}

export function stopRun(run: Run, kind: StopKind, reason: string | undefined): void {
  if (!run.stop || kind === 'cancel') run.stop = kind
  if (reason && !run.reason) run.reason = reason
  run.halt.abort()
  if (kind === 'cancel') run.cancel.abort()
}

export function count(run: Run, outcome: RowOutcome): void {
  run.counts.pending--
  // a push never retires a row
  if (outcome.state !== 'pending' && outcome.state !== 'retired') run.counts[outcome.state]++
}

/** the status a push ends with, from the counts of the batch as saved: rows still pending keep it paused */
export function finalStatus(c: Run['counts'], h: Run['handsets'], run: Run): BatchStatus {
  if (c.pending > 0 || h.pending > 0) return run.stop === 'cancel' && c.created + c.matched + c.failed === 0 ? 'draft' : 'paused'
  return c.failed > 0 || h.failed > 0 ? 'partly_failed' : 'done'
}
