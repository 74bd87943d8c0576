import { z } from 'zod'
import { ConfigSourceSchema, FieldChangeSchema } from './config-compare'
import { CONFIG_PARTS, type ConfigSnapshot, SnapshotBaseSchema, SnapshotIvrServerSchema, SnapshotRuleSchema, SnapshotTemplateSchema } from './config-snapshot'
import { NotificationSettingsSchema } from './pbx-system'

/**
 * Applying a configuration (a snapshot file, or items of another PBX) to one PBX or many
 * (issue 15's restore and "one change across many PBXs"). First a preview per PBX and item:
 * create, update, unchanged, or cannot with the reason; nothing is written. Then a rollout:
 * the PBXs a few at a time, each item in one request (a rule with its routes and holidays, so a
 * refused route leaves no rule behind), a result per PBX and item, the failed ones retried on
 * demand. Every rollout is kept in the history with the state each item had before, so it can be
 * undone.
 */

const profileId = z.string().min(1)

/** An item of a part, by the key compare matches it by (a name; a base's MAC; 'settings'). */
export const ApplyItemRefSchema = z.strictObject({ part: z.enum(CONFIG_PARTS), key: z.string().min(1).max(300) })
export type ApplyItemRef = z.infer<typeof ApplyItemRefSchema>

/**
 * The items of a snapshot a rollout may apply, part by part, each by its key: a rule, a server or
 * a template by its name, a base by its MAC, the notification settings as 'settings'. What the
 * app's picker and the command line's `--item` offer.
 */
export function applicableItems(snapshot: ConfigSnapshot): ApplyItemRef[] {
  const items: ApplyItemRef[] = []
  for (const part of CONFIG_PARTS) {
    if (part === 'notification') {
      if (snapshot.notification.state === 'read') items.push({ part, key: 'settings' })
    } else if (part === 'dectBases') {
      if (snapshot.dectBases.state === 'read') for (const base of snapshot.dectBases.items) items.push({ part, key: base.mac })
    } else {
      const read = snapshot[part]
      if (read.state === 'read') for (const item of read.items) items.push({ part, key: item.name })
    }
  }
  return items
}

/**
 * What a target PBX uses for the source's providers and holidays that it has no namesake of: the
 * source's name → the target's id; a holiday may map to null (left out of the rule).
 */
export const NameMappingSchema = z.strictObject({
  providers: z.record(z.string(), z.string().min(1)).default({}),
  holidays: z.record(z.string(), z.string().min(1).nullable()).default({}),
})
export type NameMapping = z.infer<typeof NameMappingSchema>

export const APPLY_CONCURRENCY = { min: 1, max: 16, default: 4 } as const

/**
 * Whether the items a PBX cannot take (a provider or holiday it lacks, not mapped; a part it does
 * not offer, or its account may not change) are skipped, each with its reason. Skipping is the
 * user's choice, never the default: without it such an item fails, with the reason.
 */
const skipCannot = z.boolean().default(false)

/** The source's providers and holidays a target has no namesake of and no mapping for. */
export const MissingNamesSchema = z.object({ providers: z.array(z.string()), holidays: z.array(z.string()) })
export type MissingNames = z.infer<typeof MissingNamesSchema>

export const ApplyRequestSchema = z.strictObject({
  source: ConfigSourceSchema,
  items: z.array(ApplyItemRefSchema).min(1, { error: 'choose at least one item' }).max(500),
  targets: z.array(profileId).min(1, { error: 'choose at least one PBX' }).max(300),
  /** by target profile id */
  mappings: z.record(z.string(), NameMappingSchema).default({}),
  skipCannot,
  concurrency: z.int().min(APPLY_CONCURRENCY.min).max(APPLY_CONCURRENCY.max).optional(),
})
export type ApplyRequest = z.input<typeof ApplyRequestSchema>

export const ITEM_ACTIONS = ['create', 'update', 'unchanged', 'cannot'] as const
export type ItemAction = (typeof ITEM_ACTIONS)[number]

export const ItemPlanSchema = z.object({
  part: z.enum(CONFIG_PARTS),
  key: z.string(),
  action: z.enum(ITEM_ACTIONS),
  /** why it cannot, or what to know (the mail password stays as it is) */
  reason: z.string().optional(),
  /** an update: the fields it changes, from the target's value to the source's */
  changes: z.array(FieldChangeSchema).default([]),
  /** the source's providers and holidays this target has no namesake of and no mapping for */
  missing: MissingNamesSchema.optional(),
  /** the source's providers and holidays this target lacks and has a mapping for (what the choice shows) */
  mapped: MissingNamesSchema.optional(),
})
export type ItemPlan = z.infer<typeof ItemPlanSchema>

export const TargetPlanSchema = z.object({
  profileId,
  label: z.string(),
  /** `failed`: the PBX could not be read (down, needs a sign-in), with the reason */
  state: z.enum(['ready', 'failed']),
  error: z.string().optional(),
  items: z.array(ItemPlanSchema),
  /** what this target lists, to map a missing name to */
  providers: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
  holidays: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
})
export type TargetPlan = z.infer<typeof TargetPlanSchema>

const SourceSideSchema = z.object({ label: z.string(), takenAt: z.string(), fromFile: z.boolean() })

