import { SYSTEM_SIGN_IN_TEXT, isSystemEntry, type PbxProfile, type SessionState, type SignInRole } from '../../contract/profiles'
import { ServiceError } from '../errors'
import { secretKeyOf, type PbxSecrets } from '../keychain/pbx-secrets'
import { routedCaller, type PbxCaller } from '../pbx-client/caller'
import type { ProfileStore } from '../profiles/profile-store'
import { createPbxSession, type PbxSession } from './pbx-session'

/** Which sign-in of a saved PBX: its own (`entry`, the default) or its system administrator's. */
export type RoleOption = { role?: SignInRole }

/**
 * The sessions of all saved PBXs, created when first needed: one per sign-in, so a tenant entry
 * that also holds the system administrator's sign-in (PbxProfile `systemAdmin`) has two, each
 * with its own secrets in the keychain (pbx-secrets `secretKeyOf`). A system-administrator entry's
 * `system` role is its own sign-in. Opening a PBX uses the running session, else the refresh token
 * the keychain kept, else the remembered password; when none works the renderer is told
 * NOT_SIGNED_IN and shows the sign-in dialog.
 *
 * Every answer is the entry's state, with its second sign-in's under `system`; the callers of the
 * areas that need the system administrator (IVR servers, notification settings) ask for
 * `callerOf(id, 'system')`, which resumes that sign-in from the keychain when it can.
 */
