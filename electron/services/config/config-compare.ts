import { diffLines } from 'diff'
import diff from 'microdiff'
import type { ConfigComparison, DiffLine, FieldChange, ItemComparison, PartComparison } from '../../contract/config-compare'
import { CONFIG_PARTS, type ConfigPart, type ConfigSnapshot } from '../../contract/config-snapshot'
import { partItems, type PartItem } from './config-items'

/**
 * Two snapshots side by side, part by part (contract/config-compare.ts): items matched by key
 * (config-items.ts), their fields compared with microdiff, a text of several lines (a template's
 * body) also line by line with jsdiff, as a diff viewer shows it.
 */

const KINDS = { CREATE: 'added', REMOVE: 'removed', CHANGE: 'changed' } as const

/** A text's lines, kept, added and removed, from jsdiff's chunks (each chunk split into its lines). */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = []
  // every text ends its last line, so a line that gained a line after it is not told as changed
  const ended = (text: string) => (text.endsWith('\n') ? text : `${text}\n`)
  for (const chunk of diffLines(ended(before), ended(after))) {
    const kind = chunk.added ? 'added' : chunk.removed ? 'removed' : 'same'
    const texts = chunk.value.replace(/\n$/, '').split('\n')
    for (const text of texts) lines.push({ kind, text })
  }
  return lines
}

const multiline = (value: unknown): value is string => typeof value === 'string' && value.includes('\n')

export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  return diff(before, after).map((d) => {
    const change: FieldChange = { path: d.path, kind: KINDS[d.type] }
    if (d.type !== 'CREATE') change.before = d.oldValue
    if (d.type !== 'REMOVE') change.after = d.value
    if (d.type === 'CHANGE' && (multiline(d.oldValue) || multiline(d.value))) change.lines = lineDiff(String(d.oldValue), String(d.value))
    return change
  })
}

function compareItems(left: readonly PartItem[], right: readonly PartItem[]): ItemComparison[] {
  const rightByKey = new Map(right.map((item) => [item.key, item]))
  const leftKeys = new Set(left.map((item) => item.key))
  const items: ItemComparison[] = left.map((item) => {
    const other = rightByKey.get(item.key)
    if (!other) return { key: item.key, status: 'removed', changes: [] }
    const changes = fieldChanges(item.fields, other.fields)
    return { key: item.key, status: changes.length > 0 ? 'changed' : 'same', changes }
  })
  for (const item of right) if (!leftKeys.has(item.key)) items.push({ key: item.key, status: 'added', changes: [] })
  return items
}

export function comparePart(left: ConfigSnapshot, right: ConfigSnapshot, part: ConfigPart): PartComparison {
  const l = partItems(left, part)
  const r = partItems(right, part)
  if (l.state !== 'read' || r.state !== 'read') {
    return { part, unread: { ...(l.state !== 'read' ? { left: l.state } : {}), ...(r.state !== 'read' ? { right: r.state } : {}) }, items: [] }
  }
  return { part, items: compareItems(l.items, r.items) }
}

/** Compares two snapshots; `fromFile` says of each side whether it is a file (or a PBX read now). */
export function compareSnapshots(left: ConfigSnapshot, right: ConfigSnapshot, fromFile: { left: boolean; right: boolean }): ConfigComparison {
  return {
    left: { label: left.source.label, takenAt: left.takenAt, fromFile: fromFile.left },
    right: { label: right.source.label, takenAt: right.takenAt, fromFile: fromFile.right },
    parts: CONFIG_PARTS.map((part) => comparePart(left, right, part)),
  }
}