export const ApplyPreviewSchema = z.object({ source: SourceSideSchema, targets: z.array(TargetPlanSchema) })
export type ApplyPreview = z.infer<typeof ApplyPreviewSchema>

/**
 * An item of a configuration with its part: what a rollout applied (the source's), and what an
 * item was on a target before a rollout changed it (what undo puts back).
 */
export const ConfigItemSchema = z.discriminatedUnion('part', [
  z.object({ part: z.literal('outboundRules'), item: SnapshotRuleSchema }),
  z.object({ part: z.literal('ivrServers'), item: SnapshotIvrServerSchema }),
  z.object({ part: z.literal('emailTemplates'), item: SnapshotTemplateSchema }),
  z.object({ part: z.literal('notification'), item: NotificationSettingsSchema }),
  z.object({ part: z.literal('dectBases'), item: SnapshotBaseSchema }),
])
export type ConfigItem = z.infer<typeof ConfigItemSchema>

export const ITEM_OUTCOMES = ['pending', 'created', 'updated', 'unchanged', 'deleted', 'skipped', 'failed'] as const
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number]

export const ItemResultSchema = z.object({
  part: z.enum(CONFIG_PARTS),
  key: z.string(),
  outcome: z.enum(ITEM_OUTCOMES),
  /** a failure's, or a skip's, reason */
  error: z.string().optional(),
  /** skipped (or failed) for names the PBX lacks: what a finish maps */
  missing: MissingNamesSchema.optional(),
  /** the id the PBX gave an item this rollout created (undo deletes it) */
  createdId: z.string().optional(),
  /** the item before this rollout updated it (undo writes it back); kept in the history */
  before: ConfigItemSchema.optional(),
  changes: z.array(FieldChangeSchema).default([]),
})
export type ItemResult = z.infer<typeof ItemResultSchema>

export const TARGET_STATES = ['waiting', 'applying', 'done', 'failed'] as const
export const TargetResultSchema = z.object({
  profileId,
  label: z.string(),
  /** the PBX account the changes were made with */
  account: z.string().optional(),
  state: z.enum(TARGET_STATES),
  error: z.string().optional(),
  items: z.array(ItemResultSchema),
})
export type TargetResult = z.infer<typeof TargetResultSchema>

export const RolloutSchema = z.object({
  id: z.string(),
  kind: z.enum(['apply', 'undo']),
  /** an undo: the rollout it undoes */
  undoOf: z.string().optional(),
  /** an apply that was undone: the undo's id */
  undoneBy: z.string().optional(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  /** who ran it: the user of this computer */
  by: z.string(),
  source: SourceSideSchema,
  items: z.array(ApplyItemRefSchema),
  /** an apply: the items as applied (the source's), which a retry applies again */
  applied: z.array(ConfigItemSchema).default([]),
  /** an apply: the names each target mapped (by target profile id) */
  mappings: z.record(z.string(), NameMappingSchema).default({}),
  /** an apply: whether what a PBX could not take was skipped (the user's choice) rather than failed */
  skipCannot,
  targets: z.array(TargetResultSchema),
  running: z.boolean(),
})
export type Rollout = z.infer<typeof RolloutSchema>

/** `config-history.json` in the data folder: the rollouts, newest first, at most HISTORY_MAX. */
export const CONFIG_HISTORY_VERSION = 1
export const CONFIG_HISTORY_MAX = 200
export const ConfigHistoryFileSchema = z.object({ version: z.literal(CONFIG_HISTORY_VERSION), rollouts: z.array(RolloutSchema) })

const rolloutId = z.strictObject({ rolloutId: z.string().min(1) })
/** An apply to finish (or preview finishing), with mappings added to the ones it has (by target profile id). */
export const FinishRequestSchema = z.strictObject({ rolloutId: z.string().min(1), mappings: z.record(z.string(), NameMappingSchema).default({}) })
export type FinishRequest = z.input<typeof FinishRequestSchema>

export const applyOperations = {
  /** what applying would do on each target PBX; nothing is written */
  previewApply: { input: ApplyRequestSchema, result: ApplyPreviewSchema },
  /** starts a rollout in the background and answers it at once (follow it with getRollout) */
  startApply: { input: ApplyRequestSchema, result: RolloutSchema },
  getRollout: { input: rolloutId, result: RolloutSchema },
  /** the history, newest first */
  listRollouts: { input: z.undefined(), result: z.array(RolloutSchema) },
  /**
   * runs again the items that failed, on the PBXs they failed on: an apply's planned afresh
   * (nothing twice), an undo's taken back again
   */
  retryRollout: { input: rolloutId, result: RolloutSchema },
  /** a rollout of its own that deletes what the given one created and writes back what it updated */
  undoRollout: { input: rolloutId, result: RolloutSchema },
  /**
   * what finishing an apply would do: its items skipped for names a PBX lacks, planned afresh on
   * those PBXs with the mappings it has and the ones given (each target's providers and holidays
   * to map to); nothing is written
   */
  previewFinish: { input: FinishRequestSchema, result: ApplyPreviewSchema },
  /**
   * finishes an apply on the PBXs it skipped for names they lacked, with more mappings (added to
   * the rollout's): the items whose names are all mapped now are applied, the others stay skipped
   */
  finishRollout: { input: FinishRequestSchema, result: RolloutSchema },
} as const
