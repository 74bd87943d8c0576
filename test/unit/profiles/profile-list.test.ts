import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { PROFILE_LIST_MAX_ROWS } from '../../../electron/contract/profile-list'
import { maskedAddress } from '../../../electron/services/profiles/profile-list-check'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import type { SecretStore } from '../../../electron/services/keychain/secret-store'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

/**
 * Many saved PBXs at once, through the Bridge (contract checks included): a list of 15 demo PBXs
 * × 2 tenants previewed, added with a password typed once per account, and opened afterwards from
 * the keychain alone; each kind of bad list refused naming its row and field, nothing saved.
 */
const TENANTS = ['demo.pbx.example', 'other.pbx.example'] as const
const HEADER = 'label,address,user,tenant,customer,group,tags'

let pbxs: DemoPbx[] = []
let root: string

beforeAll(async () => {
  pbxs = await Promise.all(Array.from({ length: 15 }, () => startDemoPbx({ port: 0, seed: false })))
  root = mkdtempSync(join(tmpdir(), 'pbx-list-'))
})
afterAll(async () => {
  await Promise.all(pbxs.map((pbx) => pbx.stop()))
  rmSync(root, { recursive: true, force: true })
})

const dataDir = () => mkdtempSync(join(root, 'd-'))

/** The 30 rows: each PBX once per tenant, as a reseller's spreadsheet has them. */
function fleetRows(delimiter = ','): string[] {
  return pbxs.flatMap((pbx, i) =>
    TENANTS.map((tenant) =>
      [`Site ${i + 1} ${tenant.split('.')[0]}`, pbx.url, 'manager', tenant, `Customer ${i + 1}`, i < 8 ? 'North' : 'South', 'dect'].join(delimiter),
    ),
  )
}
const fleetList = (delimiter = ',') => [HEADER.replaceAll(',', delimiter), ...fleetRows(delimiter)].join('\n')

function build(store: SecretStore = createMemorySecretStore(), dir = dataDir()) {
  const services = testServices(dir, { keychain: { available: true, store } })
  return { services, call: invoker(services.handlers), store, dir }
}

