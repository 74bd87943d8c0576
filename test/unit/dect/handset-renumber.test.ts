import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { labelHandsets } from '../../../electron/contract/handset-labels'
import { ServiceError } from '../../../electron/services/errors'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { linesFromModels } from '../../../electron/services/dect/handsets/handset-import'
import { createHandsetMove } from '../../../electron/services/dect/handsets/handset-move'
import { createHandsetRenumber } from '../../../electron/services/dect/handsets/handset-renumber'
import { createHandsetSwap } from '../../../electron/services/dect/handsets/handset-swap'
import { baseRow, extensionsOnce, handsetRow, type MemberLine, pushSite, readMembers } from './handset-changes'
import { killedBetween } from './killed-child'
import { openSite, PROFILE_ID, rejection, type Site } from './push-support'

// A handset renumbered on its base (issue 43) against the demo PBX (seeded: users 1001..1250; the
// Reception base has members 1001 and 1002): one write of the base's members gives the handset the
// new extension at its index; refusals name what holds the extension and write nothing; a refused
// write leaves the PBX and the batch as they were; a process killed between the write and the
// batch's record leaves a renumber the next call finishes without writing again.

let caller: PbxCaller
let store: BatchStore
let dataDir: string
let site: Site
beforeEach(async () => {
  site = await openSite({ seed: true })
  ;({ caller, store, dataDir } = site)
})
afterEach(() => site.close())

