// Password recovery of tenant users (demo README "Password recovery"): a reset link "mailed", the
// one-time code, then the new password; and the trainee, who must set a new password.
import { bridge, type PbxApi } from '@contract/bridge'
import type { PbxProfile, RecoveryState, SessionState } from '@contract/profiles'
import type { BridgeResult } from '@contract/result'
import { fail, ok } from './answers'
import type { CertificateChecks } from './certificates'
import { sampleProfile } from './profiles'
import { WRONG_CODE_MESSAGE } from './session'
import type { FakeContext } from './state'

/** A tenant admin who must set a new password (demo README: `trainee`), on an IdP-enabled tenant. */
export const traineeProfile = sampleProfile({
  id: 'p-trainee',
  label: 'Stark training',
  baseUrl: 'https://pbx.stark.example:8887',
  username: 'trainee',
  domain: 'stark.pbx.example',
  customer: 'Stark Industries',
})
/** The one-time code every fake PBX mails during a password recovery (unless `recoveryCodes` says another). */
export const RECOVERY_CODE = '135790'
export const NOT_A_RESET_LINK_MESSAGE = 'link: this is not the reset link from the email (it has no token).'
export const NO_RECOVERY_MESSAGE = 'No password reset is under way for this PBX. Start again with "Forgot password".'

/** The helper a test plays the user's mail with. */
export type FakeRecovery = {
  /**
   * The user opens the mailed reset link on this computer: it comes back to the app, which asks
   * for the one-time code (the recovery moves to `code_sent`). False when no link is awaited.
   */
  openResetLink: (profileId: string) => boolean
}

type RecoveryOperation = 'requestPasswordReset' | 'submitResetLink' | 'getRecoveryState' | 'verifyRecoveryCode' | 'resetPassword'

/** The recovery's operations; the new password signs in as a right password does (`passwordAccepted`). */
export function createRecoveryFake(
  { state, find, notFound, sessionOf, nextId }: FakeContext,
  { profileCertificateCheck }: CertificateChecks,
  passwordAccepted: (profile: PbxProfile) => SessionState,
): { operations: Pick<PbxApi, RecoveryOperation>; helpers: FakeRecovery } {
  const recoveryOf = (profileId: string): RecoveryState | BridgeResult<never> =>
    state.recoveries[profileId] ?? fail('NOT_FOUND', NO_RECOVERY_MESSAGE)
  const isFailure = (value: RecoveryState | BridgeResult<never>): value is BridgeResult<never> => 'ok' in value

  const operations: Pick<PbxApi, RecoveryOperation> = {
    requestPasswordReset: async ({ profileId }) => {
      const profile = find(profileId)
      if (!profile) return notFound()
      if (profile.domain === '') {
        return fail('INVALID_INPUT', 'domain: password recovery is for tenant users; the system administrator resets the password on the PBX itself.', { field: 'domain' })
      }
      const untrusted = profileCertificateCheck(profile)
      if (untrusted) return untrusted
      const forced = sessionOf(profileId).user?.password_force_reset === true
      state.recoveries[profileId] = { profileId, step: 'waiting_for_link', reason: forced ? 'forced' : 'forgotten' }
      state.resetLinks[profileId] = `http://127.0.0.1:45678/reset?token=reset-${profileId}-${nextId()}`
      return ok({ ...state.recoveries[profileId] })
    },
    submitResetLink: async ({ profileId, link }) => {
      const flow = recoveryOf(profileId)
      if (isFailure(flow)) return flow
      if (!/[?&]token=[^&]+/.test(link)) return fail('INVALID_INPUT', NOT_A_RESET_LINK_MESSAGE, { field: 'link' })
      if (link.trim() !== state.resetLinks[profileId]) {
        return fail('PBX_ERROR', 'The PBX refused the reset link: it is expired or already used (401). Email a new link.', { status: 401, pbxCode: 'UNAUTHORIZED' })
      }
      if (flow.step === 'waiting_for_link') flow.step = 'code_sent'
      return ok({ ...flow })
    },
    getRecoveryState: async ({ profileId }) => ok(state.recoveries[profileId] ? { ...state.recoveries[profileId] } : null),
    verifyRecoveryCode: async ({ profileId, code }) => {
      const flow = recoveryOf(profileId)
      if (isFailure(flow)) return flow
      if (flow.step === 'waiting_for_link') return fail('INVALID_INPUT', 'code: open or paste the reset link from the email first.', { field: 'code' })
      if (code.trim() !== (state.recoveryCodes[profileId] ?? RECOVERY_CODE)) {
        return fail('PBX_ERROR', WRONG_CODE_MESSAGE, { status: 401, pbxCode: 'UNAUTHORIZED', field: 'code' })
      }
      flow.step = 'verified'
      return ok({ ...flow })
    },
    resetPassword: async (input) => {
      const checked = bridge.resetPassword.input.safeParse(input)
      if (!checked.success) {
        const problem = checked.error.issues[0]
        const field = String(problem?.path[0] ?? '')
        return fail('INVALID_INPUT', `${field}: ${problem?.message}`, { field })
      }
      const { profileId, newPassword, remember } = checked.data
      const profile = find(profileId)
      if (!profile) return notFound()
      const flow = recoveryOf(profileId)
      if (isFailure(flow)) return flow
      if (flow.step !== 'verified') return fail('INVALID_INPUT', 'code: enter the one-time code from the email first.', { field: 'code' })
      delete state.recoveries[profileId]
      delete state.resetLinks[profileId]
      state.passwords[profileId] = newPassword
      state.forceReset[profileId] = false
      delete state.remembered[profileId]
      profile.rememberPassword = false
      if (remember) {
        state.remembered[profileId] = newPassword
        profile.rememberPassword = true
      }
      return ok(passwordAccepted(profile))
    },
  }

  const helpers: FakeRecovery = {
    openResetLink: (profileId) => {
      const flow = state.recoveries[profileId]
      if (flow?.step !== 'waiting_for_link') return false
      flow.step = 'code_sent'
      return true
    },
  }

  return { operations, helpers }
}
