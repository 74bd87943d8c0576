import type { PbxProfile } from '../../contract/profiles'
import { secretKeyOf, type PbxSecrets } from '../keychain/pbx-secrets'
import type { ProfileStore } from '../profiles/profile-store'
import type { SessionManager } from '../session/session-manager'

/**
 * The saved PBX made for the demo PBX: one entry for both roles (issue 38), its tenant
 * administrator's sign-in and its system administrator's.
 */
const DEMO_ENTRY = { label: 'Demo PBX · Demo Company', username: 'manager', domain: 'demo.pbx.example', customer: 'Demo Company' } as const
const DEMO_SYSTEM_ADMIN = 'admin'

/**
 * Makes sure the demo PBX has its saved PBX, pointing at where it runs now (its port changes from
 * one start to the next), with the demo's published passwords of both sign-ins remembered where a
 * keychain is. A demo entry of an older version (one for each role) is removed: the demo's data
 * resets at each start, so nothing of it is lost.
 */
export async function ensureDemoProfiles(
  baseUrl: string,
  accounts: readonly { username: string; password: string; domain: string }[],
  store: ProfileStore,
  secrets: PbxSecrets,
  sessions: SessionManager,
): Promise<string[]> {
  const saved = (await store.list()).filter((p) => p.demo)
  let profile: PbxProfile | undefined = saved.find((p) => p.username === DEMO_ENTRY.username && p.domain === DEMO_ENTRY.domain)
  for (const older of saved.filter((p) => p !== profile)) {
    await sessions.signOut(older.id)
    await secrets.forgetAll(older.id)
    await store.remove(older.id)
  }
  if (!profile) {
    profile = await store.add(
      { ...DEMO_ENTRY, baseUrl, signInMethod: 'sign_in', tags: ['demo'], notes: 'The demo PBX built into the app. Its data resets when the app restarts.' },
      { demo: true },
    )
  } else if (profile.baseUrl !== baseUrl) {
    await sessions.signOut(profile.id)
    profile = await store.mark(profile.id, { baseUrl })
  }
  const passwordOf = (username: string, domain: string) => accounts.find((a) => a.username === username && a.domain === domain)?.password
  const own = passwordOf(DEMO_ENTRY.username, DEMO_ENTRY.domain)
  const system = passwordOf(DEMO_SYSTEM_ADMIN, '')
  const remember = secrets.available
  if (remember && own) await secrets.update(profile.id, { password: own })
  if (remember && system) await secrets.update(secretKeyOf(profile.id, 'system'), { password: system })
  if (profile.rememberPassword !== (remember && own !== undefined) || profile.systemAdmin?.username !== DEMO_SYSTEM_ADMIN) {
    await store.mark(profile.id, { rememberPassword: remember && own !== undefined, systemAdmin: { username: DEMO_SYSTEM_ADMIN, rememberPassword: remember && system !== undefined } })
  }
  return [profile.id]
}
