import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { makeRows, tempDir } from './push-support'
import { countsText } from '../../../renderer/src/lib/batch-text'

let dir: string
let cleanup: () => Promise<void>
let store: BatchStore

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
  store = createBatchStore(dir)
})
afterEach(async () => {
  await cleanup()
})

const handsets = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ row: i + 1, values: { ipui: `00092${String(i).padStart(5, '0')}`, extension: String(1001 + i) }, problems: [] }))

describe('a batch with handsets', () => {
  it('saves its handsets beside its bases, with ids no row has, every outcome pending; a new store reads them back', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: makeRows(2), handsets: handsets(3) })
    expect(batch.handsets.map((h) => h.id)).toEqual(['h1', 'h2', 'h3'])
    expect(new Set([...batch.rows, ...batch.handsets].map((r) => r.id)).size).toBe(5)
    expect(batch.handsets.every((h) => h.outcome.state === 'pending')).toBe(true)
    const again = await createBatchStore(dir).get(batch.id)
    expect(again.handsets.map((h) => h.values.extension)).toEqual(['1001', '1002', '1003'])
  })

  it('the batches list counts its handsets, and those on the PBX; a batch of bases alone shows none', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: makeRows(2), handsets: handsets(3) })
    await store.create({ name: 'Bases', source: 'b.csv', rows: makeRows(1) })
    await store.saveHandsetOutcomes(batch.id, new Map([[batch.handsets[0]!.id, { state: 'enrolled' as const, handsetIndex: 1 }], [batch.handsets[1]!.id, { state: 'failed' as const, error: 'x' }]]))
    const list = await store.list()
    expect(list.find((s) => s.name === 'Site')!.counts).toMatchObject({ rows: 2, handsets: 3, handsetsOnPbx: 1 })
    expect(list.find((s) => s.name === 'Bases')!.counts.handsets).toBeUndefined()
    expect(countsText(list.find((s) => s.name === 'Site')!.counts)).toBe('2 rows · 3 handsets (1 on the PBX)')
  })

  it('refuses a handset whose values are not of the contract, naming it', async () => {
    const bad = [{ row: 1, values: { ipui: 42 }, problems: [] }] as unknown as ReturnType<typeof handsets>
    await expect(store.create({ name: 'Bad', source: 's', rows: [], handsets: bad })).rejects.toThrow(/handsets\.0\.values\.ipui/)
  })

  it('a batch file written before handsets existed reads as a batch without handsets', async () => {
    const batch = await store.create({ name: 'Old', source: 'old.csv', rows: makeRows(2) })
    const file = join(dir, 'batches', `${batch.id}.json`)
    const { handsets: _gone, ...old } = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
    await writeFile(file, JSON.stringify(old))
    expect((await createBatchStore(dir).get(batch.id)).handsets).toEqual([])
  })

  it('a copy and an export carry the handsets with their outcomes pending again; an import keeps them', async () => {
    const batch = await store.create({ name: 'Site', source: 'site.csv', rows: makeRows(1), handsets: handsets(2) })
    await store.update(batch.id, (b) => {
      b.handsets[0]!.outcome = { state: 'enrolled', baseMac: 'A00000000001', handsetIndex: 1 }
    })
    const copy = await store.duplicate(batch.id)
    expect(copy.handsets.map((h) => h.outcome.state)).toEqual(['pending', 'pending'])
    const exported = await store.exportBatch(batch.id)
    expect(exported.json).not.toContain('enrolled')
    const imported = await store.importBatch(exported.json)
    expect(imported.handsets.map((h) => h.values.ipui)).toEqual(['0009200000', '0009200001'])
  })
})
