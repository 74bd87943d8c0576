import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SITE_MEMBERS_FRESH_MS } from '../../../electron/contract/bridge-handsets'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import type { BatchStore, NewHandsetRow } from '../../../electron/services/dect/batch-store'
import { linesFromModels } from '../../../electron/services/dect/handsets/handset-import'
import { createSiteCheck } from '../../../electron/services/dect/handsets/site-check'
import { createPushRunner } from '../../../electron/services/dect/push'
import { type Demo, openSite, phonesOn, PROFILE_ID, type Site } from './push-support'

// The on-site check of issue 40 against the demo PBX (seeded: users 1001..1250): each pushed base's
// members as the PBX has them against the batch's handsets, a PBX without members said so, and
// re-provision / reboot of several bases at once with each base's outcome.

let pbx: Demo
let caller: PbxCaller
let store: BatchStore
let site: Site

beforeEach(async () => {
  site = await openSite({ seed: true })
  ;({ pbx, caller, store } = site)
})
afterEach(() => site.close())

const HALL = '001565F10001'
const YARD = '001565F10002'
const SHED = '001565F10003'
const base = (row: number, name: string, mac: string) => ({ row, values: { name, mac, vendor: 'Yealink', model: 'W70B' }, problems: [] })
const handset = (row: number, base_mac: string, ipui: string, extension: string, name: string): NewHandsetRow => ({ row, values: { base_mac, ipui, extension, name }, problems: [] })

const siteCheck = (callerFor: () => PbxCaller = () => caller, now?: () => number) =>
  createSiteCheck({ store, callerFor: async () => callerFor(), linesOf: async () => linesFromModels(undefined), ...(now ? { now } : {}) })

