import { z } from 'zod'
import { normalisePbxAddress } from './pbx-address'
import { AuthUserSchema } from './pbx-auth'
import { DomainSchema, UsernameSchema } from './pbx-common'

/**
 * Saved PBXs ("profiles") and their sessions, as the app keeps them. A profile holds no secret:
 * passwords (only when the user ticks "remember") and refresh tokens live in the OS keychain.
 */

/** The Address field of a saved PBX: the text typed in, answered in its one form (see normalisePbxAddress). */
export const PbxAddressSchema = z.string().transform((text, ctx) => {
  const check = normalisePbxAddress(text)
  if (check.ok) return check.address
  ctx.addIssue({ code: 'custom', message: check.message })
  return z.NEVER
})

/** How the app signs in to a PBX: POST /api/auth/sign_in, or the OAuth 2.0 password grant. */
export const SIGN_IN_METHODS = ['sign_in', 'oauth'] as const
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]

/** The colours a saved PBX may wear in the fleet (a stripe beside its name); '' for none. */
export const PROFILE_COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'grey'] as const
export type ProfileColour = (typeof PROFILE_COLOURS)[number]

export const PROFILE_LIMITS = {
  label: { min: 1, max: 80 },
  customer: { max: 120 },
  group: { max: 60 },
  tag: { min: 1, max: 32 },
  tags: { max: 20 },
  notes: { max: 4000 },
} as const

const trimmed = (limit: { min?: number; max: number }, what: string) =>
  z
    .string()
    .trim()
    .min(limit.min ?? 0, { error: limit.min ? `enter ${what}` : undefined })
    .max(limit.max, { error: `must be at most ${limit.max} characters` })

/** What the user types for a saved PBX (add and edit). */
export const PbxProfileFieldsSchema = z.strictObject({
  label: trimmed(PROFILE_LIMITS.label, 'a name for this PBX'),
  /** the PBX's address (scheme, host, port: no credentials, path, query or fragment); API paths start with /api below it */
  baseUrl: PbxAddressSchema,
  username: UsernameSchema,
  /** tenant SIP domain; empty for the system administrator */
  domain: z.union([z.literal(''), DomainSchema]).default(''),
  signInMethod: z.enum(SIGN_IN_METHODS).default('sign_in'),
  customer: trimmed(PROFILE_LIMITS.customer, 'a customer').default(''),
  tags: z
    .array(trimmed(PROFILE_LIMITS.tag, 'a tag'))
    .max(PROFILE_LIMITS.tags.max, { error: `at most ${PROFILE_LIMITS.tags.max} tags` })
    .default([])
    .transform((tags) => [...new Set(tags)]),
  notes: z.string().max(PROFILE_LIMITS.notes.max, { error: `must be at most ${PROFILE_LIMITS.notes.max} characters` }).default(''),
  /** the reseller's grouping (e.g. a region or a support contract); '' for none */
  group: trimmed(PROFILE_LIMITS.group, 'a group').default(''),
  colour: z.union([z.literal(''), z.enum(PROFILE_COLOURS)]).default(''),
  favourite: z.boolean().default(false),
})
export type PbxProfileFields = z.input<typeof PbxProfileFieldsSchema>

/** A certificate the user trusted for one PBX (self-signed certificates are common on PBXs). */
export const TrustedCertificateSchema = z.object({
  fingerprint256: z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
  subject: z.string(),
  validTo: z.string(),
})
export type TrustedCertificate = z.infer<typeof TrustedCertificateSchema>

/** A saved PBX as stored and shown. */
export const PbxProfileSchema = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  username: z.string(),
  domain: z.string(),
  signInMethod: z.enum(SIGN_IN_METHODS),
  customer: z.string(),
  tags: z.array(z.string()),
  notes: z.string(),
  /** added after version 1 was first written: a file without them reads as none */
  group: z.string().default(''),
  colour: z.union([z.literal(''), z.enum(PROFILE_COLOURS)]).default(''),
  favourite: z.boolean().default(false),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** whether a password is kept in the keychain for it (never the password itself) */
  rememberPassword: z.boolean(),
  trustedCertificate: TrustedCertificateSchema.nullable(),
  /**
   * A tenant entry's second sign-in, as the system administrator of the same PBX (its IVR servers
   * and notification settings need that role). Its password and refresh token live in the keychain
   * beside the entry's own, never here. null: none; a system-administrator entry (domain '') is
   * that role already. Added after version 1 was first written: a file without it reads as none.
   */
  systemAdmin: z.object({ username: z.string(), rememberPassword: z.boolean() }).nullable().default(null),
  /** the profile the app made for its built-in demo PBX */
  demo: z.boolean(),
})
export type PbxProfile = z.infer<typeof PbxProfileSchema>

