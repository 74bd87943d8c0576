import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import { ipuiToIpei } from '../../../electron/contract/ipui'
import type { Services } from '../../../electron/services'
import { failure, invoker, pushEnded } from '../invoke'
import { testServices } from '../test-services'

// Handsets through the Bridge against the seeded demo PBX (users 1001..1250; the Reception base
// has members 1001 = 00092263DD and 1002 = 00092263DE): models remembered for offline use, scan
// mode, handsets edited and checked on the PBX, the on-site check and a base's members.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
let profileId: string

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0 })
  dir = mkdtempSync(join(tmpdir(), 'pbx-handset-service-'))
  services = testServices(dir)
  call = invoker(services.handlers)
  profileId = (await call('saveProfile', { fields: { label: 'Demo', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' } })).id
  await call('signIn', { profileId, password: 'manager' })
})
afterAll(async () => {
  await services.dispose()
  await pbx.stop()
  rmSync(dir, { recursive: true, force: true })
})

const pushed = (batchId: string) => pushEnded(call, batchId)
const W70B = { vendor: 'Yealink', model: 'W70B', template: 'yealink_w70b.xml' }
const range = { from: '1201', to: '1260' }

describe('handsets through the Bridge', () => {
  it('models: none known at first, the PBX list read and remembered, then offered offline', async () => {
    expect(await call('listDectModels', {})).toEqual({ source: 'none', supported: true, models: [] })
    const read = await call('listDectModels', { profileId })
    expect(read.source).toBe('pbx')
    expect(read.models.find((m) => m.model === 'W70B')).toEqual({ filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' })
    const offline = await call('listDectModels', {})
    expect(offline).toMatchObject({ source: 'remembered', supported: true, fetchedAt: read.fetchedAt })
    expect(offline.models).toEqual(read.models)
  })

  it('scan mode: a base MAC, then handsets take the next free extension; a twin or a full base adds nothing', async () => {
    const batch = await call('createEmptyBatch', { name: 'Scan site', defaults: W70B })
    const early = await failure(call('scanHandset', { batchId: batch.id, code: '00AA000001', extensions: range }))
    expect(early).toMatchObject({ code: 'INVALID_INPUT', field: 'baseMac' })

    const base = await call('scanHandset', { batchId: batch.id, code: '00-15-65-AA-00-01', extensions: range })
    expect(base).toMatchObject({ result: 'base', baseMac: '001565AA0001', onBase: 0, lines: 10 })
    expect(base.batch.rows.map((r) => [r.values.mac, r.values.name])).toEqual([['001565AA0001', 'Base 00:15:65:AA:00:01']])

    const scan = (code: string) => call('scanHandset', { batchId: batch.id, code, baseMac: base.baseMac, extensions: range, namePattern: 'Room {extension}' })
    const first = await scan('00aa000001')
    expect(first).toMatchObject({ result: 'added', extension: '1201', onBase: 1, lines: 10 })
    expect(first.message).toBe('Extension 1201: handset 00AA000001 on base Base 00:15:65:AA:00:01 (1 of 10 lines).')
    // the IPEI printed on a box is the same handset as its IPUI
    const second = await scan(ipuiToIpei('00AA000002'))
    expect(second).toMatchObject({ result: 'added', extension: '1202' })
    const twin = await scan('00AA000001')
    expect(twin).toMatchObject({ result: 'duplicate', handsetId: first.handsetId, extension: '1201' })
    expect(twin.batch.handsets).toHaveLength(2)
    for (let i = 3; i <= 10; i++) await scan(`00AA0000${String(i).padStart(2, '0')}`)
    const full = await scan('00AA000011')
    expect(full).toMatchObject({ result: 'full', onBase: 10, lines: 10 })
    expect(full.batch.handsets.map((h) => h.values.extension)).toEqual(Array.from({ length: 10 }, (_, i) => String(1201 + i)))
    expect(full.batch.handsets[2]!.values).toMatchObject({ name: 'Room 1203', base_mac: '001565AA0001' })
    expect(full.batch.handsets.every((h) => h.problems.length === 0)).toBe(true)

    const junk = await failure(scan('hello'))
    expect(junk).toMatchObject({ code: 'INVALID_INPUT', field: 'code' })
    const narrow = await failure(call('scanHandset', { batchId: batch.id, code: '00-15-65-AA-00-02', extensions: { from: '1201', to: '1200' } }))
    expect(narrow).toMatchObject({ code: 'INVALID_INPUT', field: 'extensions.to' })
    // a range whose every extension a handset of the batch has: refused, naming it; nothing added
    const other = await call('scanHandset', { batchId: batch.id, code: '00-15-65-AA-00-02', extensions: range })
    const used = await failure(call('scanHandset', { batchId: batch.id, code: '00AA000012', baseMac: other.baseMac, extensions: { from: '1201', to: '1210' } }))
    expect(used).toMatchObject({ code: 'INVALID_INPUT', field: 'extensions', message: 'extensions: every extension of 1201-1210 is taken in this batch: widen the range' })
    expect((await call('getBatch', { batchId: batch.id })).handsets).toHaveLength(10)
  })

  it('handsets edited in place: a bad IPEI is named, fixed, and checked across the batch again', async () => {
    const batch = await call('createEmptyBatch', { name: 'Edit site', defaults: W70B })
    const base = await call('scanHandset', { batchId: batch.id, code: '001565BB0001', extensions: range })
    let edited = await call('editBatchHandsets', {
      batchId: batch.id,
      add: [
        { base_mac: base.baseMac, ipui: '00146 0156577 7', extension: '1201' },
        { base_mac: base.baseMac, ipui: '00BB000002', extension: '1201' },
      ],
    })
    const [bad, twin] = edited.handsets
    expect(bad!.problems).toContainEqual({ field: 'ipui', severity: 'error', message: 'IPEI 00146 0156577 7: check digit should be 9' })
    expect(twin!.problems).toContainEqual({ field: 'extension', severity: 'error', message: 'extension 1201 is also in row 1' })
    edited = await call('editBatchHandsets', { batchId: batch.id, edits: [{ handsetId: bad!.id, values: { ipui: '00146 0156577 9', extension: '1202' } }] })
    expect(edited.handsets.map((h) => h.problems)).toEqual([[], []])
    expect(edited.handsets[0]!.values.ipui).toMatch(/^0[0-9A-F]{9}$/)
    edited = await call('editBatchHandsets', { batchId: batch.id, remove: [twin!.id] })
    expect(edited.handsets).toHaveLength(1)
    const gone = await failure(call('editBatchHandsets', { batchId: batch.id, remove: [twin!.id] }))
    expect(gone).toMatchObject({ code: 'NOT_FOUND' })
    // removing the base leaves its handset without a place: named at once
    const withoutBase = await call('editBatchRows', { batchId: batch.id, remove: [edited.rows[0]!.id] })
    expect(withoutBase.handsets[0]!.problems.map((p) => p.message)).toEqual([
      'base MAC 00:15:65:BB:00:01 is not a base of this batch: add the base as a row, or leave the cell empty',
    ])
  })

  it('a swap and a renumber kept by the batch stay when its handsets are edited or checked on the PBX', async () => {
    const batch = await call('createEmptyBatch', { name: 'Kept site', defaults: W70B })
    const base = await call('scanHandset', { batchId: batch.id, code: '001565DF0001', extensions: range })
    await call('scanHandset', { batchId: batch.id, code: '00DF000001', baseMac: base.baseMac, extensions: { from: '1240', to: '1245' } })
    await call('startPush', { batchId: batch.id, profileId })
    expect(await pushed(batch.id)).toMatchObject({ status: 'done' })
    const { swap } = await call('swapHandset', { batchId: batch.id, profileId, handset: '1240', to: '00DF000002' })
    // the new extension is checked against the contract before anything runs
    expect(await failure(call('renumberHandset', { batchId: batch.id, profileId, handset: '1240', to: '12a4' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'to', message: 'to: type the new extension: 3 to 64 digits' })
    const { renumber } = await call('renumberHandset', { batchId: batch.id, profileId, handset: '1240', to: ' 1244 ' })
    expect(renumber).toMatchObject({ from: '1240', to: '1244', baseName: base.batch.rows[0]!.values.name, finished: false })
    const kept = { swaps: [{ from: '00DF000001', to: '00DF000002', at: expect.any(String) }], renumbers: [{ from: '1240', to: '1244', at: expect.any(String) }] }
    const edited = await call('editBatchHandsets', { batchId: batch.id, edits: [{ handsetId: swap.handsetId, values: { name: 'Door' } }] })
    expect(edited.handsets[0]).toMatchObject({ values: { name: 'Door', ipui: '00DF000002', extension: '1244' }, ...kept })
    expect((await call('checkHandsetsOnPbx', { batchId: batch.id, profileId })).batch.handsets[0]).toMatchObject(kept)
  })

  it('checked on the PBX: an unknown extension, an extension held by another handset, a handset enrolled already', async () => {
    const batch = await call('createEmptyBatch', { name: 'Check site', defaults: W70B })
    const base = await call('scanHandset', { batchId: batch.id, code: '001565CC0001', extensions: range })
    await call('editBatchHandsets', {
      batchId: batch.id,
      add: [
        { base_mac: base.baseMac, ipui: '00CC000001', extension: '9999' },
        { base_mac: base.baseMac, ipui: '00CC000002', extension: '1001' },
        { base_mac: base.baseMac, ipui: '00092263DE', extension: '1002' },
        { base_mac: base.baseMac, ipui: '00CC000004', extension: '1204' },
      ],
    })
    const { batch: checkedBatch, notes } = await call('checkHandsetsOnPbx', { batchId: batch.id, profileId })
    expect(notes).toEqual([])
    const problems = checkedBatch.handsets.map((h) => h.problems.map((p) => `${p.severity} ${p.field}: ${p.message}`))
    expect(problems[0]).toEqual(['error extension: extension 9999 has no user on the PBX: add the user there, or change the extension'])
    expect(problems[1]).toEqual([expect.stringMatching(/^error extension: extension 1001 is held by handset 00092263DD on base Reception base \(80:5E:C0:A1:B2:C3\) at index 1/)])
    expect(problems[2]).toEqual([expect.stringMatching(/^warning ipui: handset 00092263DE is enrolled for extension 1002 already, on base Reception base .*: the push will match it$/)])
    expect(problems[3]).toEqual([])
  })

  it("a batch file read in checks its handsets again, whatever the file says: a handset on a base the file lacks is named", async () => {
    const batch = await call('createEmptyBatch', { name: 'Carried over', defaults: W70B })
    const base = await call('scanHandset', { batchId: batch.id, code: '001565EE0001', extensions: range })
    await call('scanHandset', { batchId: batch.id, code: '00AB000001', baseMac: base.baseMac, extensions: range })
    const file = JSON.parse((await call('exportBatch', { batchId: batch.id })).json) as { handsets: { values: { base_mac?: string }; problems: unknown[] }[] }
    // edited by hand on the way: the handset moved to a base the batch does not have, still "no problem"
    file.handsets[0]!.values.base_mac = '001565EE00FF'
    file.handsets[0]!.problems = []
    const imported = await call('importBatch', { json: JSON.stringify(file) })
    expect(imported.handsets[0]!.problems).toContainEqual(expect.objectContaining({ field: 'base_mac', severity: 'error', message: expect.stringContaining('00:15:65:EE:00:FF') }))
  })

  it('on site: after the push the bases wait, two fetch their configuration and are seen; re-provision and reboot', async () => {
    const batch = await call('createEmptyBatch', { name: 'On site', defaults: W70B })
    for (const code of ['001565DD0001', '001565DD0002', '001565DD0003']) await call('scanHandset', { batchId: batch.id, code, extensions: range })
    const before = await call('siteStatus', { batchId: batch.id, profileId })
    expect(before.supported).toBe(true)
    expect(before.bases.map((b) => b.state)).toEqual(['not_pushed', 'not_pushed', 'not_pushed'])
    await call('startPush', { batchId: batch.id, profileId })
    expect(await pushed(batch.id)).toMatchObject({ status: 'done', created: 3 })
    const after = await call('getBatch', { batchId: batch.id })
    const waiting = await call('siteStatus', { batchId: batch.id, profileId })
    expect(waiting.bases.map((b) => b.state)).toEqual(['waiting', 'waiting', 'waiting'])
    // each base says when its push put it on the PBX: "not seen after N minutes" counts from there
    expect(waiting.bases.map((b) => b.pushedAt)).toEqual(after.rows.map((row) => row.outcome.at))
    expect(waiting.bases.every((b) => b.pushedAt && Date.now() - Date.parse(b.pushedAt) < 60_000)).toBe(true)
    for (const row of after.rows.slice(0, 2)) {
      const res = await fetch(new URL(new URL(row.outcome.url!).pathname, pbx.url))
      expect(res.status).toBe(200)
    }
    const site = await call('siteStatus', { batchId: batch.id, profileId })
    expect(site.bases.map((b) => b.state)).toEqual(['seen', 'seen', 'waiting'])
    expect(site.bases[0]).toMatchObject({ mac: '001565DD0001', ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/), fwver: '146.85.0.20' })
    expect(await call('baseAction', { profileId, mac: '00:15:65:DD:00:01', action: 'reprovision' })).toEqual({ done: true })
    expect(await call('baseAction', { profileId, mac: '001565DD0002', action: 'reboot' })).toEqual({ done: true })
    expect(await failure(call('baseAction', { profileId, mac: '001565DD0003', action: 'reboot' }))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it("a base's members: listed with its lines and the tenant's extensions, reassigned, a mistake named by its line", async () => {
    const reception = (await call('listDectPhones', { profileId })).find((p) => p.name === 'Reception base')!
    const listed = await call('listBaseMembers', { profileId, phoneId: reception.id })
    expect(listed.lines).toBe(10)
    expect(listed.members.map((m) => [m.extension_number, m.ipui, m.handset_index])).toEqual([
      ['1001', '00092263DD', 1],
      ['1002', '00092263DE', 2],
    ])
    expect(listed.extensions?.find((e) => e.extension === '1001')?.name).toBeTruthy()
    const twice = await failure(
      call('saveBaseMembers', {
        profileId,
        phoneId: reception.id,
        members: [
          { extension_number: '1001', ipui: '00092263DD', handset_index: '1' },
          { extension_number: '1001', ipui: '00092263DE', handset_index: '2' },
        ],
      }),
    )
    expect(twice).toMatchObject({ code: 'INVALID_INPUT', field: 'members.1.extension_number', message: 'members.1.extension_number: line 2: 1001 is also on line 1' })
    const unknown = await failure(
      call('saveBaseMembers', { profileId, phoneId: reception.id, members: [{ extension_number: '9999', ipui: '00092263DD', handset_index: '1' }] }),
    )
    expect(unknown).toMatchObject({ field: 'members.0.extension_number' })
    const saved = await call('saveBaseMembers', {
      profileId,
      phoneId: reception.id,
      members: [{ extension_number: '1003', ipui: '00092263dd', handset_index: '4' }],
    })
    expect(saved.members.map((m) => [m.extension_number, m.ipui, m.handset_index])).toEqual([['1003', '00092263DD', 4]])
  })
})
