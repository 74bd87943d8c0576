import { z } from 'zod'
import type { OperationName } from './operations'
import type { BridgeResult } from './result'
import { DomainSchema, SystemInfoSchema } from './pbx'
import { LIMITS } from './pbx'
import { PbxProfileFieldsSchema, PbxProfileSchema, RecoveryStateSchema, SessionStateSchema, TrustedCertificateSchema } from './profiles'

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
  /** the PBX's base URL, e.g. https://pbx.example.com:8887 (paths start with /api) */
  baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl: enter an http:// or https:// address' }),
  /** a tenant domain: the answer then carries the tenant's metadata too */
  domain: DomainSchema.optional(),
  /** the SHA-256 fingerprint of a certificate the user chose to trust for this address */
  trustedFingerprint256: TrustedCertificateSchema.shape.fingerprint256.optional(),
})

const ProfileIdSchema = z.strictObject({ profileId: z.string().min(1) })

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
  /** the saved PBXs the app made for it (tenant admin and system administrator) */
  profileIds: z.array(z.string()),
})
export type DemoStatus = z.infer<typeof DemoStatusSchema>

export const bridge = {
  /** versions, platform and whether the OS keychain answers */
  getAbout: { input: z.undefined(), result: AboutSchema },
  /** GET /api/info of a PBX: tells whether an address is a PBX of this API, and which */
  probePbx: { input: ProbePbxInputSchema, result: SystemInfoSchema },
  /** start the built-in demo PBX on a free loopback port (once; later calls answer the same one) */
  startDemo: { input: z.undefined(), result: DemoStatusSchema },

  /** the saved PBXs, most recently used first */
  listProfiles: { input: z.undefined(), result: z.array(PbxProfileSchema) },
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
  openPbx: { input: ProfileIdSchema, result: SessionStateSchema },
  /** sign in to a saved PBX with its sign-in method; `remember` keeps the password in the keychain */
  signIn: { input: SignInInputSchema, result: SessionStateSchema },
  /** the second step of a two-factor sign-in: the one-time code the PBX mailed */
  verifySignInCode: {
    input: z.strictObject({ profileId: z.string().min(1), code: z.string().trim().regex(/^\d{4,8}$/, { error: 'enter the code from the email (digits only)' }) }),
    result: SessionStateSchema,
  },
  /** mail the one-time code of a two-factor sign-in again */
  resendSignInCode: { input: ProfileIdSchema, result: SessionStateSchema },
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
  signOut: { input: ProfileIdSchema, result: SessionStateSchema },
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
