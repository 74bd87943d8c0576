import { SessionStatusSchema, type SessionStatus } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { parseBody, pbxRequest, type RequestOptions } from './request'

/**
 * The cookie-style session of seed 4.1 and 5.2: POST /api/login sets a session cookie, GET
 * /api/login answers the session's access token, POST /api/logout ends it; POST /api/login/by_idp
 * starts an identity-provider login for a tenant. The app signs in with tokens (sign_in or OAuth);
 * this client covers these endpoints for PBXs whose web console works this way.
 */
type Options = Pick<RequestOptions, 'signal' | 'timeoutMs' | 'trustedFingerprint256'>

/** Signs in; answers the session cookie (`name=value`) to send back. */
export async function cookieLogin(
  baseUrl: string,
  credentials: { username: string; password: string; domain: string },
  options: Options = {},
): Promise<string> {
  const response = await pbxRequest(baseUrl, 'api/login', {
    ...options,
    method: 'POST',
    json: { username: credentials.username, password: credentials.password, ...(credentials.domain ? { domain: credentials.domain } : {}) },
  })
  const cookie = response.setCookie?.[0]?.split(';')[0]
  if (!cookie) throw new ServiceError('NOT_A_PBX', 'The PBX accepted the login but set no session cookie.')
  return cookie
}

/** GET /api/login: the cookie session's access token, its expiry and role. */
export async function cookieSessionStatus(baseUrl: string, cookie: string, options: Options = {}): Promise<SessionStatus> {
  return parseBody(SessionStatusSchema, await pbxRequest(baseUrl, 'api/login', { ...options, cookie }), 'GET /api/login')
}

/** POST /api/logout (204): ends the cookie session. */
export async function cookieLogout(baseUrl: string, cookie: string, options: Options = {}): Promise<void> {
  await pbxRequest(baseUrl, 'api/logout', { ...options, method: 'POST', cookie })
}

/** POST /api/login/by_idp (form body): starts an identity-provider login for the tenant. */
export async function loginByIdp(baseUrl: string, domain: string, options: Options = {}): Promise<void> {
  await pbxRequest(baseUrl, 'api/login/by_idp', { ...options, method: 'POST', form: { domain } })
}
