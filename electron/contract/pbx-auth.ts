import { z } from 'zod'
import { DomainSchema, HttpUrlSchema, LIMITS, UsernameSchema, text } from './pbx-common'

/**
 * Authentication shapes (seed 2.2, 2.3, 4.1, 4.2, 5; demo PBX README "Tokens and sessions",
 * "Password recovery", "Identity provider"). Re-exported by `pbx.ts`.
 */

/** The fixed public client identifier of the OAuth token endpoint (seed 4.2). */
export const OAUTH_CLIENT_ID = '9d806019-75b2-4b3d-bb8b-f5a3a412cc0a'
/** The literal scope of the OAuth password grant (seed 4.2). */
export const OAUTH_SCOPE = 'all'
export const OAUTH_GRANT_TYPES = ['password', 'refresh_token', 'authorization_code'] as const
export type OAuthGrantType = (typeof OAUTH_GRANT_TYPES)[number]
/** The one supported identity provider of POST /api/auth/sign_in/{provider}. */
export const IDP_PROVIDERS = ['idp365'] as const
export type IdpProvider = (typeof IDP_PROVIDERS)[number]
/** The cookie of the session login (POST /api/login). */
export const SESSION_COOKIE = 'pbx_session'

/** A domain that may also be empty or absent (the system administrator has none). */
const OptionalDomainSchema = z.union([z.literal(''), DomainSchema]).optional()

const PasswordSchema = z.string().min(1, { error: 'enter a password' })

// --- sign-in -------------------------------------------------------------------------------------

/** Body of POST /api/auth/sign_in: username, password, and the tenant domain (absent for the system administrator). */
export const SignInBodySchema = z.strictObject({
  username: UsernameSchema,
  password: PasswordSchema,
  domain: OptionalDomainSchema,
})
export type SignInBody = z.input<typeof SignInBodySchema>

/** Query of POST /api/auth/sign_in: `qr` is `true` or `false` (default false). */
export const SignInQuerySchema = z.object({
  qr: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
})

/** The token answer of sign_in, refresh_token and the OAuth token endpoint. */
export const TokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string(),
  expires_in: z.int(),
})
export type TokenPair = z.infer<typeof TokenPairSchema>

/** Body of POST /api/auth/refresh_token. */
export const RefreshBodySchema = z.strictObject({ refresh_token: z.string().min(1) })
export type RefreshBody = z.input<typeof RefreshBodySchema>

/** Body of POST /api/auth/sign_in/{provider}. */
export const IdpSignInBodySchema = z.strictObject({ domain: DomainSchema, callback_url: HttpUrlSchema })
export type IdpSignInBody = z.input<typeof IdpSignInBodySchema>
/** Answer of POST /api/auth/sign_in/{provider}: the identity provider's authentication address. */
export const IdpSignInAnswerSchema = z.object({ url: z.string() })
export type IdpSignInAnswer = z.infer<typeof IdpSignInAnswerSchema>

/** Form body of POST /api/login/by_idp. */
export const ByIdpFormSchema = z.object({ domain: DomainSchema })
export type ByIdpForm = z.input<typeof ByIdpFormSchema>

// --- OAuth 2.0 token endpoint (form bodies) -----------------------------------------------------

/** Password grant: system administrator (no domain) or tenant user (with domain). */
export const OAuthPasswordFormSchema = z.object({
  grant_type: z.literal('password'),
  username: UsernameSchema,
  password: PasswordSchema,
  domain: OptionalDomainSchema,
  scope: z.literal(OAUTH_SCOPE),
  client_id: z.literal(OAUTH_CLIENT_ID),
})
export type OAuthPasswordForm = z.input<typeof OAuthPasswordFormSchema>

/** Refresh grant. */
export const OAuthRefreshFormSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1),
  client_id: z.literal(OAUTH_CLIENT_ID),
})
export type OAuthRefreshForm = z.input<typeof OAuthRefreshFormSchema>

/**
 * Authorization-code grant (seed 5.4: exchanging a code needs no Authorization header; client_id
 * goes in the form): the code the identity provider sent to `redirect_uri`.
 */
export const OAuthCodeFormSchema = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1),
  redirect_uri: HttpUrlSchema,
  client_id: z.literal(OAUTH_CLIENT_ID),
})
export type OAuthCodeForm = z.input<typeof OAuthCodeFormSchema>

export const OAuthTokenFormSchema = z.discriminatedUnion('grant_type', [OAuthPasswordFormSchema, OAuthRefreshFormSchema, OAuthCodeFormSchema])
export type OAuthTokenForm = z.input<typeof OAuthTokenFormSchema>

// --- cookie-style session -----------------------------------------------------------------------

/** Body of POST /api/login (domain empty or absent for the system administrator). */
export const SessionLoginBodySchema = z.strictObject({
  username: UsernameSchema,
  password: PasswordSchema,
  domain: OptionalDomainSchema,
})
export type SessionLoginBody = z.input<typeof SessionLoginBodySchema>

/** Answer of GET /api/login. */
export const SessionStatusSchema = z.object({
  access_token: z.string(),
  expires_at: z.string(),
  expires_in: z.int(),
  role: z.string(),
})
export type SessionStatus = z.infer<typeof SessionStatusSchema>

// --- password recovery --------------------------------------------------------------------------

export const ForgetPasswordBodySchema = z.strictObject({
  domain: DomainSchema,
  username: UsernameSchema,
  callback_url: HttpUrlSchema,
})
export type ForgetPasswordBody = z.input<typeof ForgetPasswordBodySchema>

export const SendOtpBodySchema = z.strictObject({ token: z.string().min(1) })
export type SendOtpBody = z.input<typeof SendOtpBodySchema>

export const VerifyOtpBodySchema = z.strictObject({ token: z.string().min(1), code: z.string().min(1) })
export type VerifyOtpBody = z.input<typeof VerifyOtpBodySchema>

export const ResetPasswordBodySchema = z.strictObject({
  token: z.string().min(1),
  new_password: text(LIMITS.newPassword),
})
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>

// --- the signed-in user -------------------------------------------------------------------------

/** Answer of GET /api/auth/user (seed 2.3); `domain` is empty for the system administrator. */
export const AuthUserSchema = z.object({
  domain: z.string().optional(),
  role_id: z.string().optional(),
  role_name: z.string().optional(),
  capabilities: z.array(z.string()).optional(),
  password_verified: z.boolean().optional(),
  password_force_reset: z.boolean().optional(),
})
export type AuthUser = z.infer<typeof AuthUserSchema>

/** A role name as input (custom roles): 1..64 characters. */
export const RoleNameSchema = text(LIMITS.roleName)

