import { z } from 'zod'
import { PROFILE_LIMITS, PbxProfileSchema, isSystemEntry, type PbxProfile } from './profiles'

/**
 * One saved entry per PBX for both roles (issue 38): a system-administrator entry (no tenant) and
 * the tenant entries saved for the same address are two sign-ins of one PBX. Merging, on the
 * user's word, gives each tenant entry the system administrator's sign-in (PbxProfile
 * `systemAdmin`, its remembered password copied in the keychain), its tags and its notes, and
 * then removes the system-administrator entry. Spread into `bridge` in `bridge.ts`.
 */

/** A system-administrator entry and the tenant entries of the same address it can join. */
export interface EntryMerge {
  system: PbxProfile
  tenants: PbxProfile[]
}

/**
 * The merges the saved list offers: per system-administrator entry, the tenant entries of the same
 * address that hold no system-administrator sign-in or the same one. Entries of another address,
 * holding another system administrator, or made for the built-in demo PBX are never touched.
 */
export function entryMerges(profiles: readonly PbxProfile[]): EntryMerge[] {
  return profiles
    // the built-in demo PBX's entries are made afresh at each start: never offered
    .filter((p) => isSystemEntry(p) && !p.demo)
    .map((system) => ({
      system,
      tenants: profiles.filter(
        (p) => !isSystemEntry(p) && !p.demo && p.baseUrl === system.baseUrl && (p.systemAdmin === null || p.systemAdmin.username === system.username),
      ),
    }))
    .filter((merge) => merge.tenants.length > 0)
}

/** The tags of a merged entry: its own, then the system-administrator entry's, each once, within the limit. */
export const mergedTags = (own: readonly string[], added: readonly string[]): string[] => [...new Set([...own, ...added])].slice(0, PROFILE_LIMITS.tags.max)

/** The notes of a merged entry: its own, then the system-administrator entry's when they differ, within the limit. */
export function mergedNotes(own: string, added: string): string {
  if (added.trim() === '' || own.includes(added.trim())) return own
  return (own.trim() === '' ? added.trim() : `${own.trimEnd()}\n\n${added.trim()}`).slice(0, PROFILE_LIMITS.notes.max)
}

/** "Merge "Acme · admin" into 2 entries": what the confirmation's button says. */
export const mergeTitle = (merge: Pick<EntryMerge, 'system' | 'tenants'>): string =>
  `Merge "${merge.system.label}" into ${merge.tenants.length === 1 ? `"${merge.tenants[0]!.label}"` : `${merge.tenants.length} entries`}`

export const mergeOperations = {
  /**
   * gives the tenant entries of the same address the system-administrator entry's sign-in (its
   * remembered password copied, never shown), tags and notes, then removes that entry
   */
  mergeSystemEntry: {
    input: z.strictObject({ profileId: z.string().min(1) }),
    result: z.object({ merged: z.array(PbxProfileSchema), removed: z.string() }),
  },
} as const
