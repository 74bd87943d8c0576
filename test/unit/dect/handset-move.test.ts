import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ServiceError } from '../../../electron/services/errors'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { linesFromModels } from '../../../electron/services/dect/handsets/handset-import'
import { createHandsetMove } from '../../../electron/services/dect/handsets/handset-move'
import { baseRow, extensionsOnce, handsetRow, pushSite, readMembers } from './handset-changes'
import { killedBetween } from './killed-child'
import { openSite, phonesOn, PROFILE_ID, rejection, type Site } from './push-support'

// A handset moved to another base with its extension (issue 43) against the demo PBX (seeded:
// users 1001..1250): one write of each base's members, the old base first, so the extension is
// never on two bases; the old base put back when the new one refuses; refusals name what is in
// the way and write nothing; a process killed between the writes leaves a move the next call
// finishes.

let caller: PbxCaller
let store: BatchStore
let dataDir: string
let site: Site
beforeEach(async () => {
  site = await openSite({ seed: true })
  ;({ caller, store, dataDir } = site)
})
afterEach(() => site.close())

const HALL = '001565F30001'
const YARD = '001565F30002'
const SHED = '001565F30003'
/** the W70B taking `lines` handsets, as a PBX's models say */
const W70B = (lines: number) => linesFromModels([{ filename: 'yealink_w70b.xml', model: 'W70B', lines, display_name: 'Yealink W70B' }])
const mover = (options: { lines?: number; through?: PbxCaller } = {}) =>
  createHandsetMove({ store, callerFor: async () => options.through ?? caller, linesOf: async () => W70B(options.lines ?? 10), now: () => new Date('2026-12-03T11:00:00Z') })

const pushedBatch = () =>
  pushSite(
    site,
    'Site M',
    [baseRow(1, 'Hall', HALL), baseRow(2, 'Yard', YARD), baseRow(3, 'Shed', SHED)],
    [handsetRow(1, HALL, '00AE200001', '1181', 'Anna'), handsetRow(2, HALL, '00AE200002', '1182', 'Ben'), handsetRow(3, YARD, '00AE200003', '1183', 'Clara')],
  )

/** the members of Hall, Yard and Shed on the PBX */
const membersByBase = () => readMembers(caller, [HALL, YARD, SHED])

