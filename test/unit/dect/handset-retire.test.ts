import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { batchStateOf, stateSentence } from '../../../electron/contract/batch-state'
import { ServiceError } from '../../../electron/services/errors'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { createPushRunner } from '../../../electron/services/dect/push'
import { lockOf } from '../../../electron/services/files/shared-file'
import { linesFromModels, recheckHandsets } from '../../../electron/services/dect/handsets/handset-import'
import { createHandsetRetire } from '../../../electron/services/dect/handsets/handset-retire'
import { buildHandsetRow } from '../../../electron/services/dect/handsets/handset-rows'
import { createSiteCheck } from '../../../electron/services/dect/handsets/site-check'
import { startChild } from './killed-child'
import { baseRow as base, handsetRow as handset, membersByMac, phonesOn, PROFILE_ID, rejection } from './push-support'
import { sitePerTest } from './site-per-test'

// Retiring handsets and bases (issue 43) against the demo PBX (seeded: users 1001..1250): a preview
// that names what goes, then one members write a base, or the base deleted with its members; the
// batch keeps what went and never pushes it again; refusals name what is in the way (another batch
// holding the base, above all) and write nothing; a process killed between the writes leaves a
// retire the next call finishes.

const site = sitePerTest({ seed: true })

const CHILD = fileURLToPath(new URL('./fixtures/retire-child.ts', import.meta.url))
const HALL = '001565F40001'
const YARD = '001565F40002'
const SHED = '001565F40003'
const MACS = [HALL, YARD, SHED]
const W70B = linesFromModels([{ filename: 'yealink_w70b.xml', model: 'W70B', lines: 10, display_name: 'Yealink W70B' }])
const retirer = (through: PbxCaller = site.caller, on: BatchStore = site.store) => createHandsetRetire({ store: on, callerFor: async () => through, linesOf: async () => W70B, now: () => new Date('2026-12-04T09:00:00Z') })
const onPbx = () => membersByMac(site.caller, MACS)
const push = (batchId: string) => createPushRunner({ store: site.store, callerFor: () => site.caller, retryDelaysMs: [10] }).start(batchId, PROFILE_ID)
const onSite = (batchId: string) => createSiteCheck({ store: site.store, callerFor: async () => site.caller, linesOf: async () => W70B }).siteStatus({ batchId, profileId: PROFILE_ID, fresh: true })

async function pushedBatch() {
  const batch = await site.store.create({
    name: 'Site R',
    source: 'site.csv',
    rows: [base(1, 'Hall', HALL), base(2, 'Yard', YARD), base(3, 'Shed', SHED)],
    handsets: [handset(1, HALL, '00AE300001', '1181', 'Anna'), handset(2, HALL, '00AE300002', '1182', 'Ben'), handset(3, YARD, '00AE300003', '1183', 'Clara'), handset(4, SHED, '00AE300004', '1184', 'Dora')],
  })
  const end = await push(batch.id)
  expect(end.handsets).toMatchObject({ enrolled: 4, failed: 0 })
  return site.store.get(batch.id)
}

/** the preview, then the retire it names */
async function retired(batchId: string, items: string[], through?: PbxCaller) {
  const r = retirer(through)
  const plan = await r.previewRetire({ batchId, profileId: PROFILE_ID, items })
  return { plan, ...(await r.retire({ batchId, profileId: PROFILE_ID, items, confirmed: plan.key })) }
}

const idOf = async (mac: string) => (await phonesOn(site.caller)).find((p) => p.mac === mac)!.id

