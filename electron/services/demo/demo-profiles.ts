import type { PbxProfile } from '../../contract/profiles'
import type { PbxSecrets } from '../keychain/pbx-secrets'
import type { ProfileStore } from '../profiles/profile-store'
import type { SessionManager } from '../session/session-manager'

/** The saved PBXs made for the demo PBX: its tenant administrator and its system administrator. */
const DEMO_PROFILES = [
  { label: 'Demo PBX · Demo Company', username: 'manager', domain: 'demo.pbx.example', customer: 'Demo Company' },
  { label: 'Demo PBX · system administrator', username: 'admin', domain: '', customer: '' },
] as const

/**
 * Makes sure the demo PBX has its saved PBXs, pointing at where it runs now (its port changes
 * from one start to the next), with the demo's published passwords remembered where a keychain is.
 */
export async function ensureDemoProfiles(
  baseUrl: string,
  accounts: readonly { username: string; password: string; domain: string }[],
  store: ProfileStore,
  secrets: PbxSecrets,
  sessions: SessionManager,
): Promise<string[]> {
  const saved = await store.list()
  const ids: string[] = []
  for (const demo of DEMO_PROFILES) {
    let profile: PbxProfile | undefined = saved.find((p) => p.demo && p.username === demo.username && p.domain === demo.domain)
    if (!profile) {
      profile = await store.add(
        { ...demo, baseUrl, signInMethod: 'sign_in', tags: ['demo'], notes: 'The demo PBX built into the app. Its data resets when the app restarts.' },
        { demo: true },
      )
    } else if (profile.baseUrl !== baseUrl) {
      await sessions.signOut(profile.id)
      profile = await store.mark(profile.id, { baseUrl })
    }
    const password = accounts.find((a) => a.username === demo.username && a.domain === demo.domain)?.password
    if (password && secrets.available) {
      await secrets.update(profile.id, { password })
      if (!profile.rememberPassword) await store.mark(profile.id, { rememberPassword: true })
    }
    ids.push(profile.id)
  }
  return ids
}
