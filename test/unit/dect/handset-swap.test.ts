import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { createHandsetSwap } from '../../../electron/services/dect/handsets/handset-swap'
import { baseRow, handsetRow, pushSite, readMembers } from './handset-changes'
import { killedBetween } from './killed-child'
import { openSite, phonesOn, PROFILE_ID, rejection, type Demo, type Site } from './push-support'

// A broken handset swapped for a new one (issue 43) against the demo PBX (seeded: users
// 1001..1250): the new IPUI takes the old one's extension and index in one members write, the
// batch keeps the swap; refusals name what is in the way; a process killed between the writes
// leaves a swap the next call finishes.

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

const HALL = '001565F20001'
const YARD = '001565F20002'
const swapper = () => createHandsetSwap({ store, callerFor: async () => caller, now: () => new Date('2026-12-03T10:00:00Z') })

const pushedBatch = () =>
  pushSite(
    site,
    'Site S',
    [baseRow(1, 'Hall', HALL), baseRow(2, 'Yard', YARD)],
    [handsetRow(1, HALL, '00AE100001', '1171', 'Anna'), handsetRow(2, HALL, '00AE100002', '1172', 'Ben'), handsetRow(3, YARD, '00AE100003', '1173', 'Clara')],
  )

/** the members of Hall and Yard on the PBX */
const membersByBase = () => readMembers(caller, [HALL, YARD])

