import { normalisePbxAddress } from '../../contract/pbx-address'

/**
 * Saved PBXs written before the address was checked (contract/pbx-address.ts) may hold a user name
 * and password in it (`https://alice:secret@pbx.example`), in plain text in profiles.json and in
 * every export. These functions take them out; the user name the app signs in with is the
 * profile's own field, and the password is asked at sign-in (or kept in the keychain), so nothing
 * that works is lost.
 *
 * A query or fragment is dropped as well (the requests never used them). A path is left as it is:
 * it may be how that PBX was reached, so the user decides; the PBX client refuses to contact the
 * address and says to remove it.
 */

/** The address with any user name, password, query and fragment taken out, in the contract's one form when that is then possible. */
export function cleanSavedAddress(address: string): string {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return address // not an address at all: nothing in it the parser could call a password
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return address
  url.username = ''
  url.password = ''
  url.search = ''
  url.hash = ''
  const check = normalisePbxAddress(url.href)
  return check.ok ? check.address : `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`
}

/**
 * The saved PBXs with their addresses cleaned, and how many changed. Meant for the profile store's
 * load, right after the file was parsed: when `cleaned > 0`, write the list back at once, so the
 * password leaves the disk now and not at the next change.
 */
export function cleanSavedAddresses<P extends { baseUrl: string }>(profiles: readonly P[]): { profiles: P[]; cleaned: number } {
  let cleaned = 0
  const out = profiles.map((profile) => {
    const baseUrl = cleanSavedAddress(profile.baseUrl)
    if (baseUrl === profile.baseUrl) return profile
    cleaned += 1
    return { ...profile, baseUrl }
  })
  return { profiles: out, cleaned }
}
