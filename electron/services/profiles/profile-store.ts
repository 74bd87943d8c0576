import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  PROFILES_FILE_VERSION,
  PbxProfileFieldsSchema,
  ProfilesFileSchema,
  type PbxProfile,
  type PbxProfileFields,
} from '../../contract/profiles'
import { checkInput, problemText } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { checked } from '../validation'
import { writeFileAtomic } from '../files/atomic-write'

export const PROFILES_FILE = 'profiles.json'

/**
 * The saved PBXs: one JSON file in the app's data folder, written atomically after every change.
 * Holds no secret (passwords and tokens live in the keychain). Writes are queued so two changes
 * at once never lose one another.
 */
export function createProfileStore(dataDir: string, now: () => Date = () => new Date()) {
  const file = join(dataDir, PROFILES_FILE)
  let profiles: PbxProfile[] | undefined
  let queue: Promise<unknown> = Promise.resolve()

  async function load(): Promise<PbxProfile[]> {
    if (profiles) return profiles
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return (profiles = [])
      throw error
    }
    const parsed = checkInput(ProfilesFileSchema, safeJson(text))
    if (!parsed.success) {
      const why = parsed.problems[0] ? problemText(parsed.problems[0], 'file') : 'not JSON'
      throw new ServiceError('INTERNAL', `The saved PBXs in ${file} cannot be read (${why}). The file was left as it is.`)
    }
    return (profiles = parsed.data.profiles)
  }

  /** Runs one change after the ones before it, then saves the list. */
  function change<T>(apply: (list: PbxProfile[]) => T | Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const list = [...(await load())]
      const result = await apply(list)
      await writeFileAtomic(file, `${JSON.stringify({ version: PROFILES_FILE_VERSION, profiles: list }, null, 2)}\n`)
      profiles = list
      return result
    })
    queue = run.catch(() => undefined)
    return run
  }

  function find(list: PbxProfile[], id: string): PbxProfile {
    const profile = list.find((p) => p.id === id)
    if (!profile) throw new ServiceError('NOT_FOUND', 'That saved PBX no longer exists.')
    return profile
  }

  /** sets what the app itself keeps about a profile (not the user's fields) */
  function mark(id: string, patch: Partial<Pick<PbxProfile, 'lastUsedAt' | 'rememberPassword' | 'trustedCertificate' | 'baseUrl'>>): Promise<PbxProfile> {
    return change((list) => {
      const before = find(list, id)
      const after = { ...before, ...patch }
      list[list.indexOf(before)] = after
      return after
    })
  }

  return {
    file,
    /** every saved PBX, most recently used first, then by label */
    async list(): Promise<PbxProfile[]> {
      const list = await load()
      return [...list].sort(
        (a, b) => (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') || a.label.localeCompare(b.label),
      )
    },
    async get(id: string): Promise<PbxProfile> {
      return find(await load(), id)
    },
    async add(input: PbxProfileFields, extra: Partial<Pick<PbxProfile, 'demo' | 'rememberPassword' | 'trustedCertificate'>> = {}): Promise<PbxProfile> {
      const fields = checked(PbxProfileFieldsSchema, input, 'fields')
      return change((list) => {
        const profile: PbxProfile = {
          id: randomUUID(),
          ...fields,
          createdAt: now().toISOString(),
          lastUsedAt: null,
          rememberPassword: false,
          trustedCertificate: null,
          demo: false,
          ...extra,
        }
        list.push(profile)
        return profile
      })
    },
    /** replaces the user's fields (and the trusted certificate, when given); answers the profile before and after */
    async update(
      id: string,
      input: PbxProfileFields,
      extra: Partial<Pick<PbxProfile, 'trustedCertificate'>> = {},
    ): Promise<{ before: PbxProfile; after: PbxProfile }> {
      const fields = checked(PbxProfileFieldsSchema, input, 'fields')
      return change((list) => {
        const before = find(list, id)
        const after = { ...before, ...fields, ...extra }
        list[list.indexOf(before)] = after
        return { before, after }
      })
    },
    mark,
    remove(id: string): Promise<PbxProfile> {
      return change((list) => {
        const profile = find(list, id)
        list.splice(list.indexOf(profile), 1)
        return profile
      })
    },
    touch: (id: string): Promise<PbxProfile> => mark(id, { lastUsedAt: now().toISOString() }),
  }
}

export type ProfileStore = ReturnType<typeof createProfileStore>

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