describe('retiring handsets and bases', { timeout: 60_000 }, () => {
  it('Ben (by extension) and Clara (by IPUI) taken off Hall and Yard, one write a base; retired in the batch, never pushed again nor missing on site', async () => {
    const batch = await pushedBatch()
    const before = await onPbx()
    const { plan, retire, batch: saved } = await retired(batch.id, ['1182', '00AE300003'])
    expect(plan.message).toBe("Take handset 1182 Ben (00AE300002) off 'Hall' (00:15:65:F4:00:01). Take handset 1183 Clara (00AE300003) off 'Yard' (00:15:65:F4:00:02).")
    expect(plan.steps.map((s) => [s.mac, s.deleted, s.members.map((m) => [m.extension, m.handsetId, m.row])])).toEqual([
      [HALL, false, [['1182', batch.handsets[1]!.id, 2]]],
      [YARD, false, [['1183', batch.handsets[2]!.id, 3]]],
    ])
    expect(retire.message).toBe("Took handset 1182 Ben (00AE300002) off 'Hall' (00:15:65:F4:00:01). Took handset 1183 Clara (00AE300003) off 'Yard' (00:15:65:F4:00:02).")
    expect(await onPbx()).toEqual({ [HALL]: before[HALL]!.filter((m) => m[0] !== '1182'), [YARD]: [], [SHED]: before[SHED] })

    expect(saved.handsets.map((h) => [h.values.extension, h.outcome.state, h.outcome.baseMac])).toEqual([
      ['1181', 'enrolled', HALL],
      ['1182', 'retired', HALL],
      ['1183', 'retired', YARD],
      ['1184', 'enrolled', SHED],
    ])
    expect(saved.handsets[1]!.outcome).toEqual({ state: 'retired', baseMac: HALL, handsetIndex: 2, at: '2026-12-04T09:00:00.000Z' })
    expect(saved.retirements?.map((r) => [r.mac, r.deleted, r.at, r.members.map((m) => m.ipui)])).toEqual([
      [HALL, false, '2026-12-04T09:00:00.000Z', ['00AE300002']],
      [YARD, false, '2026-12-04T09:00:00.000Z', ['00AE300003']],
    ])
    expect(saved.retiring).toBeUndefined()
    expect(stateSentence(batchStateOf(saved))).toBe('3 of 3 bases sent; 2 of 2 handsets sent, 2 retired')

    // pushed again: nothing to send, the PBX as it is
    const again = await push(batch.id)
    expect(again.handsets).toMatchObject({ enrolled: 2, pending: 0, failed: 0 })
    expect(await onPbx()).toEqual({ [HALL]: before[HALL]!.filter((m) => m[0] !== '1182'), [YARD]: [], [SHED]: before[SHED] })
    // on site: no handset missing
    const status = await onSite(batch.id)
    expect(status.bases.flatMap((b) => b.handsets ?? []).filter((h) => h.place !== 'on_base')).toEqual([])
    // a new handset may take Ben's extension: no twin of a retired one
    const withNew = recheckHandsets({ ...saved, handsets: [...saved.handsets, buildHandsetRow({ base_mac: YARD, ipui: '00AE3000BB', extension: '1182' }, 5)] }, W70B)
    expect(withNew[4]!.problems).toEqual([])
    // asked again: retired already
    expect((await rejection(retirer().previewRetire({ batchId: batch.id, profileId: PROFILE_ID, items: ['00AE300002'] }))).message).toBe('items: handset row 2 (1182 Ben 00AE300002) was retired already (2026-12-04T09:00:00.000Z).')
  })

  it('Yard deleted with every member, one the batch lacks named too; its row and handsets retired, one never pushed among them; a push does not bring it back', async () => {
    const batch = await pushedBatch()
    const before = await onPbx()
    // on Yard by hand, outside the batch; and a handset of the batch for Yard added after the push
    await createDectMembersClient(site.caller).replace(await idOf(YARD), [
      { extension_number: '1183', ipui: '00AE300003', handset_index: '1' },
      { extension_number: '1190', ipui: '00AE3000AA', handset_index: '2' },
    ])
    await site.store.update(batch.id, (draft) => {
      draft.handsets.push({ ...buildHandsetRow({ base_mac: YARD, ipui: '00AE300009', extension: '1189', name: 'Emil' }, 9, 'h-emil'), outcome: { state: 'pending' } })
    })
    const { plan, retire, batch: saved } = await retired(batch.id, ['yard'])
    expect(plan.message).toMatch(/^Delete base 'Yard' \(00:15:65:F4:00:02\) on the PBX with its handsets 1183 Clara \(00AE300003\), 1190 .*\(00AE3000AA\)\. The batch's handsets for it that are not on the PBX are retired too: 1189 Emil \(00AE300009\)\.$/)
    expect(retire.message).toMatch(/^Deleted base 'Yard'/)
    expect((await phonesOn(site.caller)).map((p) => p.mac)).not.toContain(YARD)
    expect(await onPbx()).toEqual({ [HALL]: before[HALL], [SHED]: before[SHED] })

    const yard = saved.rows.find((r) => r.values.mac === YARD)!
    expect(yard.outcome).toMatchObject({ state: 'retired', at: '2026-12-04T09:00:00.000Z' })
    expect(saved.handsets.filter((h) => h.outcome.state === 'retired').map((h) => [h.values.name, h.outcome.handsetIndex])).toEqual([['Clara', 1], ['Emil', undefined]])
    expect(saved.retirements).toEqual([expect.objectContaining({ mac: YARD, deleted: true, members: [expect.objectContaining({ extension: '1183', row: 3 }), expect.objectContaining({ extension: '1190' })] })])
    expect(saved.retirements![0]!.members[1]!.handsetId).toBeUndefined()
    expect(batchStateOf(saved).verdict).toBe('done')

    await push(batch.id)
    expect((await phonesOn(site.caller)).map((p) => p.mac)).not.toContain(YARD)
    const status = await onSite(batch.id)
    expect(status.bases.map((b) => b.name)).toEqual(['Hall', 'Shed'])
  })

  it('refused, naming it, and nothing written: a base another batch holds, a handset not pushed, an unknown name, a plan changed since it was confirmed', async () => {
    const batch = await pushedBatch()
    const before = await onPbx()
    await site.store.create({ name: 'Site R, phase 2', source: 'p2.csv', rows: [base(1, 'Hall again', HALL)] })
    const refused = async (items: string[]) => rejection(retirer().previewRetire({ batchId: batch.id, profileId: PROFILE_ID, items }))
    const held = await refused(['Hall'])
    expect([held.code, held.field, held.message]).toEqual(['INVALID_INPUT', 'items', `items: base 'Hall' (00:15:65:F4:00:01) is held by the batch "Site R, phase 2" too (its row 1): retire it there, or take it out of that batch, first.`])
    expect((await refused(['Loft'])).message).toBe('items: the batch "Site R" has no handset or base Loft: scan the handset\'s label or type its extension; a base by its MAC or its name.')
    await site.store.update(batch.id, (draft) => {
      draft.handsets.push({ ...buildHandsetRow({ base_mac: YARD, ipui: '00AE300009', extension: '1189', name: 'Emil' }, 9, 'h-emil'), outcome: { state: 'pending' } })
    })
    expect((await refused(['1189'])).message).toBe('items: handset row 9 (1189 Emil 00AE300009) is not on the PBX: nothing to take off; remove it from the batch instead.')

    // Shed previewed, then a handset put on it on the PBX: the confirmation named less than would go
    const r = retirer()
    const plan = await r.previewRetire({ batchId: batch.id, profileId: PROFILE_ID, items: ['Shed'] })
    await createDectMembersClient(site.caller).replace(await idOf(SHED), [
      { extension_number: '1184', ipui: '00AE300004', handset_index: '1' },
      { extension_number: '1191', ipui: '00AE3000AB', handset_index: '2' },
    ])
    const changed = await rejection(r.retire({ batchId: batch.id, profileId: PROFILE_ID, items: ['Shed'], confirmed: plan.key }))
    expect([changed.field, changed.message]).toEqual(['confirmed', expect.stringMatching(/^confirmed: what would go has changed since it was shown\. Delete base 'Shed' .* with its handsets 1184 Dora \(00AE300004\), 1191 .*\(00AE3000AB\)\. Confirm that instead\.$/)])
    expect((await onPbx())[SHED]).toHaveLength(2)
    expect(await onPbx()).toMatchObject({ [HALL]: before[HALL], [YARD]: before[YARD] })
    const kept = await site.store.get(batch.id)
    expect([kept.retiring, kept.retirements, kept.rows.map((row) => row.outcome.state)]).toEqual([undefined, undefined, ['created', 'created', 'created']])
  })

  it('a PBX without POST …/destroy: said so, the base and the batch as they were', async () => {
    const batch = await pushedBatch()
    const before = await onPbx()
    // a PBX of the family that does not offer deleting DECT phones answers 405 there
    const noDestroy: PbxCaller = {
      baseUrl: site.caller.baseUrl,
      call: (path, options) => (path.endsWith('/destroy') ? Promise.reject(new ServiceError('PBX_ERROR', 'Method Not Allowed', { status: 405 })) : site.caller.call(path, options)),
    }
    const error = await rejection(retired(batch.id, ['Shed'], noDestroy))
    expect([error.code, error.message]).toEqual(['NOT_SUPPORTED', "This PBX does not offer deleting DECT phones (POST /api/dect_phones/{id}/destroy): base 'Shed' was not deleted. Delete it on the PBX itself, then retire it again to record it."])
    expect(await onPbx()).toEqual(before)
    const kept = await site.store.get(batch.id)
    expect([kept.retiring, kept.retirements, kept.rows[2]!.outcome.state]).toEqual([undefined, undefined, 'created'])

    // deleted on the PBX by hand: the retire records it, nothing to delete
    await site.caller.call(`api/dect_phones/${await idOf(SHED)}/destroy`, { method: 'POST' })
    const { plan, batch: saved } = await retired(batch.id, ['Shed'], noDestroy)
    expect(plan.message).toBe("Base 'Shed' (00:15:65:F4:00:03) is not on the PBX any more: it is retired in the batch alone. The batch's handsets for it that are not on the PBX are retired too: 1184 Dora (00AE300004).")
    expect(saved.rows.map((row) => row.outcome.state)).toEqual(['created', 'created', 'retired'])
  })

  it('the retiring process killed with SIGKILL between its writes (Shed deleted, Ben not yet off Hall): the same retire asked again finishes it, nothing done twice', async () => {
    const batch = await pushedBatch()
    const before = await onPbx()
    site.pbx.faults.setLatency(250)
    const child = startChild(CHILD, [site.dataDir, site.pbx.url, batch.id, 'Shed', '1182'])
    // 1. the plan is noted in the batch: take the lock the record of its first step needs
    await child.until(async () => (await createBatchStore(site.dataDir).get(batch.id)).retiring !== undefined)
    const release = await lockOf(`${site.dataDir}/batches/${batch.id}.json.write`, 5_000, 'test', 2_000)
    // 2. Shed deleted (the first write): kill the process before its second
    await child.until(async () => !(await phonesOn(site.caller)).some((p) => p.mac === SHED))
    expect(await child.kill()).toBe('SIGKILL')
    await release()
    site.pbx.faults.setLatency(0)
    expect(await onPbx()).toEqual({ [HALL]: before[HALL], [YARD]: before[YARD] })
    const left = await createBatchStore(site.dataDir).get(batch.id)
    expect(left.retiring?.steps.map((s) => [s.mac, s.deleted])).toEqual([[SHED, true], [HALL, false]])
    expect([left.rows[2]!.outcome.state, left.handsets[1]!.outcome.state, left.retirements]).toEqual(['created', 'enrolled', undefined])

    // another retire is refused until this one is finished; asked again, it is, once
    const fresh = retirer(site.caller, createBatchStore(site.dataDir))
    expect((await rejection(fresh.previewRetire({ batchId: batch.id, profileId: PROFILE_ID, items: ['1183'] }))).message).toMatch(/^items: a retire of Delete base 'Shed' .* stopped half-way: finish that one first/)
    const plan = await fresh.previewRetire({ batchId: batch.id, profileId: PROFILE_ID, items: ['1182', 'Shed'] })
    expect([plan.resumed, plan.message]).toEqual([true, "A retire that stopped half-way is to be finished: Delete base 'Shed' (00:15:65:F4:00:03) on the PBX with its handset 1184 Dora (00AE300004). Take handset 1182 Ben (00AE300002) off 'Hall' (00:15:65:F4:00:01)."])
    const { retire, batch: done } = await fresh.retire({ batchId: batch.id, profileId: PROFILE_ID, items: ['1182', 'Shed'], confirmed: plan.key })
    expect(retire.resumed).toBe(true)
    expect(await onPbx()).toEqual({ [HALL]: before[HALL]!.filter((m) => m[0] !== '1182'), [YARD]: before[YARD] })
    expect(done.retiring).toBeUndefined()
    expect(done.retirements?.map((r) => [r.mac, r.deleted, r.at])).toEqual([
      [SHED, true, left.retiring!.at],
      [HALL, false, left.retiring!.at],
    ])
    expect(done.rows.map((row) => row.outcome.state)).toEqual(['created', 'created', 'retired'])
    expect(done.handsets.map((h) => h.outcome.state)).toEqual(['enrolled', 'retired', 'enrolled', 'retired'])
  })
})
