import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createBatchStore, type BatchStore, type NewHandsetRow } from '../../../electron/services/dect/batch-store'
import { createPushRunner } from '../../../electron/services/dect/push'
import { type Demo, macOf, openSite, phonesOn, PROFILE_ID, type Site } from './push-support'

// The handsets phase of a push against the demo PBX (seeded: users 1001..1250).

let pbx: Demo
let caller: PbxCaller
let store: BatchStore
let site: Site

beforeEach(async () => {
  site = await openSite({ seed: true })
  ;({ pbx, caller, store } = site)
})
afterEach(() => site.close())

const runner = (callerFor: () => PbxCaller = () => caller) => createPushRunner({ store, callerFor, retryDelaysMs: [10, 20, 40] })

/** `n` W70B bases (10 handsets each), MACs 0015AB00xxxx */
const bases = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ row: i + 1, values: { name: `Base ${i + 1}`, mac: macOf(i, '0015AB00'), vendor: 'Yealink', model: 'W70B' }, problems: [] }))
const ipuiOf = (i: number): string => `00AB${i.toString(16).toUpperCase().padStart(6, '0')}`
/** `n` handsets with extensions from 1100, no base given */
const handsets = (n: number, more: (i: number) => Partial<NewHandsetRow['values']> = () => ({})): NewHandsetRow[] =>
  Array.from({ length: n }, (_, i) => ({ row: i + 1, values: { ipui: ipuiOf(i), extension: String(1100 + i), ...more(i) }, problems: [] }))

async function membersByBase(): Promise<Map<string, { extension_number: string; ipui: string; handset_index: number }[]>> {
  const client = createDectMembersClient(caller)
  const out = new Map()
  for (const phone of await phonesOn(caller)) if (phone.mac?.startsWith('0015AB')) out.set(phone.name, await client.list(phone.id))
  return out
}

