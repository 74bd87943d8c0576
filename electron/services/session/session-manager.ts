import type { PbxProfile, SessionState } from '../../contract/profiles'
import { ServiceError } from '../errors'
import type { PbxSecrets } from '../keychain/pbx-secrets'
import type { PbxCaller } from '../pbx-client/caller'
import type { ProfileStore } from '../profiles/profile-store'
import { createPbxSession, type PbxSession } from './pbx-session'

/**
 * The sessions of all saved PBXs, one per PBX, created when first needed. Opening a PBX uses the
 * running session, else the refresh token the keychain kept, else the remembered password; when
 * none works the renderer is told NOT_SIGNED_IN and shows the sign-in dialog.
 */
export function createSessionManager(profiles: ProfileStore, secrets: PbxSecrets) {
  const sessions = new Map<string, PbxSession>()
  /** a typed password to remember once a two-factor sign-in has its code */
  const pendingRemember = new Map<string, { password: string; remember: boolean }>()

  async function sessionOf(profileId: string): Promise<PbxSession> {
    const existing = sessions.get(profileId)
    if (existing) return existing
    const session = createPbxSession(await profiles.get(profileId), secrets)
    sessions.set(profileId, session)
    return session
  }

  async function signIn(profileId: string, password: string | undefined, remember: boolean, touch = true): Promise<SessionState> {
    await profiles.get(profileId)
    const typed = password !== undefined
    const secret = typed ? password : (await secrets.read(profileId)).password
    if (!secret) throw new ServiceError('INVALID_INPUT', 'password: enter the password', { field: 'password' })
    if (remember && !secrets.available) {
      throw new ServiceError('NO_KEYCHAIN', 'No keychain is available on this computer, so the password cannot be remembered. Sign in without "remember".')
    }
    const state = await (await sessionOf(profileId)).signIn(secret)
    if (typed) pendingRemember.set(profileId, { password, remember })
    if (state.status === 'signed_in') await signedIn(profileId, touch)
    return state
  }

  /** After a complete sign-in: keep or forget the typed password as asked, note the PBX as used. */
  async function signedIn(profileId: string, touch = true): Promise<void> {
    const typed = pendingRemember.get(profileId)
    pendingRemember.delete(profileId)
    if (typed) {
      await secrets.update(profileId, { password: typed.remember ? typed.password : undefined })
      const profile = await profiles.get(profileId)
      if (profile.rememberPassword !== typed.remember) await profiles.mark(profileId, { rememberPassword: typed.remember })
    }
    if (touch) await profiles.touch(profileId)
  }

  async function signOut(profileId: string): Promise<SessionState> {
    const session = sessions.get(profileId)
    if (!session) return { profileId, status: 'signed_out' }
    const state = await session.signOut()
    sessions.delete(profileId)
    return state
  }

  /** The caller of a signed-in PBX; NOT_SIGNED_IN (the renderer then asks for a sign-in) otherwise. */
  async function callerOf(profileId: string): Promise<PbxCaller> {
    const session = await sessionOf(profileId)
    // a session that ended by itself (a changed certificate) says why
    if (!session.signedIn()) throw new ServiceError('NOT_SIGNED_IN', session.state().ended?.message ?? 'Sign in to this PBX first.')
    return session.caller
  }

  return {
    sessionOf,
    callerOf,
    /** the session of every saved PBX (signed out where none runs) */
    async states(): Promise<SessionState[]> {
      const list = await profiles.list()
      return list.map((p) => sessions.get(p.id)?.state() ?? { profileId: p.id, status: 'signed_out' })
    },
    /**
     * Opens a PBX with what is kept. `touch: false` (the fleet's background refresh) leaves the
     * PBX's "last used" as it was: the user did not open it.
     */
    async open(profileId: string, { touch = true }: { touch?: boolean } = {}): Promise<SessionState> {
      const session = await sessionOf(profileId)
      if (session.signedIn()) {
        if (touch) await profiles.touch(profileId)
        return session.state()
      }
      const secret = await secrets.read(profileId)
      if (secret.refreshToken) {
        try {
          const state = await session.resume()
          if (touch) await profiles.touch(profileId)
          return state
        } catch (error) {
          if (!(error instanceof ServiceError) || error.code !== 'NOT_SIGNED_IN') throw error
        }
      }
      if (secret.password) return signIn(profileId, undefined, true, touch)
      throw new ServiceError('NOT_SIGNED_IN', 'Sign in to this PBX.')
    },
    signIn,
    async verifyCode(profileId: string, code: string): Promise<SessionState> {
      const state = await (await sessionOf(profileId)).verifyCode(code)
      await signedIn(profileId)
      return state
    },
    /** a session whose tokens came from elsewhere (the identity provider) */
    async adopt(profileId: string, pair: { access_token: string; refresh_token: string; expires_in: number }): Promise<SessionState> {
      const state = await (await sessionOf(profileId)).adopt(pair)
      await signedIn(profileId)
      return state
    },
    resendCode: async (profileId: string): Promise<SessionState> => (await sessionOf(profileId)).resendCode(),
    signOut,
    /**
     * A saved PBX changed. Where or as whom it signs in: its session ends and its secrets are
     * forgotten. Which certificate it trusts: its session ends (the next one checks the new one).
     */
    async profileChanged(before: PbxProfile, after: PbxProfile): Promise<void> {
      const moved = (['baseUrl', 'username', 'domain', 'signInMethod'] as const).some((key) => before[key] !== after[key])
      const retrusted = before.trustedCertificate?.fingerprint256 !== after.trustedCertificate?.fingerprint256
      if (moved || retrusted) await signOut(after.id)
      if (!moved) return
      await secrets.forget(after.id)
      if (after.rememberPassword) await profiles.mark(after.id, { rememberPassword: false })
    },
    /** on quit: end every session on its PBX */
    async signOutAll(): Promise<void> {
      await Promise.all([...sessions.keys()].map((id) => signOut(id)))
    },
  }
}

export type SessionManager = ReturnType<typeof createSessionManager>
