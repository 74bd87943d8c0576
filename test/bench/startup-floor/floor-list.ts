import type { PbxProfile } from '../../../electron/contract/profiles'

/**
 * What both floor pages draw, as the app's PBX list does: the saved PBXs asked of `window.pbx`
 * (the same binding as the app's start), their count, and the first 20 as table rows with the
 * markers the bench watches for (`tr[data-profile-id]`, `.pbxs-view__count`).
 */
export const FIRST_ROWS = 20

export async function savedPbxs(): Promise<PbxProfile[]> {
  const answer = await window.pbx.listProfiles()
  if (!answer.ok) throw new Error(answer.error.message)
  return answer.value
}
