import type { HandsetTally, RowTally } from '../../contract/batch-state'
import { rowHasErrors, type Batch, type HandsetCounts, type RowProblem } from '../../contract/dect'

/** What a push counts of a batch as saved: rows (bases) and handsets, by the state of their outcome; the retired are no part of a push. */

export type { HandsetTally, RowTally } from '../../contract/batch-state'

type Counted<S extends string> = { outcome: { state: S | 'pending' }; problems: RowProblem[] }

/** Outcomes by state; pending ones with an error of their own are `withErrors` (the push leaves them). */
function countStates<S extends string>(items: readonly Counted<S>[], states: readonly S[]): Record<S | 'pending' | 'withErrors', number> {
  const counts = Object.fromEntries([...states, 'pending', 'withErrors'].map((s) => [s, 0])) as Record<S | 'pending' | 'withErrors', number>
  for (const item of items) {
    const state = item.outcome.state
    if (state === 'retired') continue
    if (state !== 'pending') counts[state]++
    else if (rowHasErrors(item)) counts.withErrors++
    else counts.pending++
  }
  return counts
}

export const tally = (batch: Batch): RowTally => countStates(batch.rows, ['created', 'matched', 'failed'])
export const tallyHandsets = (batch: Batch): HandsetTally => countStates(batch.handsets, ['enrolled', 'matched', 'failed'])

export function handsetCounts(h: HandsetTally): HandsetCounts {
  const done = h.enrolled + h.matched + h.failed
  return { total: done + h.pending, done, ...h }
}

