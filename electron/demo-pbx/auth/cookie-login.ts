import { ByIdpFormSchema, checkInput, SESSION_COOKIE, SessionLoginBodySchema } from '../../contract/pbx'
import { ok, type Reply, type RequestContext } from '../context'
import { invalidProblems, unauthorized } from '../errors'
import type { Router } from '../router'
import { findUser, LOGIN_FAILED, NEEDS_TWO_FACTOR } from './credentials'
import { idpTenant } from './idp'
import { checkAccess, endSession, issueAccess, openSession } from './tokens'

/**
 * The cookie-style session: POST /api/login sets `pbx_session`, GET /api/login answers its access
 * token, POST /api/logout ends it. POST /api/login/by_idp checks an identity-provider domain.
 * A cookie session lives `refreshTtl` seconds; its access token is renewed when it has expired.
 */

const COOKIE_ATTRS = 'HttpOnly; SameSite=Strict; Path=/api'

const sessionOf = (ctx: RequestContext) => {
  const id = ctx.cookie(SESSION_COOKIE)
  if (!id) return undefined
  const session = ctx.state.sessions.get(id)
  if (!session || session.kind !== 'cookie' || session.ended) return undefined
  if (session.refreshExpiresAt <= ctx.state.now()) {
    endSession(ctx.state, session)
    return undefined
  }
  return session
}

const login = (ctx: RequestContext): Reply => {
  const body = ctx.json(SessionLoginBodySchema)
  const user = findUser(ctx.state, body.username, body.password, body.domain)
  if (!user) throw unauthorized(LOGIN_FAILED)
  if (user.twoFactor) throw unauthorized(NEEDS_TWO_FACTOR)
  const session = openSession(ctx.state, user, 'cookie')
  issueAccess(ctx.state, session)
  return { status: 200, headers: { 'Set-Cookie': `${SESSION_COOKIE}=${session.id}; ${COOKIE_ATTRS}` } }
}

const status = (ctx: RequestContext): Reply => {
  const session = sessionOf(ctx)
  if (!session) throw unauthorized(`Cookie: no valid ${SESSION_COOKIE} session; sign in with POST /api/login`)
  const current = session.currentAccess ? checkAccess(ctx.state, session.currentAccess) : undefined
  const access = current?.ok ? current.access : issueAccess(ctx.state, session)
  return ok({
    access_token: access.token,
    expires_at: new Date(access.expiresAt).toISOString(),
    expires_in: Math.max(0, Math.ceil((access.expiresAt - ctx.state.now()) / 1000)),
    role: session.user.role,
  })
}

const logout = (ctx: RequestContext): Reply => {
  const session = sessionOf(ctx)
  if (session) endSession(ctx.state, session)
  return { status: 204, headers: { 'Set-Cookie': `${SESSION_COOKIE}=; Max-Age=0; ${COOKIE_ATTRS}` } }
}

const byIdp = (ctx: RequestContext): Reply => {
  const r = checkInput(ByIdpFormSchema, ctx.form())
  if (!r.success) throw invalidProblems(r.problems, 'form')
  idpTenant(ctx.state, r.data.domain)
  return ok()
}

export const registerCookieLogin = (router: Router): void => {
  router
    .post('/api/login', login)
    .get('/api/login', status)
    .post('/api/logout', logout)
    .post('/api/login/by_idp', byIdp)
}