describe('moving a handset to another base', { timeout: 60_000 }, () => {
  it('Ben from Hall to Yard by his extension: off Hall, on Yard at its lowest free index with 1182, the batch keeps the move', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    const { move, batch: saved } = await mover().moveHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1182', to: 'yard' })
    expect(move).toMatchObject({ ipui: '00AE200002', extension: '1182', fromMac: HALL, fromName: 'Hall', toMac: YARD, toName: 'Yard', handsetIndex: 2, finished: false })
    expect(move.message).toBe("Handset 00AE200002 rings for extension 1182 on 'Yard' as handset 2, no longer on 'Hall'.")
    const after = await membersByBase()
    expect(after[HALL]).toEqual(before[HALL]!.filter((m) => m[0] !== '1182'))
    expect(after[YARD]).toEqual([...before[YARD]!, ['1182', '00AE200002', 2]])
    expect(after[SHED]).toEqual(before[SHED])
    extensionsOnce(after)
    const ben = saved.handsets.find((h) => h.values.extension === '1182')!
    expect([ben.values.base_mac, ben.outcome.baseMac, ben.outcome.handsetIndex, ben.moving, ben.moves]).toEqual([YARD, YARD, 2, undefined, [{ from: HALL, to: YARD, at: '2026-12-03T11:00:00.000Z' }]])
  })

  it('refused, naming it, and nothing written: a full base, a base not in the batch, its own base, a handset not pushed', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    const refused = async (handsetCode: string, to: string, lines = 10) => rejection(mover({ lines }).moveHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: handsetCode, to }))
    // Yard's W70B taking one handset, which Clara is
    const full = await refused('1182', YARD, 1)
    expect([full.code, full.field, full.message]).toEqual(['INVALID_INPUT', 'to', 'to: the base Yard takes 1 handsets and has 1: choose another base, or take one off it first.'])
    expect((await refused('1182', 'Loft')).message).toBe('to: the batch "Site M" has no base Loft: scan the base\'s MAC, or type its name as the batch has it.')
    expect((await refused('00AE200002', '00:15:65:F3:00:01')).message).toBe('to: handset row 2 (1182 Ben 00AE200002) is on Hall already.')
    const unpushed = await store.create({ name: 'Draft', source: 'd.csv', rows: [baseRow(1, 'Hall', HALL), baseRow(2, 'Yard', YARD)], handsets: [handsetRow(1, HALL, '00AE2000AA', '1190', 'Dora')] })
    const error = await rejection(mover().moveHandset({ batchId: unpushed.id, profileId: PROFILE_ID, handset: '1190', to: 'Yard' }))
    expect(error.message).toBe('handset row 1 (1190 Dora 00AE2000AA) is not on the PBX yet: change its base in the batch instead, then push it.')
    expect(await membersByBase()).toEqual(before)
    expect((await store.get(batch.id)).handsets.map((h) => [h.moving, h.moves])).toEqual([[undefined, undefined], [undefined, undefined], [undefined, undefined]])
  })

  it('the new base refuses the write: the old base put back as it was, the move not under way, the PBX as before', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    const yardId = (await phonesOn(caller)).find((p) => p.mac === YARD)!.id
    // the PBX refusing Yard's members (a write of that base's list), as a busy or stricter PBX may
    const refusing: PbxCaller = {
      baseUrl: caller.baseUrl,
      call: (path, options) =>
        path.includes(`dect_phones/${yardId}/members`) && options?.method !== undefined && options.method !== 'GET'
          ? Promise.reject(new ServiceError('PBX_ERROR', 'the PBX said: members busy'))
          : caller.call(path, options),
    }
    const error = await rejection(mover({ through: refusing }).moveHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1182', to: 'Yard' }))
    expect([error.code, error.field]).toEqual(['PBX_ERROR', 'to'])
    expect(error.message).toBe('The base Yard did not take handset row 2 (1182 Ben 00AE200002) (the PBX said: members busy); it is back on Hall as it was.')
    expect(await membersByBase()).toEqual(before)
    const ben = (await store.get(batch.id)).handsets.find((h) => h.values.extension === '1182')!
    expect([ben.values.base_mac, ben.moving, ben.moves]).toEqual([HALL, undefined, undefined])
  })

  it('the moving process killed with SIGKILL between its two writes: the extension on no base, then the move asked again finishes it', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    // killed once Ben is off Hall (the first write), before its second
    const killed = await killedBetween(['move', '1182', 'Yard'], { ...site, batchId: batch.id, noted: (b) => b.handsets[1]!.moving !== undefined, baseMac: HALL, written: (members) => !members.some((m) => m.extension_number === '1182') })
    expect(killed).toBe('SIGKILL')
    const between = await membersByBase()
    expect(between[YARD]).toEqual(before[YARD])
    expect(Object.values(between).flat().filter((m) => m[0] === '1182')).toEqual([])
    const left = await createBatchStore(dataDir).get(batch.id)
    const noted = left.handsets.find((h) => h.values.extension === '1182')!
    // killed before it noted the first write: the next call finds it off Hall from the PBX
    expect([noted.values.base_mac, noted.moving]).toEqual([HALL, { to: YARD, at: expect.any(String) }])

    // another base is refused until this move is finished; asked again, it is, once
    const fresh = createHandsetMove({ store: createBatchStore(dataDir), callerFor: async () => caller, linesOf: async () => W70B(10) })
    expect((await rejection(fresh.moveHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1182', to: 'Shed' }))).message).toMatch(/stopped half-way: finish that one first/)
    const { move, batch: done } = await fresh.moveHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1182', to: 'Yard' })
    expect(move).toMatchObject({ toMac: YARD, handsetIndex: 2, finished: false })
    const after = await membersByBase()
    expect(after[HALL]).toEqual(before[HALL]!.filter((m) => m[0] !== '1182'))
    expect(after[YARD]).toEqual([...before[YARD]!, ['1182', '00AE200002', 2]])
    extensionsOnce(after)
    const ben = done.handsets.find((h) => h.values.extension === '1182')!
    expect([ben.values.base_mac, ben.moving, ben.moves]).toEqual([YARD, undefined, [{ from: HALL, to: YARD, at: noted.moving!.at }]])
  })
})
