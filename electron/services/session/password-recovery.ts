import type { PbxProfile, RecoveryState, SessionState } from '../../contract/profiles'
import { ServiceError } from '../errors'
import { openLoopbackRedirect, type LoopbackRedirect } from '../loopback/loopback-listener'
import { sendSignInCode as sendOtp } from '../pbx-client/auth'
import { forgetPassword, resetPassword, tokenOfResetLink, verifyOtp } from '../pbx-client/recovery'
import { tlsOptionsOf } from '../pbx-client/request'
import type { ProfileStore } from '../profiles/profile-store'
import type { SessionManager } from './session-manager'

/** How long the reset link of the mail is awaited (the demo PBX's token lives 15 minutes). */
const LINK_WAIT_MS = 15 * 60 * 1000

interface Flow {
  state: RecoveryState
  redirect: LoopbackRedirect
  token?: string
  /** a failure while sending the code after the link came back, shown on the next look */
  failure?: ServiceError
}

/**
 * "Forgot password" and "the PBX requires a new password", with the seed's recovery flow. The
 * mail's reset link points at a loopback address of the app (RFC 8252 style), so opening it on
 * this computer brings the token straight back and the one-time code is requested at once; where
 * the mail is read elsewhere, the user pastes the link. The token never reaches the renderer.
 */
export function createPasswordRecovery(profiles: ProfileStore, sessions: SessionManager) {
  const flows = new Map<string, Flow>()

  function flowOf(profileId: string): Flow {
    const flow = flows.get(profileId)
    if (!flow) throw new ServiceError('NOT_FOUND', 'No password reset is under way for this PBX. Start again with "Forgot password".')
    if (flow.failure) {
      const failure = flow.failure
      flow.failure = undefined
      throw failure
    }
    return flow
  }

  async function codeFor(profile: PbxProfile, flow: Flow, token: string): Promise<RecoveryState> {
    flow.redirect.close()
    await sendOtp(profile.baseUrl, token, tlsOptionsOf(profile))
    flow.token = token
    flow.state = { ...flow.state, step: 'code_sent' }
    return flow.state
  }

  function end(profileId: string): void {
    flows.get(profileId)?.redirect.close()
    flows.delete(profileId)
  }

  return {
    async request(profileId: string): Promise<RecoveryState> {
      const profile = await profiles.get(profileId)
      if (!profile.domain) {
        throw new ServiceError('INVALID_INPUT', 'domain: password recovery is for tenant users; the system administrator resets the password on the PBX itself.', { field: 'domain' })
      }
      const forced = (await sessions.states()).find((s) => s.profileId === profileId)?.user?.password_force_reset === true
      end(profileId)
      const redirect = await openLoopbackRedirect({ timeoutMs: LINK_WAIT_MS, title: 'Reset link received' })
      try {
        await forgetPassword(profile.baseUrl, { domain: profile.domain, username: profile.username, callback_url: redirect.url }, tlsOptionsOf(profile))
      } catch (error) {
        redirect.close()
        throw error
      }
      const flow: Flow = { state: { profileId, step: 'waiting_for_link', reason: forced ? 'forced' : 'forgotten' }, redirect }
      flows.set(profileId, flow)
      redirect.received.then(
        (query) => {
          const token = query.get('token')
          if (token && flows.get(profileId) === flow && flow.state.step === 'waiting_for_link') {
            codeFor(profile, flow, token).catch((error: unknown) => {
              flow.failure = error instanceof ServiceError ? error : new ServiceError('INTERNAL', 'Could not ask the PBX for the code.')
            })
          }
        },
        () => undefined,
      )
      return flow.state
    },

    async submitLink(profileId: string, link: string): Promise<RecoveryState> {
      const flow = flowOf(profileId)
      const token = tokenOfResetLink(link)
      if (!token) throw new ServiceError('INVALID_INPUT', 'link: this is not the reset link from the email (it has no token).', { field: 'link' })
      return codeFor(await profiles.get(profileId), flow, token)
    },

    state(profileId: string): RecoveryState | null {
      return flows.has(profileId) ? flowOf(profileId).state : null
    },

    async verify(profileId: string, code: string): Promise<RecoveryState> {
      const flow = flowOf(profileId)
      if (!flow.token) throw new ServiceError('INVALID_INPUT', 'code: open or paste the reset link from the email first.', { field: 'code' })
      const profile = await profiles.get(profileId)
      try {
        await verifyOtp(profile.baseUrl, flow.token, code, tlsOptionsOf(profile))
      } catch (error) {
        if (error instanceof ServiceError && error.status === 401) {
          throw new ServiceError('PBX_ERROR', `Wrong or expired code: ${error.message}`, { status: 401, pbxCode: error.pbxCode ?? 'UNAUTHORIZED', field: 'code' })
        }
        throw error
      }
      flow.state = { ...flow.state, step: 'verified' }
      return flow.state
    },

    async reset(profileId: string, newPassword: string, remember: boolean): Promise<SessionState> {
      const flow = flowOf(profileId)
      if (flow.state.step !== 'verified' || !flow.token) {
        throw new ServiceError('INVALID_INPUT', 'code: enter the one-time code from the email first.', { field: 'code' })
      }
      const profile = await profiles.get(profileId)
      await resetPassword(profile.baseUrl, flow.token, newPassword, tlsOptionsOf(profile))
      end(profileId)
      // the PBX ended every session of the user: sign in again with the new password
      await sessions.signOut(profileId)
      return sessions.signIn(profileId, newPassword, remember)
    },

    /** on quit */
    dispose(): void {
      for (const id of [...flows.keys()]) end(id)
    },
  }
}
