import type { AuthUser } from '../../contract/pbx'
import { CERTIFICATE_CHANGED_SESSION_MESSAGE, type PbxProfile, type SessionState } from '../../contract/profiles'
import { ServiceError } from '../errors'
import type { PbxSecrets } from '../keychain/pbx-secrets'
import { getAuthUser, refreshWith, sendSignInCode, signInWith, signOutWith, verifySignInCode } from '../pbx-client/auth'
import type { PbxCaller } from '../pbx-client/caller'
import { pbxRequest, tlsOptionsOf, type PbxResponse, type RequestOptions } from '../pbx-client/request'

/** Refresh this long before the access token expires: a quarter of its life, at most a minute. */
const refreshMarginMs = (ttlMs: number) => Math.min(60_000, ttlMs / 4)

interface Tokens {
  accessToken: string
  refreshToken: string
  expiresAt: number
  refreshAt: number
}

type SessionProfile = Pick<PbxProfile, 'id' | 'baseUrl' | 'username' | 'domain' | 'signInMethod'> & Partial<Pick<PbxProfile, 'trustedCertificate'>>

/**
 * The token lifecycle of one saved PBX. It signs in with the PBX's sign-in method, keeps the
 * refresh token in the keychain (so a crashed app can resume), renews the access token ahead of
 * expiry and once on a 401, with one refresh shared by every call waiting at that moment, and
 * signs out on the PBX. It is the PbxCaller the resource clients use.
 */
