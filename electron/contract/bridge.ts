import { z } from 'zod'
import type { OperationName } from './operations'
import type { BridgeResult } from './result'
import { DomainSchema, SystemInfoSchema, UsernameSchema } from './pbx'
import {
  BatchDefaultsSchema,
  BatchRowValuesSchema,
  BatchSchema,
  BatchSummarySchema,
  ColumnMappingSchema,
  CsvPreviewSchema,
  DamagedBatchPartsSchema,
  DamagedBatchSchema,
  MAX_CSV_BASE64,
  MAX_CSV_TEXT,
  PhoneQrSchema,
  PUSH_CONCURRENCY,
  PushProgressSchema,
} from './dect'
import { DectPhoneSchema, DectPhoneUpdateSchema, LIMITS } from './pbx'
import { ScanExtensionStartSchema, ScanModelSchema } from './dect-scan'
import { labelOperations } from './label-sheet'
import { ivrOutboundOperations } from './bridge-ivr-outbound'
import { mailOperations } from './bridge-mail'
import { desktopOperations } from './bridge-desktop'
import { handsetOperations } from './bridge-handsets'
import { applyOperations } from './config-apply'
import { configOperations } from './config-compare'
import { fleetOperations } from './fleet'
import { profileListOperations } from './profile-list'
import { mergeOperations } from './profile-merge'
import { PbxAddressSchema, PbxProfileFieldsSchema, PbxProfileSchema, RecoveryStateSchema, SavedPbxsNoticeSchema, SessionStateSchema, SIGN_IN_ROLES, TrustedCertificateSchema } from './profiles'

/**
 * The Bridge: every operation the renderer may ask of main, with the schema its input must pass
 * (checked in main before any service runs) and the schema of what it answers.
 * Add an operation here and in `operations.ts`; the IPC binding, the preload and the test harness
 * pick it up with no further glue.
 */

export const AboutSchema = z.object({
  name: z.string(),
  version: z.string(),
  versions: z.object({
    node: z.string(),
    electron: z.string().optional(),
    chrome: z.string().optional(),
  }),
  platform: z.string(),
  /** whether an OS keychain answered; without one the app keeps working but cannot remember passwords */
  keychain: z.enum(['available', 'unavailable']),
  keychainMessage: z.string().optional(),
})
export type About = z.infer<typeof AboutSchema>

export const ProbePbxInputSchema = z.strictObject({
  /** the PBX's address, e.g. https://pbx.example.com:8887 (paths start with /api below it; see pbx-address.ts) */
  baseUrl: PbxAddressSchema,
  /** a tenant domain: the answer then carries the tenant's metadata too */
  domain: DomainSchema.optional(),
  /** the SHA-256 fingerprint of a certificate the user chose to trust for this address */
  trustedFingerprint256: TrustedCertificateSchema.shape.fingerprint256.optional(),
})

const ProfileIdSchema = z.strictObject({ profileId: z.string().min(1) })
/** which sign-in of the saved PBX: its own (the default), or its system administrator's (PbxProfile `systemAdmin`) */
const RoleSchema = z.enum(SIGN_IN_ROLES).optional()
const SessionRoleInputSchema = z.strictObject({ profileId: z.string().min(1), as: RoleSchema })

export const SaveProfileInputSchema = z.strictObject({
  /** absent to add a new saved PBX, present to edit one */
  id: z.string().min(1).optional(),
  fields: PbxProfileFieldsSchema,
  /** a certificate the user trusted while testing the connection (null: trust none) */
  trustedCertificate: TrustedCertificateSchema.nullable().optional(),
})
export type SaveProfileInput = z.input<typeof SaveProfileInputSchema>

export const SignInInputSchema = z.strictObject({
  profileId: z.string().min(1),
  /** the password as typed; absent to use the one remembered in the keychain */
  password: z.string().min(1, { error: 'enter the password' }).optional(),
  /** keep the password in the OS keychain for next time */
  remember: z.boolean().default(false),
  as: RoleSchema,
  /** `as: 'system'`: who signs in as the system administrator (kept on the entry); absent to use the one kept */
  username: UsernameSchema.optional(),
})
export type SignInInput = z.input<typeof SignInInputSchema>

