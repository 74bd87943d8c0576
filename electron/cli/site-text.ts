import type { SiteBase, SiteStatus } from '../contract/bridge-handsets'
import { baseLines, baseName, handsetLine, handsetSummary, siteOrder, siteShownState, sincePush, siteWhy, type SiteShownState } from '../contract/site-words'
import { macForPeople } from '../contract/dect'
import { plural } from './output'

/**
 * `batch site`'s words (issue 40): the On site tab's, from the same source
 * (contract/site-words.ts), as one summary line, a table in the tab's order (not seen yet first)
 * and a line per handset not where the batch has it.
 */

/** The words of a shown state in the table's State column. */
export const SITE_STATE_WORDS: Record<SiteShownState, string> = {
  late: 'not seen yet',
  waiting: 'waiting',
  not_pushed: 'not pushed',
  seen: 'fetched',
}

export interface SiteCounts {
  bases: number
  seen: number
  waiting: number
  late: number
  notPushed: number
  /** the batch's handsets on their bases, of those the batch puts on bases the PBX showed */
  handsets: { onBase: number; inBatch: number }
}

/** A base with its shown state and why, as the table and `--json` give it. */
export interface ShownBase extends SiteBase {
  shownState: SiteShownState
  why: string
}

/**
 * The bases in the tab's order, each with its shown state and why, at `now`; a base whose push time
 * is unknown counts from `watchedSince` (the command's start).
 */
export function shownBases(status: SiteStatus, now: number, watchedSince: number, lateAfterMs: number): ShownBase[] {
  const shown = status.bases.map((base): ShownBase => {
    const since = sincePush(base, now, watchedSince)
    const shownState = siteShownState(base, since, lateAfterMs)
    return { ...base, shownState, why: siteWhy(base, shownState, since) }
  })
  return siteOrder(shown, (base) => base.shownState)
}

export function siteCounts(bases: readonly ShownBase[]): SiteCounts {
  const count = (state: SiteShownState) => bases.filter((base) => base.shownState === state).length
  const handsets = bases.flatMap((base) => base.handsets ?? [])
  return {
    bases: bases.length,
    seen: count('seen'),
    waiting: count('waiting'),
    late: count('late'),
    notPushed: count('not_pushed'),
    handsets: {
      onBase: handsets.filter((h) => h.place === 'on_base').length,
      inBatch: handsets.filter((h) => h.place === 'on_base' || h.place === 'missing').length,
    },
  }
}

/** Whether every base pushed has fetched its configuration (and at least one was pushed). */
export const allFetched = (counts: SiteCounts): boolean => counts.bases > counts.notPushed && counts.seen === counts.bases - counts.notPushed

/** "9 of 12 bases fetched their configuration, 2 waiting, 1 not seen yet; 140 of 150 handsets on their bases" */
export function siteSummary(counts: SiteCounts, membersSupported: boolean): string {
  const pushed = counts.bases - counts.notPushed
  const more = [
    counts.waiting > 0 && `${counts.waiting} waiting`,
    counts.late > 0 && `${counts.late} not seen yet`,
    counts.notPushed > 0 && `${counts.notPushed} not pushed`,
  ].filter(Boolean)
  const bases = `${counts.seen} of ${plural(pushed, 'base')} fetched ${pushed === 1 ? 'its' : 'their'} configuration${more.length > 0 ? `, ${more.join(', ')}` : ''}`
  const handsets = !membersSupported
    ? 'handsets unknown (this PBX does not list the members of its bases)'
    : counts.handsets.inBatch === 0
      ? 'no handsets in the batch'
      : `${counts.handsets.onBase} of ${plural(counts.handsets.inBatch, 'handset')} on ${counts.handsets.onBase === 1 ? 'its base' : 'their bases'}`
  return `${bases}; ${handsets}`
}

/** The table: state, base, MAC, handsets, lines in use, why; in the tab's order. */
export function siteTable(bases: readonly ShownBase[]): { header: string[]; rows: string[][] } {
  return {
    header: ['STATE', 'BASE', 'MAC', 'HANDSETS', 'LINES', 'WHY'],
    rows: bases.map((base) => [
      SITE_STATE_WORDS[base.shownState],
      baseName(base),
      macForPeople(base.mac),
      base.handsets === undefined ? '-' : handsetSummary(base.handsets),
      baseLines(base)?.text ?? '-',
      base.why,
    ]),
  }
}

/** "Hall: Missing: 1162 Ben (00AF100002)": each handset not where the batch has it, under its base's name. */
export const handsetProblemLines = (bases: readonly ShownBase[]): string[] =>
  bases.flatMap((base) => (base.handsets ?? []).filter((h) => h.place !== 'on_base').map((h) => `${baseName(base)}: ${handsetLine(h)}`))
