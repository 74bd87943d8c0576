import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ProfilesFileSchema } from '../contract/profiles'
import { PROFILES_FILE } from '../services/profiles/profile-store'
import { parsedJson } from '../services/validation'
import { dataDirOf } from './data-dir'

/** The commands whose first argument is a saved PBX (its name completes). */
const NAMES_PBX = new Set(['pbx test', 'pbx sign-in', 'pbx remove', 'pbx rm', 'outbound test', 'fleet status', 'config snapshot', 'config compare', 'config apply'])

/**
 * Completions of the saved PBXs' names where a command takes one: read from the data folder's
 * file of saved PBXs, with no keychain and no network (a Tab must answer at once). In zsh a
 * colon in a name is escaped (its completions are `value:description`).
 */
export async function pbxNameCompletions(words: readonly (string | number)[], dataDirOption: string | undefined, zsh: boolean): Promise<string[]> {
  const command = words.slice(0, 2).map(String).join(' ')
  if (!NAMES_PBX.has(command)) return []
  // `outbound test <pbx> <number>`: only the first argument is a PBX
  if (command === 'outbound test' && words.length > 2) return []
  const text = await readFile(join(dataDirOf(dataDirOption), PROFILES_FILE), 'utf8').catch(() => undefined)
  const file = text === undefined ? undefined : parsedJson(ProfilesFileSchema, text, 'file')
  if (!file?.ok) return []
  return file.data.profiles.map((profile) => (zsh ? profile.label.replace(/:/g, '\\:') : profile.label))
}
