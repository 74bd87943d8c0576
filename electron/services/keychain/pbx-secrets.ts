import { z } from 'zod'
import type { SignInRole } from '../../contract/profiles'
import { KEYCHAIN_SERVICE, type KeychainState } from './secret-store'

/** What the keychain holds for one saved PBX: the password (only when remembered) and the refresh token. */
const PbxSecretSchema = z.object({
  password: z.string().optional(),
  refreshToken: z.string().optional(),
})
export type PbxSecret = z.infer<typeof PbxSecretSchema>

/** The keychain account of a saved PBX: one account per PBX, under the app's one service name. */
export const accountOf = (profileId: string): string => `pbx:${profileId}`

/**
 * Whose secrets: a saved PBX's own sign-in is keyed by its id, a tenant entry's second sign-in as
 * the system administrator by `<id>:system` (its own keychain account beside the entry's).
 */
export const secretKeyOf = (profileId: string, role: SignInRole): string => (role === 'system' ? `${profileId}:system` : profileId)

/**
 * The secrets of saved PBXs, as one JSON entry per PBX in the OS keychain. Without a keychain
 * nothing is kept anywhere: reads answer nothing and writes are dropped (the caller has told the
 * user once that passwords cannot be remembered). Never a file.
 */
export function createPbxSecrets(keychain: KeychainState) {
  async function read(profileId: string): Promise<PbxSecret> {
    if (!keychain.available) return {}
    const text = await keychain.store.getPassword(KEYCHAIN_SERVICE, accountOf(profileId))
    if (!text) return {}
    try {
      const parsed = PbxSecretSchema.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : {}
    } catch {
      return {}
    }
  }

  async function write(profileId: string, secret: PbxSecret): Promise<void> {
    if (!keychain.available) return
    const kept = Object.fromEntries(Object.entries(secret).filter(([, value]) => value !== undefined && value !== ''))
    if (Object.keys(kept).length === 0) {
      await keychain.store.deletePassword(KEYCHAIN_SERVICE, accountOf(profileId))
    } else {
      await keychain.store.setPassword(KEYCHAIN_SERVICE, accountOf(profileId), JSON.stringify(kept))
    }
  }

  return {
    available: keychain.available,
    read,
    /** changes some of a PBX's secrets, keeping the others; `undefined` removes one */
    async update(profileId: string, patch: PbxSecret): Promise<void> {
      await write(profileId, { ...(await read(profileId)), ...patch })
    },
    /** forgets what is kept for one sign-in (a PBX's id, or `secretKeyOf`) */
    async forget(key: string): Promise<void> {
      if (keychain.available) await keychain.store.deletePassword(KEYCHAIN_SERVICE, accountOf(key))
    },
    /** forgets what is kept for a saved PBX: its own sign-in's and its system administrator's */
    async forgetAll(profileId: string): Promise<void> {
      if (!keychain.available) return
      for (const role of ['entry', 'system'] as const) await keychain.store.deletePassword(KEYCHAIN_SERVICE, accountOf(secretKeyOf(profileId, role)))
    },
  }
}

export type PbxSecrets = ReturnType<typeof createPbxSecrets>
