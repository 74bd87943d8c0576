import { z } from 'zod'
import { BatchSchema } from './dect'
import { RetirePlanSchema } from './dect-retire'
import { HANDOVER_PAPERS, HandoverPdfSchema, HandoverReportSchema, InstallerNameSchema } from './handover-report'
import { DectMemberSchema, DectMemberWriteSchema, DectModelSchema, EXTENSION_NUMBER_PATTERN, ExtensionNumberSchema } from './pbx'

/**
 * The Bridge operations of handsets on their bases (issue 14): the PBX's DECT models, a batch's
 * handsets (edited, scanned), the on-site check of the bases (which fetched their configuration)
 * and the members of a base on the PBX. Spread into `bridge` in `bridge.ts`.
 */

const profileId = z.string().min(1)
const batchId = z.string().min(1)

/** A handset as typed in the handsets table: any cell may be empty; main checks and normalises. */
const HandsetCellsSchema = z.strictObject({
  base_mac: z.string().max(64).optional(),
  ipui: z.string().max(64).optional(),
  extension: z.string().max(80).optional(),
  handset_index: z.string().max(16).optional(),
  name: z.string().max(200).optional(),
})
export type HandsetCells = z.input<typeof HandsetCellsSchema>

export const MODEL_SOURCES = ['pbx', 'remembered', 'none'] as const

/** The DECT models to offer: this PBX's, else the ones remembered from the last PBX that listed them. */
export const DectModelsAnswerSchema = z.object({
  /** `pbx`: read from the PBX just now; `remembered`: read earlier (offline); `none`: no list known */
  source: z.enum(MODEL_SOURCES),
  /** false when the PBX asked answers 404/405: vendor, model and template are typed */
  supported: z.boolean(),
  models: z.array(DectModelSchema),
  /** when the list was read from a PBX */
  fetchedAt: z.string().optional(),
})
export type DectModelsAnswer = z.infer<typeof DectModelsAnswerSchema>

/** A range of extensions a scan hands out, lowest first ("201-260"). */
export const ExtensionRangeSchema = z
  .strictObject({ from: ExtensionNumberSchema, to: ExtensionNumberSchema })
  .refine((r) => BigInt(r.from) <= BigInt(r.to), { error: 'the range must start at or below its end', path: ['to'] })
  .refine((r) => BigInt(r.to) - BigInt(r.from) < 10_000n, { error: 'a range holds at most 10,000 extensions', path: ['to'] })
export type ExtensionRange = z.infer<typeof ExtensionRangeSchema>

export const SCAN_RESULTS = ['base', 'added', 'duplicate', 'full', 'switch'] as const

/** What one scan in enrolment mode did. */
export const ScanHandsetAnswerSchema = z.object({
  batch: BatchSchema,
  /**
   * base: a base MAC was scanned (and added when new); added: a handset; duplicate / full: nothing
   * added; switch: another base's MAC scanned while enrolling on one, offered (nothing changed)
   */
  result: z.enum(SCAN_RESULTS),
  /** the base the next handsets go to (12 hex digits) */
  baseMac: z.string(),
  /** with `switch`: the base scanned, to switch to (12 hex digits), and its name */
  offeredMac: z.string().optional(),
  offeredName: z.string().optional(),
  /** the handset added, or the one that already has this IPUI */
  handsetId: z.string().optional(),
  extension: z.string().optional(),
  /** handsets on the base now, and how many it takes when its model is known */
  onBase: z.int(),
  lines: z.int().optional(),
  /** one sentence for the installer, also read out by a screen reader */
  message: z.string(),
})
export type ScanHandsetAnswer = z.infer<typeof ScanHandsetAnswerSchema>

export const SITE_STATES = ['not_pushed', 'waiting', 'seen'] as const
export type SiteState = (typeof SITE_STATES)[number]

/**
 * Where a handset stands on a base, the PBX's members against the batch: `on_base` (a member, and
 * the batch puts it on this base), `missing` (the batch puts it here, the PBX has no such member),
 * `not_in_batch` (a member the batch has no handset for), `other_base` (a member the batch puts on
 * another of its bases).
 */
export const SITE_HANDSET_PLACES = ['missing', 'not_in_batch', 'other_base', 'on_base'] as const
export type SiteHandsetPlace = (typeof SITE_HANDSET_PLACES)[number]

export const SiteHandsetSchema = z.object({
  place: z.enum(SITE_HANDSET_PLACES),
  /** IPUI-N, 10 upper-case hex digits (as typed when the batch's cell is not one) */
  ipui: z.string(),
  /** the extension: the PBX's for a member, else the batch's */
  extension: z.string().optional(),
  /** the index on the base, for a member */
  handsetIndex: z.int().optional(),
  /** the batch's name for the handset, else the PBX's user's */
  name: z.string().optional(),
  /** with `other_base`: the batch's base for it (its name) */
  batchBase: z.string().optional(),
})
export type SiteHandset = z.infer<typeof SiteHandsetSchema>

