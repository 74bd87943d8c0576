import { z } from 'zod'
import {
  checkInput,
  OAUTH_CLIENT_ID,
  OAUTH_GRANT_TYPES,
  OAuthCodeFormSchema,
  OAuthPasswordFormSchema,
  OAuthRefreshFormSchema,
  problemText,
} from '../../contract/pbx'
import { ok, type RequestContext } from '../context'
import { unauthorized } from '../errors'
import type { Router } from '../router'
import { findUser, LOGIN_FAILED, NEEDS_TWO_FACTOR } from './credentials'
import { redeemIdpCode } from './idp-provider'
import { endSession, issuePair, openSession, rotateRefresh } from './tokens'

/**
 * POST /api/login/oauth/token (form body; password, refresh_token and authorization_code grants) and
 * POST /api/login/oauth/revoke. Every failure at the token endpoint but a wrong Content-Type is
 * 401 UNAUTHORIZED "login failed: …".
 */

const fail = (what: string) => unauthorized(`login failed: ${what}`)

const token = (ctx: RequestContext) => {
  const form = ctx.form()
  const grant = form.grant_type
  if (grant === undefined || grant === '') throw fail('grant_type is required')
  if (!(OAUTH_GRANT_TYPES as readonly string[]).includes(grant)) {
    throw fail(`grant_type must be one of ${OAUTH_GRANT_TYPES.join(', ')}`)
  }
  if (form.client_id !== OAUTH_CLIENT_ID) {
    throw fail(form.client_id ? 'client_id is not a known client' : 'client_id is required')
  }
  if (grant === 'password') {
    const r = checkInput(OAuthPasswordFormSchema, form)
    if (!r.success) {
      const first = r.problems[0]
      throw fail(first ? problemText(first, 'form') : 'the form is not valid')
    }
    const user = findUser(ctx.state, r.data.username, r.data.password, r.data.domain)
    if (!user) throw unauthorized(LOGIN_FAILED)
    if (user.twoFactor) throw unauthorized(NEEDS_TWO_FACTOR)
    return ok(issuePair(ctx.state, openSession(ctx.state, user, 'bearer')))
  }
  if (grant === 'authorization_code') {
    // the code the identity provider's page sent to redirect_uri (README "Identity provider")
    const r = checkInput(OAuthCodeFormSchema, form)
    if (!r.success) {
      const first = r.problems[0]
      throw fail(`${first ? problemText(first, 'form') : 'the form is not valid'} (grant_type authorization_code)`)
    }
    const entry = redeemIdpCode(ctx.state, r.data.code, r.data.redirect_uri)
    const session = openSession(ctx.state, entry.user, 'bearer')
    entry.session = session
    return ok(issuePair(ctx.state, session))
  }
  const r = checkInput(OAuthRefreshFormSchema, form)
  if (!r.success) {
    const first = r.problems[0]
    throw fail(first ? problemText(first, 'form') : 'the form is not valid')
  }
  const pair = rotateRefresh(ctx.state, r.data.refresh_token)
  if (!pair) throw fail('refresh_token is unknown, expired or already used')
  return ok(pair)
}

const revoke = (ctx: RequestContext) => {
  const p = ctx.principal()
  ctx.json(z.strictObject({}), true)
  endSession(ctx.state, p.access.session)
  return ok()
}

export const registerOAuth = (router: Router): void => {
  router.post('/api/login/oauth/token', token).post('/api/login/oauth/revoke', revoke)
}
