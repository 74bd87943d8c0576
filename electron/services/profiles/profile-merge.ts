import type { BridgeHandlers } from '../../contract/bridge'
import { entryMerges, mergedNotes, mergedTags } from '../../contract/profile-merge'
import { isSystemEntry, type PbxProfile } from '../../contract/profiles'
import { ServiceError } from '../errors'
import { secretKeyOf, type PbxSecrets } from '../keychain/pbx-secrets'
import type { SessionManager } from '../session/session-manager'
import type { ProfileStore } from './profile-store'

/**
 * Merges a system-administrator entry into the tenant entries of its address (contract
 * profile-merge.ts). Nothing is lost on the way: the tenant entries take the sign-in, the
 * remembered password (copied, keychain to keychain), the tags, the notes and a trusted
 * certificate they lack first, in one change of the file; only then does the system-administrator
 * entry go, with its own secrets. A failure before that leaves it saved.
 */
export function createProfileMerge(deps: { profiles: ProfileStore; sessions: SessionManager; secrets: PbxSecrets }) {
  const mergeSystemEntry: BridgeHandlers['mergeSystemEntry'] = async ({ profileId }) => {
    const system = await deps.profiles.get(profileId)
    if (!isSystemEntry(system)) throw new ServiceError('INVALID_INPUT', `profileId: "${system.label}" signs in to a tenant, not as the system administrator`, { field: 'profileId' })
    const merge = entryMerges(await deps.profiles.list()).find((m) => m.system.id === profileId)
    if (!merge) throw new ServiceError('INVALID_INPUT', `profileId: no tenant entry is saved for ${system.baseUrl}, so "${system.label}" has nothing to join`, { field: 'profileId' })

    const password = system.rememberPassword ? (await deps.secrets.read(system.id)).password : undefined
    const take = (tenant: PbxProfile): PbxProfile => ({
      ...tenant,
      systemAdmin: { username: system.username, rememberPassword: password !== undefined || (tenant.systemAdmin?.rememberPassword ?? false) },
      tags: mergedTags(tenant.tags, system.tags),
      notes: mergedNotes(tenant.notes, system.notes),
      trustedCertificate: tenant.trustedCertificate ?? system.trustedCertificate,
      favourite: tenant.favourite || system.favourite,
    })
    const merged = await deps.profiles.changeMany(new Map(merge.tenants.map((tenant) => [tenant.id, take])))
    if (password !== undefined) {
      for (const tenant of merged) await deps.secrets.update(secretKeyOf(tenant.id, 'system'), { password })
    }
    await deps.sessions.signOut(system.id)
    await deps.secrets.forgetAll(system.id)
    await deps.profiles.remove(system.id)
    return { merged, removed: system.id }
  }
  return { mergeSystemEntry }
}
