import { capacityLevel, capacityText, type CapacityLevel } from './base-capacity'
import type { SiteBase, SiteHandset, SiteState } from './bridge-handsets'
import { macForPeople as macText } from './dect'

/**
 * Words and order of On site (issue 40), the app's tab and `batch site` alike: a base's state as
 * shown (a base still waiting N minutes after its push is "not seen yet"), the bases that need the
 * installer first, the filter's choices, why a base stands where it does, and its handsets on the
 * PBX against the batch and against its model's lines.
 */

export type SiteShownState = SiteState | 'late'

/** How long after its push a base still waiting is "not seen yet", unless the installer says otherwise. */
export const SITE_LATE_AFTER_MIN = 10

/**
 * The time from a base's push to `now` (ms); its push time unknown (a batch pushed before it was
 * kept), from `watchedSince`, when the check began.
 */
export function sincePush(base: Pick<SiteBase, 'pushedAt'>, now: number, watchedSince: number): number {
  const pushed = base.pushedAt === undefined ? Number.NaN : Date.parse(base.pushedAt)
  return now - (Number.isNaN(pushed) ? watchedSince : pushed)
}

/** A base's state as shown: one still waiting `lateAfterMs` after its push is "late" (not seen yet). */
export const siteShownState = (base: Pick<SiteBase, 'state'>, sincePushMs: number, lateAfterMs: number): SiteShownState =>
  base.state === 'waiting' && sincePushMs >= lateAfterMs ? 'late' : base.state

/** The order of the table: not seen yet, then waiting, then not pushed, then the bases that are fine. */
export const SITE_STATE_ORDER: readonly SiteShownState[] = ['late', 'waiting', 'not_pushed', 'seen']

export const SITE_FILTERS = ['all', 'attention', 'late', 'waiting', 'seen', 'not_pushed', 'handsets'] as const
export type SiteFilter = (typeof SITE_FILTERS)[number]

export const SITE_FILTER_WORDS: Record<SiteFilter, string> = {
  all: 'Every base',
  attention: 'Not fetched yet (waiting or not seen)',
  late: 'Not seen yet',
  waiting: 'Waiting',
  seen: 'Configuration fetched',
  not_pushed: 'Not pushed',
  handsets: 'Handsets missing or not in the batch',
}

/** Whether a base's handsets differ from the batch: one missing, or a member the batch does not put there. */
export const handsetsDiffer = (base: Pick<SiteBase, 'handsets'>): boolean => (base.handsets ?? []).some((h) => h.place !== 'on_base')

export function siteFilterKeeps(filter: SiteFilter, state: SiteShownState, base: Pick<SiteBase, 'handsets'>): boolean {
  if (filter === 'all') return true
  if (filter === 'attention') return state === 'late' || state === 'waiting'
  if (filter === 'handsets') return handsetsDiffer(base)
  return state === filter
}

/** The bases in the table's order: by shown state (SITE_STATE_ORDER), then by their row in the batch. */
export function siteOrder<B extends Pick<SiteBase, 'row'>>(bases: readonly B[], stateOf: (base: B) => SiteShownState): B[] {
  const rank = (b: B): number => SITE_STATE_ORDER.indexOf(stateOf(b))
  return [...bases].sort((a, b) => rank(a) - rank(b) || a.row - b.row)
}

const minutesText = (ms: number): string => {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  return minutes < 1 ? 'less than a minute' : `${minutes} min`
}

/** Why a base stands where it does, and what to do: one sentence. `sincePush`: ms since its push (or since the check began). */
export function siteWhy(base: SiteBase, state: SiteShownState, sincePush: number): string {
  if (state === 'not_pushed') return 'Not on the PBX: push the batch first.'
  if (state === 'late') return `Not seen ${minutesText(sincePush)} after its push: check its power, network and provisioning URL.`
  if (state === 'waiting') return `Pushed ${minutesText(sincePush)} ago, not fetched yet.`
  const device = [base.ip && `IP ${base.ip}`, base.fwver && `firmware ${base.fwver}`].filter(Boolean).join(' · ')
  return device || 'Fetched its configuration.'
}

/** "2 of 3 on the base", or "no handsets" for a base the batch gives none and the PBX has none on. */
export function handsetSummary(handsets: readonly SiteHandset[]): string {
  const inBatch = handsets.filter((h) => h.place === 'on_base' || h.place === 'missing').length
  const onBase = handsets.filter((h) => h.place === 'on_base').length
  if (handsets.length === 0) return 'no handsets'
  return `${onBase} of ${inBatch} on the base`
}

const who = (h: SiteHandset): string => [h.extension, h.name, `(${h.ipui})`].filter(Boolean).join(' ')

/** A handset that is not where the batch has it, in words: "Missing: 1162 Ben (00AF100002)". */
export function handsetLine(h: SiteHandset): string {
  if (h.place === 'missing') return `Missing: ${who(h)}`
  if (h.place === 'not_in_batch') return `Not in the batch: ${who(h)}, handset ${h.handsetIndex}`
  if (h.place === 'other_base') return `The batch has it on ${h.batchBase}: ${who(h)}`
  return `On the base: ${who(h)}`
}

/**
 * A base's members on the PBX against its model's lines (contract/base-capacity.ts), or undefined
 * where the lines or the members are unknown. A handset the batch has for the base but the PBX
 * has not takes no line; one the PBX has there that the batch has not does.
 */
export function baseLines(base: Pick<SiteBase, 'lines' | 'handsets'>): { used: number; lines: number; level: CapacityLevel; text: string } | undefined {
  if (base.lines === undefined || base.handsets === undefined) return undefined
  const used = base.handsets.filter((h) => h.place !== 'missing').length
  return { used, lines: base.lines, level: capacityLevel(used, base.lines), text: capacityText(used, base.lines) }
}

/** A base as people name it: "Hall", or its MAC without a name. */
export const baseName = (base: Pick<SiteBase, 'name' | 'mac'>): string => base.name || macText(base.mac)
