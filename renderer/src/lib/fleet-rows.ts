import type { FleetFigure, FleetStatus } from '@contract/fleet'
import type { PbxProfile } from '@contract/profiles'
import { type FleetAccess, type FleetCertificate, type FleetNotifications, type FleetReach } from './fleet-text'

/**
 * The fleet table's rows: each saved PBX joined with the figures main keeps of it, and the
 * search, filters and order the screen applies to them. Plain functions, tested with the screen.
 */

export type FleetStatusEntry = FleetStatus['entries'][number]

/** One row: what the saved PBX says of itself, and its figures (blank before it was ever read). */
export type FleetRow = Pick<PbxProfile, 'label' | 'customer' | 'group' | 'tags' | 'colour' | 'favourite' | 'baseUrl' | 'demo'> & {
  profileId: string
  entry: FleetStatusEntry
}

/** The figures of a PBX never read (main answers the same). */
export const blankEntry = (profileId: string): FleetStatusEntry => ({
  profileId,
  certificate: 'unknown',
  counts: {},
  warnings: [],
  refreshing: false,
})

/**
 * One row per saved PBX, in the saved list's order; a PBX main has no figures of yet (saved a
 * moment ago) shows blank ones. Figures of a PBX no longer saved are left out.
 */
export function joinFleet(profiles: readonly PbxProfile[], entries: readonly FleetStatusEntry[]): FleetRow[] {
  const byId = new Map(entries.map((entry) => [entry.profileId, entry]))
  return profiles.map((profile) => ({
    profileId: profile.id,
    label: profile.label,
    customer: profile.customer,
    group: profile.group,
    tags: profile.tags,
    colour: profile.colour,
    favourite: profile.favourite,
    baseUrl: profile.baseUrl,
    demo: profile.demo,
    entry: byId.get(profile.id) ?? blankEntry(profile.id),
  }))
}

/** Every word of `query` is found (case-insensitive) in the label, customer, tenant, group or a tag. */
export function rowMatches(row: FleetRow, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word !== '')
  if (words.length === 0) return true
  const haystacks = [row.label, row.customer, row.entry.tenant ?? '', row.group, ...row.tags].map((text) => text.toLowerCase())
  return words.every((word) => haystacks.some((text) => text.includes(word)))
}

/** The access filter's values: main's words, and `unread` for a PBX not read yet. */
export type AccessFilter = FleetAccess | 'unread'
export type WarningsFilter = 'with' | 'without'

/**
 * What the filters let through. Within one filter any chosen value will do (a group or another);
 * every filter with a value must let a row through. Empty: no filter. A group of '' is "no group".
 */
export type FleetFilters = { groups: string[]; tags: string[]; access: AccessFilter[]; warnings: WarningsFilter[] }

export const noFilters = (): FleetFilters => ({ groups: [], tags: [], access: [], warnings: [] })

export const filterGroup = (row: FleetRow, groups: readonly string[]): boolean => groups.length === 0 || groups.includes(row.group)
export const filterTags = (row: FleetRow, tags: readonly string[]): boolean => tags.length === 0 || row.tags.some((tag) => tags.includes(tag))
export const filterAccess = (row: FleetRow, access: readonly AccessFilter[]): boolean =>
  access.length === 0 || access.includes(row.entry.access ?? 'unread')
export const filterWarnings = (row: FleetRow, warnings: readonly WarningsFilter[]): boolean =>
  warnings.length === 0 || warnings.includes(row.entry.warnings.length > 0 ? 'with' : 'without')

export function rowPasses(row: FleetRow, filters: FleetFilters): boolean {
  return filterGroup(row, filters.groups) && filterTags(row, filters.tags) && filterAccess(row, filters.access) && filterWarnings(row, filters.warnings)
}

export const FLEET_SORT_KEYS = [
  'label',
  'group',
  'tags',
  'reach',
  'certificate',
  'access',
  'tenant',
  'dectBases',
  'handsets',
  'outboundRules',
  'ivrServers',
  'notifications',
  'lastBatch',
  'warnings',
  'checkedAt',
] as const
export type FleetSortKey = (typeof FLEET_SORT_KEYS)[number]
export type FleetSort = { key: FleetSortKey; order: 'ascend' | 'descend' }

