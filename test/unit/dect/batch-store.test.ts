import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BatchSchema, type RowOutcome } from '../../../electron/contract/dect'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import type { ServiceError } from '../../../electron/services/errors'
import { makeRows, rejection, tempDir } from './push-support'

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

const readFileBatch = async (id: string) => BatchSchema.parse(JSON.parse(await readFile(join(dir, 'batches', `${id}.json`), 'utf8')))

describe('the batch store', () => {
  it('saves a new batch at once, one file per batch, and reads it back in a new store', async () => {
    const rows = makeRows(3)
    rows[2]!.problems = [{ field: 'mac', message: 'MAC 00:15 has 4 of 12 hex digits', severity: 'error' }]
    const batch = await store.create({ name: 'Floor 2', source: 'floor2.csv', rows, defaults: { language: 'GERMAN', https: true } })
    expect(batch).toMatchObject({ version: 1, name: 'Floor 2', source: 'floor2.csv', status: 'draft', targetProfileId: null, concurrency: 4 })
    expect(batch.rows.map((r) => r.id)).toEqual(['r1', 'r2', 'r3'])
    expect(batch.rows.every((r) => r.outcome.state === 'pending')).toBe(true)

    expect(await readdir(join(dir, 'batches'))).toEqual([`${batch.id}.json`])
    const onDisk = await readFileBatch(batch.id)
    expect(onDisk).toEqual(batch)

    const again = createBatchStore(dir)
    expect(await again.get(batch.id)).toEqual(batch)
    const [summary] = await again.list()
    expect(summary).toMatchObject({ id: batch.id, name: 'Floor 2', status: 'draft', targetProfileId: null })
    expect(summary!.counts).toEqual({ rows: 3, withErrors: 1, created: 0, matched: 0, failed: 0, pending: 2 })
  })

  it('refuses a batch without a name, or with defaults the contract refuses', async () => {
    expect((await rejection(store.create({ name: '  ', source: 'x.csv', rows: [] }))).message).toMatch(/^name: /)
    const bad = await rejection(store.create({ name: 'B', source: 'x.csv', rows: [], defaults: { language: 'KLINGON' as 'GERMAN' } }))
    expect(bad.message).toMatch(/^language: /)
    expect(await store.list()).toEqual([])
  })

  it('lists newest change first, with counts', async () => {
    let clock = Date.parse('2025-01-01T10:00:00Z')
    store = createBatchStore(dir, () => new Date((clock += 1000)))
    const a = await store.create({ name: 'A', source: 'a.csv', rows: makeRows(2) })
    const b = await store.create({ name: 'B', source: 'b.csv', rows: makeRows(1) })
    expect((await store.list()).map((s) => s.name)).toEqual(['B', 'A'])
    await store.saveOutcomes(a.id, { r1: { state: 'created', phoneId: 'dect-1' } })
    const list = await store.list()
    expect(list.map((s) => s.name)).toEqual(['A', 'B'])
    expect(list[0]!.counts).toMatchObject({ rows: 2, created: 1, pending: 1 })
    expect(b.id).not.toBe(a.id)
  })

  it('never loses one of many row outcomes saved at the same moment', async () => {
    const batch = await store.create({ name: 'Many', source: 's.csv', rows: makeRows(300) })
    const outcome = (i: number): RowOutcome => ({ state: i % 7 === 0 ? 'failed' : 'created', phoneId: `dect-${i}`, ...(i % 7 === 0 ? { error: 'no' } : {}) })
    await Promise.all(batch.rows.map((row, i) => store.saveOutcomes(batch.id, { [row.id]: outcome(i) })))
    const onDisk = await createBatchStore(dir).get(batch.id)
    expect(onDisk.rows.map((r) => r.outcome.phoneId)).toEqual(batch.rows.map((_, i) => `dect-${i}`))
    expect(onDisk.rows.filter((r) => r.outcome.state === 'failed')).toHaveLength(43)
    // general edits interleaved with outcomes keep both
    await Promise.all([
      store.saveOutcomes(batch.id, { r1: { state: 'matched', phoneId: 'dect-x' } }),
      store.rename(batch.id, 'Many phones'),
      store.update(batch.id, (b) => {
        b.rows[1]!.values.name = 'Reception'
      }),
      store.saveOutcomes(batch.id, { r3: { state: 'pending' } }),
    ])
    const after = await createBatchStore(dir).get(batch.id)
    expect(after.name).toBe('Many phones')
    expect(after.rows[0]!.outcome).toEqual({ state: 'matched', phoneId: 'dect-x' })
    expect(after.rows[1]!.values.name).toBe('Reception')
    expect(after.rows[2]!.outcome).toEqual({ state: 'pending' })
  })

  it('checks an edit against the schema and keeps the batch when it is refused', async () => {
    const batch = await store.create({ name: 'E', source: 'e.csv', rows: makeRows(1) })
    const error = await rejection(
      store.update(batch.id, (b) => {
        b.name = ''
      }),
    )
    expect(error.code).toBe('INVALID_INPUT')
    expect((await readFileBatch(batch.id)).name).toBe('E')
    expect(await store.get(batch.id)).toEqual(batch)
  })

  it('an optional field an edit takes away is gone, in memory and on disk (a retire note ended)', async () => {
    const batch = await store.create({ name: 'N', source: 'n.csv', rows: makeRows(1) })
    await store.update(batch.id, (b) => {
      b.retiring = { at: '2026-12-04T09:00:00.000Z', targets: ['base:001565000000'], steps: [] }
    })
    expect((await readFileBatch(batch.id)).retiring).toBeDefined()
    const ended = await store.update(batch.id, (b) => {
      delete b.retiring
    })
    expect(ended.retiring).toBeUndefined()
    expect((await store.get(batch.id)).retiring).toBeUndefined()
    expect((await readFileBatch(batch.id)).retiring).toBeUndefined()
  })

  it('renames, duplicates (new id, outcomes pending, no target) and deletes', async () => {
    const batch = await store.create({ name: 'Site A', source: 'a.csv', rows: makeRows(2) })
    await store.setPushState(batch.id, { status: 'partly_failed', targetProfileId: 'pbx-1', concurrency: 8 })
    await store.saveOutcomes(batch.id, { r1: { state: 'created', phoneId: 'dect-9', url: 'https://x/y.xml' }, r2: { state: 'failed', error: 'mac: taken' } })
    expect((await store.rename(batch.id, 'Site A, ground floor')).name).toBe('Site A, ground floor')

    const copy = await store.duplicate(batch.id)
    expect(copy.id).not.toBe(batch.id)
    expect(copy).toMatchObject({ name: 'Site A, ground floor (copy)', status: 'draft', targetProfileId: null, source: 'a.csv' })
    expect(copy.rows.map((r) => r.outcome)).toEqual([{ state: 'pending' }, { state: 'pending' }])
    expect(copy.rows.map((r) => r.values)).toEqual(batch.rows.map((r) => r.values))
    expect((await store.duplicate(batch.id)).name).toBe('Site A, ground floor (copy 2)')
    // the original is untouched
    expect((await store.get(batch.id)).rows[0]!.outcome.state).toBe('created')

    await store.remove(batch.id)
    expect((await rejection(store.get(batch.id))).code).toBe('NOT_FOUND')
    expect((await store.list()).map((s) => s.name).sort()).toEqual(['Site A, ground floor (copy 2)', 'Site A, ground floor (copy)'])
    expect((await rejection(store.remove(batch.id))).code).toBe('NOT_FOUND')
  })

  it('exports without outcomes or target and imports as a new batch on another machine', async () => {
    const batch = await store.create({ name: 'Hotel/Wing B', source: 'wing-b.csv', rows: makeRows(3), defaults: { interface: 'PUBLIC_IPV4' } })
    await store.setPushState(batch.id, { status: 'done', targetProfileId: 'pbx-1' })
    await store.saveOutcomes(batch.id, { r1: { state: 'created', phoneId: 'dect-1', url: 'https://a' } })

    const { fileName, json } = await store.exportBatch(batch.id)
    expect(fileName).toBe('Hotel-Wing B.batch.json')
    expect(json).not.toContain('dect-1')
    expect(json).not.toContain('pbx-1')

    const other = await tempDir()
    try {
      const remote = createBatchStore(other.dir)
      const imported = await remote.importBatch(json)
      expect(imported.id).not.toBe(batch.id)
      expect(imported).toMatchObject({ name: 'Hotel/Wing B', source: 'wing-b.csv', status: 'draft', targetProfileId: null, defaults: { interface: 'PUBLIC_IPV4' } })
      expect(imported.rows.map((r) => r.values)).toEqual(batch.rows.map((r) => r.values))
      expect(imported.rows.every((r) => r.outcome.state === 'pending')).toBe(true)
      // importing again never overwrites: a new id and a free name
      const twice = await remote.importBatch(json)
      expect(twice.id).not.toBe(imported.id)
      expect(twice.name).toBe('Hotel/Wing B (imported)')
      expect(await remote.list()).toHaveLength(2)
    } finally {
      await other.cleanup()
    }
  })

  it('a copy and an exported file leave a retired base behind, and what the retires took (issue 43)', async () => {
    const batch = await store.create({ name: 'Site R', source: 'r.csv', rows: makeRows(3) })
    await store.update(batch.id, (draft) => {
      draft.rows[1]!.outcome = { state: 'retired', at: '2026-12-03T12:00:00.000Z' }
      draft.retirements = [{ mac: draft.rows[1]!.values.mac!, name: 'Base 2', rowId: draft.rows[1]!.id, deleted: true, members: [], unsent: [], at: '2026-12-03T12:00:00.000Z' }]
    })
    const kept = [batch.rows[0]!.values, batch.rows[2]!.values]

    const copy = await store.duplicate(batch.id)
    expect(copy.rows.map((r) => r.values)).toEqual(kept)
    expect(copy.rows.every((r) => r.outcome.state === 'pending')).toBe(true)
    expect(copy.retirements).toBeUndefined()

    const { json } = await store.exportBatch(batch.id)
    const file = JSON.parse(json) as { rows: { values: unknown }[]; retirements?: unknown }
    expect(file.rows.map((r) => r.values)).toEqual(kept)
    expect(file.retirements).toBeUndefined()
    // the batch itself keeps them
    expect((await store.get(batch.id)).retirements).toHaveLength(1)
  })

  it('refuses an import that is not a batch with an error naming what is wrong', async () => {
    const { json } = await store.exportBatch((await store.create({ name: 'X', source: 'x.csv', rows: makeRows(2) })).id)
    expect((await rejection(store.importBatch('{"version":1,'))).message).toMatch(/not JSON/)
    const wrongMac = JSON.parse(json) as { rows: { values: { mac: unknown } }[] }
    wrongMac.rows[1]!.values.mac = 1234
    const error = await rejection(store.importBatch(JSON.stringify(wrongMac)))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.message).toContain('rows.1.values.mac')
    const future = await rejection(store.importBatch(JSON.stringify({ ...(JSON.parse(json) as object), version: 2 })))
    expect(future.message).toMatch(/version 2/)
    expect(await store.list()).toHaveLength(1)
  })

  it('reports a damaged file and never overwrites it', async () => {
    const good = await store.create({ name: 'Good', source: 'g.csv', rows: makeRows(1) })
    const damaged = await store.create({ name: 'Damaged', source: 'd.csv', rows: makeRows(1) })
    const file = join(dir, 'batches', `${damaged.id}.json`)
    const broken = (await readFile(file, 'utf8')).slice(0, 80)
    await writeFile(file, broken)

    const fresh = createBatchStore(dir)
    const scan = await fresh.scan()
    expect(scan.batches.map((b) => b.id)).toEqual([good.id])
    expect(scan.damaged).toEqual([
      expect.objectContaining({ id: damaged.id, path: file, part: 'file', reason: expect.stringMatching(/^it is cut short: it ends after 80 bytes/), readable: { rows: 0, handsets: 0 } }),
    ])
    expect(fresh.damaged()).toHaveLength(1)

    const error = await rejection(fresh.get(damaged.id))
    expect(error.message).toContain(file)
    await expect(fresh.rename(damaged.id, 'Fixed')).rejects.toThrow(/cannot be read/)
    await expect(fresh.saveOutcomes(damaged.id, { r1: { state: 'created', phoneId: 'dect-1' } })).rejects.toThrow(/cannot be read/)
    expect(await readFile(file, 'utf8')).toBe(broken)

    // a schema mismatch is named too
    await writeFile(file, JSON.stringify({ ...damaged, status: 'exploded' }))
    expect((await rejection(createBatchStore(dir).get(damaged.id))).message).toMatch(/status: /)
  })

  describe('the outcome journal', () => {
    const journalFile = (id: string) => join(dir, 'batches', `${id}.outcomes.ndjson`)
    const exists = (file: string) => readFile(file).then(() => true, () => false)
    const created = (i: number): RowOutcome => ({ state: 'created', phoneId: `dect-${i}`, at: '2026-11-23T10:00:00.000Z' })

    it('takes the outcomes of a push, leaves the batch file alone until another change folds them in', async () => {
      const batch = await store.create({ name: 'J', source: 'j.csv', rows: makeRows(4) })
      const fileBefore = await readFile(join(dir, 'batches', `${batch.id}.json`), 'utf8')
      await store.saveOutcomes(batch.id, { r1: created(1) })
      await store.saveOutcomes(batch.id, { r2: created(2) }, { status: 'pushing' })
      expect(await readFile(join(dir, 'batches', `${batch.id}.json`), 'utf8')).toBe(fileBefore)
      expect((await readFile(journalFile(batch.id), 'utf8')).trim().split('\n')).toHaveLength(3) // its header and two entries

      const read = await createBatchStore(dir).get(batch.id)
      expect(read.status).toBe('pushing')
      expect(read.rows.map((r) => r.outcome.state)).toEqual(['created', 'created', 'pending', 'pending'])
      expect(read).toEqual(await store.get(batch.id))

      await store.rename(batch.id, 'J2')
      expect(await exists(journalFile(batch.id))).toBe(false)
      const folded = await readFileBatch(batch.id)
      expect(folded).toMatchObject({ name: 'J2', status: 'pushing' })
      expect(folded.rows[1]!.outcome).toEqual(created(2))

      // the next outcome starts a new journal on the new file
      await store.saveOutcomes(batch.id, { r3: created(3) })
      expect((await createBatchStore(dir).get(batch.id)).rows.map((r) => r.outcome.state)).toEqual(['created', 'created', 'created', 'pending'])
    })

    it('ignores a last line cut short by a crash, and writes the whole file next', async () => {
      const batch = await store.create({ name: 'Torn', source: 't.csv', rows: makeRows(3) })
      await store.saveOutcomes(batch.id, { r1: created(1) })
      await writeFile(journalFile(batch.id), `${await readFile(journalFile(batch.id), 'utf8')}{"outcomes":{"r2":{"state":"cre`)

      const fresh = createBatchStore(dir)
      expect((await fresh.get(batch.id)).rows.map((r) => r.outcome.state)).toEqual(['created', 'pending', 'pending'])
      await fresh.saveOutcomes(batch.id, { r3: created(3) })
      // not appended after the torn line: the whole file took it, and the journal is gone
      expect(await exists(journalFile(batch.id))).toBe(false)
      expect((await readFileBatch(batch.id)).rows.map((r) => r.outcome.state)).toEqual(['created', 'pending', 'created'])
    })

    it('ignores a journal left behind by a whole write (its base is gone)', async () => {
      const batch = await store.create({ name: 'Stale', source: 's.csv', rows: makeRows(2) })
      await store.saveOutcomes(batch.id, { r1: created(1) })
      const journal = await readFile(journalFile(batch.id), 'utf8')
      await store.update(batch.id, (b) => {
        b.rows[0]!.outcome = { state: 'pending' }
      })
      // as if the app stopped between writing the file and removing the journal
      await writeFile(journalFile(batch.id), journal)
      expect((await createBatchStore(dir).get(batch.id)).rows[0]!.outcome).toEqual({ state: 'pending' })
    })

    it('reports a damaged journal, names it, and leaves it as it is', async () => {
      const batch = await store.create({ name: 'Bad', source: 'b.csv', rows: makeRows(2) })
      await store.saveOutcomes(batch.id, { r1: created(1) })
      await store.saveOutcomes(batch.id, { r2: created(2) })
      const lines = (await readFile(journalFile(batch.id), 'utf8')).split('\n')
      const damaged = [lines[0], 'garbage', ...lines.slice(1)].join('\n')
      await writeFile(journalFile(batch.id), damaged)

      const fresh = createBatchStore(dir)
      const error = await rejection(fresh.get(batch.id))
      expect(error.message).toContain(journalFile(batch.id))
      expect(error.message).toMatch(/line 2: it is not JSON/)
      expect((await fresh.scan()).damaged.map((d) => d.id)).toEqual([batch.id])
      await expect(fresh.saveOutcomes(batch.id, { r1: { state: 'pending' } })).rejects.toThrow(/cannot be read/)
      expect(await readFile(journalFile(batch.id), 'utf8')).toBe(damaged)

      // an entry for a row the batch does not have is damage too
      await writeFile(journalFile(batch.id), [lines[0], JSON.stringify({ outcomes: { r9: created(9) }, updatedAt: batch.updatedAt }), ''].join('\n'))
      expect((await rejection(createBatchStore(dir).get(batch.id))).message).toMatch(/names row r9/)
    })

    it('is folded into the batch file once it grows past its limit', async () => {
      const small = createBatchStore(dir, undefined, { journalCompactBytes: 300 })
      const batch = await small.create({ name: 'Long', source: 'l.csv', rows: makeRows(6) })
      const fileStates = async () => (await readFileBatch(batch.id)).rows.map((r) => r.outcome.state)
      for (let i = 1; i <= 6; i++) await small.saveOutcomes(batch.id, { [`r${i}`]: created(i) })
      // every few entries the whole file took the journal's outcomes: it is never more than a few behind
      expect((await fileStates()).filter((state) => state === 'created').length).toBeGreaterThanOrEqual(3)
      expect((await createBatchStore(dir).get(batch.id)).rows.every((r) => r.outcome.state === 'created')).toBe(true)
    })

    it("takes the end of a push's status from the batch as saved", async () => {
      const batch = await store.create({ name: 'End', source: 'e.csv', rows: makeRows(2) })
      void store.saveOutcomes(batch.id, { r1: created(1), r2: { state: 'failed', error: 'no', at: '2026-11-23T10:00:00.000Z' } })
      const status = await store.settleStatus(batch.id, (saved) => (saved.rows.some((r) => r.outcome.state === 'failed') ? 'partly_failed' : 'done'))
      expect(status).toBe('partly_failed')
      expect((await createBatchStore(dir).get(batch.id)).status).toBe('partly_failed')
    })

    it('a read and a change at the same moment, in a store that has not read the batch yet: both see one batch, the change is kept', async () => {
      const batch = await store.create({ name: 'Race', source: 'r.csv', rows: makeRows(300) })
      // two reads of the files racing each other could each set the batch in memory: the change would be lost
      for (let i = 0; i < 30; i++) {
        const fresh = createBatchStore(dir)
        await Promise.all([fresh.get(batch.id), fresh.saveOutcomes(batch.id, { r1: created(i) })])
        expect((await fresh.get(batch.id)).rows[0]!.outcome, `round ${i}`).toEqual(created(i))
        expect((await createBatchStore(dir).get(batch.id)).rows[0]!.outcome, `round ${i}, on disk`).toEqual(created(i))
      }
    })

    it('a change asked for after a delete finds the batch gone and does not write it back', async () => {
      const batch = await store.create({ name: 'Late', source: 'l.csv', rows: makeRows(2) })
      await store.saveOutcomes(batch.id, { r1: created(1) })
      const [removed, late] = await Promise.allSettled([store.remove(batch.id), store.saveOutcomes(batch.id, { r2: created(2) })])
      expect(removed.status).toBe('fulfilled')
      expect(late.status === 'rejected' && (late.reason as ServiceError).code).toBe('NOT_FOUND')
      expect(await readdir(join(dir, 'batches'))).toEqual([])
    })

    it('goes with its batch', async () => {
      const batch = await store.create({ name: 'Gone', source: 'g.csv', rows: makeRows(1) })
      await store.saveOutcomes(batch.id, { r1: created(1) })
      await store.remove(batch.id)
      expect(await readdir(join(dir, 'batches'))).toEqual([])
    })
  })

  it('refuses ids that are not batch ids', async () => {
    expect((await rejection(store.get('../profiles'))).code).toBe('NOT_FOUND')
    expect((await rejection(store.get('nope'))).code).toBe('NOT_FOUND')
  })
})
