import { z } from 'zod'
import { CONFIG_PARTS, CONFIG_SNAPSHOT_MAX_CHARS, ConfigSnapshotSchema, UNREAD_REASONS } from './config-snapshot'

/**
 * Two configurations side by side (issue 15's compare): two PBXs, or a PBX and a snapshot file.
 * Per part, items are matched by their name (a DECT base by its MAC, the notification settings
 * are one item), and each matched pair says which fields differ, the way a diff viewer does:
 * `left` is the one compared from (before), `right` the one compared to (after); an item only on
 * the right is `added`, only on the left `removed`. Ids are not compared (each PBX numbers its own);
 * a route's provider and a rule's holidays are compared by name.
 */

/** Where a configuration comes from: a saved PBX (read now) or a snapshot file's text. */
export const ConfigSourceSchema = z.union([
  z.strictObject({ profileId: z.string().min(1) }),
  z.strictObject({ snapshotJson: z.string().min(1).max(CONFIG_SNAPSHOT_MAX_CHARS) }),
])
export type ConfigSource = z.infer<typeof ConfigSourceSchema>

export const DIFF_KINDS = ['added', 'removed', 'changed'] as const
export type DiffKind = (typeof DIFF_KINDS)[number]

/** A line of a long text's diff (a template's body): kept, added or removed. */
export const DiffLineSchema = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() })
export type DiffLine = z.infer<typeof DiffLineSchema>

/** One field that differs: where (`routes`, 0, `prepend`), what it was and what it is. */
export const FieldChangeSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  kind: z.enum(DIFF_KINDS),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  /** for a text of several lines, its line diff */
  lines: z.array(DiffLineSchema).optional(),
})
export type FieldChange = z.infer<typeof FieldChangeSchema>

export const ITEM_STATUSES = ['same', 'changed', 'added', 'removed'] as const
export type ItemStatus = (typeof ITEM_STATUSES)[number]

export const ItemComparisonSchema = z.object({
  /** what the item is matched by: a name, a MAC, 'settings' */
  key: z.string(),
  status: z.enum(ITEM_STATUSES),
  changes: z.array(FieldChangeSchema),
})
export type ItemComparison = z.infer<typeof ItemComparisonSchema>

export const PartComparisonSchema = z.object({
  part: z.enum(CONFIG_PARTS),
  /** a side that could not read the part says why; then nothing of it is compared */
  unread: z.object({ left: z.enum(UNREAD_REASONS).optional(), right: z.enum(UNREAD_REASONS).optional() }).optional(),
  items: z.array(ItemComparisonSchema),
})
export type PartComparison = z.infer<typeof PartComparisonSchema>

const SideSchema = z.object({ label: z.string(), takenAt: z.string(), fromFile: z.boolean() })

export const ConfigComparisonSchema = z.object({
  left: SideSchema,
  right: SideSchema,
  parts: z.array(PartComparisonSchema),
})
export type ConfigComparison = z.infer<typeof ConfigComparisonSchema>

/**
 * A field change's path and values as people read them, the same in the app and on the command
 * line: `['routes', 0, 'prepend']` → "routes › 1 › prepend" (list positions counted from 1).
 */
export function pathText(path: readonly (string | number)[]): string {
  return path.map((step) => (typeof step === 'number' ? String(step + 1) : step.replace(/_/g, ' '))).join(' › ')
}

/** A field's value as a diff viewer prints it: text as it is, the rest as JSON; nothing as an em dash. */
export function valueText(value: unknown): string {
  if (value === undefined) return '—'
  if (typeof value === 'string') return value === '' ? '(empty)' : value
  return JSON.stringify(value)
}

export const configOperations = {
  /** reads a signed-in PBX's configuration into a snapshot file (its text and a file name) */
  takeSnapshot: {
    input: z.strictObject({ profileId: z.string().min(1) }),
    result: z.object({ fileName: z.string(), json: z.string(), snapshot: ConfigSnapshotSchema }),
  },
  /** reads a snapshot file's text: the snapshot, or why it is not one (not JSON, another version, the field that is wrong) */
  openSnapshot: { input: z.strictObject({ snapshotJson: ConfigSourceSchema.options[1].shape.snapshotJson }), result: ConfigSnapshotSchema },
  /** compares two configurations, part by part, item by item */
  compareConfig: {
    input: z.strictObject({ left: ConfigSourceSchema, right: ConfigSourceSchema }),
    result: ConfigComparisonSchema,
  },
} as const
