import { countsText, finishable, itemsTitle, outlookText, rolloutCounts, skippedText, type NameKind, type PreviewOutlook } from '../contract/apply-outlook'
import type { ApplyItemRef, ItemAction, ItemOutcome, ItemPlan, Rollout, TargetPlan, TargetResult } from '../contract/config-apply'
import { pathText, valueText, type ConfigComparison, type FieldChange, type ItemStatus, type PartComparison } from '../contract/config-compare'
import { CONFIG_PART_TITLES, type ConfigPart, type UnreadReason } from '../contract/config-snapshot'
import { plural } from './output'

/**
 * The configuration commands' words: a field change as a diff (`- before`, `+ after`; its path
 * and values written as the app writes them, contract/config-compare.ts), a comparison part by
 * part, a preview and a rollout's results per PBX and item.
 */

/** "Outbound rules: Local" */
export const itemText = (item: { part: ConfigPart; key: string }): string =>
  item.part === 'notification' ? CONFIG_PART_TITLES.notification : `${CONFIG_PART_TITLES[item.part]}: ${item.key}`

export const UNREAD_WORDS: Record<UnreadReason, string> = {
  not_offered: 'not offered by the PBX',
  not_allowed: 'the account may not read them',
}

/** How many unchanged lines of a long text are shown around a change, at most. */
const CONTEXT = 2

/** One field's change as a diff: its path, then `- before` and `+ after` (a long text line by line). */
export function changeLines(change: FieldChange, indent: string): string[] {
  const lines = [`${indent}${pathText(change.path)}`]
  if (change.lines) {
    const shown = change.lines.map((line, index) =>
      line.kind !== 'same' || change.lines!.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((near) => near.kind !== 'same'),
    )
    change.lines.forEach((line, index) => {
      if (shown[index]) lines.push(`${indent}${line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '} ${line.text}`)
      else if (shown[index - 1] !== false) lines.push(`${indent}  …`)
    })
    return lines
  }
  if (change.kind !== 'added') lines.push(`${indent}- ${valueText(change.before)}`)
  if (change.kind !== 'removed') lines.push(`${indent}+ ${valueText(change.after)}`)
  return lines
}

// ---- compare ----

export const STATUS_WORDS: Record<ItemStatus, string> = {
  same: 'same',
  changed: 'changed',
  removed: 'only on the left',
  added: 'only on the right',
}
const STATUS_ORDER: readonly ItemStatus[] = ['same', 'changed', 'removed', 'added']

/** A part's items counted by status. */
export function statusCounts(part: PartComparison): Record<ItemStatus, number> {
  const counts: Record<ItemStatus, number> = { same: 0, changed: 0, added: 0, removed: 0 }
  for (const item of part.items) counts[item.status]++
  return counts
}

/** Whether two configurations differ in a part both sides read. */
export const differs = (comparison: ConfigComparison): boolean => comparison.parts.some((part) => part.items.some((item) => item.status !== 'same'))

