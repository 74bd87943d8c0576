import type { ApplyItemRef, ApplyPreview, MissingNames, NameMapping, Rollout, TargetPlan, TargetResult } from './config-apply'
import { itemWords } from './config-snapshot'
import { pbxCount } from './plural'

/**
 * What a rollout will and will not do, said before anything is written, and what one did, counted
 * by PBX (issue 38). The app's preview and history and the command line's `config apply` and
 * `config history` say it in the same words, from these functions.
 */

export type NameKind = keyof MissingNames

/** The PBXs that lack the same provider (or holiday) of the source, and the names all of them list to map it to. */
export interface MissingGroup {
  kind: NameKind
  name: string
  /** every PBX that lacks it, mapped or not (one choice maps them all) */
  targets: TargetPlan[]
  /** those with no choice yet: skipped unless mapped */
  unmapped: TargetPlan[]
  /** the names every one of these PBXs lists, in the first one's order */
  shared: string[]
}

/** Items that cannot be applied for one reason (not a missing name), and the PBXs it is so on. */
export interface CannotGroup {
  reason: string
  targets: TargetPlan[]
}

export interface PreviewOutlook {
  /** read, something to create or update, nothing that cannot */
  ready: TargetPlan[]
  /** read, every item as the source has it already */
  unchanged: TargetPlan[]
  /** read, with at least one item that cannot be applied: skipped there unless mapped (or skipped on purpose) */
  skipped: TargetPlan[]
  /** read, with something to create or update (ready, or partly skipped) */
  toWrite: TargetPlan[]
  missing: MissingGroup[]
  cannot: CannotGroup[]
  /** not read (down, a sign-in needed): tried again when the rollout runs */
  unread: TargetPlan[]
}

const writes = (target: TargetPlan) => target.items.some((item) => item.action === 'create' || item.action === 'update')
const cannotItems = (target: TargetPlan) => target.items.filter((item) => item.action === 'cannot')

/** The names of `kind` every one of `targets` lists, in the first one's order. */
function sharedNames(targets: readonly TargetPlan[], kind: NameKind): string[] {
  const [first, ...rest] = targets
  if (!first) return []
  const names = [...new Set(first[kind].map((ref) => ref.name).filter((name) => name !== ''))]
  return names.filter((name) => rest.every((target) => target[kind].some((ref) => ref.name === name)))
}

/** A preview, PBX by PBX, sorted into what will be written, what is as it is, and what would be skipped and why. */
export function previewOutlook(preview: ApplyPreview): PreviewOutlook {
  const read = preview.targets.filter((target) => target.state === 'ready')
  const missing = new Map<string, MissingGroup>()
  const cannot = new Map<string, CannotGroup>()
  const lacks = (target: TargetPlan, names: MissingNames | undefined, unmapped: boolean) => {
    for (const kind of ['providers', 'holidays'] as const) {
      for (const name of names?.[kind] ?? []) {
        const key = `${kind}:${name}`
        const group = missing.get(key) ?? { kind, name, targets: [], unmapped: [], shared: [] }
        if (!group.targets.includes(target)) group.targets.push(target)
        if (unmapped && !group.unmapped.includes(target)) group.unmapped.push(target)
        missing.set(key, group)
      }
    }
  }
  for (const target of read) {
    for (const item of target.items) {
      lacks(target, item.missing, true)
      lacks(target, item.mapped, false)
      if (item.action !== 'cannot' || item.missing) continue
      const reason = item.reason ?? 'cannot be applied'
      const group = cannot.get(reason) ?? { reason, targets: [] }
      if (!group.targets.includes(target)) group.targets.push(target)
      cannot.set(reason, group)
    }
  }
  return {
    ready: read.filter((target) => writes(target) && cannotItems(target).length === 0),
    unchanged: read.filter((target) => target.items.every((item) => item.action === 'unchanged')),
    skipped: read.filter((target) => cannotItems(target).length > 0),
    toWrite: read.filter(writes),
    missing: [...missing.values()].map((group) => ({ ...group, shared: sharedNames(group.targets, group.kind) })),
    cannot: [...cannot.values()],
    unread: preview.targets.filter((target) => target.state === 'failed'),
  }
}

const KIND_WORD: Record<NameKind, string> = { providers: 'provider', holidays: 'holiday' }

/** What a rollout of these items is called: the item's name, or how many. */
export const itemsTitle = (items: readonly ApplyItemRef[]): string => (items.length === 1 ? itemWords(items[0]!.part, items[0]!.key) : `${items.length} items`)

/** Why PBXs would be skipped, counted: `11 need a provider for "Telco One"`, `2 cannot: …`. */
export function skipReasons(outlook: PreviewOutlook): string[] {
  return [
    ...outlook.missing
      .filter((group) => group.unmapped.length > 0)
      .map((group) => `${group.unmapped.length} need${group.unmapped.length === 1 ? 's' : ''} a ${KIND_WORD[group.kind]} for "${group.name}"`),
    ...outlook.cannot.map((group) => `${group.targets.length} cannot: ${group.reason}`),
  ]
}

/** `Night service: 10 PBXs ready, 11 need a provider for "Telco One"`. */
export function outlookText(outlook: PreviewOutlook, title: string): string {
  const parts: string[] = []
  if (outlook.ready.length > 0) parts.push(`${pbxCount(outlook.ready.length)} ready`)
  parts.push(...skipReasons(outlook))
  if (outlook.unchanged.length > 0) parts.push(`${outlook.unchanged.length} already as the source`)
  if (outlook.unread.length > 0) parts.push(`${outlook.unread.length} not read (tried again when applied)`)
  return `${title}: ${parts.join(', ') || 'no PBX'}`
}

