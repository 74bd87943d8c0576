import { z } from 'zod'
import type { RowProblem } from './row-problem'

/**
 * Where a DECT batch stands, in one model shared by the app and the command line (issue 37). Every
 * base row and every handset is in exactly one state:
 * - `ready`: valid, not on the PBX yet, waiting for a push (before the first, or added after one);
 * - `not_sent`: kept out of every push by an error of its own, until it is fixed;
 * - `pending`: in a push under way or paused, still to send;
 * - `done`: on the PBX (created or matched; a handset enrolled or matched);
 * - `failed`: the PBX refused it (its reason kept), until it is sent again;
 * - `retired`: taken off the PBX by a retire (dect-retire.ts), out of every push.
 * The batch's verdict comes from those counts, the retired left out: "done" only when every row
 * and every handset is on the PBX; "failed" when something was sent and nothing succeeded; "partly failed" when some
 * succeeded and some failed; "incomplete" when some succeeded, none failed, and some are not sent
 * or still ready. The badge, the push panel, the batch list, the results CSV, and the command
 * line's text, JSON and exit codes all read these.
 */

/** What a push does to a batch file's `status`: the stored lifecycle, not the verdict shown. */
export const BATCH_STATUSES = ['draft', 'pushing', 'paused', 'done', 'partly_failed'] as const
export type BatchStatus = (typeof BATCH_STATUSES)[number]

export const ITEM_STATES = ['ready', 'not_sent', 'pending', 'done', 'failed', 'retired'] as const
export type ItemState = (typeof ITEM_STATES)[number]

export const StateCountsSchema = z.object({
  total: z.int(),
  ready: z.int(),
  not_sent: z.int(),
  pending: z.int(),
  done: z.int(),
  failed: z.int(),
  retired: z.int(),
})
export type StateCounts = z.infer<typeof StateCountsSchema>

export const BATCH_VERDICTS = ['draft', 'pushing', 'paused', 'done', 'incomplete', 'partly_failed', 'failed'] as const
export type BatchVerdict = (typeof BATCH_VERDICTS)[number]

export const BatchStateSchema = z.object({
  verdict: z.enum(BATCH_VERDICTS),
  /** the base rows (DECT phones on the PBX) */
  rows: StateCountsSchema,
  handsets: StateCountsSchema,
})
export type BatchState = z.infer<typeof BatchStateSchema>

/** A row's or a handset's outcome as saved: `pending` until the PBX has it, refused it, or it was matched. */
type Outcome = { outcome: { state: string }; problems: readonly Pick<RowProblem, 'severity'>[] }

/** Whether a row or handset was retired (taken off the PBX by a retire): out of every push, check and count of what is to do. */
export const isRetired = (item: { outcome: { state: string } }): boolean => item.outcome.state === 'retired'

/** A push works on the batch, or stopped part-way and will resume: what is left is `pending`, not `ready`. */
const underWay = (status: BatchStatus): boolean => status === 'pushing' || status === 'paused'

/** The state of one row or handset of a batch whose stored status is `status`. */
export function itemState(item: Outcome, status: BatchStatus): ItemState {
  switch (item.outcome.state) {
    case 'pending':
      if (item.problems.some((problem) => problem.severity === 'error')) return 'not_sent'
      return underWay(status) ? 'pending' : 'ready'
    case 'failed':
      return 'failed'
    case 'retired':
      return 'retired'
    default:
      // created, matched (a base); enrolled, matched (a handset)
      return 'done'
  }
}

/**
 * What a push counts as it goes (PushProgress has these fields): the base rows created or matched,
 * refused, still to send (valid), kept back by errors; the handsets the same, enrolled or matched.
 */
export interface RowTally {
  created: number
  matched: number
  failed: number
  pending: number
  withErrors: number
}
export type HandsetTally = Omit<RowTally, 'created'> & { enrolled: number }

/** One kind's counts by state, from what is on the PBX (`done`) and the rest of a tally. */
function stateCounts(done: number, tally: Pick<RowTally, 'failed' | 'pending' | 'withErrors'>, status: BatchStatus): StateCounts {
  const open = underWay(status)
  return {
    total: done + tally.failed + tally.pending + tally.withErrors,
    ready: open ? 0 : tally.pending,
    not_sent: tally.withErrors,
    pending: open ? tally.pending : 0,
    done,
    failed: tally.failed,
    // a push's tallies leave the retired out (push-counts.ts)
    retired: 0,
  }
}

