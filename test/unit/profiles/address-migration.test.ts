import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanSavedAddress, cleanSavedAddresses } from '../../../electron/services/profiles/address-migration'
import { createProfileStore, PROFILES_FILE } from '../../../electron/services/profiles/profile-store'
import { exportProfiles, importProfiles } from '../../../electron/services/profiles/profile-transfer'

const dirs: string[] = []
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'pbx-address-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A saved PBX as an older version wrote it: its address was only checked to be http(s). */
const saved = (label: string, baseUrl: string) => ({
  id: `id-${label}`,
  label,
  baseUrl,
  username: 'manager',
  domain: 'acme.example',
  signInMethod: 'sign_in',
  customer: '',
  tags: [],
  notes: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastUsedAt: null,
  rememberPassword: false,
  trustedCertificate: null,
  demo: false,
})

describe('cleaning addresses saved before they were checked', () => {
  it.each([
    ['https://alice:secret@pbx.acme.example:8887', 'https://pbx.acme.example:8887'],
    ['https://:secret@pbx.acme.example/', 'https://pbx.acme.example'],
    ['http://alice@10.0.0.5:80', 'http://10.0.0.5'],
    ['https://pbx.acme.example/?x=1#frag', 'https://pbx.acme.example'],
    ['HTTPS://PBX.Acme.example:443', 'https://pbx.acme.example'],
    // a path is the user's to remove (the client refuses to call it and says so); the password goes anyway
    ['https://alice:secret@pbx.acme.example/pbx/', 'https://pbx.acme.example/pbx'],
    // already clean, or not an address at all: as it was
    ['https://pbx.acme.example:8887', 'https://pbx.acme.example:8887'],
    ['nope', 'nope'],
  ])('%s → %s', (before, after) => {
    expect(cleanSavedAddress(before)).toBe(after)
  })

  it('counts what changed and keeps the rest as it was', () => {
    const clean = saved('Clean', 'https://pbx.clean.example')
    const { profiles, cleaned } = cleanSavedAddresses([saved('Leaky', 'https://alice:secret@pbx.acme.example'), clean])
    expect(cleaned).toBe(1)
    expect(profiles.map((p) => p.baseUrl)).toEqual(['https://pbx.acme.example', 'https://pbx.clean.example'])
    expect(profiles[1]).toBe(clean)
    expect(JSON.stringify(profiles)).not.toContain('secret')
  })
})

describe('moving saved PBXs never carries a password in an address', () => {
  it('exports a PBX saved with a password in its address without it', async () => {
    const dir = dataDir()
    writeFileSync(join(dir, PROFILES_FILE), JSON.stringify({ version: 1, profiles: [saved('Leaky', 'https://alice:secret@pbx.acme.example:8887')] }))
    const { json } = await exportProfiles(createProfileStore(dir))
    expect(json).not.toContain('secret')
    expect(JSON.parse(json).profiles[0].baseUrl).toBe('https://pbx.acme.example:8887')
  })

  it('imports an older export with a password in an address, saving the address without it', async () => {
    const store = createProfileStore(dataDir())
    const json = JSON.stringify({ version: 1, profiles: [{ label: 'Leaky', baseUrl: 'https://alice:secret@pbx.acme.example:8887/', username: 'manager' }] })
    expect(await importProfiles(store, json)).toEqual({ added: 1, skipped: [] })
    expect((await store.list())[0]?.baseUrl).toBe('https://pbx.acme.example:8887')
  })

  it('refuses to import an address with a path, saying what to remove', async () => {
    const store = createProfileStore(dataDir())
    const json = JSON.stringify({ version: 1, profiles: [{ label: 'Proxied', baseUrl: 'https://pbx.acme.example/pbx', username: 'manager' }] })
    await expect(importProfiles(store, json)).rejects.toThrow(
      'PBX 1 (Proxied) in the file: baseUrl: remove /pbx from the address: enter only https://pbx.acme.example (the app adds /api/… itself). Nothing was imported.',
    )
  })
})
