import {
  AuthUserSchema,
  OAUTH_CLIENT_ID,
  OAUTH_SCOPE,
  TokenPairSchema,
  type AuthUser,
  type TokenPair,
} from '../../contract/pbx'
import type { SignInMethod } from '../../contract/profiles'
import { ServiceError } from '../errors'
import { parseBody, pbxRequest, type RequestOptions } from './request'

/**
 * The seed's ways to get, renew and end a token (sections 4.1, 4.2 and 5), for the two sign-in
 * methods a saved PBX can use: `sign_in` (POST /api/auth/sign_in, refresh_token, sign_out) and
 * `oauth` (the password grant at /api/login/oauth/token, the refresh grant, revoke).
 */

export interface Credentials {
  username: string
  password: string
  /** tenant SIP domain; empty for the system administrator */
  domain: string
}

type Options = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'trustedFingerprint256'>

/** The first step of a two-factor sign-in: the flow token for send_otp and verify_otp. */
export type TwoFactorChallenge = { twoFactorToken: string }

export async function signInWith(
  method: SignInMethod,
  baseUrl: string,
  credentials: Credentials,
  options: Options = {},
): Promise<TokenPair | TwoFactorChallenge> {
  const domain: { domain?: string } = credentials.domain ? { domain: credentials.domain } : {}
  const response =
    method === 'oauth'
      ? await pbxRequest(baseUrl, 'api/login/oauth/token', {
          ...options,
          method: 'POST',
          form: {
            grant_type: 'password',
            username: credentials.username,
            password: credentials.password,
            ...(credentials.domain ? { domain: credentials.domain } : {}),
            scope: OAUTH_SCOPE,
            client_id: OAUTH_CLIENT_ID,
          },
        })
      : await pbxRequest(baseUrl, 'api/auth/sign_in', {
          ...options,
          method: 'POST',
          json: { username: credentials.username, password: credentials.password, ...domain },
        })
  // PBXs of this family may answer {two_factor_enabled, token}: a one-time code comes next
  if (isTwoFactorAnswer(response.body)) return { twoFactorToken: response.body.token }
  return parseBody(TokenPairSchema, response, 'the sign-in')
}

/**
 * The identity provider's one-time code for a token pair (seed 4.2 and 5.4: the OAuth token
 * endpoint, grant_type=authorization_code, client_id in the form, no Authorization header).
 * `redirectUri` is the address the code was sent to, exactly as handed out.
 */
export async function exchangeAuthorizationCode(baseUrl: string, code: string, redirectUri: string, options: Options = {}): Promise<TokenPair> {
  const response = await pbxRequest(baseUrl, 'api/login/oauth/token', {
    ...options,
    method: 'POST',
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: OAUTH_CLIENT_ID },
  })
  return parseBody(TokenPairSchema, response, 'the sign-in through the identity provider')
}

export async function refreshWith(method: SignInMethod, baseUrl: string, refreshToken: string, options: Options = {}): Promise<TokenPair> {
  const response =
    method === 'oauth'
      ? await pbxRequest(baseUrl, 'api/login/oauth/token', {
          ...options,
          method: 'POST',
          form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: OAUTH_CLIENT_ID },
        })
      : await pbxRequest(baseUrl, 'api/auth/refresh_token', { ...options, method: 'POST', json: { refresh_token: refreshToken } })
  return parseBody(TokenPairSchema, response, 'the token refresh')
}

/** Ends the session on the PBX: sign_out, or revoke for OAuth sessions. */
export async function signOutWith(method: SignInMethod, baseUrl: string, accessToken: string, options: Options = {}): Promise<void> {
  const path = method === 'oauth' ? 'api/login/oauth/revoke' : 'api/auth/sign_out'
  await pbxRequest(baseUrl, path, { ...options, method: 'POST', token: accessToken, json: {} })
}

export async function getAuthUser(baseUrl: string, accessToken: string, options: Options = {}): Promise<AuthUser> {
  const response = await pbxRequest(baseUrl, 'api/auth/user', { ...options, token: accessToken })
  return parseBody(AuthUserSchema, response, 'GET /api/auth/user')
}

function isTwoFactorAnswer(body: unknown): body is { two_factor_enabled: true; token: string } {
  const answer = body as { two_factor_enabled?: unknown; token?: unknown } | null
  return typeof answer === 'object' && answer !== null && answer.two_factor_enabled === true && typeof answer.token === 'string'
}

/** Mails the one-time code of a two-factor sign-in (POST /api/auth/send_otp). */
export async function sendSignInCode(baseUrl: string, flowToken: string, options: Options = {}): Promise<void> {
  await pbxRequest(baseUrl, 'api/auth/send_otp', { ...options, method: 'POST', json: { token: flowToken } })
}

/** Finishes a two-factor sign-in (POST /api/auth/verify_otp), which answers the token pair. */
export async function verifySignInCode(baseUrl: string, flowToken: string, code: string, options: Options = {}): Promise<TokenPair> {
  const response = await pbxRequest(baseUrl, 'api/auth/verify_otp', { ...options, method: 'POST', json: { token: flowToken, code } })
  if (response.body === undefined) {
    throw new ServiceError('NOT_SUPPORTED', 'The PBX accepted the code but opened no session (verify_otp answered no tokens). Sign in on the PBX\'s web page instead.')
  }
  return parseBody(TokenPairSchema, response, 'the one-time code check')
}
