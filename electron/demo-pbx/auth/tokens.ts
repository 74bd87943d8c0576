import type { TokenPair } from '../../contract/pbx'
import type { AccessToken, DemoState, Session, User } from '../state'
import { randomToken } from '../state'

/**
 * Sessions and their tokens: opaque random strings. An access token lives `tokenTtl` seconds,
 * a refresh token `refreshTtl` seconds; refreshing rotates (the used refresh token stops working,
 * the old access token lives on until it expires); ending a session ends all its tokens.
 */

export const openSession = (state: DemoState, user: User, kind: Session['kind']): Session => {
  const session: Session = {
    id: randomToken(18),
    user,
    kind,
    refreshToken: undefined,
    refreshExpiresAt: state.now() + state.options.refreshTtl * 1000,
    accessTokens: new Set(),
    currentAccess: undefined,
    ended: false,
  }
  state.sessions.set(session.id, session)
  return session
}

/** Issue a new access token for a session. */
export const issueAccess = (state: DemoState, session: Session): AccessToken => {
  const access: AccessToken = {
    token: randomToken(),
    session,
    expiresAt: state.now() + state.options.tokenTtl * 1000,
  }
  state.accessTokens.set(access.token, access)
  state.issuedTokens.push(access.token)
  session.accessTokens.add(access.token)
  session.currentAccess = access.token
  return access
}

/** Issue a new access token and a new refresh token (the previous refresh token stops working). */
export const issuePair = (state: DemoState, session: Session): TokenPair => {
  const access = issueAccess(state, session)
  if (session.refreshToken) state.refreshTokens.delete(session.refreshToken)
  const refresh = randomToken(32)
  session.refreshToken = refresh
  session.refreshExpiresAt = state.now() + state.options.refreshTtl * 1000
  state.refreshTokens.set(refresh, session)
  state.issuedTokens.push(refresh)
  return {
    access_token: access.token,
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: state.options.tokenTtl,
  }
}

export type AccessCheck = { ok: true; access: AccessToken } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }

export const checkAccess = (state: DemoState, token: string): AccessCheck => {
  const access = state.accessTokens.get(token)
  if (!access) return { ok: false, reason: 'unknown' }
  if (access.session.ended) return { ok: false, reason: 'revoked' }
  if (access.expiresAt <= state.now()) return { ok: false, reason: 'expired' }
  return { ok: true, access }
}

/** Rotate a refresh token: answers the new pair, or undefined for an unknown, used or expired one. */
export const rotateRefresh = (state: DemoState, refreshToken: string): TokenPair | undefined => {
  const session = state.refreshTokens.get(refreshToken)
  if (!session || session.ended || session.refreshToken !== refreshToken) return undefined
  if (session.refreshExpiresAt <= state.now()) {
    state.refreshTokens.delete(refreshToken)
    return undefined
  }
  return issuePair(state, session)
}

export const endSession = (state: DemoState, session: Session): void => {
  session.ended = true
  for (const t of session.accessTokens) state.accessTokens.delete(t)
  session.accessTokens.clear()
  session.currentAccess = undefined
  if (session.refreshToken) state.refreshTokens.delete(session.refreshToken)
  session.refreshToken = undefined
  state.sessions.delete(session.id)
}

export const endUserSessions = (state: DemoState, user: User): void => {
  for (const s of [...state.sessions.values()]) if (s.user === user) endSession(state, s)
}