describe('enrolling handsets', () => {
  it('puts 25 handsets on three W70B bases in order (10, 10, 5), each at the lowest free index; outcomes saved', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: bases(3), handsets: handsets(25) })
    const end = await runner().start(batch.id, PROFILE_ID, { concurrency: 4 })
    expect(end).toMatchObject({ status: 'done', created: 3 })
    expect(end.handsets).toEqual({ total: 25, done: 25, enrolled: 25, matched: 0, failed: 0, pending: 0, withErrors: 0 })
    const members = await membersByBase()
    expect([...members.values()].map((m) => m.length)).toEqual([10, 10, 5])
    expect(members.get('Base 1')!.map((m) => m.handset_index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(members.get('Base 3')!.map((m) => m.extension_number)).toEqual(['1120', '1121', '1122', '1123', '1124'])
    const saved = await createBatchStore(store.dir.replace(/\/batches$/, '')).get(batch.id)
    expect(saved.handsets[24]!.outcome).toMatchObject({ state: 'enrolled', baseMac: macOf(2, '0015AB00'), handsetIndex: 5 })
  })

  it('a handset enrolled before its outcome was saved (a kill) is matched on the next push, never written twice', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: bases(2), handsets: handsets(12) })
    await runner().start(batch.id, PROFILE_ID)
    // as if the app died after the writes: the outcomes were never saved
    await store.update(batch.id, (b) => {
      for (const h of b.handsets) h.outcome = { state: 'pending' }
      b.status = 'paused'
    })
    const end = await runner().start(batch.id, PROFILE_ID)
    expect(end.handsets).toMatchObject({ matched: 12, enrolled: 0, failed: 0 })
    const members = await membersByBase()
    expect([...members.values()].flat()).toHaveLength(12)
  })

  it('names the base and index a handset gave; a wrong extension fails before any write, the rest go on', async () => {
    const batch = await store.create({
      name: 'Site',
      source: 'site.csv',
      rows: bases(2),
      handsets: handsets(4, (i) => (i === 0 ? { base_mac: macOf(1, '0015AB00'), handset_index: '7' } : i === 1 ? { extension: '1999' } : {})),
    })
    const end = await runner().start(batch.id, PROFILE_ID)
    expect(end).toMatchObject({ status: 'partly_failed' })
    expect(end.handsets).toMatchObject({ enrolled: 3, failed: 1 })
    const saved = await store.get(batch.id)
    expect(saved.handsets[1]!.outcome).toMatchObject({ state: 'failed', error: 'extension 1999 is not on this PBX: no user has it' })
    expect((await membersByBase()).get('Base 2')).toEqual([expect.objectContaining({ extension_number: '1100', handset_index: 7 })])
  })

  it('an extension held on a base by another handset fails that handset, saying which; the others are written', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: bases(1), handsets: handsets(3) })
    // the base exists on the PBX already with extension 1101 on someone else's handset
    const phoneId = (await runner().start(batch.id, PROFILE_ID).then(() => phonesOn(caller))).find((p) => p.name === 'Base 1')!.id
    await store.update(batch.id, (b) => {
      for (const h of b.handsets) h.outcome = { state: 'pending' }
    })
    await createDectMembersClient(caller).replace(phoneId, [{ extension_number: '1101', ipui: '00FFFFFFF1', handset_index: '1' }])
    const end = await runner().start(batch.id, PROFILE_ID)
    expect(end.handsets).toMatchObject({ enrolled: 2, failed: 1 })
    const saved = await store.get(batch.id)
    expect(saved.handsets[1]!.outcome.error).toBe("extension 1101 is on 'Base 1' (00:15:AB:00:00:00) as handset 1 (00FFFFFFF1); give this handset another extension or take that one off on the PBX")
    const members = (await membersByBase()).get('Base 1')!
    expect(members.map((m) => m.extension_number).sort()).toEqual(['1100', '1101', '1102'])
    expect(members.find((m) => m.extension_number === '1101')!.ipui).toBe('00FFFFFFF1')
  })

  it('keeps a member someone else adds between the read and the write (read again, merged again)', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: bases(1), handsets: handsets(2) })
    let reads = 0
    let injected = false
    const meddling: PbxCaller = {
      baseUrl: caller.baseUrl,
      async call(path, options) {
        if (/\/members$/.test(path) && (options?.method ?? 'GET') === 'GET' && ++reads === 1 && !injected) {
          const answer = await caller.call(path, options)
          // right after our first read, another installer enrols a handset on this base
          injected = true
          await caller.call(path, { method: 'POST', json: { items: [{ extension_number: '1200', ipui: '00EEEEEEE1', handset_index: '1' }] } })
          return answer
        }
        return caller.call(path, options)
      },
    }
    const end = await runner(() => meddling).start(batch.id, PROFILE_ID)
    expect(injected).toBe(true)
    expect(end.handsets).toMatchObject({ enrolled: 2, failed: 0 })
    const members = (await membersByBase()).get('Base 1')!
    expect(members.map((m) => [m.handset_index, m.extension_number])).toEqual([
      [1, '1200'],
      [2, '1100'],
      [3, '1101'],
    ])
  })

  it('on a PBX without members (404) the bases are pushed and the handsets fail saying so', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: bases(1), handsets: handsets(2) })
    const old: PbxCaller = {
      baseUrl: caller.baseUrl,
      call: (path, options) =>
        /\/members/.test(path) || path.startsWith('api/users')
          ? caller.call('api/no_such_endpoint', options)
          : caller.call(path, options),
    }
    const end = await runner(() => old).start(batch.id, PROFILE_ID)
    expect(end).toMatchObject({ status: 'partly_failed', created: 1 })
    expect(end.handsets).toMatchObject({ failed: 2, enrolled: 0 })
    const saved = await store.get(batch.id)
    expect(saved.handsets[0]!.outcome.error).toBe('This PBX does not offer handset enrolment (DECT phone members). The bases are pushed; enrol the handsets on the PBX.')
  })

  it('a batch without handsets makes no call for them', async () => {
    const batch = await store.create({ name: 'Bases', source: 'b.csv', rows: bases(2) })
    const before = pbx.requests
    const end = await runner().start(batch.id, PROFILE_ID)
    expect(pbx.requests - before).toBe(4) // list, 2 creates, list
    expect(end.handsets).toEqual({ total: 0, done: 0, enrolled: 0, matched: 0, failed: 0, pending: 0, withErrors: 0 })
  })
})
