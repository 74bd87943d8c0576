import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_CSV_BASE64 } from '../../../electron/contract/dect'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { mmToPt } from '../../../electron/services/dect/labels/label-layout'
import { csvBytes } from '../../support/csv-bytes'
import { linesOf, readPdf } from '../../support/pdf-read'
import { failure, invoker, pushEnded } from '../invoke'
import { testServices } from '../test-services'

// The DECT operations of the Bridge, end to end in Node: spreadsheet → batch → push to the demo
// PBX → QR codes, labels, results; scan mode; the phones on the PBX.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
let profileId: string

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0, seed: false })
  dir = mkdtempSync(join(tmpdir(), 'pbx-dect-service-'))
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

/** a CSV fixture's bytes, as a dropped file's */
const bytesOf = (name: string) => readFileSync(join('test/fixtures/csv', name))
const pushed = (batchId: string) => pushEnded(call, batchId)

describe('DECT through the Bridge', () => {
  it('spreadsheet → mapping → batch; fix a row in place; push; QR codes, labels, results', async () => {
    const base64 = bytesOf('excel-semicolon-bom.csv').toString('base64')
    const preview = await call('previewCsv', { fileName: 'excel-semicolon-bom.csv', base64 })
    expect(preview.mapping['MAC-Adresse']).toBe('mac')
    expect(preview.delimiter).toBe(';')

    const batch = await call('createBatchFromCsv', {
      name: 'Site A',
      fileName: 'excel-semicolon-bom.csv',
      base64,
      mapping: preview.mapping,
      defaults: { vendor: 'Yealink', model: 'W80B' },
    })
    expect(batch.rows.length).toBeGreaterThan(3)
    expect((await call('listBatches')).map((b) => b.name)).toContain('Site A')
    // the next spreadsheet remembers the mapping, one no guess would make too, after a restart
    const odd = csvBytes('Seriennr;Hörer\n001565000001;X\n')
    expect((await call('previewCsv', { fileName: 'odd.csv', base64: odd })).mapping['Hörer']).toBe('ignore')
    await call('createBatchFromCsv', { name: 'Odd', fileName: 'odd.csv', base64: odd, mapping: { Seriennr: 'mac', Hörer: 'name' }, defaults: { vendor: 'Yealink', model: 'W80B' } })
    const restarted = testServices(dir)
    try {
      const again = await invoker(restarted.handlers)('previewCsv', { fileName: 'again.csv', base64: csvBytes('Hörer;Seriennr;Modell\nY;001565000002;W80B\n') })
      expect(again.mapping).toMatchObject({ Seriennr: 'mac', Hörer: 'name', Modell: 'model' })
    } finally {
      await restarted.dispose()
    }

    // break one row, see the problem, fix it in place
    const first = batch.rows[0]!
    const broken = await call('editBatchRows', { batchId: batch.id, edits: [{ rowId: first.id, values: { mac: '00:15:65' } }] })
    expect(broken.rows[0]!.problems.find((p) => p.severity === 'error')?.message).toMatch(/6 of 12 hex digits/)
    const fixed = await call('editBatchRows', { batchId: batch.id, edits: [{ rowId: first.id, values: { mac: '00:15:65:A1:B2:01' } }] })
    const valid = fixed.rows.filter((row) => !row.problems.some((p) => p.severity === 'error'))
    expect(valid).toHaveLength(fixed.rows.length)

    const started = await call('startPush', { batchId: batch.id, profileId, concurrency: 3 })
    expect(started.total).toBe(valid.length)
    const done = await pushed(batch.id)
    expect(done).toMatchObject({ status: 'done', created: valid.length, failed: 0 })
    const onPbx = await call('listDectPhones', { profileId })
    expect(onPbx).toHaveLength(valid.length)

    const codes = await call('batchQrCodes', { batchId: batch.id })
    expect(codes).toHaveLength(valid.length)
    expect(codes[0]!.url).toMatch(/^https:\/\/pbx\.demo\.example\/dect\/demo\.pbx\.example\/001565A1B201\.xml$/)
    expect(codes[0]!.svg).toMatch(/^<svg/)

    const pdf = await call('exportLabelsPdf', { batchId: batch.id, size: 'roll-89x36' })
    expect(pdf).toMatchObject({ fileName: 'Site-A-labels-roll-89x36.pdf', labels: valid.length, pages: valid.length, warnings: [] })
    const read = await readPdf(Buffer.from(pdf.base64, 'base64'))
    expect(read.pages).toHaveLength(valid.length)
    expect(read.pages[0]).toMatchObject({ width: expect.closeTo(mmToPt(89), 3), height: expect.closeTo(mmToPt(36), 3) })
    expect(linesOf(read.pages[0]!)[1]).toBe('00:15:65:A1:B2:01')

    const results = await call('exportResultsCsv', { batchId: batch.id })
    const lines = results.csv.trim().split('\r\n')
    expect(lines[0]).toBe('kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index')
    expect(lines).toHaveLength(valid.length + 1)
    expect(lines[1]).toMatch(/^base,1,001565A1B201,Empfang,100,dect-\d+,https:\/\/pbx\.demo\.example\/.*,done,created,,,,$/)
  })

  it('batch defaults changed after the import apply to every row that left the cell empty, at check and at push', async () => {
    const text = 'MAC;Name;Vendor;Model\n001565DD0001;Own vendor;Snom;M400\n001565DD0002;Default vendor;;\n'
    const batch = await call('createBatchFromCsv', {
      name: 'Defaults later',
      fileName: 'd.csv',
      base64: csvBytes(text),
      mapping: { MAC: 'mac', Name: 'name', Vendor: 'vendor', Model: 'model' },
      defaults: {},
    })
    // no defaults yet: the second row lacks vendor and model
    expect(batch.rows[1]!.problems.map((p) => p.field)).toEqual(['vendor', 'model'])
    const later = await call('updateBatch', { batchId: batch.id, defaults: { vendor: 'Gigaset', model: 'N670' } })
    expect(later.rows.every((row) => row.problems.length === 0)).toBe(true)
    expect(later.rows[1]!.values).toEqual({ mac: '001565DD0002', name: 'Default vendor' })
    // changed once more before the push: the push uses the defaults of that moment
    await call('updateBatch', { batchId: batch.id, defaults: { vendor: 'Yealink', model: 'W70B' } })
    await call('startPush', { batchId: batch.id, profileId })
    expect(await pushed(batch.id)).toMatchObject({ status: 'done', created: 2 })
    const phones = await call('listDectPhones', { profileId })
    const byMac = (mac: string) => phones.find((phone) => phone.mac === mac)
    expect(byMac('001565DD0001')).toMatchObject({ vendor: 'Snom', model: 'M400' })
    expect(byMac('001565DD0002')).toMatchObject({ vendor: 'Yealink', model: 'W70B' })
  })

  it('scan mode adds a row per scan named by the pattern, and warns on a duplicate', async () => {
    const batch = await call('createEmptyBatch', { name: 'Scanned on site', defaults: { vendor: 'Snom', model: 'M400' } })
    const one = await call('scanMac', { batchId: batch.id, mac: '0015.65aa.0001', namePattern: 'Lager {n}' })
    expect(one.batch.rows[0]).toMatchObject({ row: 1, values: { mac: '001565AA0001', name: 'Lager 1' } })
    expect(one.duplicateOfRow).toBeUndefined()
    const again = await call('scanMac', { batchId: batch.id, mac: '00:15:65:AA:00:01' })
    expect(again.duplicateOfRow).toBe(1)
    expect(again.batch.rows[1]!.problems.some((p) => /also in row 1/.test(p.message))).toBe(true)
    expect((await failure(call('scanMac', { batchId: batch.id, mac: '00:15:65' }))).field).toBe('mac')
  })

  it('flags MACs already on the PBX; the push never creates them twice: reports a MAC another phone holds', async () => {
    const batch = await call('createEmptyBatch', { name: 'Re-run', defaults: { vendor: 'Yealink', model: 'W80B' } })
    await call('scanMac', { batchId: batch.id, mac: '001565A1B201' }) // pushed by the first test, as 'Empfang'
    await call('scanMac', { batchId: batch.id, mac: '001565A1B2FF' })
    const checked = await call('checkBatchOnPbx', { batchId: batch.id, profileId })
    expect(checked.rows[0]!.problems).toContainEqual(expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/already on the PBX as 'Empfang'.*another phone/) }))
    await call('startPush', { batchId: batch.id, profileId })
    expect(await pushed(batch.id)).toMatchObject({ matched: 0, created: 1, failed: 1 })
  })

  it("checks each base's model against the PBX's model list: on the check (the batch's PBX from then on), then on every edit and import", async () => {
    const batch = await call('createEmptyBatch', { name: 'Models', defaults: { vendor: 'Yealink', model: 'W80B' } })
    const { rowId } = await call('scanMac', { batchId: batch.id, mac: '001565D0D001' })
    await call('editBatchRows', { batchId: batch.id, edits: [{ rowId, values: { model: 'W90B' } }] })
    const checked = await call('checkBatchOnPbx', { batchId: batch.id, profileId })
    // checked against Demo: the batch is Demo's, and a model Demo lacks is an error naming it, its Yealink models and the closest
    expect(checked.targetProfileId).toBe(profileId)
    const today = new Date().toISOString().slice(0, 10)
    expect(checked.rows[0]!.problems).toContainEqual({
      field: 'model',
      severity: 'error',
      message: `model 'W90B' is not a model of Demo (its list as of ${today}); its Yealink models: W70B, W80B; the closest is W70B`,
    })
    // the list is remembered: an edit is checked against it offline too
    const fixed = await call('editBatchRows', { batchId: batch.id, edits: [{ rowId, values: { model: 'W70B', vendor: 'Snom' } }] })
    expect(fixed.rows[0]!.problems).toEqual([{ field: 'vendor', severity: 'warning', message: "vendor 'Snom': the PBX lists model W70B as Yealink's" }])
    // a spreadsheet for no PBX in particular: the list read last only warns
    const text = 'MAC;Name;Model\n001565D0D002;Hall;W70B\n001565D0D003;Store;X1\n'
    const imported = await call('createBatchFromCsv', { name: 'Typed', fileName: 'typed.csv', base64: csvBytes(text), mapping: { MAC: 'mac', Name: 'name', Model: 'model' }, defaults: { vendor: 'Yealink' } })
    expect(imported.rows.map((r) => r.problems.map((p) => `${p.field} ${p.severity}`))).toEqual([[], ['model warning']])
    expect(imported.targetProfileId).toBeNull()
  })

  it('a spreadsheet for a PBX known at import: a model it lacks is an error at once, also offline (its list as remembered, with its date)', async () => {
    // another customer's PBX, read once while it could be reached, then out of reach (a basement)
    const away = await startDemoPbx({ port: 0, seed: false })
    const sued = (await call('saveProfile', { fields: { label: 'Kunde Süd', baseUrl: away.url, username: 'manager', domain: 'demo.pbx.example' } })).id
    await call('signIn', { profileId: sued, password: 'manager' })
    const read = await call('listDectModels', { profileId: sued })
    expect(read.source).toBe('pbx')
    await away.stop()

    const text = 'MAC;Name;Model\n001565D1D001;Hall;W70B\n001565D1D002;Store;W73H\n001565D1D003;Cellar;M40\n'
    const batch = await call('createBatchFromCsv', {
      name: 'Süd',
      fileName: 'sued.csv',
      base64: csvBytes(text),
      mapping: { MAC: 'mac', Name: 'name', Model: 'model' },
      defaults: { vendor: 'Yealink' },
      profileId: sued,
    })
    expect(batch.targetProfileId).toBe(sued)
    const day = read.fetchedAt!.slice(0, 10)
    expect(batch.rows.map((r) => r.problems)).toEqual([
      [],
      [{ field: 'model', severity: 'error', message: `model 'W73H' is not a model of Kunde Süd (its list as of ${day}); its Yealink models: W70B, W80B; the closest is W70B` }],
      [{ field: 'model', severity: 'error', message: `model 'M40' is not a model of Kunde Süd (its list as of ${day}); its Yealink models: W70B, W80B; the closest is W70B` }],
    ])
    // the fix, one value: the row is ready
    const fixed = await call('editBatchRows', { batchId: batch.id, edits: [{ rowId: batch.rows[1]!.id, values: { model: 'W70B' } }] })
    expect(fixed.rows[1]!.problems).toEqual([])
    // a PBX never read: no list of it, nothing checked against it (the list read last warns)
    const never = (await call('saveProfile', { fields: { label: 'Never read', baseUrl: away.url, username: 'manager', domain: 'demo.pbx.example' } })).id
    const unread = await call('createBatchFromCsv', { name: 'Unread', fileName: 'u.csv', base64: csvBytes(text), mapping: { MAC: 'mac', Name: 'name', Model: 'model' }, defaults: { vendor: 'Yealink' }, profileId: never })
    expect(unread.rows[1]!.problems).toEqual([expect.objectContaining({ field: 'model', severity: 'warning' })])
  })

  it('a batch pushed to a PBX whose models were never read: the push reads and remembers them, and a later edit is checked against them', async () => {
    const nord = await startDemoPbx({ port: 0, seed: false })
    try {
      const profile = (await call('saveProfile', { fields: { label: 'Kunde Nord', baseUrl: nord.url, username: 'manager', domain: 'demo.pbx.example' } })).id
      await call('signIn', { profileId: profile, password: 'manager' })
      expect((await call('listDectModels', { profileId: profile, offline: true })).source).toBe('none')
      const batch = await call('createEmptyBatch', { name: 'Nord', defaults: { vendor: 'Yealink', model: 'W70B' } })
      const { rowId } = await call('scanMac', { batchId: batch.id, mac: '001565D2D001' })
      await call('startPush', { batchId: batch.id, profileId: profile })
      expect(await pushed(batch.id)).toMatchObject({ created: 1 })
      const remembered = await call('listDectModels', { profileId: profile, offline: true })
      expect(remembered).toMatchObject({ source: 'remembered', models: expect.arrayContaining([expect.objectContaining({ model: 'W70B' })]) })
      const edited = await call('editBatchRows', { batchId: batch.id, edits: [{ rowId, values: { model: 'W73H' } }] })
      expect(edited.rows[0]!.problems).toEqual([
        { field: 'model', severity: 'error', message: `model 'W73H' is not a model of Kunde Nord (its list as of ${remembered.fetchedAt!.slice(0, 10)}); its Yealink models: W70B, W80B; the closest is W70B` },
      ])
    } finally {
      await nord.stop()
    }
  })

  it('checks the rows of an imported batch file itself, whatever problems the file says they have', async () => {
    const batch = await call('createEmptyBatch', { name: 'Office prepared', defaults: { vendor: 'Yealink', model: 'W80B' } })
    await call('scanMac', { batchId: batch.id, mac: '001565E0E001' })
    await call('scanMac', { batchId: batch.id, mac: '001565E0E002' })
    const exported = JSON.parse((await call('exportBatch', { batchId: batch.id })).json) as { rows: { values: { mac?: string }; problems: unknown[] }[] }
    // edited by hand on the way: a MAC cut short and a duplicate, each row still saying it has no problem
    exported.rows[0]!.values.mac = '00156'
    exported.rows.push({ ...exported.rows[1]!, problems: [] })
    const imported = await call('importBatch', { json: JSON.stringify(exported) })
    expect(imported.rows).toHaveLength(3)
    expect(imported.rows[0]!.problems).toContainEqual(expect.objectContaining({ field: 'mac', severity: 'error', message: expect.stringMatching(/5 of 12 hex digits/) }))
    // the MAC twice (the copy has the row number of the row copied): the first row keeps it (a
    // warning), the copy is kept out of the push (an error)
    expect(imported.rows[1]!.problems).toContainEqual(expect.objectContaining({ field: 'mac', severity: 'warning', message: expect.stringMatching(/also in row 2, which is left out/) }))
    expect(imported.rows[2]!.problems).toContainEqual(expect.objectContaining({ field: 'mac', severity: 'error', message: expect.stringMatching(/also in row 2: this row is left out/) }))
    expect((await call('getBatch', { batchId: imported.id })).rows[2]!.problems).toContainEqual(expect.objectContaining({ severity: 'error' }))
  })

  it('refuses to push to a PBX that is not signed in, and leaves the batch as it was', async () => {
    const other = await call('saveProfile', { fields: { label: 'Not signed in', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' } })
    const batch = await call('createEmptyBatch', { name: 'Waiting', defaults: { vendor: 'Yealink', model: 'W80B' } })
    await call('scanMac', { batchId: batch.id, mac: '001565C0FFEE' })
    expect((await failure(call('startPush', { batchId: batch.id, profileId: other.id }))).code).toBe('NOT_SIGNED_IN')
    expect(await call('getBatch', { batchId: batch.id })).toMatchObject({ status: 'draft', targetProfileId: null })
  })

  it('edits and deletes a phone on the PBX', async () => {
    const [phone] = await call('listDectPhones', { profileId })
    const updated = await call('updateDectPhone', { profileId, phoneId: phone!.id, changes: { name: 'Reception desk', language: 'GERMAN' } })
    expect(updated).toMatchObject({ id: phone!.id, name: 'Reception desk', language: 'GERMAN' })
    expect((await failure(call('updateDectPhone', { profileId, phoneId: phone!.id, changes: { mac: '001565000000' } as never }))).code).toBe('INVALID_INPUT')
    expect(await call('deleteDectPhone', { profileId, phoneId: phone!.id })).toEqual({ deleted: true })
    expect((await call('listDectPhones', { profileId })).some((p) => p.id === phone!.id)).toBe(false)
    expect((await call('qrCode', { text: 'https://x.example/a.xml' })).svg).toMatch(/^<svg/)
  })
})

describe('field fixes: encodings, MACs no phone has, a MAC twice', () => {
  it("a spreadsheet's bytes (base64) are decoded in main: Windows-1252 read as such, said in the preview, and the batch has the same names", async () => {
    const base64 = bytesOf('windows-1252-excel.csv').toString('base64')
    const preview = await call('previewCsv', { fileName: 'windows-1252-excel.csv', base64 })
    expect(preview).toMatchObject({ encoding: 'windows-1252', warnings: [], rowCount: 4 })
    expect(preview.records.map((r) => r[0])).toEqual(['Büro Jürgen', 'Küche', 'Lager „Süd“ – Tor 2', 'Kasse (€)'])
    const batch = await call('createBatchFromCsv', { name: 'Cp1252', fileName: 'windows-1252-excel.csv', base64, mapping: preview.mapping, defaults: { vendor: 'Yealink', model: 'W80B' } })
    expect(batch.rows.map((r) => r.values.name)).toEqual(['Büro Jürgen', 'Küche', 'Lager „Süd“ – Tor 2', 'Kasse (€)'])

    for (const [name, encoding] of [['utf-16le-unicode-text.txt', 'utf-16le'], ['utf-16be-bom.csv', 'utf-16be'], ['excel-semicolon-bom.csv', 'utf-8 with BOM'], ['non-ascii-names.csv', 'utf-8']] as const) {
      expect((await call('previewCsv', { fileName: name, base64: bytesOf(name).toString('base64') })).encoding).toBe(encoding)
    }
  })

  it("the contract takes the file's bytes only, as base64 no larger than 20 MB: text already decoded is refused", async () => {
    expect(await failure(call('previewCsv', { fileName: 'a.csv' } as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'base64' })
    expect(await failure(call('previewCsv', { fileName: 'a.csv', text: 'MAC' } as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'base64' })
    expect(await failure(call('previewCsv', { fileName: 'a.csv', base64: csvBytes('MAC'), text: 'MAC' } as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'text', message: 'text: unknown field' })
    const defaults = { vendor: 'Yealink', model: 'W80B' }
    const asText = { name: 'Text', fileName: 'a.csv', text: 'MAC\n001565000001\n', mapping: { MAC: 'mac' }, defaults }
    expect(await failure(call('createBatchFromCsv', asText as never))).toMatchObject({ code: 'INVALID_INPUT', field: 'base64' })
    expect(await failure(call('previewCsv', { fileName: 'a.csv', base64: 'not base64!' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'base64' })
    const tooBig = await failure(call('previewCsv', { fileName: 'a.csv', base64: 'A'.repeat(MAX_CSV_BASE64 + 4) }))
    expect(tooBig).toMatchObject({ code: 'INVALID_INPUT', field: 'base64' })
    expect(tooBig.message).toMatch(/too large for a batch \(at most 20 MB\)/)
  })

  it('scanMac, editBatchRows and handset scans refuse the MACs no phone has, saying why; a locally administered one is taken with a warning', async () => {
    const batch = await call('createEmptyBatch', { name: 'Odd MACs', defaults: { vendor: 'Yealink', model: 'W80B' } })
    expect(await failure(call('scanMac', { batchId: batch.id, mac: 'FF:FF:FF:FF:FF:FF' }))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'mac',
      message: 'mac: MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it',
    })
    expect((await failure(call('scanMac', { batchId: batch.id, mac: '000000000000' }))).message).toMatch(/all zeros; no phone has it/)
    expect((await failure(call('scanMac', { batchId: batch.id, mac: '01:00:5E:00:00:01' }))).message).toMatch(/is a multicast address/)

    const local = await call('scanMac', { batchId: batch.id, mac: '02:15:65:00:00:01' })
    expect(local.batch.rows[0]!.problems).toEqual([expect.objectContaining({ field: 'mac', severity: 'warning', message: expect.stringMatching(/locally administered/) })])

    const edited = await call('editBatchRows', { batchId: batch.id, edits: [{ rowId: local.rowId, values: { mac: '33:33:00:00:00:01' } }], add: [{ mac: 'ff-ff-ff-ff-ff-ff', name: 'Typed' }] })
    expect(edited.rows.map((r) => r.problems.filter((p) => p.severity === 'error').map((p) => p.message))).toEqual([
      ["MAC 33:33:00:00:00:01 is a multicast address (its first octet 33 is odd); no phone has one: check it against the phone's label"],
      ['MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it'],
    ])

    const scan = { batchId: batch.id, extensions: { from: '201', to: '260' } }
    expect(await failure(call('scanHandset', { ...scan, code: 'FFFFFFFFFFFF' }))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'code',
      message: 'code: MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it',
    })
  })

  it('a handset spreadsheet with a broadcast base MAC: no base made for it, each handset says why', async () => {
    const text = 'Base MAC;IPUI;Extension\nFF:FF:FF:FF:FF:FF;0328D3C8E4;201\n'
    const batch = await call('createBatchFromCsv', { name: 'Bad base', fileName: 'h.csv', base64: csvBytes(text), mapping: { 'Base MAC': 'mac', IPUI: 'ipui', Extension: 'extension' }, defaults: { vendor: 'Yealink', model: 'W80B' } })
    expect(batch.rows).toEqual([])
    expect(batch.handsets[0]!.problems).toContainEqual({ field: 'base_mac', severity: 'error', message: 'base MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it' })
  })

  it('a MAC twice in a file: the first row is pushed, the later ones are not; the PBX has the MAC once, with the first row\'s name', async () => {
    const text = 'MAC;Name\n001565F1F001;First\n001565F1F002;Other\n00:15:65:f1:f0:01;Second\n001565F1F001;Third\n'
    const batch = await call('createBatchFromCsv', { name: 'Twice', fileName: 't.csv', base64: csvBytes(text), mapping: { MAC: 'mac', Name: 'name' }, defaults: { vendor: 'Yealink', model: 'W80B' } })
    expect(batch.rows.map((r) => r.problems.map((p) => `${p.severity}: ${p.message}`))).toEqual([
      ['warning: MAC 00:15:65:F1:F0:01 is also in rows 3 and 4, which are left out of the push'],
      [],
      ['error: MAC 00:15:65:F1:F0:01 is also in row 1: this row is left out of the push; remove it or correct its MAC'],
      ['error: MAC 00:15:65:F1:F0:01 is also in row 1: this row is left out of the push; remove it or correct its MAC'],
    ])
    const started = await call('startPush', { batchId: batch.id, profileId })
    expect(started).toMatchObject({ total: 2, withErrors: 2 })
    expect(await pushed(batch.id)).toMatchObject({ created: 2, failed: 0, withErrors: 2 })
    const after = await call('getBatch', { batchId: batch.id })
    expect(after.rows.map((r) => r.outcome.state)).toEqual(['created', 'created', 'pending', 'pending'])
    const onPbx = (await call('listDectPhones', { profileId })).filter((p) => p.mac === '001565F1F001')
    expect(onPbx.map((p) => p.name)).toEqual(['First'])

  })

  it('an earlier row given the MAC of a row pushed already is the one left out: the pushed row keeps it', async () => {
    const text = 'MAC;Name\n;No MAC yet\n001565F2F001;Pushed\n'
    const batch = await call('createBatchFromCsv', { name: 'Later', fileName: 'l.csv', base64: csvBytes(text), mapping: { MAC: 'mac', Name: 'name' }, defaults: { vendor: 'Yealink', model: 'W80B' } })
    await call('startPush', { batchId: batch.id, profileId })
    expect(await pushed(batch.id)).toMatchObject({ created: 1, withErrors: 1 })
    const edited = await call('editBatchRows', { batchId: batch.id, edits: [{ rowId: batch.rows[0]!.id, values: { mac: '001565F2F001' } }] })
    expect(edited.rows.map((r) => r.problems.map((p) => `${p.severity}: ${p.message}`))).toEqual([
      ['error: MAC 00:15:65:F2:F0:01 is also in row 2: this row is left out of the push; remove it or correct its MAC'],
      ['warning: MAC 00:15:65:F2:F0:01 is also in row 1, which is left out of the push'],
    ])
  })

  it('a spreadsheet added to a pushed batch: handsets for its bases and a new base; the push then sends only them', async () => {
    const bases = 'MAC;Name\n001565F3F001;Hall\n'
    const batch = await call('createBatchFromCsv', { name: 'Into', fileName: 'b.csv', base64: csvBytes(bases), mapping: { MAC: 'mac', Name: 'name' }, defaults: { vendor: 'Yealink', model: 'W70B' } })
    await call('startPush', { batchId: batch.id, profileId })
    expect((await pushed(batch.id)).state).toMatchObject({ verdict: 'done' })

    const handsets = 'Base MAC;IPUI;Extension\n001565F3F001;00AE000001;1130\n001565F3F002;00AE000002;1131\n'
    const mapping = { 'Base MAC': 'mac', IPUI: 'ipui', Extension: 'extension' } as const
    const into = await call('importCsvIntoBatch', { batchId: batch.id, fileName: 'h.csv', base64: csvBytes(handsets), mapping })
    expect(into.offsets).toEqual({ rows: 1, handsets: 0 })
    expect(into.added.handsets).toHaveLength(2)
    // Hall is the batch's already; 00:15:65:F3:F0:02 is a new base, numbered after it (file row 2 → row 3)
    expect(into.batch.rows.map((r) => [r.row, r.values.name, r.outcome.state])).toEqual([
      [1, 'Hall', 'created'],
      [3, 'Base 00:15:65:F3:F0:02', 'pending'],
    ])
    expect(into.added.rows).toEqual([into.batch.rows[1]!.id])
    expect(into.batch.handsets.every((h) => h.problems.length === 0)).toBe(true)

    // while the batch is being pushed here, a file waits: refused, nothing changed
    await call('startPush', { batchId: batch.id, profileId })
    const busy = await failure(call('importCsvIntoBatch', { batchId: batch.id, fileName: 'h.csv', base64: csvBytes(handsets), mapping }))
    expect(busy).toMatchObject({ code: 'BUSY', message: 'The batch is being pushed: pause the push (or let it end), then add the file.' })
    // the new base is created and the handsets are sent; this PBX has no users, so it refuses their extensions
    const end = await pushed(batch.id)
    expect(end.state).toMatchObject({ verdict: 'partly_failed', rows: { total: 2, done: 2 }, handsets: { total: 2, failed: 2 } })
    const after = await call('getBatch', { batchId: batch.id })
    expect(after.handsets.map((h) => h.outcome.error)).toEqual(['extension 1130 is not on this PBX: no user has it', 'extension 1131 is not on this PBX: no user has it'])
  })

  it('a mapping that cannot be, or a batch that does not exist: refused, the batch left as it was', async () => {
    const batch = await call('createBatchFromCsv', { name: 'Kept', fileName: 'k.csv', base64: csvBytes('MAC\n001565F4F001\n'), mapping: { MAC: 'mac' }, defaults: { vendor: 'Yealink', model: 'W70B' } })
    const bad = await failure(call('importCsvIntoBatch', { batchId: batch.id, fileName: 'x.csv', base64: csvBytes('MAC;Name\n001565F4F002;Two\n'), mapping: { MAC: 'mac', Name: 'mac' } }))
    expect(bad).toMatchObject({ code: 'INVALID_INPUT', field: 'mapping', message: "Columns 'MAC' and 'Name' are both mapped to mac; map one of them to another field or ignore it." })
    expect(await failure(call('importCsvIntoBatch', { batchId: 'no-such-batch', fileName: 'x.csv', base64: csvBytes('MAC\n001565F4F002\n'), mapping: { MAC: 'mac' } }))).toMatchObject({ code: 'NOT_FOUND' })
    expect(await call('getBatch', { batchId: batch.id })).toEqual(batch)
  })
})
