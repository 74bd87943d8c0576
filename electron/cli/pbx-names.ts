import type { PbxProfile } from '../contract/profiles'
import { usageError } from './exit-codes'
import { PROGRAM } from './output'

/** How many saved PBXs an "unknown name" message lists. */
const LISTED = 8

const quoted = (profile: PbxProfile): string => `"${profile.label}" (id ${profile.id}, ${profile.username}@${profile.baseUrl})`

/**
 * The saved PBX a command line argument names: its id, else its name (the label the app shows),
 * else its name in any case. Unknown and ambiguous names are bad usage, naming the candidates.
 */
export function findPbx(profiles: readonly PbxProfile[], name: string): PbxProfile {
  const wanted = name.trim()
  const byId = profiles.find((profile) => profile.id === wanted)
  if (byId) return byId
  const exact = profiles.filter((profile) => profile.label === wanted)
  const matches = exact.length > 0 ? exact : profiles.filter((profile) => profile.label.toLowerCase() === wanted.toLowerCase())
  if (matches.length === 1) return matches[0] as PbxProfile
  if (matches.length > 1) {
    throw usageError(`"${wanted}" names ${matches.length} saved PBXs: ${matches.map(quoted).join(', ')}. Name one by its id.`)
  }
  if (profiles.length === 0) throw usageError(`No PBX is saved yet, so none is named "${wanted}": add one with \`${PROGRAM} pbx add\`.`)
  const similar = profiles.filter((profile) => profile.label.toLowerCase().includes(wanted.toLowerCase()))
  const shown = (similar.length > 0 ? similar : profiles).slice(0, LISTED).map((profile) => `"${profile.label}"`)
  const more = (similar.length > 0 ? similar : profiles).length - shown.length
  const list = `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`
  throw usageError(`No saved PBX is named "${wanted}". ${similar.length > 0 ? 'Did you mean' : 'Saved PBXs:'} ${list}${similar.length > 0 ? '?' : '.'} (\`${PROGRAM} pbx list\` shows them all.)`)
}

/** Every PBX named, each once, in the order named. */
export function findPbxs(profiles: readonly PbxProfile[], names: readonly string[]): PbxProfile[] {
  const found = names.map((name) => findPbx(profiles, name))
  return found.filter((profile, index) => found.findIndex((other) => other.id === profile.id) === index)
}
