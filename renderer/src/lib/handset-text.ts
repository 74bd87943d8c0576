import { rowHasErrors } from '@contract/dect'
import type { HandsetRow } from '@contract/dect-handsets'
import type { SiteState } from '@contract/bridge-handsets'

/** Words for handsets: their counts, the on-site states of the bases (where each stands: ITEM_STATE_WORDS in batch-text.ts). */

export const SITE_STATE_WORDS: Record<SiteState | 'late', string> = {
  not_pushed: 'not pushed',
  waiting: 'waiting',
  late: 'not seen yet',
  seen: 'configuration fetched',
}
export const SITE_STATE_TAG: Record<SiteState | 'late', 'default' | 'info' | 'warning' | 'success'> = {
  not_pushed: 'default',
  waiting: 'info',
  late: 'warning',
  seen: 'success',
}

/** "40 handsets · 2 with errors · 30 enrolled" (zero counts left out, the total aside). */
export function handsetCountsText(handsets: readonly Pick<HandsetRow, 'problems' | 'outcome'>[]): string {
  const counts = { errors: 0, warnings: 0, enrolled: 0, matched: 0, failed: 0, retired: 0 }
  for (const h of handsets) {
    if (rowHasErrors(h)) counts.errors++
    else if (h.problems.length > 0) counts.warnings++
    if (h.outcome.state !== 'pending') counts[h.outcome.state]++
  }
  const parts = [`${handsets.length} ${handsets.length === 1 ? 'handset' : 'handsets'}`, `${counts.errors} with errors`, `${counts.warnings} with warnings`]
  for (const state of ['enrolled', 'matched', 'failed', 'retired'] as const) if (counts[state] > 0) parts.push(`${counts[state]} ${state}`)
  return parts.join(' · ')
}
