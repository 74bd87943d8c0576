import { pbxCount } from '../../contract/plural'
import type { PROFILE_LIST_SIGN_INS, ProfileListImport } from '../../contract/profile-list'
import type { PbxProfile } from '../../contract/profiles'
import { mapLimited } from '../concurrency/map-limited'
import { ServiceError } from '../errors'
import type { SessionManager } from '../session/session-manager'
import { probeTargets, type Probe } from './profile-list-probe'

/**
 * The passwords typed for the accounts of a list, once each, kept for the PBXs of that account.
 *
 * The app keeps a typed password only after the PBX took it (session-manager.ts: `signIn` with
 * `remember` keeps it once the sign-in is complete), so that a mistyped password is never kept and
 * then tried, silently, at every open. That rule stays: each added PBX whose account has a
 * password and that answers now is signed in to (4 at once, with "remember"), and keeps the
 * password when the PBX takes it. A PBX out of reach now (prepared in the office), or one that
 * refuses the password or asks for a one-time code, is saved all the same and asks for its
 * password at its first sign-in; the answer names each. A password is never written anywhere
 * else, and never without a keychain.
 */
export const SIGN_IN_CONCURRENCY = 4

type SignIn = ProfileListImport['signIns'][number]
type SignInResult = (typeof PROFILE_LIST_SIGN_INS)[number]

export interface AddedRow {
  row: number
  profile: PbxProfile
}

export interface TypedPassword {
  username: string
  domain: string
  password: string
}

const accountKey = (a: { username: string; domain: string }) => `${a.username}\n${a.domain}`

/** Why a sign-in did not happen, from the error it ended with; anything but a ServiceError is a bug and is thrown. */
function notSignedIn(error: unknown): { result: SignInResult; message: string } {
  if (!(error instanceof ServiceError)) throw error
  if (error.code === 'PBX_ERROR' && error.status === 401) return { result: 'wrong_password', message: 'the PBX refused the password' }
  if (error.code === 'UNREACHABLE') return { result: 'unreachable', message: error.message }
  if (error.code === 'UNTRUSTED_CERTIFICATE') return { result: 'untrusted_certificate', message: 'its certificate is not trusted yet' }
  return { result: 'failed', message: error.message }
}

/** What the long part of keeping the passwords tells as it goes (profile-list.ts keeps it for the progress bar). */
export type ListProgress = (step: 'checking' | 'signing_in', done: number, total: number) => void

export async function keepPasswords(
  added: readonly AddedRow[],
  passwords: readonly TypedPassword[],
  deps: { sessions: SessionManager; keychain: boolean; probe?: Probe },
  onProgress: ListProgress = () => undefined,
): Promise<{ signIns: SignIn[]; passwordNote: string }> {
  const typed = new Map(passwords.map((p) => [accountKey(p), p.password]))
  const withPassword = added.filter(({ profile }) => typed.has(accountKey(profile)))
  if (withPassword.length === 0) {
    return { signIns: [], passwordNote: added.length > 0 ? 'No password was typed: each PBX asks for its password at its first sign-in.' : '' }
  }
  if (!deps.keychain) {
    return { signIns: [], passwordNote: 'No keychain answers on this computer, so no password was kept: each PBX asks for its password at its first sign-in.' }
  }

  // only the PBXs that answer now are signed in to: one out of reach would hold a sign-in for its full time-out
  const checks = await probeTargets(
    withPassword.map(({ profile }) => ({ baseUrl: profile.baseUrl, domain: '' })),
    deps.probe,
    (done, total) => onProgress('checking', done, total),
  )
  let signedIn = 0
  onProgress('signing_in', signedIn, withPassword.length)
  const signIns = await mapLimited(withPassword, SIGN_IN_CONCURRENCY, async (added, i): Promise<SignIn> => {
    const outcome = await signInOne(added, i)
    onProgress('signing_in', ++signedIn, withPassword.length)
    return outcome
  })
  const done = signIns.filter((s): s is SignIn => s !== undefined)
  return { signIns: done, passwordNote: noteOf(done, added.length - withPassword.length) }

  async function signInOne({ row, profile }: AddedRow, i: number): Promise<SignIn> {
    const base = { row, profileId: profile.id, label: profile.label }
    const check = checks[i]
    if (check && check.result !== 'reachable') {
      const result: SignInResult = check.result === 'untrusted_certificate' ? 'untrusted_certificate' : check.result === 'unreachable' ? 'unreachable' : 'failed'
      return { ...base, result, message: check.message }
    }
    try {
      const state = await deps.sessions.signIn(profile.id, typed.get(accountKey(profile)), true, { touch: false })
      if (state.status === 'signed_in') return { ...base, result: 'remembered', message: 'signed in; password kept in the keychain' }
      // a two-factor PBX mailed a code: the password is kept only once a sign-in is complete
      await deps.sessions.signOut(profile.id)
      return { ...base, result: 'code_required', message: 'the PBX asks for a one-time code: sign in when you open it' }
    } catch (error) {
      return { ...base, ...notSignedIn(error) }
    }
  }
}

const WORDS: Record<Exclude<SignInResult, 'remembered'>, string> = {
  unreachable: 'not reachable now',
  untrusted_certificate: 'certificate not trusted yet',
  wrong_password: 'password refused',
  code_required: 'asks for a one-time code',
  failed: 'could not sign in',
}

/** "Password kept for 28 PBXs (signed in). 2 ask for it at their first sign-in: Acme (not reachable now), …" */
function noteOf(signIns: readonly SignIn[], untyped: number): string {
  const kept = signIns.filter((s) => s.result === 'remembered').length
  const others = signIns.filter((s) => s.result !== 'remembered')
  const parts = [kept > 0 ? `Password kept for ${pbxCount(kept)} (signed in).` : 'No password was kept.']
  if (others.length > 0) {
    const shown = others.slice(0, 5).map((s) => `${s.label} (${WORDS[s.result as keyof typeof WORDS]})`)
    const more = others.length > shown.length ? `, and ${others.length - shown.length} more` : ''
    parts.push(`${pbxCount(others.length)} ${others.length === 1 ? 'asks' : 'ask'} for it at the first sign-in: ${shown.join(', ')}${more}.`)
  }
  if (untyped > 0) parts.push(`${pbxCount(untyped)} without a typed password ${untyped === 1 ? 'asks' : 'ask'} at the first sign-in.`)
  return parts.join(' ')
}