describe('a list of PBXs, pasted', () => {
  it('previews 30 rows of 15 PBXs × 2 tenants, adds them with 2 passwords typed once, and each opens from the keychain', async () => {
    const { services, call, store, dir } = build()
    const preview = await call('previewProfileList', { text: fleetList() })
    expect(preview.rows).toHaveLength(30)
    expect(preview.problems).toEqual([])
    expect(preview.accounts).toEqual([
      { username: 'manager', domain: 'demo.pbx.example', rows: 15 },
      { username: 'manager', domain: 'other.pbx.example', rows: 15 },
    ])
    expect(preview.rows.every((row) => row.check?.result === 'reachable' && row.duplicate === null)).toBe(true)
    expect(preview.rows[0]).toMatchObject({ row: 1, fields: { label: 'Site 1 demo', address: pbxs[0]!.url, user: 'manager', tenant: 'demo.pbx.example', group: 'North', tags: ['dect'] } })
    expect(preview.rows[0]?.check?.message).toBe('reachable: Demo Company')
    expect(preview.delimiter).toBe('comma')
    expect(await call('listProfiles')).toEqual([]) // a preview saves nothing

    const passwords = TENANTS.map((domain) => ({ username: 'manager', domain, password: 'manager' }))
    const started = Date.now()
    const result = await call('importProfileList', { text: fleetList(), passwords })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(result.added).toHaveLength(30)
    expect(result.skipped).toEqual([])
    expect(result.signIns.map((s) => s.result)).toEqual(Array(30).fill('remembered'))
    expect(result.passwordNote).toBe('Password kept for 30 PBXs (signed in).')
    const saved = await call('listProfiles')
    expect(saved).toHaveLength(30)
    expect(saved.every((p) => p.rememberPassword && p.lastUsedAt === null && p.signInMethod === 'sign_in')).toBe(true)
    await services.dispose() // quit: every session ends on its PBX

    // the next start: nothing but the keychain's passwords
    const next = build(store, dir)
    for (const profile of saved) expect(await next.call('openPbx', { profileId: profile.id })).toMatchObject({ status: 'signed_in', user: { username: 'manager' } })
    await next.services.dispose()
  })

  it('tabs (a spreadsheet copy) and semicolons read as commas do, header in any order and by its aliases', async () => {
    const { call } = build()
    const commas = await call('previewProfileList', { text: fleetList() })
    for (const delimiter of ['\t', ';']) {
      const preview = await call('previewProfileList', { text: fleetList(delimiter) })
      expect(preview.delimiter).toBe(delimiter === '\t' ? 'tab' : 'semicolon')
      expect(preview.rows).toEqual(commas.rows)
    }
    const text = ['Tags;Base URL;Tenant domain;Username;Name', `"dect, vip";${pbxs[0]!.url}/;demo.pbx.example;manager;Acme`].join('\r\n')
    const preview = await call('previewProfileList', { text })
    expect(preview.rows[0]?.fields).toEqual({ label: 'Acme', address: pbxs[0]!.url, user: 'manager', tenant: 'demo.pbx.example', customer: '', group: '', tags: ['dect', 'vip'] })
    expect(preview.problems).toEqual([])
  })

  it('skips a row saved already (same address, user and tenant), and its account asks no password', async () => {
    const { call } = build()
    await call('saveProfile', { fields: { label: 'Saved before', baseUrl: pbxs[0]!.url, username: 'manager', domain: 'other.pbx.example' } })
    const text = [HEADER, ...fleetRows().slice(0, 2)].join('\n')
    const preview = await call('previewProfileList', { text })
    expect(preview.rows[1]).toMatchObject({ duplicate: { of: 'saved', label: 'Saved before' }, problems: [], check: null })
    expect(preview.accounts).toEqual([{ username: 'manager', domain: 'demo.pbx.example', rows: 1 }])
    const result = await call('importProfileList', { text })
    expect(result.added.map((a) => a.label)).toEqual(['Site 1 demo'])
    expect(result.skipped).toEqual([{ row: 2, label: 'Site 1 other', savedLabel: 'Saved before' }])
    expect(result.passwordNote).toBe('No password was typed: each PBX asks for its password at its first sign-in.')
    expect((await call('listProfiles')).map((p) => p.label).sort()).toEqual(['Saved before', 'Site 1 demo'])
  })

  it('saves a PBX out of reach (prepared offline) without keeping its password, and says so', async () => {
    const { call } = build()
    const text = [HEADER, fleetRows()[0], 'Not yet installed,http://127.0.0.1:1,manager,demo.pbx.example,,,'].join('\n')
    const preview = await call('previewProfileList', { text })
    expect(preview.problems).toEqual([])
    expect(preview.rows[1]?.check).toMatchObject({ result: 'unreachable', message: expect.stringContaining('127.0.0.1:1') })
    const result = await call('importProfileList', { text, passwords: [{ username: 'manager', domain: 'demo.pbx.example', password: 'manager' }] })
    expect(result.added).toHaveLength(2)
    expect(result.signIns.map((s) => [s.label, s.result])).toEqual([['Site 1 demo', 'remembered'], ['Not yet installed', 'unreachable']])
    expect(result.passwordNote).toBe('Password kept for 1 PBX (signed in). 1 PBX asks for it at the first sign-in: Not yet installed (not reachable now).')
    expect((await call('listProfiles')).find((p) => p.label === 'Not yet installed')?.rememberPassword).toBe(false)
  })
})