/** Hall and Yard pushed with two handsets each; Shed in the batch, not pushed (a row with an error). */
async function pushedBatch() {
  const batch = await store.create({
    name: 'Site G',
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
  expect(end).toMatchObject({ created: 2 })
  expect(end.handsets).toMatchObject({ enrolled: 4, failed: 0 })
  return store.get(batch.id)
}

const phoneId = async (mac: string): Promise<string> => (await phonesOn(caller)).find((p) => p.mac === mac)!.id

describe('on site: members per base against the batch', () => {
  it('names the handsets on each base, the ones missing from it, and members the batch has not or puts elsewhere', async () => {
    const batch = await pushedBatch()
    const members = createDectMembersClient(caller)
    // on the PBX, after the push: Ben taken off Hall; Yard given a handset the batch lacks and Anna (the batch's for Hall)
    await members.replace(await phoneId(HALL), [{ extension_number: '1161', ipui: '00AF100001', handset_index: '1' }])
    await members.replace(await phoneId(YARD), [
      { extension_number: '1163', ipui: '00AF100003', handset_index: '1' },
      { extension_number: '1164', ipui: '00AF100004', handset_index: '2' },
      { extension_number: '1170', ipui: '00CC000001', handset_index: '3' },
    ])
    const status = await siteCheck().siteStatus({ batchId: batch.id, profileId: PROFILE_ID, fresh: true })
    expect(status.membersSupported).toBe(true)
    const [hall, yard, shed] = status.bases
    expect(hall!.handsets).toEqual([
      { place: 'missing', ipui: '00AF100002', extension: '1162', name: 'Ben' },
      { place: 'on_base', ipui: '00AF100001', extension: '1161', handsetIndex: 1, name: 'Anna' },
    ])
    expect(yard!.handsets!.map((h) => [h.place, h.ipui, h.extension, h.handsetIndex])).toEqual([
      ['not_in_batch', '00CC000001', '1170', 3],
      ['on_base', '00AF100003', '1163', 1],
      ['on_base', '00AF100004', '1164', 2],
    ])
    // the PBX's user's name for a member the batch does not name
    expect(yard!.handsets![0]!.name).toBeTruthy()
    expect(shed).toMatchObject({ state: 'not_pushed' })
    expect(shed!.handsets).toBeUndefined()

    // a handset of the batch for Hall found on Yard: elsewhere there, missing on Hall
    await members.replace(await phoneId(YARD), [{ extension_number: '1162', ipui: '00AF100002', handset_index: '4' }])
    const moved = await siteCheck().siteStatus({ batchId: batch.id, profileId: PROFILE_ID, fresh: true })
    expect(moved.bases[1]!.handsets!.map((h) => [h.place, h.ipui, h.batchBase])).toEqual([
      ['missing', '00AF100003', undefined],
      ['missing', '00AF100004', undefined],
      ['other_base', '00AF100002', 'Hall'],
    ])
    expect(moved.bases[0]!.handsets!.map((h) => [h.place, h.ipui])).toEqual([
      ['missing', '00AF100002'],
      ['on_base', '00AF100001'],
    ])
  })

  it("gives each base its model's lines from the PBX's models, for the handsets against them; none where the model is unknown", async () => {
    const batch = await pushedBatch()
    const withLines = createSiteCheck({
      store,
      callerFor: async () => caller,
      linesOf: async () => linesFromModels([{ filename: 'yealink_w70b.xml', model: 'W70B', lines: 2, display_name: 'Yealink W70B' }]),
    })
    const status = await withLines.siteStatus({ batchId: batch.id, profileId: PROFILE_ID, fresh: true })
    expect(status.bases.map((b) => [b.name, b.lines, b.handsets?.filter((h) => h.place !== 'missing').length])).toEqual([
      ['Hall', 2, 2],
      ['Yard', 2, 2],
      ['Shed', 2, undefined],
    ])
    const unknown = await siteCheck().siteStatus({ batchId: batch.id, profileId: PROFILE_ID, fresh: true })
    expect(unknown.bases.map((b) => b.lines)).toEqual([undefined, undefined, undefined])
  })

  it('a poll answers the members read in the last 30 s again, without asking the PBX; fresh, or older, they are read again', async () => {
    const batch = await pushedBatch()
    let clock = 1_000_000
    const check = siteCheck(undefined, () => clock)
    const ask = async (fresh: boolean) => {
      const before = pbx.requests
      const status = await check.siteStatus({ batchId: batch.id, profileId: PROFILE_ID, fresh })
      return { requests: pbx.requests - before, hall: status.bases[0]!.handsets!.map((h) => [h.place, h.ipui]) }
    }
    const first = await ask(true)
    // GET /api/phones, GET /api/dect_phones and the two pushed bases' members
    expect(first.requests).toBe(4)
    expect(first.hall).toEqual([
      ['on_base', '00AF100001'],
      ['on_base', '00AF100002'],
    ])
    await createDectMembersClient(caller).replace(await phoneId(HALL), [{ extension_number: '1161', ipui: '00AF100001', handset_index: '1' }])
    clock += SITE_MEMBERS_FRESH_MS - 1
    expect(await ask(false)).toEqual({ requests: 1, hall: first.hall })
    expect(await ask(true)).toEqual({ requests: 4, hall: [['missing', '00AF100002'], ['on_base', '00AF100001']] })
    await createDectMembersClient(caller).replace(await phoneId(HALL), [])
    clock += SITE_MEMBERS_FRESH_MS
    expect((await ask(false)).hall).toEqual([
      ['missing', '00AF100001'],
      ['missing', '00AF100002'],
    ])
  })

  it('on a PBX without members (404) says so, and still tells which bases fetched their configuration', async () => {
    const batch = await pushedBatch()
    const old: PbxCaller = { baseUrl: caller.baseUrl, call: (path, options) => caller.call(/\/members/.test(path) ? 'api/no_such_endpoint' : path, options) }
    await fetch(new URL(new URL(batch.rows[0]!.outcome.url!).pathname, pbx.url))
    const status = await siteCheck(() => old).siteStatus({ batchId: batch.id, profileId: PROFILE_ID, fresh: true })
    expect(status).toMatchObject({ supported: true, membersSupported: false })
    expect(status.bases.map((b) => [b.state, b.handsets])).toEqual([
      ['seen', undefined],
      ['waiting', undefined],
      ['not_pushed', undefined],
    ])
  })
})

describe('on site: an action for several bases at once', () => {
  it('reboots the two bases that fetched their configuration; the one that did not fails, named, and the others go on', async () => {
    const batch = await pushedBatch()
    for (const row of batch.rows.slice(0, 2)) expect((await fetch(new URL(new URL(row.outcome.url!).pathname, pbx.url))).status).toBe(200)
    // Shed is not on the PBX at all; Hall asked twice in two spellings counts once
    const answer = await siteCheck().baseActions({ batchId: batch.id, profileId: PROFILE_ID, macs: [SHED, '00:15:65:F1:00:01', YARD, HALL], action: 'reboot' })
    expect(answer.outcomes).toEqual([
      { mac: SHED, name: 'Shed', done: false, message: `Shed (00:15:65:F1:00:03): The phone ${SHED} has not fetched its configuration from this PBX yet.` },
      { mac: HALL, name: 'Hall', done: true },
      { mac: YARD, name: 'Yard', done: true },
    ])
    // on the PBX: both reboots, nothing else
    expect(pbx.phoneActions.map((a) => [a.domain, a.mac, a.action]).sort()).toEqual([
      ['demo.pbx.example', HALL, 'reboot'],
      ['demo.pbx.example', YARD, 'reboot'],
    ])
  })

  it('re-provisions one base; a PBX answering 503 fails each base of the call, by name, and reboots nothing', async () => {
    const batch = await pushedBatch()
    await fetch(new URL(new URL(batch.rows[1]!.outcome.url!).pathname, pbx.url))
    const answer = await siteCheck().baseActions({ batchId: batch.id, profileId: PROFILE_ID, macs: [YARD], action: 'reprovision' })
    expect(answer.outcomes).toEqual([{ mac: YARD, name: 'Yard', done: true }])
    expect(pbx.phoneActions.map((a) => [a.mac, a.action])).toEqual([[YARD, 'reprovision']])
    pbx.faults.failNext(2, 503)
    const down = await siteCheck().baseActions({ batchId: batch.id, profileId: PROFILE_ID, macs: [HALL, YARD], action: 'reboot' })
    expect(down.outcomes.map((o) => [o.name, o.done])).toEqual([
      ['Hall', false],
      ['Yard', false],
    ])
    expect(down.outcomes.every((o) => o.message?.startsWith(`${o.name} (`))).toBe(true)
    expect(pbx.phoneActions).toHaveLength(1)
  })
})
