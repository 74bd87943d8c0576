import { z } from 'zod'

/**
 * The hand-over report of a batch (issue 43): what was installed on a site, from a fresh read of
 * the PBX, for the customer to sign off. This schema is the one source of its shape: the JSON the
 * command line writes, the Bridge's answer, and (later) the PDF all read it.
 *
 * A fact the PBX could not give is `null` (never guessed), and the reason is in `cannotRead`.
 */

/** The installer's name as typed for a report (remembered between reports). */
export const InstallerNameSchema = z.string().trim().min(1, { error: 'enter the installer’s name' }).max(120, { error: 'must be at most 120 characters' })

export const HandoverBaseSchema = z.object({
  /** the batch's name for the base ('' without one) */
  name: z.string(),
  /** 12 upper-case hex digits (as typed when the batch's cell is not a MAC: such a base was never sent) */
  mac: z.string(),
  /** the model the PBX reports for the device, else the batch's */
  model: z.string().optional(),
  /** as the PBX's provisioned devices list it; absent when not listed or not readable */
  firmware: z.string().optional(),
  ip: z.string().optional(),
  /** whether the base is on the PBX (created or matched by a push) */
  onPbx: z.boolean(),
  /** whether it fetched its configuration from the PBX; null: the PBX does not list provisioned devices */
  fetchedConfig: z.boolean().nullable(),
})
export type HandoverBase = z.infer<typeof HandoverBaseSchema>

export const HandoverHandsetSchema = z.object({
  /** the PBX's extension for a member, else the batch's */
  extension: z.string().optional(),
  /** the batch's name for the handset, else the PBX's user's */
  name: z.string().optional(),
  /** IPUI-N, 10 upper-case hex digits (as typed when the batch's cell is not one) */
  ipui: z.string(),
  /** the IPEI the IPUI stands for (13 digits), when the IPUI is an IPUI-N */
  ipei: z.string().optional(),
  /** the base it is on (or, not on the PBX, the batch's base for it): its name and MAC */
  baseName: z.string().optional(),
  baseMac: z.string().optional(),
  /** its index on the base, for a member */
  handsetIndex: z.int().optional(),
  /** whether it is a member of a base on the PBX; null: the PBX's members could not be read */
  onPbx: z.boolean().nullable(),
  /** false: a member of one of the batch's bases that the batch does not list */
  inBatch: z.boolean(),
})
export type HandoverHandset = z.infer<typeof HandoverHandsetSchema>

/**
 * What is left undone: `not_sent` (an error of its own kept it back, or no push sent it yet),
 * `failed` (the PBX refused it), `not_seen` (on the PBX, but the base never fetched its
 * configuration, or the handset is no member of any base).
 */
export const UNDONE_KINDS = ['not_sent', 'failed', 'not_seen'] as const
export type UndoneKind = (typeof UNDONE_KINDS)[number]

export const HandoverUndoneSchema = z.object({
  kind: z.enum(UNDONE_KINDS),
  what: z.enum(['base', 'handset']),
  /** the base's name and MAC, or the handset's extension, name and IPUI, as people read them */
  item: z.string(),
  reason: z.string(),
})
export type HandoverUndone = z.infer<typeof HandoverUndoneSchema>

/** A fact the PBX could not give, and why: "firmware: this PBX does not list provisioned devices". */
export const HandoverUnreadSchema = z.object({
  field: z.string(),
  reason: z.string(),
})
export type HandoverUnread = z.infer<typeof HandoverUnreadSchema>

export const HandoverCountsSchema = z.object({
  bases: z.int().nonnegative(),
  basesOnPbx: z.int().nonnegative(),
  /** null: the PBX does not list provisioned devices */
  basesFetchedConfig: z.int().nonnegative().nullable(),
  /** the batch's handsets (members the batch does not list are not counted) */
  handsets: z.int().nonnegative(),
  /** null: the PBX's members could not be read */
  handsetsOnPbx: z.int().nonnegative().nullable(),
  notSent: z.int().nonnegative(),
  failed: z.int().nonnegative(),
  notSeen: z.int().nonnegative(),
})
export type HandoverCounts = z.infer<typeof HandoverCountsSchema>

export const HandoverReportSchema = z.object({
  version: z.literal(1),
  /** when the PBX was read (ISO time) */
  readAt: z.string(),
  /** the day of the report, YYYY-MM-DD (UTC, as readAt) */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  batch: z.object({ id: z.string(), name: z.string() }),
  /** the saved PBX's customer ('' when none is saved) */
  customer: z.string(),
  pbx: z.object({ label: z.string(), address: z.string() }),
  /** the tenant's SIP domain; absent for a system administrator's entry */
  tenant: z.string().optional(),
  installer: z.string().optional(),
  counts: HandoverCountsSchema,
  bases: z.array(HandoverBaseSchema),
  handsets: z.array(HandoverHandsetSchema),
  undone: z.array(HandoverUndoneSchema),
  cannotRead: z.array(HandoverUnreadSchema),
})
export type HandoverReport = z.infer<typeof HandoverReportSchema>

/** The paper the report's PDF is printed on. */
export const HANDOVER_PAPERS = ['a4', 'letter'] as const
export type HandoverPaper = (typeof HANDOVER_PAPERS)[number]

/** The regions that print on US Letter (the rest of the world: A4), by a locale's region. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'PR', 'CR', 'SV', 'DO', 'PA', 'NI', 'BZ'])

/** The paper a locale ("en-US", "de-DE") prints on: Letter in the Americas that use it, else A4. */
export function paperForLocale(locale: string | undefined): HandoverPaper {
  const region = locale?.split(/[-_]/).slice(1).find((part) => /^[A-Za-z]{2}$/.test(part))
  return region && LETTER_REGIONS.has(region.toUpperCase()) ? 'letter' : 'a4'
}

/** The report as a printable PDF (base64): its file name, its pages, and the report it shows. */
export const HandoverPdfSchema = z.object({
  fileName: z.string(),
  base64: z.string(),
  pages: z.int().positive(),
  report: HandoverReportSchema,
  /** texts of the PDF with characters its fonts lack, which print as empty boxes ("…": U+4E2D … is not in the report's font) */
  warnings: z.array(z.string()),
})
export type HandoverPdf = z.infer<typeof HandoverPdfSchema>