describe('a bad list is refused, naming the row and the field, and nothing is saved', () => {
  const good = () => fleetRows().slice(0, 4)
  const rowProblems: [string, () => string[], { row: number; field: string; message: RegExp }][] = [
    ['duplicate labels', () => { const rows = good(); rows[3] = rows[3]!.replace('Site 2 other', 'site 1 DEMO'); return rows }, { row: 4, field: 'label', message: /row 1 has this label too/ }],
    ['a bad address', () => { const rows = good(); rows[2] = rows[2]!.replace(pbxs[1]!.url, 'pbx.acme.example:8887'); return rows }, { row: 3, field: 'address', message: /enter an http:\/\/ or https:\/\/ address/ }],
    ['credentials in an address', () => { const rows = good(); rows[1] = rows[1]!.replace(pbxs[0]!.url, 'https://admin:s3cret@pbx.acme.example'); return rows }, { row: 2, field: 'address', message: /remove the user name and password from the address/ }],
    ['the same PBX account twice', () => { const rows = good(); rows[2] = rows[0]!.replace('Site 1 demo', 'Copy'); return rows }, { row: 3, field: 'address', message: /row 1 has the same address, user and tenant/ }],
    ['an empty user', () => { const rows = good(); rows[1] = rows[1]!.replace(',manager,', ',,'); return rows }, { row: 2, field: 'user', message: /is empty: enter the user name/ }],
  ]

  it.each(rowProblems)('%s: the preview shows it on its row, the import refuses', async (_, rows, expected) => {
    const { call } = build()
    await call('saveProfile', { fields: { label: 'Kept', baseUrl: 'https://pbx.kept.example', username: 'manager', domain: 'kept.example' } })
    const before = await call('listProfiles')
    const text = [HEADER, ...rows()].join('\n')
    const preview = await call('previewProfileList', { text })
    expect(preview.problems).toEqual([{ row: expected.row, field: expected.field, message: expect.stringMatching(expected.message) }])
    expect(preview.rows[expected.row - 1]?.problems).toEqual(preview.problems)
    const refused = await failure(call('importProfileList', { text, passwords: [{ username: 'manager', domain: 'demo.pbx.example', password: 'manager' }] }))
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: `rows.${expected.row}.${expected.field}` })
    expect(refused.message).toMatch(new RegExp(`^Row ${expected.row}, ${expected.field}: .*Nothing was added\\.$`))
    expect(refused.message).not.toContain('s3cret')
    expect(JSON.stringify(preview)).not.toContain('s3cret') // shown back masked
    expect(await call('listProfiles')).toEqual(before)
  })

  it('a list longer than the maximum (1,000 rows) is refused at once, with a sentence naming the maximum', async () => {
    const { call } = build()
    const rows = Array.from({ length: 1000 }, (_, i) => `PBX ${i + 1},https://pbx${i + 1}.example.com,manager,tenant.example,,,`)
    const text = [HEADER, ...rows].join('\n')
    const started = Date.now()
    for (const refused of [await failure(call('previewProfileList', { text })), await failure(call('importProfileList', { text }))]) {
      expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'text' })
      expect(refused.message).toBe(
        `The list has 1,000 rows; at most ${PROFILE_LIST_MAX_ROWS} PBXs are added at once, so row ${PROFILE_LIST_MAX_ROWS + 1} on would be left out. Split the list into parts of at most ${PROFILE_LIST_MAX_ROWS} rows and add each.`,
      )
    }
    expect(Date.now() - started).toBeLessThan(2000)
    expect(await call('listProfiles')).toEqual([])
  })

  it('a text beyond the contract’s length is refused at the boundary', async () => {
    const { call } = build()
    const refused = await failure(call('previewProfileList', { text: 'x'.repeat(5_000_000) }))
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'text', message: expect.stringContaining(`at most ${PROFILE_LIST_MAX_ROWS} rows`) })
  })

  it('a missing required column (or none named) is refused naming it', async () => {
    const { call } = build()
    const noUser = ['label,url,tenant', `Acme,${pbxs[0]!.url},demo.pbx.example`].join('\n')
    for (const operation of ['previewProfileList', 'importProfileList'] as const) {
      expect(await failure(call(operation, { text: noUser }))).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'user',
        message: 'The header row has no user column (or username or user name): add it, with a value in every row.',
      })
    }
    const noHeader = fleetRows().slice(0, 2).join('\n')
    expect(await failure(call('previewProfileList', { text: noHeader }))).toMatchObject({ field: 'label', message: expect.stringContaining('The first row must name the columns') })
    expect(await failure(call('previewProfileList', { text: 'label,address,user,Address' }))).toMatchObject({ field: 'address', message: expect.stringContaining('names the address twice') })
    expect(await failure(call('previewProfileList', { text: HEADER }))).toMatchObject({ field: 'text', message: 'The list has a header row but no PBX: add one row per PBX below it.' })
    expect(await call('listProfiles')).toEqual([])
  })

  it('shows an address back with any password in it masked', () => {
    expect(maskedAddress('https://admin:s3cret@pbx.acme.example')).toBe('https://admin:•••@pbx.acme.example')
    expect(maskedAddress('https://admin:2024/s3cret@pbx.acme.example')).toBe('https://admin:•••@pbx.acme.example')
    expect(maskedAddress('https://admin@pbx.acme.example')).toBe('https://admin@pbx.acme.example')
    expect(maskedAddress('pbx.acme.example:8887')).toBe('pbx.acme.example:8887')
  })

  it('names a column it does not know (a typo) instead of guessing', async () => {
    const { call } = build()
    const preview = await call('previewProfileList', { text: ['label,address,user,tenent', `Acme,${pbxs[0]!.url},manager,demo.pbx.example`].join('\n') })
    expect(preview.ignoredColumns).toEqual(['tenent'])
    expect(preview.rows[0]?.fields.tenant).toBe('')
  })
})