export const ImportProfilesResultSchema = z.object({
  added: z.int(),
  /** labels of the PBXs left out because one with the same address and user is saved already */
  skipped: z.array(z.string()),
})

export const DemoStatusSchema = z.object({
  /** base URL of the demo PBX running inside the app, on loopback */
  baseUrl: z.string(),
  /** the accounts it knows, to show beside the sign-in form */
  accounts: z.array(z.object({ username: z.string(), password: z.string(), domain: z.string(), role: z.string() })),
  /** the saved PBX the app made for it: one entry holding both sign-ins, tenant admin and system administrator */
  profileIds: z.array(z.string()),
})
export type DemoStatus = z.infer<typeof DemoStatusSchema>

const BatchIdSchema = z.strictObject({ batchId: z.string().min(1) })
const BatchNameSchema = z.string().trim().min(1, { error: 'enter a name for the batch' }).max(120, { error: 'must be at most 120 characters' })
const CsvTextSchema = z.string().max(MAX_CSV_TEXT, { error: 'the file is too large for a batch (at most 20 MB)' })
/**
 * A spreadsheet as it crosses to main: `base64`, the file's bytes, which main decodes
 * (csv-parse.ts `decodeCsv`: UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252), the
 * way the renderer sends every file dropped or picked and the CLI every file it reads. Bytes only,
 * never text already decoded: every spreadsheet takes the one decoding path, whose encoding the
 * preview names.
 */
const CsvFileFields = {
  fileName: z.string().min(1),
  base64: z
    .string()
    .max(MAX_CSV_BASE64, { error: 'the file is too large for a batch (at most 20 MB)', abort: true })
    .base64({ error: "must be the file's bytes in base64" }),
}
const ConcurrencySchema = z
  .int({ error: 'must be a whole number' })
  .min(PUSH_CONCURRENCY.min, { error: `must be at least ${PUSH_CONCURRENCY.min}` })
  .max(PUSH_CONCURRENCY.max, { error: `must be at most ${PUSH_CONCURRENCY.max}` })
const FileSchema = z.object({ fileName: z.string(), json: z.string() })

