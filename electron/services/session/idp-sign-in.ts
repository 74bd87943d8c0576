import { IdpSignInAnswerSchema } from '../../contract/pbx'
import type { SessionState } from '../../contract/profiles'
import { cancelled, ServiceError } from '../errors'
import { openLoopbackRedirect } from '../loopback/loopback-listener'
import { exchangeAuthorizationCode } from '../pbx-client/auth'
import { getInfo } from '../pbx-client/info'
import { parseBody, pbxRequest, tlsOptionsOf } from '../pbx-client/request'
import type { ProfileStore } from '../profiles/profile-store'
import type { SessionManager } from './session-manager'

/** How long the identity provider's redirect is awaited: time to type a password, and more. */
export const IDP_WAIT_MS = 5 * 60 * 1000
/** The one identity provider of the seed (POST /api/auth/sign_in/{provider}). */
const PROVIDER = 'idp365'

export interface IdpSignInOptions {
  profiles: ProfileStore
  sessions: SessionManager
  /** opens an http(s) address in the user's browser (Electron's shell.openExternal, checked) */
  openExternal: (url: string) => Promise<void>
}

/**
 * Sign-in through the tenant's identity provider (seed 4.1 and 5.2), for a PBX whose
 * GET /api/info?domain= says it is enabled. The PBX hands out the provider's address for a
 * loopback redirect of this app (RFC 8252, section 7.3); the user signs in there in the system
 * browser, which comes back with a one-time code; the code is exchanged at the OAuth token
 * endpoint, and the session manager takes over the token pair. Neither the code nor a token
 * reaches the renderer. One sign-in per saved PBX at a time: a second one cancels the first.
 */
export function createIdpSignIn({ profiles, sessions, openExternal }: IdpSignInOptions) {
  const running = new Map<string, AbortController>()

  async function signIn(profileId: string): Promise<SessionState> {
    const profile = await profiles.get(profileId)
    if (!profile.domain) {
      throw new ServiceError(
        'INVALID_INPUT',
        "domain: sign-in through the identity provider is for a tenant's users; this saved PBX has no tenant domain. Sign in with the password.",
        { field: 'domain' },
      )
    }
    running.get(profileId)?.abort()
    const controller = new AbortController()
    running.set(profileId, controller)
    const { signal } = controller
    const options = {
      signal,
      ...tlsOptionsOf(profile),
    }
    const host = new URL(profile.baseUrl).host
    let close = (): void => undefined
    try {
      const info = await getInfo(profile.baseUrl, { ...options, domain: profile.domain })
      if (info.enable_idp365_integration !== true) {
        throw new ServiceError('NOT_SUPPORTED', `The identity provider is not enabled for this tenant on ${host}.`)
      }

      const loopback = await openLoopbackRedirect({ timeoutMs: IDP_WAIT_MS, signal, title: 'Signed in' })
      close = loopback.close
      if (signal.aborted) throw cancelled()
      const response = await pbxRequest(profile.baseUrl, `api/auth/sign_in/${PROVIDER}`, {
        ...options,
        method: 'POST',
        json: { domain: profile.domain, callback_url: loopback.url },
      })
      const providerUrl = providerAddress(parseBody(IdpSignInAnswerSchema, response, 'the identity-provider sign-in').url, host)
      const sentState = providerUrl.searchParams.get('state')

      try {
        await openExternal(providerUrl.toString())
      } catch (error) {
        const why = error instanceof Error ? ` (${error.message})` : ''
        throw new ServiceError('NOT_SUPPORTED', `The identity provider's sign-in page could not be opened in a browser${why}.`)
      }
      const answer = await loopback.received
      if (signal.aborted) throw cancelled()

      // the redirect must belong to this sign-in: the state the provider was given comes back
      if (answer.get('state') !== sentState) {
        throw new ServiceError('NOT_SIGNED_IN', 'The identity provider\'s answer did not match the sign-in that was started, so it was refused. Sign in again.')
      }
      const error = answer.get('error')
      if (error !== null) {
        const description = answer.get('error_description')
        throw new ServiceError('PBX_ERROR', `The identity provider did not sign you in: ${description || error}`)
      }
      const code = answer.get('code')
      if (!code) throw new ServiceError('PBX_ERROR', 'The identity provider came back without a sign-in code. Sign in again.')

      const pair = await exchangeAuthorizationCode(profile.baseUrl, code, loopback.url, options)
      if (signal.aborted) throw cancelled()
      return await sessions.adopt(profileId, pair)
    } finally {
      close()
      if (running.get(profileId) === controller) running.delete(profileId)
    }
  }

  /** Stops waiting for the provider (the sign-in answers CANCELLED); false when none was running. */
  function cancel(profileId: string): boolean {
    const controller = running.get(profileId)
    if (!controller) return false
    running.delete(profileId)
    controller.abort()
    return true
  }

  return {
    signIn,
    cancel,
    /** on quit: stop every sign-in that is waiting (and its loopback listener) */
    cancelAll(): void {
      for (const profileId of [...running.keys()]) cancel(profileId)
    },
  }
}

export type IdpSignIn = ReturnType<typeof createIdpSignIn>

/** The provider's address as the PBX answered it: only an http(s) address goes to the browser. */
function providerAddress(url: string, host: string): URL {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new ServiceError('NOT_A_PBX', `The PBX at ${host} answered an identity-provider address that is not an http:// or https:// address, so it was not opened.`)
  }
  return parsed
}
