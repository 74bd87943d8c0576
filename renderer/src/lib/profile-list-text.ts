import { pbxCount } from '@contract/plural'
import type { ProfileListAccount, ProfileListImport, ProfileListPreview, ProfileListRow } from '@contract/profile-list'
import { isSystemEntry } from '@contract/profiles'

/** The words of the "Add many…" dialog, apart from its markup (and tested apart). */

export { pbxCount }
export const problemCount = (n: number): string => `${n} ${n === 1 ? 'problem' : 'problems'}`

/** The key of an account (the password field it gets). */
export const accountKey = (account: Pick<ProfileListAccount, 'username' | 'domain'>): string => `${account.username}\n${account.domain}`

/** "Password for manager @ demo.pbx.example (15 PBXs)"; the system administrator has no tenant. */
export function passwordLabel(account: ProfileListAccount): string {
  return isSystemEntry(account)
    ? `Password for ${account.username} (system administrator, ${pbxCount(account.rows)})`
    : `Password for ${account.username} @ ${account.domain} (${pbxCount(account.rows)})`
}

export type CheckTone = 'ok' | 'note' | 'muted'

/** A row's check, in a word or three, and how it is shown; the full message goes in its title. */
export function checkText(row: Pick<ProfileListRow, 'check' | 'duplicate'>): { text: string; tone: CheckTone; title: string } {
  if (row.duplicate?.of === 'saved') return { text: 'Saved already: skipped', tone: 'muted', title: `Saved as ${row.duplicate.label}` }
  const check = row.check
  if (!check) return { text: '', tone: 'muted', title: '' }
  switch (check.result) {
    case 'reachable':
      return { text: check.message.replace(/^reachable: /, 'Reachable · ').replace(/^reachable at .*/, 'Reachable'), tone: 'ok', title: check.message }
    case 'unknown_tenant':
      return { text: 'No such tenant yet', tone: 'note', title: check.message }
    case 'not_a_pbx':
      return { text: 'Not a PBX?', tone: 'note', title: check.message }
    case 'untrusted_certificate':
      return { text: 'Certificate not trusted', tone: 'note', title: check.message }
    case 'unreachable':
      return { text: 'Not reachable now', tone: 'muted', title: check.message }
  }
}

/** The rows the import adds: not those saved already. */
export const rowsToAdd = (preview: ProfileListPreview): number => preview.rows.filter((row) => row.duplicate?.of !== 'saved').length

/** "30 rows · 2 saved already (skipped) · 2 problems" */
export function previewSummary(preview: ProfileListPreview): string {
  const saved = preview.rows.length - rowsToAdd(preview)
  const parts = [`${preview.rows.length} ${preview.rows.length === 1 ? 'row' : 'rows'}`]
  if (saved > 0) parts.push(`${saved} saved already (skipped)`)
  parts.push(preview.problems.length === 0 ? 'no problems' : problemCount(preview.problems.length))
  return parts.join(' · ')
}

/** What the PBX list says once the list is added: "Added 30 PBXs, skipped 0. Password kept for 30 PBXs (signed in)." */
export function importedText(result: ProfileListImport): string {
  const skipped = result.skipped.length === 0 ? 'skipped 0' : `skipped ${result.skipped.length} saved already (${result.skipped.map((s) => s.label).join(', ')})`
  return [`Added ${pbxCount(result.added.length)}, ${skipped}.`, result.passwordNote].filter((part) => part !== '').join(' ')
}