/** The PBXs a rollout will be tried on: those with something to write, and those not read (they may be up by then). */
export const applyCount = (outlook: PreviewOutlook): number => outlook.toWrite.length + outlook.unread.length

/** What the apply button says: `Apply to 10 PBXs; skip 11`. */
export function applyText(outlook: PreviewOutlook): string {
  const skip = outlook.skipped.length > 0 ? `; skip ${outlook.skipped.length}` : ''
  return `Apply to ${pbxCount(applyCount(outlook))}${skip}`
}

/**
 * One PBX's mapping with one choice added, or put in place of the one it had: what the PBX uses
 * for the source's provider or holiday `name` (the id of its own; a holiday's null: left out; a
 * provider's null: no choice, the one it had taken away). A new mapping; the one given is not changed.
 */
export function withChoice(mapping: Readonly<NameMapping> | undefined, kind: NameKind, name: string, id: string | null): NameMapping {
  const next: NameMapping = { providers: { ...mapping?.providers }, holidays: { ...mapping?.holidays } }
  if (kind === 'holidays') next.holidays[name] = id
  else if (id === null) delete next.providers[name]
  else next.providers[name] = id
  return next
}

/**
 * One choice for every PBX of a group: the id each of them lists under `name` (a holiday's null:
 * left out), added to the mappings they have.
 */
export function mapGroup(mappings: Readonly<Record<string, NameMapping>>, group: MissingGroup, name: string | null): Record<string, NameMapping> {
  const next = { ...mappings }
  for (const target of group.targets) {
    const id = name === null ? null : (target[group.kind].find((ref) => ref.name === name)?.id ?? undefined)
    if (id === undefined || (id === null && group.kind === 'providers')) continue
    next[target.profileId] = withChoice(next[target.profileId], group.kind, group.name, id)
  }
  return next
}

/** The name a group is mapped to on all of its PBXs alike, or null (not mapped, or not alike). */
export function groupChoice(mappings: Readonly<Record<string, NameMapping>>, group: MissingGroup): string | null {
  const chosen = group.targets.map((target) => {
    const mapping = mappings[target.profileId]?.[group.kind]
    if (!mapping || !Object.hasOwn(mapping, group.name)) return undefined
    const id = mapping[group.name]
    return target[group.kind].find((ref) => ref.id === id)?.name
  })
  const [first] = chosen
  return first !== undefined && chosen.every((name) => name === first) ? first : null
}

/** `no provider "Telco One", no holiday "Christmas"`. */
export const missingText = (missing: MissingNames): string =>
  [...missing.providers.map((name) => `no provider "${name}"`), ...missing.holidays.map((name) => `no holiday "${name}"`)].join(', ')

const CHANGED = new Set(['created', 'updated', 'deleted'])

/** Whether a rollout changed something on this PBX (what an undo counts and takes back). */
export const changedOn = (target: TargetResult): boolean => target.items.some((item) => item.createdId !== undefined || item.before !== undefined)

/** Items a finish can apply: skipped for names the PBX lacked. */
export const finishable = (target: TargetResult) => target.items.filter((item) => item.outcome === 'skipped' && item.missing !== undefined)

export interface RolloutCounts {
  /** PBXs where something was created, updated or deleted */
  changed: number
  /** PBXs where something was skipped */
  skipped: number
  /** PBXs where something failed (or the PBX could not be reached) */
  failed: number
  /** PBXs not done yet */
  waiting: number
  /** PBXs where every item was as the source has it */
  unchanged: number
  /** PBXs an apply skipped for names they lacked: a finish can map them */
  finishable: number
}

/** A rollout counted by PBX: a PBX partly changed and partly skipped counts in both. */
export function rolloutCounts(rollout: Rollout): RolloutCounts {
  const counts: RolloutCounts = { changed: 0, skipped: 0, failed: 0, waiting: 0, unchanged: 0, finishable: 0 }
  for (const target of rollout.targets) {
    const outcomes = target.items.map((item) => item.outcome)
    if (outcomes.some((o) => CHANGED.has(o))) counts.changed++
    if (outcomes.includes('skipped')) counts.skipped++
    if (target.state === 'failed' || outcomes.includes('failed')) counts.failed++
    else if (target.state === 'waiting' || target.state === 'applying' || outcomes.includes('pending')) counts.waiting++
    if (outcomes.length > 0 && outcomes.every((o) => o === 'unchanged')) counts.unchanged++
    if (rollout.kind === 'apply' && !rollout.undoneBy && finishable(target).length > 0) counts.finishable++
  }
  return counts
}

/** `10 PBXs changed · 11 skipped · 1 failed`: what a rollout did, by PBX. */
export function countsText(counts: RolloutCounts, kind: Rollout['kind'] = 'apply'): string {
  const parts = [`${pbxCount(counts.changed)} ${kind === 'undo' ? 'taken back' : 'changed'}`]
  if (counts.unchanged > 0) parts.push(`${counts.unchanged} already as the source`)
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`)
  if (counts.failed > 0) parts.push(`${counts.failed} failed`)
  if (counts.waiting > 0) parts.push(`${counts.waiting} not done`)
  return parts.join(' · ')
}

/** Why a PBX's items were skipped: `no provider "Telco One"`, or the reasons given. */
export function skippedText(target: TargetResult): string {
  const skipped = target.items.filter((item) => item.outcome === 'skipped')
  const reasons = skipped.map((item) => (item.missing ? missingText(item.missing) : (item.error ?? 'cannot be applied')))
  return [...new Set(reasons)].join('; ')
}
