import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HandoverReportSchema } from '../../../electron/contract/handover-report'
import { ipuiToIpei } from '../../../electron/contract/ipui'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createProvisionedPhonesClient } from '../../../electron/services/pbx-client/provisioned-phones'
import type { BatchStore, NewHandsetRow } from '../../../electron/services/dect/batch-store'
import { linesFromModels } from '../../../electron/services/dect/handsets/handset-import'
import { createHandoverReport } from '../../../electron/services/dect/handsets/handover-report'
import { createHandoverSettings } from '../../../electron/services/dect/handsets/handover-settings'
import { createSiteCheck } from '../../../electron/services/dect/handsets/site-check'
import { createPushRunner } from '../../../electron/services/dect/push'
import { type Demo, openSite, phonesOn, PROFILE_ID, type Site } from './push-support'

// The hand-over report of issue 43 against the demo PBX (seeded: users 1001..1250): built from a
// fresh read of the PBX (the on-site check's), checked against what the PBX holds; a PBX without
// GET /api/phones says so in the report and still reports the rest.

let pbx: Demo
let caller: PbxCaller
let store: BatchStore
let dataDir: string
let site: Site

beforeEach(async () => {
  site = await openSite({ seed: true })
  ;({ pbx, caller, store, dataDir } = site)
})
afterEach(() => site.close())

const HALL = '001565F10001'
const YARD = '001565F10002'
const SHED = '001565F10003'
const PBX = { label: 'Demo PBX · Demo Company', baseUrl: 'http://127.0.0.1:1', customer: 'Demo Company', domain: 'demo.pbx.example' }
const base = (row: number, name: string, mac: string) => ({ row, values: { name, mac, vendor: 'Yealink', model: 'W70B' }, problems: [] })
const handset = (row: number, base_mac: string, ipui: string, extension: string, name: string): NewHandsetRow => ({ row, values: { base_mac, ipui, extension, name }, problems: [] })

const reporter = (callerFor: () => PbxCaller = () => caller) => {
  const site = createSiteCheck({ store, callerFor: async () => callerFor(), linesOf: async () => linesFromModels(undefined) })
  return createHandoverReport({
    getBatch: ({ batchId }) => store.get(batchId),
    siteStatus: site.siteStatus,
    profileOf: async () => PBX,
    settings: createHandoverSettings(dataDir),
  })
}

/** Hall and Yard pushed with two handsets each; Shed in the batch, not pushed (a row with an error). */
async function pushedBatch() {
  const batch = await store.create({
    name: 'Site H',
    source: 'site.csv',
    rows: [base(1, 'Hall', HALL), base(2, 'Yard', YARD), { ...base(3, 'Shed', SHED), problems: [{ field: 'model', message: 'held back', severity: 'error' as const }] }],
    handsets: [
      handset(1, HALL, '00AF100001', '1161', 'Anna'),
      handset(2, HALL, '00AF100002', '1162', 'Ben'),
      handset(3, YARD, '00AF100003', '1163', 'Clara'),
      handset(4, YARD, '00AF100004', '1164', 'David'),
    ],
  })
  const end = await createPushRunner({ store, callerFor: () => caller, retryDelaysMs: [10] }).start(batch.id, PROFILE_ID)
  expect(end.handsets).toMatchObject({ enrolled: 4, failed: 0 })
  return store.get(batch.id)
}

const phoneId = async (mac: string): Promise<string> => (await phonesOn(caller)).find((p) => p.mac === mac)!.id