const HALL = '001565F40001'
const YARD = '001565F40002'
const W70B = linesFromModels([{ filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' }])
const options = (through: PbxCaller, on = store) => ({ store: on, callerFor: async () => through, linesOf: async () => W70B, now: () => new Date('2026-12-03T12:00:00Z') })
const renumberer = (through = caller) => createHandsetRenumber(options(through))

/** the PBX's writes (POST) through this caller, by path */
function counting(through: PbxCaller): { caller: PbxCaller; writes: string[] } {
  const writes: string[] = []
  const call: PbxCaller['call'] = (path, o) => {
    if (o?.method === 'POST') writes.push(path)
    return through.call(path, o)
  }
  return { writes, caller: { baseUrl: through.baseUrl, call } }
}

const pushedBatch = () =>
  pushSite(
    site,
    'Site R',
    [baseRow(1, 'Hall', HALL), baseRow(2, 'Yard', YARD)],
    [handsetRow(1, HALL, '00AE300001', '1191', 'Anna'), handsetRow(2, HALL, '00AE300002', '1192', 'Ben'), handsetRow(3, YARD, '00AE300003', '1193', 'Clara')],
  )

/** the members of every base on the PBX (the seeded ones too) */
const membersByBase = () => readMembers(caller)

/** the members as they were, Ben on 1195 in place of 1192 at his index */
const benOn1195 = (before: Record<string, MemberLine[]>) => ({
  ...before,
  [HALL]: before[HALL]!.map((m): MemberLine => (m[0] === '1192' ? ['1195', m[1], m[2]] : m)),
})

describe('renumbering a handset on its base', { timeout: 60_000 }, () => {
  it('Ben from 1192 to 1195 by his IPUI: one write of Hall, same index, nothing else changed; the batch and its labels follow', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    const count = counting(caller)
    const { renumber, batch: saved } = await renumberer(count.caller).renumberHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '00ae300002', to: '1195' })
    const index = before[HALL]!.find((m) => m[0] === '1192')![2]
    expect(renumber).toMatchObject({ ipui: '00AE300002', from: '1192', to: '1195', baseMac: HALL, baseName: 'Hall', handsetIndex: index, finished: false })
    expect(renumber.message).toBe(`Handset 00AE300002 rings for extension 1195 on 'Hall' as handset ${index}, no longer for 1192.`)
    expect(count.writes).toHaveLength(1)
    const after = await membersByBase()
    expect(after).toEqual(benOn1195(before))
    extensionsOnce(after)
    const ben = saved.handsets[1]!
    expect([ben.values.extension, ben.outcome.state, ben.outcome.handsetIndex, ben.renumbering, ben.renumbers]).toEqual(['1195', 'enrolled', index, undefined, [{ from: '1192', to: '1195', at: '2026-12-03T12:00:00.000Z' }]])
    expect(labelHandsets(saved).find((l) => l.ipui === '00AE300002')).toMatchObject({ extension: '1195', baseName: 'Hall', handsetIndex: index })
    // kept on disk, and found by its new extension
    expect((await createBatchStore(dataDir).get(batch.id)).handsets[1]!.renumbers).toHaveLength(1)
    const back = await renumberer().renumberHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1195', to: '1192' })
    expect(back.batch.handsets[1]!.renumbers!.map((r) => [r.from, r.to])).toEqual([['1192', '1195'], ['1195', '1192']])
    expect(await membersByBase()).toEqual(before)
  })

  it('refused, naming it, and nothing written: an extension on a base or in the batch, one with no user, its own, a handset not pushed', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    const count = counting(caller)
    const refused = (code: string, to: string) => rejection(renumberer(count.caller).renumberHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: code, to }))
    const onBase = await refused('1192', '1001')
    expect([onBase.code, onBase.field]).toEqual(['INVALID_INPUT', 'to'])
    expect(onBase.message).toMatch(/^to: extension 1001 is on 'Reception base' \([0-9A-F:]{17}\) as handset 1 \(00092263DD\); give this handset another extension or take that one off on the PBX\.$/)
    expect((await refused('1192', '1193')).message).toBe('to: extension 1193 is handset row 3 (1193 Clara 00AE300003) of this batch already.')
    expect((await refused('1192', '1999')).message).toBe('to: extension 1999 has no user on the PBX: add the user there first, or choose another extension.')
    expect((await refused('1192', '1192')).message).toBe('to: handset row 2 (1192 Ben 00AE300002) rings for extension 1192 already.')
    const unpushed = await store.create({ name: 'Draft', source: 'd.csv', rows: [baseRow(1, 'Hall', HALL)], handsets: [handsetRow(1, HALL, '00AE3000AA', '1199', 'Dora')] })
    const error = await rejection(renumberer().renumberHandset({ batchId: unpushed.id, profileId: PROFILE_ID, handset: '1199', to: '1198' }))
    expect([error.field, error.message]).toEqual(['handset', 'handset row 1 (1199 Dora 00AE3000AA) is not on the PBX yet: change its extension in the batch instead, then push it.'])
    expect(count.writes).toEqual([])
    expect(await membersByBase()).toEqual(before)
    expect((await store.get(batch.id)).handsets.map((h) => [h.values.extension, h.renumbering, h.renumbers])).toEqual(batch.handsets.map((h) => [h.values.extension, undefined, undefined]))
  })

  it('the PBX refuses the write: the members and the batch as they were, the renumber not under way', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    // the PBX refusing Hall's members (a write of that list), as a busy or stricter PBX may
    const refusing: PbxCaller = {
      baseUrl: caller.baseUrl,
      call: (path, o) => (path.endsWith('/members') && o?.method === 'POST' ? Promise.reject(new ServiceError('PBX_ERROR', 'the PBX said: members busy')) : caller.call(path, o)),
    }
    const error = await rejection(renumberer(refusing).renumberHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1192', to: '1195' }))
    expect([error.code, error.field, error.message]).toEqual(['PBX_ERROR', 'to', 'The PBX did not give handset row 2 (1192 Ben 00AE300002) extension 1195 (the PBX said: members busy); it still rings for 1192.'])
    expect(await membersByBase()).toEqual(before)
    const ben = (await store.get(batch.id)).handsets[1]!
    expect([ben.values.extension, ben.renumbering, ben.renumbers]).toEqual(['1192', undefined, undefined])
  })

  it('a renumber noted but stopped before its write is written and recorded when asked again, from the time it was noted', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    await store.update(batch.id, (draft) => {
      draft.handsets[1]!.renumbering = { to: '1195', at: '2026-12-03T09:00:00.000Z' }
    })
    const count = counting(caller)
    const { renumber, batch: done } = await renumberer(count.caller).renumberHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1192', to: '1195' })
    expect([renumber.finished, count.writes.length, done.handsets[1]!.renumbering]).toEqual([false, 1, undefined])
    expect(done.handsets[1]!.renumbers).toEqual([{ from: '1192', to: '1195', at: '2026-12-03T09:00:00.000Z' }])
    expect(await membersByBase()).toEqual(benOn1195(before))
  })

  it('a swap, move or renumber that stopped half-way is finished first: the others are refused, naming it; a renumber stopped before its write gives way', async () => {
    const batch = await pushedBatch()
    await store.update(batch.id, (draft) => {
      draft.handsets[0]!.moving = { to: YARD, at: '2026-12-03T11:00:00.000Z' }
      draft.handsets[1]!.renumbering = { to: '1195', at: '2026-12-03T11:00:00.000Z' }
    })
    const ask = { batchId: batch.id, profileId: PROFILE_ID }
    expect((await rejection(renumberer().renumberHandset({ ...ask, handset: '1191', to: '1196' }))).message).toBe('A move of handset row 1 (1191 Anna 00AE300001) stopped half-way: finish it first (move it again to the same base).')
    const ben = 'A renumber of handset row 2 (1192 Ben 00AE300002) stopped half-way: finish it first (renumber it again to the same extension).'
    expect((await rejection(createHandsetMove(options(caller)).moveHandset({ ...ask, handset: '1192', to: 'Yard' }))).message).toBe(ben)
    expect((await rejection(createHandsetSwap(options(caller)).swapHandset({ ...ask, handset: '1192', to: '00AE3000BB' }))).message).toBe(ben)
    // that renumber stopped before its write (the PBX has Ben on 1192): another extension takes its place
    const { renumber, batch: done } = await renumberer().renumberHandset({ ...ask, handset: '1192', to: '1196' })
    expect(renumber).toMatchObject({ from: '1192', to: '1196', finished: false })
    expect([done.handsets[1]!.renumbering, done.handsets[1]!.renumbers]).toEqual([undefined, [{ from: '1192', to: '1196', at: '2026-12-03T12:00:00.000Z' }]])
  })

  it('the renumbering process killed with SIGKILL between the PBX write and the batch record: asked again, it is finished without a second write', async () => {
    const batch = await pushedBatch()
    const before = await membersByBase()
    // killed once the PBX has Ben on 1195, before the batch records the renumber
    const killed = await killedBetween(['renumber', '1192', '1195'], { ...site, batchId: batch.id, noted: (b) => b.handsets[1]!.renumbering !== undefined, baseMac: HALL, written: (members) => members.some((m) => m.extension_number === '1195') })
    expect(killed).toBe('SIGKILL')
    const between = await membersByBase()
    expect(between).toEqual(benOn1195(before))
    extensionsOnce(between)
    const left = (await createBatchStore(dataDir).get(batch.id)).handsets[1]!
    expect([left.values.extension, left.renumbering, left.renumbers]).toEqual(['1192', { to: '1195', at: expect.any(String) }, undefined])

    // another extension is refused until this renumber is finished; asked again, it is, with no write
    const count = counting(caller)
    const fresh = createHandsetRenumber({ ...options(count.caller, createBatchStore(dataDir)), now: () => new Date() })
    expect((await rejection(fresh.renumberHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1192', to: '1196' }))).message).toMatch(/stopped half-way: finish that one first/)
    const { renumber, batch: done } = await fresh.renumberHandset({ batchId: batch.id, profileId: PROFILE_ID, handset: '1192', to: '1195' })
    expect(renumber).toMatchObject({ from: '1192', to: '1195', finished: true })
    expect(renumber.message).toMatch(/, no longer for 1192 \(the PBX had it already: the renumber that stopped is finished\)\.$/)
    expect(count.writes).toEqual([])
    const after = await membersByBase()
    expect(after).toEqual(benOn1195(before))
    extensionsOnce(after)
    const ben = done.handsets[1]!
    expect([ben.values.extension, ben.renumbering, ben.renumbers]).toEqual(['1195', undefined, [{ from: '1192', to: '1195', at: left.renumbering!.at }]])
  })
})
