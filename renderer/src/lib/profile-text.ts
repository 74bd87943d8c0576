import { isSystemEntry, type PbxProfile } from '@contract/profiles'

/** Who the app signs in as: `user@domain`, or the system administrator (no domain). */
export function accountText(profile: Pick<PbxProfile, 'username' | 'domain'>): string {
  return isSystemEntry(profile) ? `${profile.username} (system administrator)` : `${profile.username}@${profile.domain}`
}

/** Every sign-in an entry holds: its own, and its system administrator's (issue 38) where it has one. */
export function accountsText(profile: Pick<PbxProfile, 'username' | 'domain' | 'systemAdmin'>): string {
  const own = accountText(profile)
  return profile.systemAdmin ? `${own} + ${profile.systemAdmin.username} (system administrator)` : own
}

/**
 * Whether a saved PBX matches what was typed in a search box: every word of `query` must be
 * found (case-insensitive) in the label, the customer or one of the tags.
 */
export function profileMatches(profile: Pick<PbxProfile, 'label' | 'customer' | 'tags'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word !== '')
  if (words.length === 0) return true
  const haystacks = [profile.label, profile.customer, ...profile.tags].map((text) => text.toLowerCase())
  return words.every((word) => haystacks.some((text) => text.includes(word)))
}
