import {
  IdpSignInBodySchema,
  RefreshBodySchema,
  SignInBodySchema,
  SignInQuerySchema,
} from '../../contract/pbx'
import { z } from 'zod'
import { ok, type RequestContext } from '../context'
import { unauthorized } from '../errors'
import { ROLE_CAPABILITIES, ROLE_IDS } from '../permissions'
import type { Router } from '../router'
import { findUser, LOGIN_FAILED } from './credentials'
import { checkProvider, idpAuthorizeUrl, idpTenant } from './idp'
import { startTwoFactor } from './recovery'
import { endSession, issuePair, openSession, rotateRefresh } from './tokens'

/** POST /api/auth/sign_in, refresh_token, sign_out, sign_in/{provider}; GET /api/auth/user. */

const EmptyBodySchema = z.strictObject({})

const signIn = (ctx: RequestContext) => {
  ctx.parseQuery(SignInQuerySchema)
  const body = ctx.json(SignInBodySchema)
  const user = findUser(ctx.state, body.username, body.password, body.domain)
  if (!user) throw unauthorized(LOGIN_FAILED)
  if (user.twoFactor) return ok(startTwoFactor(ctx, user))
  return ok(issuePair(ctx.state, openSession(ctx.state, user, 'bearer')))
}

const refresh = (ctx: RequestContext) => {
  const body = ctx.json(RefreshBodySchema)
  const pair = rotateRefresh(ctx.state, body.refresh_token)
  if (!pair) throw unauthorized('refresh_token: the refresh token is unknown, expired or already used')
  return ok(pair)
}

const signOut = (ctx: RequestContext) => {
  const p = ctx.principal()
  ctx.json(EmptyBodySchema, true)
  endSession(ctx.state, p.access.session)
  return ok()
}

const authUser = (ctx: RequestContext) => {
  const { user } = ctx.principal()
  return ok({
    domain: user.tenant?.domain ?? '',
    role_id: ROLE_IDS[user.role],
    role_name: user.role,
    capabilities: [...ROLE_CAPABILITIES[user.role]],
    password_verified: true,
    password_force_reset: user.forceReset === true,
  })
}

const idpSignIn = (ctx: RequestContext) => {
  checkProvider(ctx.param('provider'))
  const body = ctx.json(IdpSignInBodySchema)
  const tenant = idpTenant(ctx.state, body.domain)
  return ok({ url: idpAuthorizeUrl(ctx.state, tenant, body.callback_url) })
}

export const registerSignIn = (router: Router): void => {
  router
    .post('/api/auth/sign_in', signIn)
    .post('/api/auth/sign_in/:provider', idpSignIn)
    .post('/api/auth/refresh_token', refresh)
    .post('/api/auth/sign_out', signOut)
    .get('/api/auth/user', authUser)
}