/** The counts of `items` by state. */
export function countItems(items: readonly Outcome[], status: BatchStatus): StateCounts {
  const counts: StateCounts = { total: items.length, ready: 0, not_sent: 0, pending: 0, done: 0, failed: 0, retired: 0 }
  for (const item of items) counts[itemState(item, status)]++
  return counts
}

/** The batch's verdict from its stored status and its counts (see the top of this file). */
export function verdictOf(status: BatchStatus, rows: StateCounts, handsets: StateCounts): BatchVerdict {
  if (status === 'pushing' || status === 'paused') return status
  const total = rows.total - rows.retired + handsets.total - handsets.retired
  const done = rows.done + handsets.done
  const failed = rows.failed + handsets.failed
  // nothing left to do: everything on the PBX, or everything retired
  if (total > 0 ? done === total : rows.retired + handsets.retired > 0) return 'done'
  if (done + failed === 0) return 'draft'
  if (done === 0) return 'failed'
  return failed > 0 ? 'partly_failed' : 'incomplete'
}

/** The state of a batch as saved. */
export function batchStateOf(batch: { status: BatchStatus; rows: readonly Outcome[]; handsets: readonly Outcome[] }): BatchState {
  const rows = countItems(batch.rows, batch.status)
  const handsets = countItems(batch.handsets, batch.status)
  return { verdict: verdictOf(batch.status, rows, handsets), rows, handsets }
}

/** The state from a push's tallies of the rows and the handsets (a push as it runs, its progress). */
export function batchStateOfTallies(status: BatchStatus, rows: RowTally, handsets: HandsetTally): BatchState {
  const rowCounts = stateCounts(rows.created + rows.matched, rows, status)
  const handsetCounts = stateCounts(handsets.enrolled + handsets.matched, handsets, status)
  return { verdict: verdictOf(status, rowCounts, handsetCounts), rows: rowCounts, handsets: handsetCounts }
}

/** What a push would send now: the rows and handsets ready, or pending in a push that stopped part-way. */
export const toSend = (state: BatchState): { rows: number; handsets: number } => ({
  rows: state.rows.ready + state.rows.pending,
  handsets: state.handsets.ready + state.handsets.pending,
})

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "12 bases and 150 handsets", "30 handsets", "1 base": what a push would send, or "nothing". */
export function sendText(state: BatchState): string {
  const { rows, handsets } = toSend(state)
  const parts = [rows > 0 ? count(rows, 'base', 'bases') : '', handsets > 0 ? count(handsets, 'handset', 'handsets') : ''].filter(Boolean)
  return parts.length === 0 ? 'nothing' : parts.join(' and ')
}

/**
 * One kind's counts in words: "5 of 7 bases sent, 2 not sent (errors)", "150 of 150 handsets
 * sent", "0 of 30 handsets sent, 30 ready to push", "2 of 2 handsets sent, 1 retired" (the
 * retired are not counted in the total). What is zero is left out, the sent count aside.
 */
export function countsSentence(counts: StateCounts, one: string, many: string): string {
  const parts = [`${counts.done} of ${count(counts.total - counts.retired, one, many)} sent`]
  if (counts.failed > 0) parts.push(`${counts.failed} failed`)
  if (counts.not_sent > 0) parts.push(`${counts.not_sent} not sent (errors)`)
  if (counts.pending > 0) parts.push(`${counts.pending} still to send`)
  if (counts.ready > 0) parts.push(`${counts.ready} ready to push`)
  if (counts.retired > 0) parts.push(`${counts.retired} retired`)
  return parts.join(', ')
}

/** The batch's counts in words: its bases, then its handsets when it has any ("…; …"). */
export function stateSentence(state: BatchState): string {
  const bases = state.rows.total > 0 || state.handsets.total === 0 ? countsSentence(state.rows, 'base', 'bases') : ''
  const handsets = state.handsets.total > 0 ? countsSentence(state.handsets, 'handset', 'handsets') : ''
  return [bases, handsets].filter(Boolean).join('; ')
}