export const bridge = {
  /** versions, platform and whether the OS keychain answers */
  getAbout: { input: z.undefined(), result: AboutSchema },
  /** GET /api/info of a PBX: tells whether an address is a PBX of this API, and which */
  probePbx: { input: ProbePbxInputSchema, result: SystemInfoSchema },
  /** start the built-in demo PBX on a free loopback port (once; later calls answer the same one) */
  startDemo: { input: z.undefined(), result: DemoStatusSchema },

  /** the saved PBXs, most recently used first */
  listProfiles: { input: z.undefined(), result: z.array(PbxProfileSchema) },
  /** the saved-PBX file was damaged and moved aside when it was read: where, and why (null: nothing found) */
  savedPbxsNotice: { input: z.undefined(), result: SavedPbxsNoticeSchema.nullable() },
  /** add a saved PBX, or edit one (a changed address or user signs its session out) */
  saveProfile: { input: SaveProfileInputSchema, result: PbxProfileSchema },
  /** sign out, forget its secrets in the keychain, and remove the saved PBX */
  removeProfile: { input: ProfileIdSchema, result: z.object({ removed: z.literal(true) }) },
  /** the saved PBXs as a JSON document for another machine: no password, no token */
  exportProfiles: { input: z.undefined(), result: z.object({ fileName: z.string(), json: z.string() }) },
  /** add the PBXs of an exported document; ones already saved (same address, user and domain) are skipped */
  importProfiles: { input: z.strictObject({ json: z.string().max(5_000_000) }), result: ImportProfilesResultSchema },

  /** trust a PBX's certificate by its fingerprint (or stop trusting it, with null); ends its session */
  trustCertificate: {
    input: z.strictObject({ profileId: z.string().min(1), certificate: TrustedCertificateSchema.nullable() }),
    result: PbxProfileSchema,
  },

  /** the session of every saved PBX */
  listSessions: { input: z.undefined(), result: z.array(SessionStateSchema) },
  /** open a saved PBX: the running session, else the remembered password; NOT_SIGNED_IN asks for a sign-in */
  openPbx: {
    input: z.strictObject({
      profileId: z.string().min(1),
      /** false: a look that is not the user choosing this PBX (the command line's `pbx test`): "last used" stays; default true */
      touch: z.boolean().optional(),
      as: RoleSchema,
    }),
    result: SessionStateSchema,
  },
  /** sign in to a saved PBX with its sign-in method; `remember` keeps the password in the keychain */
  signIn: { input: SignInInputSchema, result: SessionStateSchema },
  /** the second step of a two-factor sign-in: the one-time code the PBX mailed */
  verifySignInCode: {
    input: z.strictObject({ profileId: z.string().min(1), as: RoleSchema, code: z.string().trim().regex(/^\d{4,8}$/, { error: 'enter the code from the email (digits only)' }) }),
    result: SessionStateSchema,
  },
  /** mail the one-time code of a two-factor sign-in again */
  resendSignInCode: { input: SessionRoleInputSchema, result: SessionStateSchema },
  /**
   * the built-in demo PBX's one-time code of that sign-in, read from its outbox, for the demo's
   * notice; null for any other saved PBX (a real one, or one that merely points at a demo server)
   */
  demoSignInCode: { input: SessionRoleInputSchema, result: z.object({ code: z.string() }).nullable() },
  /**
   * sign in through the tenant's identity provider (where GET /api/info?domain= says it is on):
   * opens the provider's page in the system browser and waits for its loopback redirect (RFC 8252)
   */
  signInWithIdp: { input: ProfileIdSchema, result: SessionStateSchema },
  /** stop waiting for the identity provider's redirect */
  cancelIdpSignIn: { input: ProfileIdSchema, result: z.object({ cancelled: z.boolean() }) },

  /** "Forgot password": the PBX mails a reset link to the saved PBX's user (forget_password) */
  requestPasswordReset: { input: ProfileIdSchema, result: RecoveryStateSchema },
  /** the reset link pasted from the mail (when opening it did not come back to the app) */
  submitResetLink: { input: z.strictObject({ profileId: z.string().min(1), link: z.string().trim().min(1, { error: 'paste the link from the email' }) }), result: RecoveryStateSchema },
  /** where the recovery stands (the renderer asks while waiting for the link to be opened) */
  getRecoveryState: { input: ProfileIdSchema, result: RecoveryStateSchema.nullable() },
  /** the one-time code mailed during the recovery */
  verifyRecoveryCode: {
    input: z.strictObject({ profileId: z.string().min(1), code: z.string().trim().regex(/^\d{4,8}$/, { error: 'enter the code from the email (digits only)' }) }),
    result: RecoveryStateSchema,
  },
  /** set the new password (reset_password), then sign in with it */
  resetPassword: {
    input: z.strictObject({
      profileId: z.string().min(1),
      newPassword: z
        .string()
        .min(LIMITS.newPassword.min, { error: `must be at least ${LIMITS.newPassword.min} characters` })
        .max(LIMITS.newPassword.max, { error: `must be at most ${LIMITS.newPassword.max} characters` }),
      remember: z.boolean().default(false),
    }),
    result: SessionStateSchema,
  },
  /** sign out (sign_out or revoke, after the sign-in method) and forget the refresh token */
  /** `as: 'system'` ends only the system administrator's sign-in of a tenant entry */
  signOut: { input: SessionRoleInputSchema, result: SessionStateSchema },

  // --- DECT batches: prepared offline, pushed later --------------------------------------------

  /** what a dropped or picked spreadsheet holds: its encoding, columns, first rows, a guessed column mapping */
  previewCsv: { input: z.strictObject(CsvFileFields), result: CsvPreviewSchema },
  /**
   * a new batch from a spreadsheet with the mapping the user confirmed; saved on disk at once.
   * `profileId`: the PBX it is for, when known: the batch's PBX from then on, and its remembered
   * DECT models (listDectModels reads them) check the rows: a model it lacks is an error
   */
  createBatchFromCsv: {
    input: z.strictObject({
      name: BatchNameSchema,
      ...CsvFileFields,
      mapping: ColumnMappingSchema,
      defaults: BatchDefaultsSchema,
      profileId: z.string().min(1).optional(),
    }),
    result: BatchSchema,
  },
  /**
   * a spreadsheet's bases and handsets added to a batch that exists, pushed or not: the same checks
   * as a new import, now with the batch's own rows (a MAC, IPUI or extension it has is an error on
   * the new line); a base the batch has already is not added again. Numbered after the batch's own:
   * a new row's number is its data row in the file plus `offsets.rows` (handsets: `offsets.handsets`).
   * BUSY while the batch is being pushed (here or by another process): nothing is changed.
   */
  importCsvIntoBatch: {
    input: z.strictObject({ batchId: z.string().min(1), ...CsvFileFields, mapping: ColumnMappingSchema }),
    result: z.strictObject({
      batch: BatchSchema,
      added: z.strictObject({ rows: z.array(z.string()), handsets: z.array(z.string()) }),
      offsets: z.strictObject({ rows: z.int().min(0), handsets: z.int().min(0) }),
    }),
  },
  /** a new, empty batch (for scanning handsets on site) */
  createEmptyBatch: { input: z.strictObject({ name: BatchNameSchema, defaults: BatchDefaultsSchema }), result: BatchSchema },
  /** every batch on this computer, newest first */
  listBatches: { input: z.undefined(), result: z.array(BatchSummarySchema) },
  getBatch: { input: BatchIdSchema, result: BatchSchema },
  /** rename, change the defaults (rows are checked again) or the push concurrency */
  updateBatch: {
    input: z.strictObject({
      batchId: z.string().min(1),
      name: BatchNameSchema.optional(),
      defaults: BatchDefaultsSchema.optional(),
      concurrency: ConcurrencySchema.optional(),
    }),
    result: BatchSchema,
  },
  /** edit cells in place, add or remove rows; every row is checked again (duplicates included) */
  editBatchRows: {
    input: z.strictObject({
      batchId: z.string().min(1),
      edits: z.array(z.strictObject({ rowId: z.string().min(1), values: BatchRowValuesSchema })).max(20_000).default([]),
      add: z.array(BatchRowValuesSchema).max(20_000).default([]),
      remove: z.array(z.string().min(1)).max(20_000).default([]),
    }),
    result: BatchSchema,
  },
  /**
   * a barcode scanner typed a MAC: add a row named after the pattern ("Handset {n}"); `model`, when
   * given, is the row's own vendor, model and template (a model changed mid-scan: the batch's
   * defaults stay the first one's), and `extensionStart` numbers the bases' extensions from it
   */
  scanMac: {
    input: z.strictObject({
      batchId: z.string().min(1),
      mac: z.string().trim().min(1, { error: 'scan or type a MAC' }),
      namePattern: z.string().trim().min(1).max(64).default('Handset {n}'),
      model: ScanModelSchema.optional(),
      extensionStart: ScanExtensionStartSchema.optional(),
    }),
    result: z.object({
      batch: BatchSchema,
      rowId: z.string(),
      /** the row that already has this MAC, when the scan is a duplicate */
      duplicateOfRow: z.int().optional(),
    }),
  },
  duplicateBatch: { input: BatchIdSchema, result: BatchSchema },
  /** delete a batch; one that does not read is moved aside to batches/damaged/ instead, never erased (`movedTo` says where) */
  deleteBatch: { input: BatchIdSchema, result: z.object({ deleted: z.literal(true), movedTo: z.array(z.string()).optional() }) },
  /** the batch files that cannot be read: which file, what is wrong in words, what still reads */
  listDamagedBatches: { input: z.undefined(), result: z.array(DamagedBatchSchema) },
  /** what still reads of a damaged batch: what is wrong, and its rows and handsets that read; INVALID_INPUT for a batch that reads */
  readDamagedBatch: { input: BatchIdSchema, result: DamagedBatchPartsSchema },
  /** what still reads of a damaged batch (its rows and handsets) as CSV; INVALID_INPUT when nothing does */
  exportDamagedBatch: { input: BatchIdSchema, result: z.object({ fileName: z.string(), csv: z.string(), rows: z.int(), handsets: z.int() }) },
  /** show a batch's file (a damaged one too) in the system's file manager; NOT_SUPPORTED outside the desktop app */
  showBatchFile: { input: BatchIdSchema, result: z.object({ shown: z.literal(true) }) },
  /** the batch as a file for another machine (outcomes and target PBX left out) */
  exportBatch: { input: BatchIdSchema, result: FileSchema },
  importBatch: { input: z.strictObject({ json: CsvTextSchema }), result: BatchSchema },
  /** flag the rows whose MAC is already on that PBX (they will be matched, not created) */
  checkBatchOnPbx: { input: z.strictObject({ batchId: z.string().min(1), profileId: z.string().min(1) }), result: BatchSchema },

  /** push the batch's pending rows to a saved PBX (resumes where a push stopped); answers at once */
  startPush: {
    input: z.strictObject({ batchId: z.string().min(1), profileId: z.string().min(1), concurrency: ConcurrencySchema.optional() }),
    result: PushProgressSchema,
  },
  getPushProgress: { input: BatchIdSchema, result: PushProgressSchema },
  /** finish the rows in flight, then stop */
  pausePush: { input: BatchIdSchema, result: PushProgressSchema },
  /** stop at once; the rest stays pending */
  cancelPush: { input: BatchIdSchema, result: PushProgressSchema },
  /** send the failed rows again, and only those */
  retryFailedRows: { input: z.strictObject({ batchId: z.string().min(1), profileId: z.string().min(1) }), result: PushProgressSchema },

  /** the QR code of every pushed phone's provisioning URL, in row order */
  batchQrCodes: { input: BatchIdSchema, result: z.array(PhoneQrSchema) },
  ...labelOperations,
  /** row, MAC, name, id, url, outcome of every row, as CSV */
  exportResultsCsv: { input: BatchIdSchema, result: z.object({ fileName: z.string(), csv: z.string() }) },

  // --- DECT phones on a signed-in PBX ---------------------------------------------------------

  listDectPhones: { input: ProfileIdSchema, result: z.array(DectPhoneSchema) },
  /** change the fields an update may change (not mac, template, vendor, model); answers the phone read back */
  updateDectPhone: {
    input: z.strictObject({ profileId: z.string().min(1), phoneId: z.string().min(1), changes: DectPhoneUpdateSchema }),
    result: DectPhoneSchema,
  },
  /** delete where the PBX offers it (NOT_SUPPORTED where it does not) */
  deleteDectPhone: { input: z.strictObject({ profileId: z.string().min(1), phoneId: z.string().min(1) }), result: z.object({ deleted: z.literal(true) }) },
  /** a QR code (SVG) of a text, e.g. one phone's provisioning URL */
  qrCode: { input: z.strictObject({ text: z.string().min(1).max(2000) }), result: z.object({ svg: z.string() }) },

  ...profileListOperations,
  ...mergeOperations,
  ...handsetOperations,
  ...fleetOperations,
  ...configOperations,
  ...applyOperations,
  ...ivrOutboundOperations,
  ...mailOperations,
  ...desktopOperations,
} as const satisfies Record<OperationName, { input: z.ZodType; result: z.ZodType }>

export type Bridge = typeof bridge
export type OperationInput<N extends OperationName> = z.input<Bridge[N]['input']>
export type OperationOutput<N extends OperationName> = z.output<Bridge[N]['result']>

/** The shape of `window.pbx` in the renderer, and of the object the services expose. */
export type PbxApi = {
  [N in OperationName]: (
    ...args: undefined extends OperationInput<N> ? [input?: OperationInput<N>] : [input: OperationInput<N>]
  ) => Promise<BridgeResult<OperationOutput<N>>>
}

/** The services' side: takes validated input, answers the value or throws a typed error. */
export type BridgeHandlers = {
  [N in OperationName]: (input: z.output<Bridge[N]['input']>) => Promise<OperationOutput<N>>
}