describe('the hand-over report', { timeout: 20_000 }, () => {
  it('reports the bases, handsets and what is left undone as the PBX has them now', async () => {
    const batch = await pushedBatch()
    // Hall fetches its configuration, Yard does not; Ben is taken off Hall, and Yard gets a handset the batch lacks
    expect((await fetch(new URL(new URL(batch.rows[0]!.outcome.url!).pathname, pbx.url))).status).toBe(200)
    const members = createDectMembersClient(caller)
    await members.replace(await phoneId(HALL), [{ extension_number: '1161', ipui: '00AF100001', handset_index: '1' }])
    await members.replace(await phoneId(YARD), [
      { extension_number: '1163', ipui: '00AF100003', handset_index: '1' },
      { extension_number: '1164', ipui: '00AF100004', handset_index: '2' },
      { extension_number: '1170', ipui: '00CC000001', handset_index: '3' },
    ])
    const before = Date.now()
    const report = await reporter().handoverReport({ batchId: batch.id, profileId: PROFILE_ID, installer: 'Ines Installer' })
    expect(HandoverReportSchema.parse(report)).toEqual(report)
    expect(Date.parse(report.readAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(report.date).toBe(report.readAt.slice(0, 10))
    expect(report).toMatchObject({ customer: 'Demo Company', pbx: { label: PBX.label, address: PBX.baseUrl }, tenant: 'demo.pbx.example', installer: 'Ines Installer', batch: { id: batch.id, name: 'Site H' } })

    // the firmware and IP the PBX lists for Hall, nothing for Yard (never fetched) and Shed (not pushed)
    const devices = await createProvisionedPhonesClient(caller).list()
    expect(devices.supported).toBe(true)
    const hallDevice = devices.supported ? devices.items.find((d) => d.mac.replace(/[:-]/g, '').toUpperCase() === HALL) : undefined
    expect(hallDevice?.fwver).toBeTruthy()
    expect(report.bases).toEqual([
      { name: 'Hall', mac: HALL, model: hallDevice!.model ?? 'W70B', firmware: hallDevice!.fwver, ...(hallDevice!.ip ? { ip: hallDevice!.ip } : {}), onPbx: true, fetchedConfig: true },
      { name: 'Yard', mac: YARD, model: 'W70B', onPbx: true, fetchedConfig: false },
      { name: 'Shed', mac: SHED, model: 'W70B', onPbx: false, fetchedConfig: false },
    ])

    const byIpui = new Map(report.handsets.map((h) => [h.ipui, h]))
    expect(byIpui.get('00AF100001')).toEqual({ extension: '1161', name: 'Anna', ipui: '00AF100001', ipei: ipuiToIpei('00AF100001'), baseMac: HALL, baseName: 'Hall', handsetIndex: 1, onPbx: true, inBatch: true })
    expect(byIpui.get('00AF100002')).toMatchObject({ extension: '1162', name: 'Ben', baseMac: HALL, baseName: 'Hall', onPbx: false, inBatch: true })
    expect(byIpui.get('00AF100002')!.handsetIndex).toBeUndefined()
    expect(byIpui.get('00AF100004')).toMatchObject({ extension: '1164', baseName: 'Yard', handsetIndex: 2, onPbx: true })
    // on the PBX, on a base of the batch, not in the batch: in the report, marked
    expect(byIpui.get('00CC000001')).toMatchObject({ extension: '1170', baseMac: YARD, handsetIndex: 3, onPbx: true, inBatch: false })
    expect(report.handsets).toHaveLength(5)

    expect(report.undone).toEqual([
      { kind: 'not_seen', what: 'base', item: 'Yard (00:15:65:F1:00:02)', reason: expect.stringMatching(/^it has not fetched its configuration from the PBX since it was pushed at /) },
      { kind: 'not_sent', what: 'base', item: 'Shed (00:15:65:F1:00:03)', reason: 'held back' },
      { kind: 'not_seen', what: 'handset', item: '1162 Ben (IPUI 00AF100002)', reason: "it is no member of any of the batch's bases on the PBX (the batch put it on Hall (00:15:65:F1:00:01))" },
    ])
    expect(report.counts).toEqual({ bases: 3, basesOnPbx: 2, basesFetchedConfig: 1, handsets: 4, handsetsOnPbx: 3, notSent: 1, failed: 0, notSeen: 2 })
    expect(report.cannotRead).toEqual([])
  })

  it('on a PBX without GET /api/phones (404) names what it could not read, and reports the rest', async () => {
    const batch = await pushedBatch()
    const old: PbxCaller = { baseUrl: caller.baseUrl, call: (path, options) => caller.call(/^\/?api\/phones\b/.test(path) ? 'api/no_such_endpoint' : path, options) }
    const report = await reporter(() => old).handoverReport({ batchId: batch.id, profileId: PROFILE_ID })
    expect(report.cannotRead).toEqual([
      { field: 'firmware', reason: 'this PBX does not list provisioned devices' },
      { field: 'IP address', reason: 'this PBX does not list provisioned devices' },
      { field: 'configuration fetched', reason: 'this PBX does not list provisioned devices' },
    ])
    expect(report.bases.map((b) => [b.name, b.onPbx, b.fetchedConfig, b.firmware])).toEqual([
      ['Hall', true, null, undefined],
      ['Yard', true, null, undefined],
      ['Shed', false, null, undefined],
    ])
    // no base counts as "not seen" when the PBX cannot say; the members were still read
    expect(report.counts).toMatchObject({ basesFetchedConfig: null, handsetsOnPbx: 4, notSeen: 0, notSent: 1 })
    expect(report.handsets.every((h) => h.onPbx === true)).toBe(true)
  })

  it('on a PBX without members, the handsets on the PBX are unknown, said so, never guessed', async () => {
    const batch = await pushedBatch()
    const old: PbxCaller = { baseUrl: caller.baseUrl, call: (path, options) => caller.call(/\/members/.test(path) ? 'api/no_such_endpoint' : path, options) }
    const report = await reporter(() => old).handoverReport({ batchId: batch.id, profileId: PROFILE_ID })
    expect(report.cannotRead.map((c) => c.field)).toEqual(['handset index', 'handsets on the PBX'])
    expect(report.handsets.map((h) => [h.ipui, h.onPbx, h.baseName])).toEqual([
      ['00AF100001', null, 'Hall'],
      ['00AF100002', null, 'Hall'],
      ['00AF100003', null, 'Yard'],
      ['00AF100004', null, 'Yard'],
    ])
    expect(report.counts.handsetsOnPbx).toBeNull()
  })

  it('names a handset the PBX refused as failed, with the reason the PBX gave', async () => {
    const batch = await store.create({
      name: 'Site F',
      source: 'site.csv',
      rows: [base(1, 'Hall', HALL)],
      // 9999 is no user's extension on the demo PBX: it refuses the member
      handsets: [handset(1, HALL, '00AF100001', '1161', 'Anna'), handset(2, HALL, '00AF100009', '9999', 'Nobody')],
    })
    await createPushRunner({ store, callerFor: () => caller, retryDelaysMs: [10] }).start(batch.id, PROFILE_ID)
    const saved = await store.get(batch.id)
    const refused = saved.handsets.find((h) => h.values.extension === '9999')!
    expect(refused.outcome.state).toBe('failed')
    const report = await reporter().handoverReport({ batchId: batch.id, profileId: PROFILE_ID })
    expect(report.undone.filter((u) => u.what === 'handset')).toEqual([{ kind: 'failed', what: 'handset', item: '9999 Nobody (IPUI 00AF100009)', reason: refused.outcome.error }])
    expect(report.handsets.map((h) => [h.extension, h.onPbx])).toEqual([
      ['1161', true],
      ['9999', false],
    ])
    expect(report.counts).toMatchObject({ handsets: 2, handsetsOnPbx: 1, failed: 1, notSeen: 1 })
  })

  it('remembers the installer given, and uses the name given last when none is', async () => {
    const batch = await pushedBatch()
    await reporter().handoverReport({ batchId: batch.id, profileId: PROFILE_ID, installer: 'Ines Installer' })
    expect((await reporter().handoverReport({ batchId: batch.id, profileId: PROFILE_ID })).installer).toBe('Ines Installer')
  })
})
