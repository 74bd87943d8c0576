import { z } from 'zod'
import { ADDRESS_MAX } from './pbx-address'
import { LIMITS } from './pbx-common'
import { PROFILE_LIMITS } from './profiles'

/**
 * Many saved PBXs at once (issue 38): a list pasted or read from a file (CSV, or a spreadsheet
 * copy with tabs), one PBX a row, checked as a whole before any is saved. Passwords are typed
 * once per account (user + tenant), never in the list. Spread into `bridge` in `bridge.ts`.
 */

/** The columns of the list, in the order the example shows them. */
export const PROFILE_LIST_COLUMNS = ['label', 'address', 'user', 'tenant', 'customer', 'group', 'tags'] as const
export type ProfileListColumn = (typeof PROFILE_LIST_COLUMNS)[number]

/** The columns a list must have; the others may be left out (tenant: the system administrator has none). */
export const PROFILE_LIST_REQUIRED: readonly ProfileListColumn[] = ['label', 'address', 'user']

/**
 * The header names each column answers to, compared without case, spaces, '_' or '-' (so
 * "Base URL", "base_url" and "baseUrl" are one name): what spreadsheets already call them.
 */
export const PROFILE_LIST_ALIASES: Record<ProfileListColumn, readonly string[]> = {
  label: ['label', 'name', 'pbx', 'pbx name'],
  address: ['address', 'url', 'baseUrl', 'pbx address', 'server'],
  user: ['user', 'username', 'user name', 'login', 'account'],
  tenant: ['tenant', 'domain', 'tenant domain', 'sip domain'],
  customer: ['customer', 'client', 'company'],
  group: ['group', 'region'],
  tags: ['tags', 'tag'],
}

/** Characters that part the tags of one cell ("dect, vip"); a tag keeps its inner spaces. */
export const PROFILE_LIST_TAG_SEPARATORS = /[,;|]/

/**
 * At most this many rows a list. A reseller's fleet is a few hundred PBXs (the fleet's bench reads
 * 200); every row of a preview is checked on its PBX, 8 at once with a 3 s limit, so 500 rows stay
 * within about a minute even when every address is out of reach. A longer list is refused with a
 * sentence naming this number (split it), never cut short.
 */
export const PROFILE_LIST_MAX_ROWS = 500

/** The longest row the profile limits allow: every field at its maximum, quoted, 20 tags. */
export const PROFILE_LIST_ROW_MAX_CHARS =
  PROFILE_LIMITS.label.max +
  ADDRESS_MAX +
  LIMITS.username.max +
  LIMITS.domain.max +
  PROFILE_LIMITS.customer.max +
  PROFILE_LIMITS.group.max +
  PROFILE_LIMITS.tags.max * (PROFILE_LIMITS.tag.max + 1) +
  PROFILE_LIST_COLUMNS.length * 3 // a delimiter and two quotes a cell

/** The text of a list: the longest rows the limits allow, doubled for columns it does not use (a spreadsheet copy often carries some). */
export const PROFILE_LIST_TEXT_MAX = (PROFILE_LIST_MAX_ROWS + 1) * PROFILE_LIST_ROW_MAX_CHARS * 2

/** What the dialog shows as an example of the header and one row. */
export const PROFILE_LIST_EXAMPLE = [
  PROFILE_LIST_COLUMNS.join(','),
  'Acme HQ,https://pbx.acme.example:8887,manager,acme.example,Acme Corp,North,"dect, vip"',
].join('\n')

export const ProfileListTextSchema = z
  .string()
  .max(PROFILE_LIST_TEXT_MAX, { error: `the list is too long: at most ${PROFILE_LIST_MAX_ROWS} rows of saved PBXs` })

/** One problem of a row: its data row (1 = the first row below the header), the column, and what is wrong. */
export const ProfileListProblemSchema = z.object({
  row: z.int().min(1),
  field: z.enum(PROFILE_LIST_COLUMNS),
  message: z.string(),
})
export type ProfileListProblem = z.infer<typeof ProfileListProblemSchema>

/** A row's cells, trimmed (the address as typed, a password in it masked; its one form once valid). */
export const ProfileListFieldsSchema = z.object({
  label: z.string(),
  address: z.string(),
  user: z.string(),
  tenant: z.string(),
  customer: z.string(),
  group: z.string(),
  tags: z.array(z.string()),
})
export type ProfileListFields = z.infer<typeof ProfileListFieldsSchema>

/**
 * What asking the row's address for GET /api/info found (the Add-PBX form's "Test connection"):
 * `reachable`; `unknown_tenant`, reachable but the PBX has no such tenant (yet); `not_a_pbx`;
 * `untrusted_certificate` (self-signed: trusted when first opened); `unreachable`. Each is a note,
 * never a problem: office staff prepare PBXs that are not reachable from the office.
 */
export const PROFILE_LIST_CHECKS = ['reachable', 'unknown_tenant', 'not_a_pbx', 'untrusted_certificate', 'unreachable'] as const
export const ProfileListCheckSchema = z.object({
  result: z.enum(PROFILE_LIST_CHECKS),
  /** in words: the tenant's name when reachable, else what failed */
  message: z.string(),
})
export type ProfileListCheck = z.infer<typeof ProfileListCheckSchema>