function partLines(part: PartComparison): string[] {
  const title = CONFIG_PART_TITLES[part.part]
  if (part.unread) {
    const { left, right } = part.unread
    const why =
      left && right && left === right
        ? `${UNREAD_WORDS[left]}, on both sides`
        : [left ? `on the left ${UNREAD_WORDS[left]}` : '', right ? `on the right ${UNREAD_WORDS[right]}` : ''].filter(Boolean).join('; ')
    return [`${title}: not compared: ${why}`]
  }
  const counts = statusCounts(part)
  const summary = STATUS_ORDER.filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${STATUS_WORDS[status]}`)
  const lines = [`${title}: ${summary.length > 0 ? summary.join(', ') : 'none on either side'}`]
  for (const item of part.items) {
    if (item.status === 'same') continue
    lines.push(`  ${STATUS_WORDS[item.status]}: ${item.key}`)
    for (const change of item.changes) lines.push(...changeLines(change, '    '))
  }
  return lines
}

/** A comparison in words: the two sides, each part's counts and differences, a last line saying whether they differ. */
export function comparisonLines(comparison: ConfigComparison, names: { left: string; right: string }): string[] {
  const lines = [`Left:  ${names.left}`, `Right: ${names.right}`, '']
  for (const part of comparison.parts) lines.push(...partLines(part))
  const total: Record<ItemStatus, number> = { same: 0, changed: 0, added: 0, removed: 0 }
  for (const part of comparison.parts) for (const item of part.items) total[item.status]++
  const differences = (['changed', 'removed', 'added'] as const).filter((status) => total[status] > 0).map((status) => `${total[status]} ${STATUS_WORDS[status]}`)
  lines.push('', differences.length === 0 ? 'The configurations are the same.' : `The configurations differ: ${differences.join(', ')}.`)
  return lines
}

// ---- apply ----

export const ACTION_WORDS: Record<ItemAction, string> = { create: 'create', update: 'update', unchanged: 'unchanged', cannot: 'CANNOT' }
const ACTION_WIDTH = Math.max(...Object.values(ACTION_WORDS).map((word) => word.length))

/** A PBX's name as the preview and the results print it. */
const quoted = (label: string): string => `"${label}"`

function planLines(item: ItemPlan, hint: (item: ItemPlan) => string | undefined): string[] {
  const reason = item.reason ? (item.action === 'cannot' ? `: ${item.reason}` : ` (${item.reason})`) : ''
  const lines = [`  ${ACTION_WORDS[item.action].padEnd(ACTION_WIDTH)}  ${itemText(item)}${reason}`]
  if (item.action === 'update') for (const change of item.changes) lines.push(...changeLines(change, ' '.repeat(ACTION_WIDTH + 6)))
  const more = hint(item)
  if (more) lines.push(`${' '.repeat(ACTION_WIDTH + 4)}${more}`)
  return lines
}

/** The option that maps a name a PBX lacks, to be completed: `--map-provider "Telco One=…"`. */
export const mapOption = (kind: NameKind, name: string): string => `${kind === 'providers' ? '--map-provider' : '--map-holiday'} ${JSON.stringify(`${name}=…`)}`

/** How to map a name a target lacks: the option to add, and what the target has to map it to. */
export function mappingHint(item: ItemPlan, target: TargetPlan): string | undefined {
  const missing = item.missing
  if (!missing) return undefined
  const hints = [
    ...missing.providers.map((name) => `${mapOption('providers', name)} (its providers: ${target.providers.map((p) => p.name).join(', ') || 'none'})`),
    ...missing.holidays.map(
      (name) => `--drop-holiday ${JSON.stringify(name)} or ${mapOption('holidays', name)} (its holidays: ${target.holidays.map((h) => h.name).join(', ') || 'none'})`,
    ),
  ]
  return hints.length > 0 ? `add ${hints.join('; ')}` : undefined
}

/** The preview per PBX and item; `problems` overrides a failed PBX's reason (a clearer sentence). */
export function previewLines(targets: readonly TargetPlan[], problems: ReadonlyMap<string, string> = new Map()): string[] {
  const lines: string[] = []
  for (const target of targets) {
    if (target.state === 'failed') {
      lines.push(`${quoted(target.label)}: cannot be read: ${problems.get(target.profileId) ?? target.error ?? 'failed'}`)
      continue
    }
    lines.push(quoted(target.label))
    for (const item of target.items) lines.push(...planLines(item, (it) => mappingHint(it, target)))
  }
  return lines
}

/** What a preview would do, counted: `create` and `update` items, `unchanged`, `cannot`, PBXs not read. */
export function previewCounts(targets: readonly TargetPlan[]): Record<ItemAction, number> & { unread: number } {
  const counts = { create: 0, update: 0, unchanged: 0, cannot: 0, unread: 0 }
  for (const target of targets) {
    if (target.state === 'failed') counts.unread++
    for (const item of target.items) counts[item.action]++
  }
  return counts
}

/** What a preview will do, by PBX, in the app's words: `Night service: 10 PBXs ready, 11 need a provider for "Telco One".` */
export const outlookLine = (outlook: PreviewOutlook, items: readonly ApplyItemRef[]): string => `${outlookText(outlook, itemsTitle(items))}.`

/**
 * Why an apply will not go on unattended while it would skip PBXs: what they lack (the outlook's
 * words for its skipped groups only), and the options that map the names or skip those PBXs.
 */
export function skipRefusal(outlook: PreviewOutlook, yes: boolean): string {
  const skipped = outlook.skipped.length
  const why = outlookText({ ...outlook, ready: [], unchanged: [], unread: [] }, `${plural(skipped, 'PBX', 'PBXs')} would be skipped`)
  const map = outlook.missing.length > 0 ? 'map the names with --map-provider / --map-holiday / --drop-holiday, or ' : ''
  const unattended = yes ? '' : ' (with --yes, to apply unattended)'
  return `Nothing was done: ${why}. To go on, ${map}add --skip-unmapped to apply to the others and skip ${skipped === 1 ? 'it' : 'them'}${unattended}.`
}

export const OUTCOME_WORDS: Record<ItemOutcome, string> = {
  pending: 'not done',
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  deleted: 'deleted',
  skipped: 'SKIPPED',
  failed: 'FAILED',
}
const OUTCOME_WIDTH = Math.max(...Object.values(OUTCOME_WORDS).map((word) => word.length))

/** The outcomes a rollout's exit code counts as done. */
export const DONE_OUTCOMES: ReadonlySet<ItemOutcome> = new Set(['created', 'updated', 'unchanged', 'deleted'])

/** "2 created, 1 FAILED": a rollout's (or one PBX's) items counted by outcome. */
export function outcomeSummary(targets: readonly TargetResult[]): string {
  const counts = new Map<ItemOutcome, number>()
  for (const target of targets) for (const item of target.items) counts.set(item.outcome, (counts.get(item.outcome) ?? 0) + 1)
  return [...counts.entries()].map(([outcome, n]) => `${n} ${OUTCOME_WORDS[outcome]}`).join(', ') || 'no items'
}

/** One PBX's state in a rollout: "done, as manager", "skipped: no provider "Telco One"", "FAILED: …". */
export function targetState(target: TargetResult): string {
  const account = target.account ? `, as ${target.account}` : ''
  switch (target.state) {
    case 'done': {
      const skipped = target.items.filter((item) => item.outcome === 'skipped').length
      if (skipped === 0) return `done${account}`
      // all skipped: nothing was done there, so the reason is the state
      return skipped === target.items.length ? `skipped: ${skippedText(target)}` : `done${account}; skipped: ${skippedText(target)}`
    }
    case 'failed':
      return `FAILED${account}: ${target.error ?? 'failed'}`
    default:
      return target.state
  }
}

/** A rollout's results per PBX and item. */
export function resultLines(rollout: Rollout): string[] {
  const lines: string[] = []
  for (const target of rollout.targets) {
    lines.push(`${quoted(target.label)}: ${targetState(target)}`)
    for (const item of target.items) {
      // a failed PBX's items fail with its reason, said once above
      const why = item.error && !(target.state === 'failed' && item.error === target.error) ? `: ${item.error}` : ''
      lines.push(`  ${OUTCOME_WORDS[item.outcome].padEnd(OUTCOME_WIDTH)}  ${itemText(item)}${why}`)
      if (item.outcome === 'updated') for (const change of item.changes) lines.push(...changeLines(change, ' '.repeat(OUTCOME_WIDTH + 6)))
    }
  }
  return lines
}

/** What a rollout did, by PBX, in the app's words: `10 PBXs changed · 11 skipped`. */
export const rolloutResult = (rollout: Rollout): string => countsText(rolloutCounts(rollout), rollout.kind)

/** The options that map the names an apply's skipped PBXs lack: `--map-provider "Telco One=…"`, each once. */
export function finishOptions(rollout: Rollout): string[] {
  const options = new Set<string>()
  for (const target of rollout.targets) {
    for (const { missing } of finishable(target)) for (const kind of ['providers', 'holidays'] as const) for (const name of missing![kind]) options.add(mapOption(kind, name))
  }
  return [...options]
}

/** A rollout's id as the history table shows it and the commands take it (a unique beginning). */
export const shortId = (id: string): string => id.slice(0, 8)

/** apply, "undo of 1a2b3c4d"; and "undone by …" when it was. */
export function rolloutKind(rollout: Rollout): string {
  if (rollout.kind === 'undo') return `undo of ${shortId(rollout.undoOf ?? '')}`
  return rollout.undoneBy ? `apply, undone by ${shortId(rollout.undoneBy)}` : 'apply'
}