/** A base of the batch as the PBX's provisioned phones show it. */
export const SiteBaseSchema = z.object({
  rowId: z.string(),
  row: z.int(),
  name: z.string(),
  mac: z.string(),
  state: z.enum(SITE_STATES),
  /** when the push created or matched it (ISO time): "not seen after N minutes" counts from here */
  pushedAt: z.string().optional(),
  ip: z.string().optional(),
  fwver: z.string().optional(),
  model: z.string().optional(),
  /** the handsets its model takes (the PBX's DECT models, contract/base-capacity.ts); absent when unknown */
  lines: z.int().min(1).optional(),
  /**
   * the base's members on the PBX against the batch's handsets for it (issue 40); absent when the
   * base is not pushed, not on the PBX (any more), or the PBX offers no members (`membersSupported`)
   */
  handsets: z.array(SiteHandsetSchema).optional(),
})
export type SiteBase = z.infer<typeof SiteBaseSchema>

export const SiteStatusSchema = z.object({
  /** false: the PBX has no list of provisioned phones (GET /api/phones answers 404/405) */
  supported: z.boolean(),
  /** false: the PBX has no members of DECT phones (GET /api/dect_phones/{id}/members answers 404/405) */
  membersSupported: z.boolean(),
  bases: z.array(SiteBaseSchema),
  checkedAt: z.string(),
})
export type SiteStatus = z.infer<typeof SiteStatusSchema>

/** How long the on-site check answers the members it read again, unless asked for them `fresh`. */
export const SITE_MEMBERS_FRESH_MS = 30_000

export const BASE_ACTIONS = ['reprovision', 'reboot'] as const
export type BaseAction = (typeof BASE_ACTIONS)[number]

/** The most bases one call of `baseActions` acts on (the renderer sends a selection in parts, for its progress). */
export const BASE_ACTIONS_MAX = 50

/** What an action did to one base of the selection: asked of the PBX, or why not (the message names the base). */
export const BaseActionOutcomeSchema = z.object({
  mac: z.string(),
  /** the batch's name for the base ('' without one) */
  name: z.string(),
  done: z.boolean(),
  message: z.string().optional(),
})
export type BaseActionOutcome = z.infer<typeof BaseActionOutcomeSchema>

export const BaseMembersSchema = z.object({
  members: z.array(DectMemberSchema),
  /** how many handsets the base takes, when the PBX's model list says */
  lines: z.int().optional(),
  /** the tenant's extensions and their users' names (absent: the PBX has no list of users) */
  extensions: z.array(z.object({ extension: z.string(), name: z.string() })).optional(),
})
export type BaseMembers = z.infer<typeof BaseMembersSchema>

/**
 * The extensions enrolment offers on a PBX (issue 40): the first run of its users' extensions
 * that no base has a member for, lowest first, in a row (1101, 1102, …), at most a range's
 * 10,000. Absent when every user's extension is held, or the PBX has no list of users.
 */
export const FreeExtensionsSchema = z.object({
  /** false: the PBX has no list of users (GET /api/users answers 404/405) */
  supported: z.boolean(),
  run: z.object({ from: ExtensionNumberSchema, to: ExtensionNumberSchema, count: z.int().positive() }).optional(),
  /** every user's extension free, in the run or not */
  free: z.int().nonnegative(),
})
export type FreeExtensions = z.infer<typeof FreeExtensionsSchema>

/** What a swap did: the handset (its row), the IPUIs, where it rings, and a sentence for the installer. */
export const HandsetSwapAnswerSchema = z.object({
  handsetId: z.string(),
  row: z.int(),
  from: z.string(),
  to: z.string(),
  extension: z.string(),
  handsetIndex: z.int(),
  baseMac: z.string(),
  baseName: z.string(),
  /** true: the PBX had the new handset already (a swap that stopped after its write, finished now) */
  finished: z.boolean(),
  message: z.string(),
})
export type HandsetSwapAnswer = z.infer<typeof HandsetSwapAnswerSchema>

/** What a move did: the handset (its row), its extension, the bases from and to, its index there, and a sentence. */
export const HandsetMoveAnswerSchema = z.object({
  handsetId: z.string(),
  row: z.int(),
  ipui: z.string(),
  extension: z.string(),
  fromMac: z.string(),
  fromName: z.string(),
  toMac: z.string(),
  toName: z.string(),
  handsetIndex: z.int(),
  /** true: the PBX had it on the new base already (a move that stopped after its writes, finished now) */
  finished: z.boolean(),
  message: z.string(),
})
export type HandsetMoveAnswer = z.infer<typeof HandsetMoveAnswerSchema>

