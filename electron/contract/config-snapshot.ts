import { z } from 'zod'
import { HolidaySchema, OfficeHoursSchema, ROUTING_STRATEGIES } from './pbx-outbound'
import { DectPhoneSchema, EmailTemplateSchema, IVR_TYPES } from './pbx-resources'
import { EMAIL_TEMPLATE_KINDS, templateKindText } from './email-placeholders'
import { NotificationSettingsSchema } from './pbx-system'

/**
 * A PBX's configuration as one file (issue 15): its outbound rules (routes with their provider's
 * name, holidays by name as well as id), IVR servers, custom email templates, notification
 * settings (never the password: the PBX does not answer it, and the schema has no such field),
 * and DECT bases with their members. What the reseller snapshots, compares and applies.
 *
 * Each part says whether it was read, or why not: the PBX does not offer it (404/405) or the
 * account may not read it (403). A part not read is neither compared nor applied.
 *
 * The file is versioned (`format`, `version`); a file of another version is refused with a
 * sentence saying so, never half-read. Fields the schema does not know are dropped when a file is
 * read (a `password` someone typed into one is never sent on).
 */

export const CONFIG_SNAPSHOT_FORMAT = 'pbx-provisioner/config-snapshot'
export const CONFIG_SNAPSHOT_VERSION = 1

/** The parts of a snapshot, in the order they are shown and applied. */
export const CONFIG_PARTS = ['outboundRules', 'ivrServers', 'emailTemplates', 'notification', 'dectBases'] as const
export type ConfigPart = (typeof CONFIG_PARTS)[number]
export const CONFIG_PART_TITLES: Record<ConfigPart, string> = {
  outboundRules: 'Outbound rules',
  ivrServers: 'IVR servers',
  emailTemplates: 'Email templates',
  notification: 'Notification settings',
  dectBases: 'DECT bases',
}

/**
 * An item of a part as a person reads it: a template kind in words ("New user account
 * (USER_CREATION)"), the notification settings by that name, anything else by its key (a rule's
 * or a server's name, a base's MAC).
 */
export function itemWords(part: ConfigPart, key: string): string {
  if (part === 'notification') return 'Notification settings'
  if (part === 'emailTemplates' && Object.hasOwn(EMAIL_TEMPLATE_KINDS, key)) return templateKindText(key as keyof typeof EMAIL_TEMPLATE_KINDS)
  return key
}

/** Why a part was not read. */
export const UNREAD_REASONS = ['not_offered', 'not_allowed'] as const
export type UnreadReason = (typeof UNREAD_REASONS)[number]
const UnreadSchema = z.object({ state: z.enum(UNREAD_REASONS) })

/** A part that holds a list: its items when read, or why not. */
const listPart = <T extends z.ZodType>(item: T) => z.discriminatedUnion('state', [z.object({ state: z.literal('read'), items: z.array(item) }), UnreadSchema])

/** A provider or a holiday a rule refers to: its id on the PBX read, and its name ('' when it has none). */
export const NamedRefSchema = z.object({ id: z.string(), name: z.string() })
export type NamedRef = z.infer<typeof NamedRefSchema>

/** A route as read, with its provider's name for matching on another PBX. */
export const SnapshotRouteSchema = z.object({
  enabled: z.boolean(),
  provider_id: z.string(),
  provider_name: z.string(),
  strip_digits: z.int(),
  prepend: z.string(),
  outbound_caller_id: z.string(),
})

/**
 * An outbound rule as read (every field present, the seed's defaults where the PBX left one out),
 * with the names a rule is matched by on another PBX: each route's provider, each holiday. `id` is
 * the rule's id on the PBX it was read from. The shape a PBX answers, not the create body: whether
 * another PBX takes it is that PBX's say, when a snapshot is applied.
 */
export const SnapshotRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  number_prefix: z.string(),
  number_length: z.string(),
  number_mask: z.string(),
  enabled: z.boolean(),
  priority: z.int(),
  office_hours: OfficeHoursSchema,
  holidays: z.array(NamedRefSchema),
  routing_strategy: z.enum(ROUTING_STRATEGIES),
  routes: z.array(SnapshotRouteSchema),
})
export type SnapshotRule = z.infer<typeof SnapshotRuleSchema>

export const SnapshotIvrServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  ipv4: z.string().optional(),
  ipv6: z.string().optional(),
  type: z.enum(IVR_TYPES),
})
export type SnapshotIvrServer = z.infer<typeof SnapshotIvrServerSchema>

/** A customised template: every field as text ('' where the PBX left one out). */
export const SnapshotTemplateSchema = EmailTemplateSchema.required()
export type SnapshotTemplate = z.infer<typeof SnapshotTemplateSchema>

/** A DECT base without what the PBX makes itself (`url`, `lines`), with its members when the PBX offers them. */
export const SnapshotBaseSchema = DectPhoneSchema.omit({ url: true, lines: true }).extend({
  name: z.string(),
  mac: z.string(),
  members: z.array(z.object({ extension_number: z.string(), ipui: z.string(), handset_index: z.string() })).optional(),
})
export type SnapshotBase = z.infer<typeof SnapshotBaseSchema>

export const ConfigSnapshotSchema = z.object({
  format: z.literal(CONFIG_SNAPSHOT_FORMAT),
  version: z.literal(CONFIG_SNAPSHOT_VERSION),
  takenAt: z.iso.datetime({ offset: true }),
  /** the PBX it was read from, as saved in the app */
  source: z.object({ label: z.string(), baseUrl: z.string(), domain: z.string() }),
  /** what rules refer to: the tenant's providers and holidays (names, for matching on another PBX) */
  providers: listPart(NamedRefSchema),
  holidays: listPart(HolidaySchema.extend({ name: z.string() })),
  outboundRules: listPart(SnapshotRuleSchema),
  ivrServers: listPart(SnapshotIvrServerSchema),
  emailTemplates: listPart(SnapshotTemplateSchema),
  notification: z.discriminatedUnion('state', [z.object({ state: z.literal('read'), settings: NotificationSettingsSchema }), UnreadSchema]),
  dectBases: listPart(SnapshotBaseSchema),
})
export type ConfigSnapshot = z.infer<typeof ConfigSnapshotSchema>

/** The longest snapshot file read (a PBX of 5,000 rules and bases is far below it). */
export const CONFIG_SNAPSHOT_MAX_CHARS = 20_000_000
