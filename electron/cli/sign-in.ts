import type { PbxProfile, SessionState } from '../contract/profiles'
import { BridgeFailure, type OpenServices } from './context'
import { failedError } from './exit-codes'
import { PROGRAM, type Output } from './output'
import { promptLine } from './password-input'

/** How many times a mistyped one-time code may be typed again. */
const CODE_TRIES = 3

/**
 * Signs in to a saved PBX with a password, keeping it in the keychain when one answers (the
 * commands after this one sign in with it). A PBX that asks for a one-time code by email gets
 * it typed on the terminal; without a terminal that is a failure that says so.
 */
export async function signInKeeping(open: OpenServices, profile: PbxProfile, password: string, out: Output, { systemAdmin }: { systemAdmin?: string } = {}): Promise<SessionState> {
  const profileId = profile.id
  // a tenant entry's second sign-in, as the system administrator of the same PBX (kept on the entry)
  const role = systemAdmin === undefined ? {} : { as: 'system' as const }
  const state = await open.must('signIn', { profileId, password, remember: open.keychain.available, ...role, ...(systemAdmin === undefined ? {} : { username: systemAdmin }) })
  if ((systemAdmin === undefined ? state.status : state.system?.status) !== 'code_required') return state
  if (!out.interactive()) {
    throw failedError(`"${profile.label}" asks for a one-time code sent by email at each sign-in: run the command in a terminal to type it.`)
  }
  out.note(`The PBX sent a one-time code to the email address of ${systemAdmin ?? profile.username}.`)
  for (let attempt = 1; ; attempt++) {
    const code = await promptLine('Code from the email: ')
    const result = await open.call('verifySignInCode', { profileId, code, ...role })
    if (result.ok) return result.value
    const retry = result.error.code === 'INVALID_INPUT' || result.error.field === 'code'
    if (!retry || attempt >= CODE_TRIES) throw new BridgeFailure(result.error)
    out.note(`${result.error.message} Try again.`)
  }
}

/** "manager (Admin)": who a session is signed in as. */
export function signedInAs(state: SessionState, profile: PbxProfile): string {
  const role = state.user?.role_name
  return `${state.user?.username ?? profile.username}${role ? ` (${role})` : ''}`
}

/** What to do when a saved PBX cannot be signed in to with what the keychain keeps. */
export const notSignedInText = (profile: PbxProfile): string =>
  `No password is kept for "${profile.label}" (or the PBX refused it): run \`${PROGRAM} pbx sign-in ${JSON.stringify(profile.label)}\` to sign in and keep it.`

/** Opens a saved PBX with what the keychain keeps (the running session, a token, the password). */
export async function openKept(open: OpenServices, profile: PbxProfile): Promise<SessionState> {
  const opened = await open.call('openPbx', { profileId: profile.id })
  if (opened.ok && opened.value.status === 'signed_in') return opened.value
  if (opened.ok && opened.value.status === 'code_required') {
    throw failedError(`"${profile.label}" asks for a one-time code sent by email at each sign-in, which this command cannot type: use the desktop app for it.`)
  }
  if (opened.ok || opened.error.code === 'NOT_SIGNED_IN') throw failedError(notSignedInText(profile))
  throw new BridgeFailure(opened.error)
}