export function createSessionManager(profiles: ProfileStore, secrets: PbxSecrets) {
  /** by secret key: the profile id, or `<id>:system` */
  const sessions = new Map<string, PbxSession>()
  /** a typed password to remember once a two-factor sign-in has its code, by secret key */
  const pendingRemember = new Map<string, { password: string; remember: boolean }>()

  /** the secret key of a sign-in: a system-administrator entry's `system` role is the entry's own */
  const keyOf = (profile: PbxProfile, role: SignInRole): string => secretKeyOf(profile.id, role === 'system' && !isSystemEntry(profile) ? 'system' : 'entry')

  /** who a role signs in as: the entry's account, or its system administrator's (no domain) */
  function accountOf(profile: PbxProfile, role: SignInRole) {
    const key = keyOf(profile, role)
    if (key === profile.id) return { ...profile, id: key }
    if (!profile.systemAdmin) throw new ServiceError('NOT_SIGNED_IN', `${SYSTEM_SIGN_IN_TEXT}: this entry has no system-administrator sign-in yet.`)
    return { ...profile, id: key, username: profile.systemAdmin.username, domain: '' }
  }

  async function sessionOf(profileId: string, role: SignInRole = 'entry'): Promise<PbxSession> {
    const profile = await profiles.get(profileId)
    const key = keyOf(profile, role)
    const existing = sessions.get(key)
    if (existing) return existing
    const session = createPbxSession(accountOf(profile, role), secrets)
    sessions.set(key, session)
    return session
  }

  /** The entry's state, with its system-administrator sign-in's where it holds one. */
  async function stateOf(profileId: string): Promise<SessionState> {
    const profile = await profiles.get(profileId)
    return stateOfProfile(profile)
  }

  function stateOfProfile(profile: PbxProfile): SessionState {
    const own = sessions.get(profile.id)?.state() ?? { profileId: profile.id, status: 'signed_out' as const }
    if (isSystemEntry(profile) || !profile.systemAdmin) return own
    const second = sessions.get(keyOf(profile, 'system'))?.state()
    const system = second ? { status: second.status, ...(second.user ? { user: second.user } : {}), ...(second.expiresAt ? { expiresAt: second.expiresAt } : {}) } : { status: 'signed_out' as const }
    return { ...own, system }
  }

  /** whether the role's password is remembered in the keychain (the entry's flag, or its system administrator's) */
  const remembers = (profile: PbxProfile, role: SignInRole): boolean =>
    keyOf(profile, role) === profile.id ? profile.rememberPassword : (profile.systemAdmin?.rememberPassword ?? false)

  async function signIn(profileId: string, password: string | undefined, remember: boolean, { touch = true, role = 'entry' }: { touch?: boolean } & RoleOption = {}): Promise<SessionState> {
    const profile = await profiles.get(profileId)
    const key = keyOf(profile, role)
    const typed = password !== undefined
    const secret = typed ? password : (await secrets.read(key)).password
    if (!secret) throw new ServiceError('INVALID_INPUT', 'password: enter the password', { field: 'password' })
    if (remember && !secrets.available) {
      throw new ServiceError('NO_KEYCHAIN', 'No keychain is available on this computer, so the password cannot be remembered. Sign in without "remember".')
    }
    const state = await (await sessionOf(profileId, role)).signIn(secret)
    if (typed) pendingRemember.set(key, { password, remember })
    if (state.status === 'signed_in') await signedIn(profileId, role, touch)
    return stateOf(profileId)
  }

  /** After a complete sign-in: keep or forget the typed password as asked, note the PBX as used. */
  async function signedIn(profileId: string, role: SignInRole, touch = true): Promise<void> {
    const profile = await profiles.get(profileId)
    const key = keyOf(profile, role)
    const typed = pendingRemember.get(key)
    pendingRemember.delete(key)
    if (typed) {
      await secrets.update(key, { password: typed.remember ? typed.password : undefined })
      if (remembers(profile, role) !== typed.remember) {
        if (key === profile.id) await profiles.mark(profileId, { rememberPassword: typed.remember })
        else if (profile.systemAdmin) await profiles.mark(profileId, { systemAdmin: { ...profile.systemAdmin, rememberPassword: typed.remember } })
      }
    }
    if (touch) await profiles.touch(profileId)
  }

  /** Ends one sign-in's session; the entry's own ends its system administrator's too. */
  async function signOut(profileId: string, { role = 'entry' }: RoleOption = {}): Promise<SessionState> {
    const profile = await profiles.get(profileId).catch(() => undefined)
    const keys = profile ? (role === 'system' ? [keyOf(profile, 'system')] : [profile.id, keyOf(profile, 'system')]) : [profileId, secretKeyOf(profileId, 'system')]
    for (const key of new Set(keys)) {
      const session = sessions.get(key)
      if (!session) continue
      await session.signOut()
      sessions.delete(key)
    }
    return profile ? stateOfProfile(profile) : { profileId, status: 'signed_out' }
  }

  /**
   * Opens one sign-in with what is kept: the running session, the refresh token, the remembered
   * password; NOT_SIGNED_IN when none works. `touch: false` (the fleet's background refresh)
   * leaves the PBX's "last used" as it was: the user did not open it.
   */
  async function open(profileId: string, { touch = true, role = 'entry' }: { touch?: boolean } & RoleOption = {}): Promise<SessionState> {
    const session = await sessionOf(profileId, role)
    const key = session.profileId
    if (session.signedIn()) {
      if (touch) await profiles.touch(profileId)
      return stateOf(profileId)
    }
    const secret = await secrets.read(key)
    if (secret.refreshToken) {
      try {
        await session.resume()
        if (touch) await profiles.touch(profileId)
        return stateOf(profileId)
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== 'NOT_SIGNED_IN') throw error
      }
    }
    if (secret.password) return signIn(profileId, undefined, true, { touch, role })
    throw new ServiceError('NOT_SIGNED_IN', role === 'system' && key !== profileId ? `${SYSTEM_SIGN_IN_TEXT}.` : 'Sign in to this PBX.')
  }

  /**
   * The caller of a signed-in PBX; NOT_SIGNED_IN (the renderer then asks for a sign-in) otherwise.
   * The system administrator's (`role` 'system') is opened from the keychain when it is not running.
   * The entry's own, of a tenant entry that holds the system administrator's sign-in, sends the
   * paths only that role may use with it (pbx-client/caller.ts `routedCaller`): a snapshot, a
   * rollout or the fleet reads and writes IVR servers and notification settings as that role.
   */
  async function callerOf(profileId: string, role: SignInRole = 'entry'): Promise<PbxCaller> {
    const session = await sessionOf(profileId, role)
    if (!session.signedIn() && role === 'system' && session.profileId !== profileId) {
      const state = await open(profileId, { touch: false, role })
      if (state.system?.status === 'code_required') throw new ServiceError('NOT_SIGNED_IN', `${SYSTEM_SIGN_IN_TEXT}: it asks for a one-time code.`)
    }
    // a session that ended by itself (a changed certificate) says why
    if (!session.signedIn()) throw new ServiceError('NOT_SIGNED_IN', session.state().ended?.message ?? 'Sign in to this PBX first.')
    return role === 'entry' ? withSystemPaths(profileId, session.caller) : session.caller
  }

  /** `caller`, sending the system administrator's paths with the entry's second sign-in where it holds one */
  async function withSystemPaths(profileId: string, caller: PbxCaller): Promise<PbxCaller> {
    const profile = await profiles.get(profileId)
    if (isSystemEntry(profile) || !profile.systemAdmin) return caller
    return routedCaller(caller, () => callerOf(profileId, 'system').catch(() => undefined))
  }

  return {
    sessionOf,
    callerOf,
    withSystemPaths,
    /** the session of every saved PBX (signed out where none runs) */
    async states(): Promise<SessionState[]> {
      return (await profiles.list()).map(stateOfProfile)
    },
    open,
    signIn,
    /**
     * Signs a tenant entry's system administrator in as `username` (kept on the entry). Another
     * user than the one kept is tried in its place; if the PBX refuses it, the entry keeps the
     * one it had, with its secrets, as if nothing had been tried.
     */
    async signInAsSystem(profileId: string, username: string, password: string | undefined, remember: boolean): Promise<SessionState> {
      const profile = await profiles.get(profileId)
      if (isSystemEntry(profile)) throw new ServiceError('INVALID_INPUT', 'username: this entry signs in as the system administrator already', { field: 'username' })
      const before = profile.systemAdmin
      if (before?.username === username) return signIn(profileId, password, remember, { role: 'system' })
      const key = secretKeyOf(profileId, 'system')
      const kept = await secrets.read(key)
      await signOut(profileId, { role: 'system' })
      await secrets.forget(key)
      await profiles.mark(profileId, { systemAdmin: { username, rememberPassword: false } })
      try {
        return await signIn(profileId, password, remember, { role: 'system' })
      } catch (error) {
        sessions.delete(key)
        await profiles.mark(profileId, { systemAdmin: before })
        if (before) await secrets.update(key, kept)
        throw error
      }
    },
    async verifyCode(profileId: string, code: string, { role = 'entry' }: RoleOption = {}): Promise<SessionState> {
      await (await sessionOf(profileId, role)).verifyCode(code)
      await signedIn(profileId, role)
      return stateOf(profileId)
    },
    /** a session whose tokens came from elsewhere (the identity provider) */
    async adopt(profileId: string, pair: { access_token: string; refresh_token: string; expires_in: number }): Promise<SessionState> {
      await (await sessionOf(profileId)).adopt(pair)
      await signedIn(profileId, 'entry')
      return stateOf(profileId)
    },
    async resendCode(profileId: string, { role = 'entry' }: RoleOption = {}): Promise<SessionState> {
      await (await sessionOf(profileId, role)).resendCode()
      return stateOf(profileId)
    },
    signOut,
    /**
     * A saved PBX changed. Where or as whom it signs in: its sessions end and its secrets are
     * forgotten; another address (or sign-in method, or an entry that is now the system
     * administrator itself) forgets the system administrator's sign-in too. Which certificate it
     * trusts: its sessions end (the next ones check the new one).
     */
    async profileChanged(before: PbxProfile, after: PbxProfile): Promise<void> {
      const moved = (['baseUrl', 'username', 'domain', 'signInMethod'] as const).some((key) => before[key] !== after[key])
      const retrusted = before.trustedCertificate?.fingerprint256 !== after.trustedCertificate?.fingerprint256
      if (moved || retrusted) await signOut(after.id)
      if (!moved) return
      await secrets.forget(after.id)
      if (after.rememberPassword) await profiles.mark(after.id, { rememberPassword: false })
      const systemMoved = before.baseUrl !== after.baseUrl || before.signInMethod !== after.signInMethod || isSystemEntry(after)
      if (after.systemAdmin && systemMoved) {
        await secrets.forget(secretKeyOf(after.id, 'system'))
        await profiles.mark(after.id, { systemAdmin: null })
      }
    },
    /** on quit: end every session on its PBX */
    async signOutAll(): Promise<void> {
      await Promise.all(
        [...sessions.entries()].map(async ([key, session]) => {
          await session.signOut()
          sessions.delete(key)
        }),
      )
    },
  }
}

export type SessionManager = ReturnType<typeof createSessionManager>
