import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RowOutcome } from '../../../electron/contract/dect'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { makeRows, rejection, tempDir } from './push-support'

// The desktop app and a command line on one data folder: two stores on one folder, as two
// processes have them (each keeps the batches it read in memory).

let dir: string
let cleanup: () => Promise<void>
/** the desktop app */
let app: BatchStore
/** a command line */
let cli: BatchStore

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
  app = createBatchStore(dir)
  cli = createBatchStore(dir)
})
afterEach(async () => {
  await cleanup()
})

const created = (i: number): RowOutcome => ({ state: 'created', phoneId: `dect-${i}`, at: '2026-11-23T10:00:00.000Z' })
const states = (batch: { rows: { outcome: RowOutcome }[] }) => batch.rows.map((r) => r.outcome.state)

/** every file of the batches folder with its text */
async function files(): Promise<Record<string, string>> {
  const folder = join(dir, 'batches')
  const names = (await readdir(folder)).filter((name) => !name.endsWith('.lock')).sort()
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(join(folder, name), 'utf8')] as const)))
}

describe('a batch shared by two processes', () => {
  it("the other process's push and edits are seen by get and list, however the batch was kept in memory", async () => {
    const batch = await app.create({ name: 'Site B', source: 'b.csv', rows: makeRows(4) })
    expect(states(await app.get(batch.id))).toEqual(['pending', 'pending', 'pending', 'pending'])
    expect((await app.list()).map((b) => b.counts.created)).toEqual([0])

    // the command line pushes: its outcomes go to the journal, one append at a time
    const release = await cli.lockForPush(batch.id)
    await cli.setPushState(batch.id, { status: 'pushing' })
    await cli.saveOutcomes(batch.id, { r1: created(1) })
    expect(states(await app.get(batch.id))).toEqual(['created', 'pending', 'pending', 'pending'])
    await cli.saveOutcomes(batch.id, { r2: created(2) })
    const [during] = await app.list()
    expect(during).toMatchObject({ status: 'pushing', counts: { created: 2, pending: 2 } })
    expect(states(await app.get(batch.id))).toEqual(['created', 'created', 'pending', 'pending'])
    await cli.settleStatus(batch.id, () => 'paused')
    await release()

    // then an edit (a whole write: a new file, the journal folded in)
    await cli.rename(batch.id, 'Site B (east)')
    expect(await app.get(batch.id)).toMatchObject({ name: 'Site B (east)', status: 'paused' })
    expect((await app.list()).map((b) => [b.name, b.counts.created])).toEqual([['Site B (east)', 2]])
  })

  it("an edit here after the other process's push keeps that push's outcomes", async () => {
    const batch = await app.create({ name: 'Kept', source: 'k.csv', rows: makeRows(3) })
    await app.get(batch.id)
    const release = await cli.lockForPush(batch.id)
    await cli.saveOutcomes(batch.id, { r1: created(1), r3: created(3) }, { status: 'partly_failed' })
    await release()

    await app.setPushState(batch.id, { concurrency: 8 })
    const saved = await createBatchStore(dir).get(batch.id)
    expect(saved).toMatchObject({ concurrency: 8, status: 'partly_failed' })
    expect(states(saved)).toEqual(['created', 'pending', 'created'])
  })

  // another push waits for the lock (about 5 s) before it is refused
  it('a change here while the other process pushes the batch is refused BUSY, naming it, and the files stay as they were', { timeout: 20_000 }, async () => {
    const batch = await app.create({ name: 'Busy', source: 'b.csv', rows: makeRows(2) })
    await app.get(batch.id)
    const release = await cli.lockForPush(batch.id)
    await cli.saveOutcomes(batch.id, { r1: created(1) }, { status: 'pushing' })
    const before = await files()

    const refusals = await Promise.all([
      rejection(app.rename(batch.id, 'Other')),
      rejection(app.update(batch.id, (b) => void (b.rows[1]!.values.name = 'Renamed'))),
      rejection(app.setPushState(batch.id, { status: 'paused' })),
      rejection(app.saveOutcomes(batch.id, { r2: created(2) })),
      rejection(app.remove(batch.id)),
      // a push of its own too, in the same words (not the lock's, which name a file)
      rejection(app.lockForPush(batch.id)),
    ])
    for (const error of refusals) {
      expect(error.code).toBe('BUSY')
      expect(error.message).toBe('The batch "Busy" is being pushed by a command line or another window. Wait until that push ends (or pause it there), then try again.')
    }
    expect(await files()).toEqual(before)
    // reading is not a change: it shows the push as it goes, as another process's
    expect(states(await app.get(batch.id))).toEqual(['created', 'pending'])
    expect(await app.pushingElsewhere(batch.id)).toBe(true)
    expect(await cli.pushingElsewhere(batch.id)).toBe(false)

    await release()
    expect(await app.pushingElsewhere(batch.id)).toBe(false)
    await app.rename(batch.id, 'Other')
    expect(await createBatchStore(dir).get(batch.id)).toMatchObject({ name: 'Other', status: 'pushing' })
  })

  it("this process's own push saves its outcomes while it holds the lock, and the other process cannot change the batch", async () => {
    const batch = await app.create({ name: 'Mine', source: 'm.csv', rows: makeRows(50) })
    const release = await app.lockForPush(batch.id)
    await app.setPushState(batch.id, { status: 'pushing' })
    await Promise.all(Array.from({ length: 50 }, (_, i) => app.saveOutcomes(batch.id, { [`r${i + 1}`]: created(i) })))
    await app.rename(batch.id, 'Mine, renamed while pushed')
    expect((await rejection(cli.rename(batch.id, 'Theirs'))).code).toBe('BUSY')
    expect(await app.settleStatus(batch.id, () => 'done')).toBe('done')
    await release()

    const saved = await cli.get(batch.id)
    expect(saved).toMatchObject({ name: 'Mine, renamed while pushed', status: 'done' })
    expect(states(saved).every((state) => state === 'created')).toBe(true)
  })

  it('a batch the other process deleted is gone here: not listed, not read, not written back', async () => {
    const batch = await app.create({ name: 'Gone', source: 'g.csv', rows: makeRows(2) })
    await app.saveOutcomes(batch.id, { r1: created(1) })
    expect((await app.list()).map((b) => b.name)).toEqual(['Gone'])

    await cli.remove(batch.id)
    expect(await app.list()).toEqual([])
    expect((await rejection(app.get(batch.id))).code).toBe('NOT_FOUND')
    expect((await rejection(app.saveOutcomes(batch.id, { r2: created(2) }))).code).toBe('NOT_FOUND')
    expect(await readdir(join(dir, 'batches'))).toEqual([])
  })

  // the window between a change's check of the lock and its write: a push of the other process
  // that starts in it either waits for the write, or the change is refused; nothing is lost
  it("an edit here racing the other process's push: the push's outcomes are never lost, and the edit is saved or refused, never half", { timeout: 60_000 }, async () => {
    // (which of the two each round takes is the scheduler's: both are right)
    for (let round = 0; round < 25; round++) {
      const batch = await app.create({ name: `Race ${round}`, source: 'r.csv', rows: makeRows(400) })
      await app.get(batch.id)
      await cli.get(batch.id)
      let pushed: Promise<void> = Promise.resolve()
      const edit = app.update(batch.id, (b) => {
        // checked, changed in memory, not written yet: the command line starts its push now
        pushed = (async () => {
          const release = await cli.lockForPush(batch.id)
          try {
            await cli.saveOutcomes(batch.id, { r1: created(1) }, { status: 'partly_failed' })
          } finally {
            await release()
          }
        })()
        b.rows[399]!.values.name = 'Edited here'
      })
      const [editResult, pushResult] = await Promise.allSettled([
        edit,
        (async () => {
          await edit.catch(() => undefined)
          await pushed
        })(),
      ])
      expect(pushResult.status, `round ${round}: the push`).toBe('fulfilled')
      const onDisk = await createBatchStore(dir).get(batch.id)
      expect(onDisk.rows[0]!.outcome.state, `round ${round}: the push's outcome`).toBe('created')
      if (editResult.status === 'fulfilled') {
        expect(onDisk.rows[399]!.values.name, `round ${round}: the edit, said saved`).toBe('Edited here')
      } else {
        expect((editResult.reason as { code?: string }).code, `round ${round}: the refusal`).toBe('BUSY')
        expect(onDisk.rows[399]!.values.name).not.toBe('Edited here')
        // and the app shows the disk again, the push's outcome with it, not its refused edit
        const shown = await app.get(batch.id)
        expect([shown.rows[399]!.values.name, shown.rows[0]!.outcome.state]).toEqual([onDisk.rows[399]!.values.name, 'created'])
      }
    }
  })

  it("an edit and this process's own push asked for at the same moment both go through, in that order", async () => {
    const batch = await app.create({ name: 'Same process', source: 's.csv', rows: makeRows(50) })
    for (let round = 0; round < 10; round++) {
      const renamed = app.rename(batch.id, `Renamed ${round}`)
      const locked = app.lockForPush(batch.id)
      await renamed
      const release = await locked
      await app.setPushState(batch.id, { status: 'pushing' })
      await app.saveOutcomes(batch.id, { [`r${round + 1}`]: created(round) })
      await app.settleStatus(batch.id, () => 'paused')
      await release()
    }
    const saved = await createBatchStore(dir).get(batch.id)
    expect(saved).toMatchObject({ name: 'Renamed 9', status: 'paused' })
    expect(states(saved).slice(0, 11)).toEqual([...Array(10).fill('created'), 'pending'])
  })
})