export function createPbxSession(profile: SessionProfile, secrets: PbxSecrets, now: () => number = Date.now) {
  // a certificate the user trusted for this PBX is checked on every connection
  const tls = tlsOptionsOf(profile)
  let tokens: Tokens | undefined
  let user: (AuthUser & { username: string }) | undefined
  let refreshing: Promise<Tokens> | undefined
  /** the flow token of a two-factor sign-in waiting for its code (kept here, never shown) */
  let challenge: string | undefined
  /** why the session ended without a sign-out (a changed certificate); the next sign-in clears it */
  let ended: SessionState['ended']
  /** told once when tokens are next kept (see onTokens) */
  const tokenListeners = new Set<() => void>()

  function keep(pair: { access_token: string; refresh_token: string; expires_in: number }): Tokens {
    const ttlMs = Math.max(0, pair.expires_in) * 1000
    const issued = now()
    tokens = {
      accessToken: pair.access_token,
      refreshToken: pair.refresh_token,
      expiresAt: issued + ttlMs,
      refreshAt: issued + ttlMs - refreshMarginMs(ttlMs),
    }
    for (const listener of [...tokenListeners]) listener()
    tokenListeners.clear()
    return tokens
  }

  async function afterSignIn(pair: { access_token: string; refresh_token: string; expires_in: number }): Promise<SessionState> {
    const current = keep(pair)
    ended = undefined
    await secrets.update(profile.id, { refreshToken: current.refreshToken })
    user = { ...(await getAuthUser(profile.baseUrl, current.accessToken, tls)), username: profile.username }
    return state()
  }

  function forgetLocally(): Promise<void> {
    tokens = undefined
    user = undefined
    challenge = undefined
    return secrets.update(profile.id, { refreshToken: undefined })
  }

  /** Renews the token pair; concurrent callers share one request. A refused refresh ends the session. */
  function refresh(): Promise<Tokens> {
    refreshing ??= (async () => {
      const refreshToken = tokens?.refreshToken ?? (await secrets.read(profile.id)).refreshToken
      if (!refreshToken) throw notSignedIn()
      try {
        const current = keep(await refreshWith(profile.signInMethod, profile.baseUrl, refreshToken, tls))
        await secrets.update(profile.id, { refreshToken: current.refreshToken })
        return current
      } catch (error) {
        if (error instanceof ServiceError && (error.status === 401 || error.status === 400)) {
          await forgetLocally()
          throw notSignedIn('The PBX ended the session (its refresh token was refused). Sign in again.')
        }
        throw error
      }
    })().finally(() => {
      refreshing = undefined
    })
    return refreshing
  }

  /**
   * A certificate other than the trusted one ends the session at once (the connection was refused
   * before anything was sent): the list of sessions must not go on saying "signed in" while every
   * call is refused. The refresh token is forgotten too: trusting the new certificate signs out
   * anyway (session-manager `profileChanged`), and not trusting it means not going back.
   */
  async function endOnChangedCertificate(error: unknown): Promise<void> {
    if (!(error instanceof ServiceError) || error.code !== 'UNTRUSTED_CERTIFICATE' || error.certificate?.reason !== 'CERTIFICATE_CHANGED') return
    ended = { reason: 'certificate_changed', message: CERTIFICATE_CHANGED_SESSION_MESSAGE }
    await forgetLocally()
  }

  /** runs `work`; a changed certificate it meets ends the session before the error goes on */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      await endOnChangedCertificate(error)
      throw error
    }
  }

  async function validToken(): Promise<Tokens> {
    if (refreshing) return refreshing
    if (!tokens) throw notSignedIn(ended?.message)
    return now() >= tokens.refreshAt ? refresh() : tokens
  }

  function state(): SessionState {
    if (challenge) return { profileId: profile.id, status: 'code_required' }
    if (!tokens || !user) return { profileId: profile.id, status: 'signed_out', ...(ended ? { ended } : {}) }
    return { profileId: profile.id, status: 'signed_in', user, expiresAt: new Date(tokens.expiresAt).toISOString() }
  }

  const caller: PbxCaller = {
    baseUrl: profile.baseUrl,
    call(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<PbxResponse> {
      return guarded(async () => {
        const used = await validToken()
        try {
          return await pbxRequest(profile.baseUrl, path, { ...options, ...tls, token: used.accessToken })
        } catch (error) {
          if (!(error instanceof ServiceError) || error.status !== 401) throw error
          // expired or revoked on the PBX's side: refresh once (unless another call already did), retry once
          const renewed = tokens && tokens.accessToken !== used.accessToken ? tokens : await refresh()
          return pbxRequest(profile.baseUrl, path, { ...options, ...tls, token: renewed.accessToken })
        }
      })
    },
  }

  return {
    profileId: profile.id,
    caller,
    state,
    signedIn: () => tokens !== undefined && user !== undefined && challenge === undefined,
    /**
     * Tells `listener` once, when tokens are next kept: the caller can be used from then on, while
     * the sign-in still asks who the user is (the fleet reads its figures meanwhile). Answers a
     * function that stops listening.
     */
    onTokens(listener: () => void): () => void {
      tokenListeners.add(listener)
      return () => void tokenListeners.delete(listener)
    },
    async signIn(password: string): Promise<SessionState> {
      const answer = await signInWith(
        profile.signInMethod,
        profile.baseUrl,
        { username: profile.username, password, domain: profile.domain },
        tls,
      )
      if ('twoFactorToken' in answer) {
        await sendSignInCode(profile.baseUrl, answer.twoFactorToken, tls)
        challenge = answer.twoFactorToken
        return state()
      }
      challenge = undefined
      return afterSignIn(answer)
    },
    /** takes over a token pair got another way (the identity provider's authorization code) */
    adopt(pair: { access_token: string; refresh_token: string; expires_in: number }): Promise<SessionState> {
      challenge = undefined
      return afterSignIn(pair)
    },
    /** the second step of a two-factor sign-in */
    async verifyCode(code: string): Promise<SessionState> {
      if (!challenge) throw notSignedIn('No sign-in is waiting for a code. Sign in again.')
      try {
        const pair = await verifySignInCode(profile.baseUrl, challenge, code, tls)
        challenge = undefined
        return await afterSignIn(pair)
      } catch (error) {
        if (error instanceof ServiceError && error.status === 401) {
          throw new ServiceError('PBX_ERROR', `Wrong or expired code: ${error.message}`, { status: 401, pbxCode: error.pbxCode ?? 'UNAUTHORIZED', field: 'code' })
        }
        throw error
      }
    },
    async resendCode(): Promise<SessionState> {
      if (!challenge) throw notSignedIn('No sign-in is waiting for a code. Sign in again.')
      await sendSignInCode(profile.baseUrl, challenge, tls)
      return state()
    },
    /** picks up a session from the refresh token the keychain kept (after a crash or a restart) */
    resume(): Promise<SessionState> {
      return guarded(async () => {
        const current = await refresh()
        user = { ...(await getAuthUser(profile.baseUrl, current.accessToken, tls)), username: profile.username }
        return state()
      })
    },
    /** ends the session on the PBX (best effort: an unreachable PBX does not keep the user signed in) */
    async signOut(): Promise<SessionState> {
      let current = tokens
      // an expired access token cannot sign out; renew it first so the PBX ends the session for real
      if (current && now() >= current.refreshAt) current = await refresh().catch(() => undefined)
      await forgetLocally()
      ended = undefined
      if (current) {
        await signOutWith(profile.signInMethod, profile.baseUrl, current.accessToken, { ...tls, timeoutMs: 5000 }).catch(() => undefined)
      }
      return state()
    },
  }
}

export type PbxSession = ReturnType<typeof createPbxSession>

function notSignedIn(message = 'Sign in to this PBX first.'): ServiceError {
  return new ServiceError('NOT_SIGNED_IN', message)
}
