import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createProfileStore, PROFILES_FILE } from '../../../electron/services/profiles/profile-store'
import { exportProfiles, importProfiles } from '../../../electron/services/profiles/profile-transfer'

const dirs: string[] = []
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'pbx-profiles-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const acme = { label: 'Acme HQ', baseUrl: 'https://pbx.acme.example:8887/', username: 'manager', domain: 'acme.example', customer: 'Acme', tags: ['dect', 'dect', 'vip'] }

describe('the saved PBXs file', () => {
  it('adds, lists, edits and removes, surviving a restart', async () => {
    const dir = dataDir()
    const store = createProfileStore(dir)
    const added = await store.add(acme)
    expect(added).toMatchObject({
      label: 'Acme HQ',
      baseUrl: 'https://pbx.acme.example:8887', // trailing slash dropped
      tags: ['dect', 'vip'], // repeats dropped
      signInMethod: 'sign_in',
      notes: '',
      rememberPassword: false,
      lastUsedAt: null,
      demo: false,
    })
    const reopened = createProfileStore(dir)
    expect(await reopened.list()).toEqual([added])
    const { after } = await reopened.update(added.id, { ...acme, label: 'Acme Head Office' })
    expect(after.label).toBe('Acme Head Office')
    await reopened.remove(added.id)
    expect(await createProfileStore(dir).list()).toEqual([])
  })

  it('lists the most recently used first', async () => {
    let clock = Date.parse('2026-11-01T10:00:00Z')
    const store = createProfileStore(dataDir(), () => new Date((clock += 1000)))
    const a = await store.add({ ...acme, label: 'A' })
    const b = await store.add({ ...acme, label: 'B' })
    const c = await store.add({ ...acme, label: 'C' })
    await store.touch(a.id)
    await store.touch(c.id)
    expect((await store.list()).map((p) => p.label)).toEqual(['C', 'A', 'B'])
    expect(b.lastUsedAt).toBeNull()
  })

  it('lists the never used by label, its numbers as numbers', async () => {
    const store = createProfileStore(dataDir())
    for (const label of ['Customer 10', 'customer 2', 'Customer 1', 'Büro 3']) await store.add({ ...acme, label })
    expect((await store.list()).map((p) => p.label)).toEqual(['Büro 3', 'Customer 1', 'customer 2', 'Customer 10'])
  })

  it('refuses bad input naming the field, and leaves the file untouched', async () => {
    const dir = dataDir()
    const store = createProfileStore(dir)
    await store.add(acme)
    const before = readFileSync(join(dir, PROFILES_FILE), 'utf8')
    await expect(store.add({ ...acme, baseUrl: 'ftp://x' })).rejects.toThrow(/http/)
    await expect(store.add({ ...acme, label: '  ' })).rejects.toThrow(/name for this PBX/)
    await expect(store.add({ ...acme, username: '.bad' })).rejects.toThrow()
    expect(readFileSync(join(dir, PROFILES_FILE), 'utf8')).toBe(before)
  })

  it('keeps every one of many changes made at once, and leaves no temporary file', async () => {
    const dir = dataDir()
    const store = createProfileStore(dir)
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.add({ ...acme, label: `PBX ${i}` })))
    expect(await createProfileStore(dir).list()).toHaveLength(25)
    expect(readdirSync(dir)).toEqual([PROFILES_FILE])
  })

  it.each([
    ['empty', '', 'the file is empty'],
    ['cut short', '{"version":1,"profiles":[{"id":"a","lab', 'not complete JSON'],
    ['of wrong types', '{"version":1,"profiles":[{"id":1}]}', 'profiles.0.id: must be text'],
  ])('keeps a damaged file (%s) beside a fresh list, says what it found, and lets the user go on', async (_, text, reason) => {
    const dir = dataDir()
    writeFileSync(join(dir, PROFILES_FILE), text)
    const store = createProfileStore(dir, () => new Date('2026-11-25T10:00:00Z'))
    expect(store.notice()).toBeNull()
    expect(await store.list()).toEqual([])
    const notice = store.notice()
    expect(notice).toMatchObject({ file: join(dir, PROFILES_FILE), keptAs: join(dir, 'profiles.damaged-2026-11-25T10-00-00-000Z.json') })
    expect(notice?.reason).toContain(reason)
    expect(readFileSync(notice!.keptAs, 'utf8')).toBe(text)
    await store.add(acme)
    expect(await createProfileStore(dir).list()).toHaveLength(1)
    expect(readdirSync(dir).sort()).toEqual(['profiles.damaged-2026-11-25T10-00-00-000Z.json', PROFILES_FILE])
  })

  it('takes a password out of an address saved before addresses were checked, on the first read, off the disk at once', async () => {
    const dir = dataDir()
    const store = createProfileStore(dir)
    const saved = await store.add(acme)
    const file = join(dir, PROFILES_FILE)
    writeFileSync(file, readFileSync(file, 'utf8').replace('https://pbx.acme.example:8887', 'https://alice:secret@pbx.acme.example:8887/?x=1#frag'))
    const [read] = await createProfileStore(dir).list()
    expect(read).toMatchObject({ id: saved.id, baseUrl: 'https://pbx.acme.example:8887' })
    expect(readFileSync(file, 'utf8')).not.toMatch(/secret|alice|x=1|frag/)
  })

  it('refuses a file made by a newer version of the app, and never moves or overwrites it', async () => {
    const dir = dataDir()
    const text = '{"version":2,"profiles":[],"groups":[]}'
    writeFileSync(join(dir, PROFILES_FILE), text)
    const store = createProfileStore(dir)
    await expect(store.list()).rejects.toThrow(/made by a newer version of the app \(file version 2; this version reads 1\)/)
    await expect(store.add(acme)).rejects.toThrow(/newer version/)
    expect(readFileSync(join(dir, PROFILES_FILE), 'utf8')).toBe(text)
    expect(readdirSync(dir)).toEqual([PROFILES_FILE])
  })

  it('shares the file with another process: each sees the other\'s changes, and changes made at once are all kept', async () => {
    const dir = dataDir()
    // two stores on one folder: the desktop app and a command line (each with its own cache and queue)
    const desktop = createProfileStore(dir)
    const cli = createProfileStore(dir)
    expect(await desktop.list()).toEqual([])
    const added = await cli.add({ ...acme, label: 'From the command line' })
    expect((await desktop.list()).map((p) => p.label)).toEqual(['From the command line'])
    await desktop.update(added.id, { ...acme, label: 'Renamed in the app' })
    expect((await cli.get(added.id)).label).toBe('Renamed in the app')

    await Promise.all(
      Array.from({ length: 10 }, (_, i) => [desktop.add({ ...acme, label: `App ${i}` }), cli.add({ ...acme, label: `CLI ${i}` })]).flat(),
    )
    expect(await createProfileStore(dir).list()).toHaveLength(21)
    expect(readdirSync(dir)).toEqual([PROFILES_FILE])
  })

  it('never holds a secret', async () => {
    const dir = dataDir()
    const store = createProfileStore(dir)
    // a password smuggled in with the fields is refused, not stored
    await expect(store.add({ ...acme, password: 'hunter2' } as typeof acme)).rejects.toThrow(/password/)
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('export and import', () => {
  it('moves the saved PBXs to another machine without secrets or demo profiles, skipping ones already there', async () => {
    const office = createProfileStore(dataDir())
    await office.add(acme)
    await office.add({ ...acme, label: 'Acme Branch', baseUrl: 'https://branch.acme.example' })
    await office.add({ ...acme, label: 'Demo', baseUrl: 'http://127.0.0.1:4000' }, { demo: true })
    const { fileName, json } = await exportProfiles(office, new Date('2026-11-23T12:00:00Z'))
    expect(fileName).toBe('pbx-provisioner-pbxs-2026-11-23.json')
    expect(json).not.toMatch(/password|token|127\.0\.0\.1/)

    const site = createProfileStore(dataDir())
    await site.add({ ...acme, label: 'Acme (typed on site)' })
    expect(await importProfiles(site, json)).toEqual({ added: 1, skipped: ['Acme HQ'] })
    expect((await site.list()).map((p) => p.label).sort()).toEqual(['Acme (typed on site)', 'Acme Branch'])
  })

  it("carries the fleet's group, colour and favourite; a file written before them reads as none", async () => {
    const office = createProfileStore(dataDir())
    await office.add({ ...acme, group: ' North ', colour: 'teal', favourite: true })
    const site = createProfileStore(dataDir())
    await importProfiles(site, (await exportProfiles(office)).json)
    expect((await site.list())[0]).toMatchObject({ group: 'North', colour: 'teal', favourite: true })
    await expect(office.add({ ...acme, colour: 'pink' as never })).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'colour' })

    const dir = dataDir()
    const old = { ...(await createProfileStore(dataDir()).add(acme)) } as Record<string, unknown>
    delete old.group
    delete old.colour
    delete old.favourite
    writeFileSync(join(dir, PROFILES_FILE), JSON.stringify({ version: 1, profiles: [old] }))
    expect((await createProfileStore(dir).list())[0]).toMatchObject({ label: 'Acme HQ', group: '', colour: '', favourite: false })
  })

  it('carries a certificate the user trusted, so the other machine reaches the PBX alike; a damaged one is refused', async () => {
    const office = createProfileStore(dataDir())
    const trustedCertificate = { fingerprint256: Array.from({ length: 32 }, () => 'AB').join(':'), subject: 'CN=pbx.acme.example', validTo: 'Dec 31 2027 GMT' }
    await office.add(acme, { trustedCertificate })
    const { json } = await exportProfiles(office)
    const site = createProfileStore(dataDir())
    await importProfiles(site, json)
    expect((await site.list())[0]!.trustedCertificate).toEqual(trustedCertificate)

    const damaged = json.replace(trustedCertificate.fingerprint256, 'AB:CD')
    const elsewhere = createProfileStore(dataDir())
    await expect(importProfiles(elsewhere, damaged)).rejects.toThrow(/^PBX 1 \(Acme HQ\) in the file: trustedCertificate\.fingerprint256: .*Nothing was imported\.$/)
    expect(await elsewhere.list()).toEqual([])
  })

  it('refuses a file that is not an export, or has a bad entry, and imports nothing', async () => {
    const store = createProfileStore(dataDir())
    await expect(importProfiles(store, 'not json')).rejects.toThrow(/not JSON/)
    await expect(importProfiles(store, '{"version":1}')).rejects.toThrow(/not an export/)
    const bad = JSON.stringify({ version: 1, profiles: [{ ...acme, label: 'Good' }, { ...acme, label: 'Bad', baseUrl: 'nope' }] })
    await expect(importProfiles(store, bad)).rejects.toThrow(/PBX 2 \(Bad\).*baseUrl/)
    expect(await store.list()).toEqual([])
  })
})