describe('swapping a handset', { timeout: 60_000 }, () => {
  it('the new IPUI (scanned as an IPEI) takes the old one\'s extension and index; nothing else on the PBX changes; the batch keeps the swap', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    const ben = before[HALL]!.find(([extension]) => extension === '1172')!
    // 00AE1000FF as the IPEI a box prints: EMC 0AE1 (02785), PSN 000FF (0000255), check digit 8
    const { swap, batch: saved } = await swapper().swapHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1172', to: '02785 0000255 8' })
    expect(swap).toMatchObject({ from: '00AE100002', to: '00AE1000FF', extension: '1172', handsetIndex: ben[2], baseMac: HALL, baseName: 'Hall', finished: false })
    expect(swap.message).toBe(`Handset 00AE1000FF now rings for extension 1172 on 'Hall' as handset ${ben[2]}, in place of 00AE100002.`)
    const after = await membersByBase()
    expect(after[HALL]).toEqual(before[HALL]!.map((m) => (m[0] === '1172' ? ['1172', '00AE1000FF', ben[2]] : m)))
    expect(after[YARD]).toEqual(before[YARD])
    const h = saved.handsets.find((x) => x.row === 2)!
    expect(h.values.ipui).toBe('00AE1000FF')
    expect(h.swaps).toEqual([{ from: '00AE100002', to: '00AE1000FF', at: '2026-12-03T10:00:00.000Z' }])
    expect(h.swapping).toBeUndefined()
    expect(h.outcome.state).toBe('enrolled')
    // kept on disk, read by a new store
    expect((await createBatchStore(dataDir).get(batch.id)).handsets.find((x) => x.row === 2)!.swaps).toHaveLength(1)
  })

  it('refuses, naming what is in the way, and changes nothing', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    const swap = swapper()
    const refused = async (handsetCode: string, to: string) => rejection(swap.swapHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: handsetCode, to }))
    // the new IPUI is on another base of the PBX, outside the batch
    await createDectMembersClient(caller).replace((await phonesOn(caller)).find((p) => p.mac === YARD)!.id, [
      { extension_number: '1173', ipui: '00AE100003', handset_index: '1' },
      { extension_number: '1180', ipui: '00AE1000AA', handset_index: '2' },
    ])
    const onOther = await refused('00AE100001', '00AE1000AA')
    expect(onOther.message).toMatch(/^to: handset 00AE1000AA is on 'Yard' \(00:15:65:F2:00:02\) as handset 2, for extension 1180; take it off there on the PBX first\.$/)
    expect((await refused('00AE100001', '00AE100003')).message).toBe('to: IPUI 00AE100003 is handset row 3 (1173 Clara 00AE100003) of this batch already.')
    expect((await refused('00AE100001', '00AE100001')).message).toMatch(/is the old handset itself/)
    expect((await refused('00AE100001', '12')).message).toMatch(/^to: IPUI 12 /)
    expect((await refused('1199', '00AE1000BB')).message).toBe('The batch "Site S" has no handset with extension 1199: scan the handset\'s label, or type its extension.')
    // taken off its base on the PBX meanwhile: said, nothing written
    await createDectMembersClient(caller).replace((await phonesOn(caller)).find((p) => p.mac === HALL)!.id, [{ extension_number: '1171', ipui: '00AE100001', handset_index: '1' }])
    expect((await refused('1172', '00AE1000BB')).message).toMatch(/^The base 'Hall' has no handset 00AE100002 for extension 1172 \(the PBX shows 1171 00AE100001\)/)
    const saved = await store.get(batch.id)
    expect(saved.handsets.map((h) => [h.values.ipui, h.swaps, h.swapping])).toEqual(batch.handsets.map((h) => [h.values.ipui, undefined, undefined]))
    // the PBX holds only what the test itself wrote
    expect(await membersByBase()).toEqual({ [HALL]: [['1171', '00AE100001', 1]], [YARD]: [['1173', '00AE100003', 1], ['1180', '00AE1000AA', 2]] })
    expect(before[HALL]).toHaveLength(2)
  })

  it('a swap noted but stopped before its PBX write is written and recorded when asked again, from the time it was noted', async () => {
    const batch = await pushedBatch()
    const noted = await store.update(batch.id, (draft) => {
      draft.handsets[2]!.swapping = { to: '00AE1000CC', at: '2026-12-03T09:00:00.000Z' }
    })
    expect(noted.handsets[2]!.swapping).toBeDefined()
    const { swap, batch: done } = await swapper().swapHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '00AE100003', to: '00AE1000CC' })
    expect(swap).toMatchObject({ finished: false, extension: '1173', baseName: 'Yard' })
    expect(done.handsets[2]!.swaps).toEqual([{ from: '00AE100003', to: '00AE1000CC', at: '2026-12-03T09:00:00.000Z' }])
    expect((await membersByBase())[YARD]!.map(([extension, ipui]) => [extension, ipui])).toEqual([['1173', '00AE1000CC']])
  })

  it('a handset not on the PBX yet is changed in the batch instead', async () => {
    const batch = await store.create({ name: 'Unpushed', source: 's.csv', rows: [baseRow(1, 'Hall', HALL)], handsets: [handsetRow(1, HALL, '00AE100001', '1171', 'Anna')] })
    const error = await rejection(swapper().swapHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '00AE100001', to: '00AE1000CC' }))
    expect(error.message).toBe('handset row 1 (1171 Anna 00AE100001) is not on the PBX yet: change its IPUI in the batch instead, then push it.')
  })

  it('the swapping process killed with SIGKILL between the PBX write and the batch record: the swap asked again finishes it, written once', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    // killed once the PBX has the new handset, before the batch records the swap
    const killed = await killedBetween(['swap', '1171', '00AE1000DD'], { ...site, batchId: batch.id, noted: (b) => b.handsets[0]!.swapping !== undefined, baseMac: HALL, written: (members) => members.some((m) => m.ipui === '00AE1000DD') })
    expect(killed).toBe('SIGKILL')
    const left = await createBatchStore(dataDir).get(batch.id)
    expect(left.handsets[0]!.values.ipui).toBe('00AE100001')
    expect(left.handsets[0]!.swapping).toEqual({ to: '00AE1000DD', at: expect.any(String) })

    // a different new handset is refused until this swap is finished
    const fresh = createHandsetSwap({ store: createBatchStore(dataDir), callerFor: async () => caller })
    expect((await rejection(fresh.swapHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1171', to: '00AE1000EE' }))).message).toMatch(/stopped half-way: finish that one first/)
    const requests = pbx.requests
    const { swap, batch: done } = await fresh.swapHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1171', to: '00AE1000DD' })
    expect(swap).toMatchObject({ from: '00AE100001', to: '00AE1000DD', extension: '1171', finished: true })
    // read the phones and the base's members; no second write
    expect(pbx.requests - requests).toBe(2)
    const anna = done.handsets[0]!
    expect([anna.values.ipui, anna.swapping, anna.swaps]).toEqual(['00AE1000DD', undefined, [{ from: '00AE100001', to: '00AE1000DD', at: left.handsets[0]!.swapping!.at }]])
    const after = await membersByBase()
    expect(after[HALL]).toEqual(before[HALL]!.map((m) => (m[0] === '1171' ? ['1171', '00AE1000DD', m[2]] : m)))
    expect(after[YARD]).toEqual(before[YARD])
  })
})