/** The file of saved PBXs, and the export format (the same shape, never a secret). */
export const PROFILES_FILE_VERSION = 1
export const ProfilesFileSchema = z.object({
  version: z.literal(PROFILES_FILE_VERSION),
  profiles: z.array(PbxProfileSchema),
})
export type ProfilesFile = z.infer<typeof ProfilesFileSchema>

/** The saved-PBX file could not be read: it was moved aside (`keptAs`) and the list started empty. */
export const SavedPbxsNoticeSchema = z.object({
  file: z.string(),
  keptAs: z.string(),
  /** what was wrong with it, in words */
  reason: z.string(),
})
export type SavedPbxsNotice = z.infer<typeof SavedPbxsNoticeSchema>

/**
 * The sign-ins a saved PBX can hold: `entry`, the one it is saved with (a tenant administrator, or
 * the system administrator when its domain is empty), and `system`, a tenant entry's second sign-in
 * as the system administrator of the same PBX (PbxProfile `systemAdmin`).
 */
export const SIGN_IN_ROLES = ['entry', 'system'] as const
export type SignInRole = (typeof SIGN_IN_ROLES)[number]

/** Whether an entry signs in as the system administrator itself (no tenant domain). */
export const isSystemEntry = (profile: Pick<PbxProfile, 'domain'>): boolean => profile.domain === ''

/** What an area that needs the system administrator offers a tenant entry (and the words of its NOT_SIGNED_IN). */
export const SYSTEM_SIGN_IN_TEXT = 'Sign in as the system administrator of this PBX'

/**
 * Where a saved PBX's session stands. `code_required`: the password was right and the PBX mailed
 * a one-time code (two-factor sign-in); `verifySignInCode` finishes the sign-in.
 */
export const SESSION_STATUSES = ['signed_out', 'code_required', 'signed_in'] as const
export const SessionStateSchema = z.object({
  profileId: z.string(),
  status: z.enum(SESSION_STATUSES),
  /** who is signed in (GET /api/auth/user), when signed in */
  user: AuthUserSchema.extend({ username: z.string() }).optional(),
  /** when the current access token expires (ISO 8601); the app refreshes it ahead of time */
  expiresAt: z.string().optional(),
  /**
   * Why a session that was signed in ended without the user signing out (status `signed_out`):
   * `certificate_changed`, the PBX presented another certificate than the one trusted for it, so
   * nothing more is sent until the user has checked it. `message` says so in words.
   */
  ended: z.object({ reason: z.enum(['certificate_changed']), message: z.string() }).optional(),
  /**
   * A tenant entry's system-administrator sign-in (PbxProfile `systemAdmin`), where the entry
   * holds one: its status and who it is, the way the entry's own is told above.
   */
  system: z
    .object({
      status: z.enum(SESSION_STATUSES),
      user: AuthUserSchema.extend({ username: z.string() }).optional(),
      expiresAt: z.string().optional(),
    })
    .optional(),
})
export type SessionState = z.infer<typeof SessionStateSchema>

/** What a session that ended on a changed certificate says (SessionState `ended.message`). */
export const CERTIFICATE_CHANGED_SESSION_MESSAGE = "Signed out: the PBX's certificate changed — sign in again after checking it."

/**
 * Where a password recovery of a saved PBX stands (seed 5.6: forget_password, then a one-time code
 * by email, verify_otp, reset_password). `waiting_for_link`: the PBX mailed a reset link; opening it
 * comes back to the app (a loopback address), or the user pastes it. `code_sent`: the one-time
 * code was mailed. `verified`: the code was right; a new password may be set.
 */
export const RECOVERY_STEPS = ['waiting_for_link', 'code_sent', 'verified'] as const
export const RecoveryStateSchema = z.object({
  profileId: z.string(),
  step: z.enum(RECOVERY_STEPS),
  /** why the recovery started: the user forgot, or the PBX requires a new password */
  reason: z.enum(['forgotten', 'forced']),
})
export type RecoveryState = z.infer<typeof RecoveryStateSchema>
