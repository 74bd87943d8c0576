import { randomUUID } from 'node:crypto'
import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import {
  PROFILES_FILE_VERSION,
  PbxProfileFieldsSchema,
  ProfilesFileSchema,
  type PbxProfile,
  type PbxProfileFields,
  type SavedPbxsNotice,
} from '../../contract/profiles'
import { checkInput, problemText } from '../../contract/pbx-common'
import { ServiceError } from '../errors'
import { checked } from '../validation'
import { writeFileAtomic } from '../files/atomic-write'
import { fileStamp, withFileLock } from '../files/shared-file'
import { cleanSavedAddresses } from './address-migration'

/** how long a change waits for another process's change of the file */
const LOCK_WAIT_MS = 15_000

export const PROFILES_FILE = 'profiles.json'

/**
 * The saved PBXs: one JSON file in the app's data folder, written atomically after every change.
 * Holds no secret (passwords and tokens live in the keychain).
 *
 * The desktop app and the command line share the file, at the same time: a read re-reads the file
 * when it changed on disk since (its stamp, shared-file.ts), and a change re-reads it, applies
 * itself and writes while holding the file's lock, so neither loses the other's change. Within
 * one process changes are queued as well, so two at once never lose one another.
 *
 * A file that cannot be read (cut short, empty, not JSON, wrong types) does not stop the app: it is
 * moved aside beside the fresh list (`profiles.damaged-<time>.json`), the list starts empty, and
 * `notice()` says what was found and where the file went. A file of a newer version is never
 * moved or overwritten: it is refused with "made by a newer version of the app".
 */
