import { randomInt } from 'node:crypto'
import {
  ForgetPasswordBodySchema,
  ResetPasswordBodySchema,
  SendOtpBodySchema,
  VerifyOtpBodySchema,
} from '../../contract/pbx'
import { ok, type RequestContext } from '../context'
import { unauthorized } from '../errors'
import type { Router } from '../router'
import type { RecoveryFlow, User } from '../state'
import { randomToken } from '../state'
import { findTenantUser } from './credentials'
import { endUserSessions, issuePair, openSession } from './tokens'

/**
 * Password recovery (README "Password recovery and one-time codes"): forget_password → send_otp →
 * verify_otp → reset_password. Mails go into the outbox.
 */

export const RECOVERY_TTL_MS = 15 * 60 * 1000
export const MAX_WRONG_CODES = 5
export const TWO_FACTOR_TTL_MS = 5 * 60 * 1000

const flowOf = (ctx: RequestContext, token: string): RecoveryFlow => {
  const flow = ctx.state.recoveries.get(token)
  if (!flow || flow.ended || flow.expiresAt <= ctx.state.now()) {
    throw unauthorized('token: the token is unknown, expired or used up')
  }
  return flow
}

const forgetPassword = (ctx: RequestContext) => {
  const body = ctx.json(ForgetPasswordBodySchema)
  const user = findTenantUser(ctx.state, body.domain, body.username)
  if (user && user.tenant) {
    const { token } = openFlow(ctx, user, 'recovery', RECOVERY_TTL_MS)
    const link = new URL(body.callback_url)
    link.searchParams.set('token', token)
    ctx.state.outbox.push({
      kind: 'password_reset',
      to: user.email,
      domain: user.tenant.domain,
      username: user.username,
      token,
      link: link.toString(),
      subject: 'Reset your PBX password',
      body: `Someone asked to reset the password of ${user.username}. Open ${link.toString()} within 15 minutes to continue.`,
      at: new Date(ctx.state.now()).toISOString(),
    })
  }
  return ok()
}

const sendOtp = (ctx: RequestContext) => {
  const body = ctx.json(SendOtpBodySchema)
  const flow = flowOf(ctx, body.token)
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  flow.code = code
  ctx.state.outbox.push({
    kind: 'otp',
    to: flow.user.email,
    domain: flow.user.tenant?.domain ?? '',
    username: flow.user.username,
    token: flow.token,
    code,
    subject: 'Your PBX verification code',
    body: `Your verification code is ${code}.`,
    at: new Date(ctx.state.now()).toISOString(),
  })
  return ok()
}

const verifyOtp = (ctx: RequestContext) => {
  const body = ctx.json(VerifyOtpBodySchema)
  const flow = flowOf(ctx, body.token)
  if (flow.code === undefined || body.code !== flow.code) {
    flow.wrongCodes++
    if (flow.wrongCodes >= MAX_WRONG_CODES) {
      flow.ended = true
      throw unauthorized('code: wrong code; too many wrong codes, start again')
    }
    throw unauthorized(`code: wrong code (${MAX_WRONG_CODES - flow.wrongCodes} tries left)`)
  }
  flow.verified = true
  if (flow.purpose === 'sign_in') {
    // the second step of a two-factor sign-in: the code was right, the session starts now
    flow.ended = true
    return ok(issuePair(ctx.state, openSession(ctx.state, flow.user, 'bearer')))
  }
  return ok()
}

/** The first step of a two-factor sign-in: a flow token for send_otp and verify_otp. */
export const startTwoFactor = (ctx: RequestContext, user: User): { two_factor_enabled: true; token: string } => ({
  two_factor_enabled: true,
  token: openFlow(ctx, user, 'sign_in', TWO_FACTOR_TTL_MS).token,
})

/** A flow token for send_otp / verify_otp: a password recovery or the second step of a sign-in. */
const openFlow = (ctx: RequestContext, user: User, purpose: RecoveryFlow['purpose'], ttlMs: number): RecoveryFlow => {
  const flow: RecoveryFlow = {
    purpose,
    token: randomToken(),
    user,
    expiresAt: ctx.state.now() + ttlMs,
    code: undefined,
    wrongCodes: 0,
    verified: false,
    ended: false,
  }
  ctx.state.recoveries.set(flow.token, flow)
  return flow
}

const resetPassword = (ctx: RequestContext) => {
  const body = ctx.json(ResetPasswordBodySchema)
  const flow = flowOf(ctx, body.token)
  if (flow.purpose !== 'recovery') throw unauthorized('token: this token belongs to a sign-in, not to a password recovery')
  if (!flow.verified) throw unauthorized('token: verify the one-time code first (verify_otp)')
  flow.user.password = body.new_password
  flow.user.forceReset = false
  flow.ended = true
  endUserSessions(ctx.state, flow.user)
  return ok()
}

export const registerRecovery = (router: Router): void => {
  router
    .post('/api/auth/forget_password', forgetPassword)
    .post('/api/auth/send_otp', sendOtp)
    .post('/api/auth/verify_otp', verifyOtp)
    .post('/api/auth/reset_password', resetPassword)
}
