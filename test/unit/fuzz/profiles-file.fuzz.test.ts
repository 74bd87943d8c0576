import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PbxProfileSchema, ProfilesFileSchema, type PbxProfile } from '../../../electron/contract/profiles'
import { ServiceError } from '../../../electron/services/errors'
import { createProfileStore, PROFILES_FILE } from '../../../electron/services/profiles/profile-store'
import { fuzzTempDir, fuzzTest } from './fuzz-settings'
import { damage, damaged, fieldChanged } from './file-damage'

/**
 * The saved PBXs file (services/profiles/profile-store.ts), damaged on disk: cut short, bytes
 * changed, a field given any JSON value, or any JSON at all in its place. Reading it answers saved
 * PBXs that each pass the contract, or keeps the damaged file aside byte for byte (and says where),
 * or refuses a newer version leaving the file as it is. Nothing else is thrown, nothing is lost.
 */

const NOW = new Date('2026-11-25T10:00:00.000Z')
const KEPT_AS = `profiles.damaged-${NOW.toISOString().replace(/[:.]/g, '-')}.json`

let dir: string
let file: string
/** profiles.json as the store writes it: three PBXs, one used, one with every field set */
let valid: Buffer

beforeAll(async () => {
  dir = fuzzTempDir('fuzz-profiles-')
  file = join(dir, PROFILES_FILE)
  const store = createProfileStore(dir, () => NOW)
  await store.add({ label: 'Acme HQ', baseUrl: 'https://pbx.acme.example:8887', username: 'manager', domain: 'acme.example', customer: 'Acme', tags: ['dect', 'vip'] })
  const used = await store.add({ label: 'Zürich – Büro “Süd”', baseUrl: 'http://[fe80::1]:4000', username: 'admin', notes: 'Türcode 1234\nzweite Zeile' })
  await store.add(
    { label: 'Demo 日本', baseUrl: 'https://xn--mnchen-3ya.de', username: 'root', group: 'Nord', colour: 'teal', favourite: true, signInMethod: 'oauth' },
    { demo: true, rememberPassword: true, trustedCertificate: { fingerprint256: Array.from({ length: 32 }, () => 'AB').join(':'), subject: 'CN=pbx', validTo: '2030-01-01' } },
  )
  await store.touch(used.id)
  valid = readFileSync(file)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** the folder as each case starts: empty (cheaper than a new folder a case) */
function emptyDir(): void {
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true })
}

// --- damage -----------------------------------------------------------------------------------

/** the valid file with one field (at any depth) replaced by any JSON value, or taken out */
const changedField = fieldChanged(() => valid, [2, 0, -1, 1.5, '1', null], 2)

const damagedFile = fc.oneof(
  { weight: 4, arbitrary: fc.array(damage, { minLength: 1, maxLength: 4 }).map((changes) => damaged(valid, changes)) },
  { weight: 3, arbitrary: changedField },
  // the version as text JSON.parse reads in its own way (1e400 is Infinity, 1.0 is 1)
  { weight: 1, arbitrary: fc.constantFrom('1e400', '-1e400', '2', '1.0', '1E0', '-0', '0.9999999999999999999', '"1"', 'null', '[1]').map((v) => Buffer.from(valid.toString('utf8').replace(/"version":\s*1/, `"version":${v}`))) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? '')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
)

// --- the property -----------------------------------------------------------------------------

const byId = (a: PbxProfile, b: PbxProfile) => a.id.localeCompare(b.id)

async function checkRead(bytes: Buffer): Promise<void> {
  emptyDir()
  writeFileSync(file, bytes)
  const store = createProfileStore(dir, () => NOW)
  let list: PbxProfile[]
  try {
    list = await store.list()
  } catch (error) {
    // only a newer version is refused, and that file is left exactly as it was
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as ServiceError).code).toBe('NOT_SUPPORTED')
    expect((error as ServiceError).message).toContain('newer version')
    expect(readdirSync(dir)).toEqual([PROFILES_FILE])
    expect(readFileSync(file).equals(bytes)).toBe(true)
    return
  }
  for (const profile of list) expect(PbxProfileSchema.safeParse(profile).success).toBe(true)

  const notice = store.notice()
  if (notice !== null) {
    // moved aside, byte for byte, and said where; the list starts empty
    expect(notice).toMatchObject({ file, keptAs: join(dir, KEPT_AS) })
    expect(notice.reason.trim()).not.toBe('')
    expect(list).toEqual([])
    expect(readdirSync(dir).filter((name) => !name.endsWith('.lock'))).toEqual([KEPT_AS])
    expect(readFileSync(notice.keptAs).equals(bytes)).toBe(true)
    return
  }
  // read as it is; or, when an address held a password, query or fragment, written back without it
  const now = readFileSync(file)
  if (!now.equals(bytes)) {
    const written = ProfilesFileSchema.parse(JSON.parse(now.toString('utf8')))
    expect([...written.profiles].sort(byId)).toEqual([...list].sort(byId))
  }
  // and read again the same way
  expect(await createProfileStore(dir, () => NOW).list()).toEqual(list)
}

describe('fuzz: the saved PBXs file', () => {
  // the fixture the damage starts from: if it did not read, every case below would be "damaged"
  it('the file as the store wrote it reads back, unchanged', async () => {
    await checkRead(valid)
    expect(await createProfileStore(dir).list()).toHaveLength(3)
    expect(readFileSync(file).equals(valid)).toBe(true)
  })

  fuzzTest('cut, bytes changed, a field of any value, any JSON: valid PBXs, or the file kept aside byte for byte, or a newer version left alone', () =>
    fc.asyncProperty(damagedFile, checkRead), 5,
  )
})