export function createProfileStore(dataDir: string, now: () => Date = () => new Date()) {
  const file = join(dataDir, PROFILES_FILE)
  /** the list as last read or written, with the stamp of the file it came from */
  let cached: { stamp: string | null; profiles: PbxProfile[] } | undefined
  let found: SavedPbxsNotice | null = null
  let queue: Promise<unknown> = Promise.resolve()

  /** The list on disk: the cached one while the file is unchanged. `locked`: the caller holds the file's lock. */
  async function load(locked = false): Promise<PbxProfile[]> {
    const stamp = await fileStamp(file)
    if (cached && cached.stamp === stamp) return cached.profiles
    const read = await readList(stamp)
    if (read.damaged !== undefined) {
      const reason = read.damaged
      // moved aside only if it is still the same file (another process may have done it already)
      const moveAside = async () => {
        if ((await fileStamp(file)) !== stamp) return
        const keptAs = join(dataDir, `profiles.damaged-${now().toISOString().replace(/[:.]/g, '-')}.json`)
        await rename(file, keptAs)
        found = { file, keptAs, reason }
      }
      await (locked ? moveAside() : withFileLock(file, moveAside, LOCK_WAIT_MS, 'the saved PBXs'))
      return load(locked)
    }
    if (read.cleaned > 0) {
      // a password (or query) in an address saved before addresses were checked leaves the disk now
      const clean = async () => {
        if ((await fileStamp(file)) !== stamp) return
        await writeList(read.profiles)
      }
      await (locked ? clean() : withFileLock(file, clean, LOCK_WAIT_MS, 'the saved PBXs'))
      return load(locked)
    }
    cached = { stamp, profiles: read.profiles }
    return read.profiles
  }

  async function writeList(list: PbxProfile[]): Promise<void> {
    await writeFileAtomic(file, `${JSON.stringify({ version: PROFILES_FILE_VERSION, profiles: list }, null, 2)}\n`)
    cached = { stamp: await fileStamp(file), profiles: list }
  }

  /** The file's list; `cleaned`: how many addresses held what an address may not (address-migration.ts). */
  async function readList(stamp: string | null): Promise<{ profiles: PbxProfile[]; cleaned: number; damaged?: string }> {
    if (stamp === null) return { profiles: [], cleaned: 0 }
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: [], cleaned: 0 }
      throw error
    }
    if (text.trim() === '') return { profiles: [], cleaned: 0, damaged: 'the file is empty' }
    const json = safeJson(text)
    if (json === undefined) return { profiles: [], cleaned: 0, damaged: 'it is not complete JSON (cut short, or changed by hand)' }
    const version = (json as { version?: unknown } | null)?.version
    if (typeof version === 'number' && version > PROFILES_FILE_VERSION) {
      throw new ServiceError(
        'NOT_SUPPORTED',
        `The saved PBXs in ${file} were made by a newer version of the app (file version ${version}; this version reads ${PROFILES_FILE_VERSION}). Update the app to use them; the file was left as it is.`,
      )
    }
    const parsed = checkInput(ProfilesFileSchema, json)
    if (!parsed.success) return { profiles: [], cleaned: 0, damaged: parsed.problems[0] ? problemText(parsed.problems[0], 'file') : 'it is not a list of saved PBXs' }
    return cleanSavedAddresses(parsed.data.profiles)
  }

  /** Runs one change after the ones before it, then saves the list. */
  function change<T>(apply: (list: PbxProfile[]) => T | Promise<T>): Promise<T> {
    const run = queue.then(() =>
      withFileLock(file, async () => {
        const list = [...(await load(true))]
        const result = await apply(list)
        await writeList(list)
        return result
      }, LOCK_WAIT_MS, 'the saved PBXs'),
    )
    queue = run.catch(() => undefined)
    return run
  }

  function find(list: PbxProfile[], id: string): PbxProfile {
    const profile = list.find((p) => p.id === id)
    if (!profile) throw new ServiceError('NOT_FOUND', 'That saved PBX no longer exists.')
    return profile
  }

  /** sets what the app itself keeps about a profile (not the user's fields) */
  function mark(id: string, patch: Partial<Pick<PbxProfile, 'lastUsedAt' | 'rememberPassword' | 'trustedCertificate' | 'baseUrl' | 'systemAdmin'>>): Promise<PbxProfile> {
    return change((list) => {
      const before = find(list, id)
      const after = { ...before, ...patch }
      list[list.indexOf(before)] = after
      return after
    })
  }

  return {
    file,
    /** what was found when the file was read: a damaged file moved aside, or null */
    notice: (): SavedPbxsNotice | null => found,
    /** every saved PBX, most recently used first, then by label, its numbers as numbers ("PBX 2" before "PBX 10") */
    async list(): Promise<PbxProfile[]> {
      const list = await load()
      return [...list].sort(
        (a, b) => (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') || a.label.localeCompare(b.label, undefined, { numeric: true }),
      )
    },
    async get(id: string): Promise<PbxProfile> {
      return find(await load(), id)
    },
    async add(input: PbxProfileFields, extra: Partial<Pick<PbxProfile, 'demo' | 'rememberPassword' | 'trustedCertificate' | 'systemAdmin'>> = {}): Promise<PbxProfile> {
      const fields = checked(PbxProfileFieldsSchema, input, 'fields')
      return change((list) => {
        const profile: PbxProfile = {
          id: randomUUID(),
          ...fields,
          createdAt: now().toISOString(),
          lastUsedAt: null,
          rememberPassword: false,
          trustedCertificate: null,
          systemAdmin: null,
          demo: false,
          ...extra,
        }
        list.push(profile)
        return profile
      })
    },
    /**
     * Adds several in one change of the file: all or none (every entry is checked before the list
     * changes). An entry for which `savedAs` finds a PBX in the list (saved, or added just before)
     * is not added: the answer, in the entries' order, names that PBX instead.
     */
    async addMany(
      inputs: readonly PbxProfileFields[],
      savedAs: (fields: Pick<PbxProfile, 'baseUrl' | 'username' | 'domain'>, list: readonly PbxProfile[]) => PbxProfile | undefined,
    ): Promise<({ added: PbxProfile } | { skipped: PbxProfile })[]> {
      const entries = inputs.map((input, i) => checked(PbxProfileFieldsSchema, input, `entries.${i}`))
      return change((list) =>
        entries.map((fields) => {
          const same = savedAs(fields, list)
          if (same) return { skipped: same }
          const profile: PbxProfile = { id: randomUUID(), ...fields, createdAt: now().toISOString(), lastUsedAt: null, rememberPassword: false, trustedCertificate: null, systemAdmin: null, demo: false }
          list.push(profile)
          return { added: profile }
        }),
      )
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
    /** changes several saved PBXs in one change of the file (what the app keeps as well as the user's fields) */
    async changeMany(changes: ReadonlyMap<string, (profile: PbxProfile) => PbxProfile>): Promise<PbxProfile[]> {
      return change((list) =>
        [...changes].map(([id, apply]) => {
          const before = find(list, id)
          const after = apply(before)
          list[list.indexOf(before)] = after
          return after
        }),
      )
    },
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