/** What a renumber did: the handset (its row), its extensions before and after, its base and index, and a sentence. */
export const HandsetRenumberAnswerSchema = z.object({
  handsetId: z.string(),
  row: z.int(),
  ipui: z.string(),
  from: z.string(),
  to: z.string(),
  baseMac: z.string(),
  baseName: z.string(),
  handsetIndex: z.int(),
  /** true: the PBX had the new extension already (a renumber that stopped after its write, finished now) */
  finished: z.boolean(),
  message: z.string(),
})
export type HandsetRenumberAnswer = z.infer<typeof HandsetRenumberAnswerSchema>
/** The handsets and bases a retire names: each a handset's IPUI, IPEI or extension, or a base's MAC or name in the batch. */
const RetireItemsSchema = z
  .array(z.string().trim().min(1, { error: 'scan or type a handset (IPUI, IPEI or extension) or a base (MAC or name)' }).max(128))
  .min(1, { error: 'name at least one handset or base to retire' })
  .max(1_000)

export const handsetOperations = {
  /**
   * the DECT models: this PBX's when a profile is given and it lists them (remembered for offline
   * use), else the ones read last; `offline`: that PBX's list as remembered, without asking it
   */
  listDectModels: { input: z.strictObject({ profileId: profileId.optional(), offline: z.boolean().optional() }), result: DectModelsAnswerSchema },
  /** edit handsets in place, add or remove them; every handset is checked again, across the batch too */
  editBatchHandsets: {
    input: z.strictObject({
      batchId,
      edits: z.array(z.strictObject({ handsetId: z.string().min(1), values: HandsetCellsSchema })).max(20_000).default([]),
      add: z.array(HandsetCellsSchema).max(20_000).default([]),
      remove: z.array(z.string().min(1)).max(20_000).default([]),
    }),
    result: BatchSchema,
  },
  /**
   * enrolment by scanner: a base's MAC selects that base (added as a row when new); an IPUI or
   * IPEI then adds a handset on it with the next extension of the range free in the batch
   */
  scanHandset: {
    input: z.strictObject({
      batchId,
      code: z.string().trim().min(1, { error: 'scan or type a base MAC or a handset IPUI' }).max(64),
      /** the base selected by an earlier scan */
      baseMac: z.string().max(64).optional(),
      /**
       * with a base selected, another base's MAC is only offered (result `switch`), so a label
       * scanned by mistake moves nothing; true: the installer took the offer, switch to it
       */
      switchBase: z.boolean().default(false),
      extensions: ExtensionRangeSchema,
      namePattern: z.string().trim().max(64).default(''),
    }),
    result: ScanHandsetAnswerSchema,
  },
  /** flag handsets whose extension the PBX has no user for, or that another base has (read from the PBX) */
  checkHandsetsOnPbx: {
    input: z.strictObject({ batchId, profileId }),
    /** notes: what could not be checked on this PBX (no list of users, no members) */
    result: z.object({ batch: BatchSchema, notes: z.array(z.string()) }),
  },
  /** where each base of the batch stands: fetched its configuration (IP, firmware) or not yet */
  siteStatus: {
    input: z.strictObject({
      batchId,
      profileId,
      /**
       * read the bases' members now; otherwise those read in the last SITE_MEMBERS_FRESH_MS are
       * answered again (a poll every few seconds asks for the members of every base only now and then)
       */
      fresh: z.boolean().default(false),
    }),
    result: SiteStatusSchema,
  },
  /**
   * the hand-over report of a batch (issue 43) from a fresh read of the PBX: its bases, handsets,
   * what is left undone and what the PBX could not give; `installer` is remembered for the next report
   */
  handoverReport: {
    input: z.strictObject({ batchId, profileId, installer: InstallerNameSchema.optional() }),
    result: HandoverReportSchema,
  },
  /** the same report as a printable PDF on A4 or Letter (base64, saved by the renderer as the labels PDF is) */
  handoverReportPdf: {
    input: z.strictObject({ batchId, profileId, installer: InstallerNameSchema.optional(), paper: z.enum(HANDOVER_PAPERS).default('a4') }),
    result: HandoverPdfSchema,
  },
  /** the installer's name given last for a hand-over report (none yet: null) */
  handoverInstaller: { input: z.undefined(), result: z.object({ installer: InstallerNameSchema.nullable() }) },
  /**
   * a broken handset replaced by a new one (issue 43): the new IPUI (or IPEI) takes the old one's
   * extension and handset index on its base in one write of the base's members; the batch keeps
   * the swap. `handset`: the old one, by its IPUI or IPEI, or by its extension. A swap that stopped
   * half-way is finished by asking it again.
   */
  swapHandset: {
    input: z.strictObject({
      batchId,
      profileId,
      handset: z.string().trim().min(1, { error: 'scan or type the old handset: its IPUI, IPEI or extension' }).max(64),
      to: z.string().trim().min(1, { error: "scan or type the new handset's IPUI or IPEI" }).max(64),
    }),
    result: z.object({ batch: BatchSchema, swap: HandsetSwapAnswerSchema }),
  },
  /**
   * a handset moved to another base of the batch with its extension (issue 43): one write of each
   * base's members, the old base first (the extension is on one base at any time), and the old
   * base put back when the new one refuses. `to`: the base's MAC, or its name in the batch. A move
   * that stopped half-way is finished by asking it again.
   */
  moveHandset: {
    input: z.strictObject({
      batchId,
      profileId,
      handset: z.string().trim().min(1, { error: 'scan or type the handset: its IPUI, IPEI or extension' }).max(64),
      to: z.string().trim().min(1, { error: "scan the base's MAC, or type its name" }).max(128),
    }),
    result: z.object({ batch: BatchSchema, move: HandsetMoveAnswerSchema }),
  },
  /**
   * a handset given another extension on its base (issue 43): one write of the base's members, the
   * handset keeping its index; the batch keeps the renumber. `to`: the new extension, one the PBX
   * has a user for and no base has. A renumber that stopped half-way is finished by asking it again.
   */
  renumberHandset: {
    input: z.strictObject({
      batchId,
      profileId,
      handset: z.string().trim().min(1, { error: 'scan or type the handset: its IPUI, IPEI or extension' }).max(64),
      to: z.string().trim().regex(EXTENSION_NUMBER_PATTERN, { error: 'type the new extension: 3 to 64 digits' }),
    }),
    result: z.object({ batch: BatchSchema, renumber: HandsetRenumberAnswerSchema }),
  },
  /**
   * what a retire of these handsets and bases would take off the PBX (issue 43), for the
   * confirmation that names it, nothing written: `steps`, a base each (a base deleted with every
   * member, handsets taken off a base), `message` in sentences, and `key`, which `retire` takes
   * back. Refused, naming it: a base another batch holds, a handset or base not on the PBX or
   * retired already
   */
  previewRetire: { input: z.strictObject({ batchId, profileId, items: RetireItemsSchema }), result: RetirePlanSchema },
  /**
   * the retire previewed, done (issue 43): handsets taken off their base in one members write a
   * base, bases deleted with their members (POST …/destroy; NOT_SUPPORTED where the PBX lacks it);
   * the batch keeps what went (`retirements`), its rows and handsets `retired`. `confirmed`: the
   * preview's `key`; refused when what would go has changed since. A retire that stopped half-way
   * is finished by asking the same again
   */
  retire: {
    input: z.strictObject({ batchId, profileId, items: RetireItemsSchema, confirmed: z.string().max(1_000_000) }),
    result: z.object({ batch: BatchSchema, retire: RetirePlanSchema }),
  },
  /** re-provision or reboot one base (by MAC) */
  baseAction: {
    input: z.strictObject({ profileId, mac: z.string().min(1).max(64), action: z.enum(BASE_ACTIONS) }),
    result: z.object({ done: z.literal(true) }),
  },
  /**
   * re-provision or reboot several bases of a batch (by MAC): each asked of the PBX, a failure
   * kept as that base's outcome (naming it) while the others go on
   */
  baseActions: {
    input: z.strictObject({
      batchId,
      profileId,
      macs: z.array(z.string().min(1).max(64)).min(1, { error: 'choose at least one base' }).max(BASE_ACTIONS_MAX),
      action: z.enum(BASE_ACTIONS),
    }),
    result: z.object({ outcomes: z.array(BaseActionOutcomeSchema) }),
  },
  /** a base's members on the PBX, its lines and the tenant's extensions */
  listBaseMembers: { input: z.strictObject({ profileId, phoneId: z.string().min(1) }), result: BaseMembersSchema },
  /** the first run of free extensions on the PBX (users with no member on any base): enrolment's default range */
  freeExtensionRun: { input: z.strictObject({ profileId }), result: FreeExtensionsSchema },
  /** replace a base's members (checked first: extensions known, none twice, within the lines); answers them read back */
  saveBaseMembers: {
    input: z.strictObject({ profileId, phoneId: z.string().min(1), members: z.array(DectMemberWriteSchema).max(10_000) }),
    result: BaseMembersSchema,
  },
} as const