/** The row stands for a PBX saved already (same address, user and tenant: skipped), or repeats an earlier row. */
export const ProfileListDuplicateSchema = z.union([
  z.object({ of: z.literal('saved'), label: z.string() }),
  z.object({ of: z.literal('row'), row: z.int().min(1), same: z.enum(['label', 'target']) }),
])

export const ProfileListRowSchema = z.object({
  row: z.int().min(1),
  fields: ProfileListFieldsSchema,
  /** what keeps the list from being added; empty when the row is fine */
  problems: z.array(ProfileListProblemSchema),
  duplicate: ProfileListDuplicateSchema.nullable(),
  /** null when not asked: a row with a problem in its address, or one saved already */
  check: ProfileListCheckSchema.nullable(),
})
export type ProfileListRow = z.infer<typeof ProfileListRowSchema>

/** An account the rows to add sign in with: a password typed for it serves each of its rows. */
export const ProfileListAccountSchema = z.object({
  username: z.string(),
  /** '' for the system administrator */
  domain: z.string(),
  rows: z.int().min(1),
})
export type ProfileListAccount = z.infer<typeof ProfileListAccountSchema>

export const ProfileListPreviewSchema = z.object({
  rows: z.array(ProfileListRowSchema),
  /** every problem of every row, in row order (the rows hold them too) */
  problems: z.array(ProfileListProblemSchema),
  accounts: z.array(ProfileListAccountSchema),
  /** header cells that name no column: left out (a typo shows here) */
  ignoredColumns: z.array(z.string()),
  delimiter: z.enum(['comma', 'semicolon', 'tab']),
  /** whether a password can be kept (an OS keychain answers) */
  keychain: z.boolean(),
})
export type ProfileListPreview = z.infer<typeof ProfileListPreviewSchema>

export const ProfileListPasswordSchema = z.strictObject({
  username: z.string().min(1).max(LIMITS.username.max),
  domain: z.string().max(LIMITS.domain.max),
  password: z.string().min(1, { error: 'enter the password, or leave the account out' }).max(1024),
})
export type ProfileListPassword = z.input<typeof ProfileListPasswordSchema>

/**
 * How a typed password went. The app keeps a password only after the PBX took it (a complete
 * sign-in), as the sign-in dialog does: `remembered`. Otherwise the PBX asks at its first sign-in:
 * `code_required` (two-factor), `wrong_password`, `unreachable` (not asked: out of reach now),
 * `untrusted_certificate` (its certificate is trusted when first opened), `failed` (the message says why).
 */
export const PROFILE_LIST_SIGN_INS = ['remembered', 'code_required', 'wrong_password', 'unreachable', 'untrusted_certificate', 'failed'] as const
export const ProfileListSignInSchema = z.object({
  row: z.int().min(1),
  profileId: z.string(),
  label: z.string(),
  result: z.enum(PROFILE_LIST_SIGN_INS),
  message: z.string(),
})

export const ProfileListImportSchema = z.object({
  added: z.array(z.object({ row: z.int().min(1), profileId: z.string(), label: z.string() })),
  /** rows left out: a PBX with the same address, user and tenant is saved (`savedLabel`) */
  skipped: z.array(z.object({ row: z.int().min(1), label: z.string(), savedLabel: z.string() })),
  /** the sign-ins of the rows a password was typed for */
  signIns: z.array(ProfileListSignInSchema),
  /** what became of the passwords, in a sentence or two ('' when none was typed) */
  passwordNote: z.string(),
})
export type ProfileListImport = z.infer<typeof ProfileListImportSchema>

/**
 * Where the list's long work stands, for a progress bar: the addresses (and tenants) being asked
 * (`checking`, of a preview or of the accounts whose passwords were typed), or the sign-ins that
 * keep those passwords (`signing_in`); `idle` between. Main does one list at a time.
 */
export const PROFILE_LIST_STEPS = ['idle', 'checking', 'signing_in'] as const
export const ProfileListProgressSchema = z.object({ step: z.enum(PROFILE_LIST_STEPS), done: z.int().min(0), total: z.int().min(0) })
export type ProfileListProgress = z.infer<typeof ProfileListProgressSchema>

/** "Checking addresses: 12 of 30" / "Signing in to keep the passwords: 3 of 28" ('' when idle). */
export function profileListProgressText(progress: ProfileListProgress): string {
  if (progress.step === 'idle') return ''
  const what = progress.step === 'checking' ? 'Checking addresses' : 'Signing in to keep the passwords'
  return `${what}: ${progress.done} of ${progress.total}`
}

export const profileListOperations = {
  /** the list's rows checked (fields, duplicates, each address asked), nothing saved */
  previewProfileList: { input: z.strictObject({ text: ProfileListTextSchema }), result: ProfileListPreviewSchema },
  /**
   * saves every row not saved yet, all or none: INVALID_INPUT naming the row and field while any
   * row has a problem; a password typed for an account is kept for each of its rows the PBX takes
   */
  importProfileList: {
    input: z.strictObject({
      text: ProfileListTextSchema,
      passwords: z.array(ProfileListPasswordSchema).max(PROFILE_LIST_MAX_ROWS).default([]),
    }),
    result: ProfileListImportSchema,
  },
  /** where the preview's or the import's long work stands (asked while it runs, for a progress bar) */
  profileListProgress: { input: z.undefined(), result: ProfileListProgressSchema },
} as const