const text = (a: string, b: string): number => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })
/** a - b for numbers that may be infinite */
const diff = (a: number, b: number): number => (a === b ? 0 : a < b ? -1 : 1)
const time = (at: string | undefined): number => (at === undefined ? Number.NEGATIVE_INFINITY : Date.parse(at) || Number.NEGATIVE_INFINITY)
/** the worst first, in ascending order */
const REACH_RANK: Record<FleetReach, number> = { unreachable: 0, not_a_pbx: 1, untrusted: 2, reachable: 3 }
const CERTIFICATE_RANK: Record<FleetCertificate, number> = { changed: 0, untrusted: 1, http: 2, unknown: 3, pinned: 4, system: 5 }
const ACCESS_RANK: Record<FleetAccess, number> = { code_required: 0, needs_password: 1, remembered: 2, signed_in: 3 }
const NOTIFICATIONS_RANK: Record<FleetNotifications, number> = { no_recipients: 0, failed: 1, not_allowed: 2, not_offered: 3, recipients: 4 }
/** a count sorts by its number; below every number what is not one */
const FIGURE_RANK = { not_offered: -3, not_allowed: -2, failed: -1 } as const
const figure = (value: FleetFigure | undefined): number => (value === undefined ? -4 : typeof value === 'number' ? value : FIGURE_RANK[value])
const endOf = (validTo: string | undefined): number => (validTo === undefined ? Number.POSITIVE_INFINITY : Date.parse(validTo) || Number.POSITIVE_INFINITY)
const rank = <K extends string>(ranks: Record<K, number>, value: K | undefined): number => (value === undefined ? -1 : ranks[value])

/** How each column orders two rows, ascending. */
export const FLEET_COMPARE: Record<FleetSortKey, (a: FleetRow, b: FleetRow) => number> = {
  label: (a, b) => text(a.label, b.label) || text(a.customer, b.customer),
  group: (a, b) => text(a.group, b.group),
  tags: (a, b) => text(a.tags.join(' '), b.tags.join(' ')),
  reach: (a, b) =>
    rank(REACH_RANK, a.entry.reach) - rank(REACH_RANK, b.entry.reach) ||
    // the fastest first among those reached
    diff(a.entry.rttMs ?? Number.POSITIVE_INFINITY, b.entry.rttMs ?? Number.POSITIVE_INFINITY),
  // then the one ending soonest first
  certificate: (a, b) =>
    CERTIFICATE_RANK[a.entry.certificate] - CERTIFICATE_RANK[b.entry.certificate] ||
    diff(endOf(a.entry.certificateValidTo), endOf(b.entry.certificateValidTo)),
  access: (a, b) => rank(ACCESS_RANK, a.entry.access) - rank(ACCESS_RANK, b.entry.access),
  tenant: (a, b) => text(a.entry.tenant ?? '', b.entry.tenant ?? ''),
  dectBases: (a, b) => figure(a.entry.counts.dectBases) - figure(b.entry.counts.dectBases),
  handsets: (a, b) => figure(a.entry.counts.handsets) - figure(b.entry.counts.handsets),
  outboundRules: (a, b) => figure(a.entry.counts.outboundRules) - figure(b.entry.counts.outboundRules),
  ivrServers: (a, b) => figure(a.entry.counts.ivrServers) - figure(b.entry.counts.ivrServers),
  notifications: (a, b) => rank(NOTIFICATIONS_RANK, a.entry.notifications) - rank(NOTIFICATIONS_RANK, b.entry.notifications),
  lastBatch: (a, b) => diff(time(a.entry.lastBatch?.at), time(b.entry.lastBatch?.at)),
  warnings: (a, b) => a.entry.warnings.length - b.entry.warnings.length,
  checkedAt: (a, b) => diff(time(a.entry.checkedAt), time(b.entry.checkedAt)),
}

/**
 * The rows in the screen's order: the favourites first when asked (whatever the column's order),
 * then by the column sorted on (by label when none), ties by label.
 */
export function sortRows(rows: readonly FleetRow[], sort: FleetSort | null, favouritesFirst: boolean): FleetRow[] {
  const compare = sort ? FLEET_COMPARE[sort.key] : FLEET_COMPARE.label
  const direction = sort?.order === 'descend' ? -1 : 1
  return [...rows].sort(
    (a, b) =>
      (favouritesFirst ? Number(b.favourite) - Number(a.favourite) : 0) ||
      direction * compare(a, b) ||
      FLEET_COMPARE.label(a, b) ||
      text(a.profileId, b.profileId),
  )
}

/** The groups and tags in use, sorted, for the filters and the group field's suggestions. */
export function groupsInUse(profiles: readonly Pick<PbxProfile, 'group'>[]): string[] {
  return [...new Set(profiles.map((profile) => profile.group).filter((group) => group !== ''))].sort(text)
}

export function tagsInUse(profiles: readonly Pick<PbxProfile, 'tags'>[]): string[] {
  return [...new Set(profiles.flatMap((profile) => profile.tags))].sort(text)
}
