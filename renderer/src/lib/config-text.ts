import { applicableItems, type ItemAction, type ItemOutcome, type Rollout } from '@contract/config-apply'
import type { ItemStatus } from '@contract/config-compare'
import { CONFIG_PART_TITLES, itemWords, type ConfigPart, type ConfigSnapshot, type SnapshotBase, type UnreadReason } from '@contract/config-snapshot'

/**
 * What the configuration screens (compare, roll out, history) say: the items of a snapshot to pick
 * from, a field's path and value in words, and the words and colours of statuses and outcomes.
 */

export type PickableItem = { part: ConfigPart; key: string; label: string }

/** The items of a snapshot, part by part, as a reseller picks them to roll out, each with its words. */
export function pickableItems(snapshot: ConfigSnapshot): PickableItem[] {
  const bases = snapshot.dectBases.state === 'read' ? snapshot.dectBases.items : []
  return applicableItems(snapshot).map((ref) => {
    const base = ref.part === 'dectBases' ? bases.find((b) => b.mac === ref.key) : undefined
    return { ...ref, label: base ? baseLabel(base) : itemWords(ref.part, ref.key) }
  })
}

function baseLabel(base: SnapshotBase): string {
  const handsets = base.members ? `, ${base.members.length} handset${base.members.length === 1 ? '' : 's'}` : ''
  return `${base.name || 'Base'} (${base.mac}${handsets})`
}

export const partTitle = (part: ConfigPart): string => CONFIG_PART_TITLES[part]

/** "Email templates: New user account (USER_CREATION)": an item with its part, in words. */
export const itemTitle = (item: { part: ConfigPart; key: string }): string => `${partTitle(item.part)}: ${itemWords(item.part, item.key)}`

export const UNREAD_WORDS: Record<UnreadReason, string> = {
  not_offered: 'not offered by this PBX',
  not_allowed: 'the account may not read them',
}

type TagType = 'default' | 'success' | 'warning' | 'error' | 'info'

export const STATUS_WORDS: Record<ItemStatus, { text: string; type: TagType }> = {
  same: { text: 'same', type: 'default' },
  changed: { text: 'changed', type: 'warning' },
  added: { text: 'only on the right', type: 'success' },
  removed: { text: 'only on the left', type: 'error' },
}

export const ACTION_WORDS: Record<ItemAction, { text: string; type: TagType }> = {
  create: { text: 'create', type: 'success' },
  update: { text: 'update', type: 'warning' },
  unchanged: { text: 'unchanged', type: 'default' },
  cannot: { text: 'cannot', type: 'error' },
}

export const OUTCOME_WORDS: Record<ItemOutcome, { text: string; type: TagType }> = {
  pending: { text: 'waiting', type: 'default' },
  created: { text: 'created', type: 'success' },
  updated: { text: 'updated', type: 'success' },
  unchanged: { text: 'unchanged', type: 'default' },
  deleted: { text: 'deleted', type: 'info' },
  skipped: { text: 'skipped', type: 'warning' },
  failed: { text: 'failed', type: 'error' },
}

/** PBXs of a rollout done (or failed), of all, for its progress bar. */
export function rolloutProgress(rollout: Rollout): { done: number; total: number; percent: number } {
  const total = rollout.targets.length
  const done = rollout.targets.filter((t) => t.state === 'done' || t.state === 'failed').length
  return { done, total, percent: total === 0 ? 100 : Math.round((done / total) * 100) }
}

/** Whether a rollout has items that failed or never ran (a retry has work). */
export const hasFailures = (rollout: Rollout): boolean => rollout.targets.some((t) => t.items.some((i) => i.outcome === 'failed' || i.outcome === 'pending'))
