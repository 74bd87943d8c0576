// Sessions and sign-in with a password: the signed-in user of each role, remembered passwords,
// and two-factor sign-in (the installer's one-time code).
import type { PbxApi } from '@contract/bridge'
import { CAPABILITIES } from '@contract/pbx'
import type { PbxProfile, SessionState } from '@contract/profiles'
import { fail, ok } from './answers'
import type { CertificateChecks } from './certificates'
import { sampleProfile } from './profiles'
import type { FakeContext } from './state'

/** GET /api/auth/user of the demo PBX's roles (README "Roles and capabilities"). */
const TENANT_ADMIN_CAPABILITIES = CAPABILITIES.filter((c) => !c.startsWith('ivr_servers') && !c.startsWith('notification'))
const SYSTEM_ADMIN_CAPABILITIES = CAPABILITIES.filter((c) => c.startsWith('ivr_servers') || c.startsWith('notification'))

export function signedIn(profile: Pick<PbxProfile, 'id' | 'username' | 'domain'>, role: 'Admin' | 'SystemAdmin' | 'StandardUser' = profile.domain === '' ? 'SystemAdmin' : 'Admin'): SessionState {
  const capabilities = role === 'Admin' ? [...TENANT_ADMIN_CAPABILITIES] : role === 'SystemAdmin' ? [...SYSTEM_ADMIN_CAPABILITIES] : []
  return {
    profileId: profile.id,
    status: 'signed_in',
    user: {
      username: profile.username,
      domain: profile.domain,
      role_id: role.toLowerCase(),
      role_name: role,
      capabilities,
      password_verified: true,
      password_force_reset: false,
    },
    expiresAt: '2099-01-01T00:00:00.000Z',
  }
}

/** Two-factor sign-in (demo README "Two-factor sign-in"): the installer account of a tenant. */
export const installerProfile = sampleProfile({
  id: 'p-installer',
  label: 'Initech site',
  baseUrl: 'https://pbx.initech.example:8887',
  username: 'installer',
  domain: 'initech.pbx.example',
  customer: 'Initech Inc',
})
export const INSTALLER_CODE = '246810'
export const WRONG_CODE_MESSAGE = 'Wrong or expired code: the PBX refused the code (401)'

export const WRONG_PASSWORD_MESSAGE = 'The PBX refused the sign-in: invalid username or password (401)'

type SessionOperation = 'listSessions' | 'openPbx' | 'signIn' | 'verifySignInCode' | 'resendSignInCode' | 'demoSignInCode' | 'signOut'

/**
 * The session operations, and the two ways a sign-in ends well that the identity provider and the
 * password recovery share: `signIn` (signed in) and `passwordAccepted` (signed in, or a code mailed).
 */
export function createSessionFake(
  { state, find, notFound, sessionOf }: FakeContext,
  { profileCertificateCheck }: CertificateChecks,
): {
  operations: Pick<PbxApi, SessionOperation>
  signIn: (profile: PbxProfile) => SessionState
  passwordAccepted: (profile: PbxProfile) => SessionState
} {
  /** a right password: signed in, or (two-factor) a code mailed */
  const passwordAccepted = (profile: PbxProfile): SessionState => {
    if (state.codes[profile.id] === undefined) return signIn(profile)
    state.codesSent[profile.id] = (state.codesSent[profile.id] ?? 0) + 1
    state.sessions[profile.id] = { profileId: profile.id, status: 'code_required' }
    return state.sessions[profile.id]!
  }
  const signIn = (profile: PbxProfile): SessionState => {
    const session = signedIn(profile)
    if (state.forceReset[profile.id] && session.user) session.user.password_force_reset = true
    state.sessions[profile.id] = session
    profile.lastUsedAt = new Date().toISOString()
    return session
  }

  const operations: Pick<PbxApi, SessionOperation> = {
    listSessions: async () => ok(state.profiles.map((p) => sessionOf(p.id))),
    openPbx: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (sessionOf(profileId).status === 'signed_in') return ok(sessionOf(profileId))
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      if (state.remembered[profileId] === state.passwords[profileId]) return ok(passwordAccepted(profile))
      return fail('NOT_SIGNED_IN', `Sign in to ${profile.label} first.`)
    },
    signIn: async ({ profileId, password, remember }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      const typed = password ?? state.remembered[profileId]
      if (typed === undefined) return fail('NOT_SIGNED_IN', `Sign in to ${profile.label} first.`)
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      if (typed !== state.passwords[profileId]) return fail('PBX_ERROR', WRONG_PASSWORD_MESSAGE, { status: 401, pbxCode: 'UNAUTHORIZED' })
      if (remember && password !== undefined) {
        state.remembered[profileId] = password
        profile.rememberPassword = true
      }
      return ok(passwordAccepted(profile))
    },
    verifySignInCode: async ({ profileId, code }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (sessionOf(profileId).status !== 'code_required') return fail('NOT_SIGNED_IN', 'No sign-in is waiting for a code. Sign in again.')
      if (code.trim() !== state.codes[profileId]) {
        return fail('PBX_ERROR', WRONG_CODE_MESSAGE, { status: 401, pbxCode: 'UNAUTHORIZED', field: 'code' })
      }
      return ok(signIn(profile))
    },
    resendSignInCode: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      if (sessionOf(profileId).status !== 'code_required') return fail('NOT_SIGNED_IN', 'No sign-in is waiting for a code. Sign in again.')
      state.codesSent[profileId] = (state.codesSent[profileId] ?? 0) + 1
      return ok(sessionOf(profileId))
    },
    // the built-in demo shows the code it "mailed"; any other PBX's stays in the mail
    demoSignInCode: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      const code = state.codes[profileId]
      return ok(profile.demo && code !== undefined && sessionOf(profileId).status === 'code_required' ? { code } : null)
    },
    signOut: async ({ profileId }) => {
      if (!find(profileId)) return notFound()
      state.sessions[profileId] = { profileId, status: 'signed_out' }
      return ok(state.sessions[profileId])
    },
  }

  return { operations, signIn, passwordAccepted }
}
