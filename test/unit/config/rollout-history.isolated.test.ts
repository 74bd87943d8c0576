import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Rollout } from '../../../electron/contract/config-apply'
import type * as AtomicWrite from '../../../electron/services/files/atomic-write'

// The rollout history on disk: changes made while a write waits share it, the file always holds
// the latest state, and a damaged file is moved aside, never overwritten.

const writes = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../../electron/services/files/atomic-write', async (importOriginal) => {
  const real = await importOriginal<typeof AtomicWrite>()
  return {
    ...real,
    writeFileAtomic: async (...args: Parameters<typeof real.writeFileAtomic>) => {
      writes.count += 1
      return real.writeFileAtomic(...args)
    },
  }
})

const { createRolloutHistory, STOPPED_BEFORE_ITEM } = await import('../../../electron/services/config/rollout-history')

const rollout = (id: string): Rollout => ({
  id,
  kind: 'apply',
  startedAt: '2026-11-25T08:00:00.000Z',
  by: 'tester',
  source: { label: 'Head office', takenAt: '2026-11-25T07:00:00.000Z', fromFile: true },
  skipCannot: false,
  items: [{ part: 'outboundRules', key: 'Night service' }],
  applied: [],
  mappings: {},
  targets: [],
  running: true,
})

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbx-history-'))
  writes.count = 0
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const onDisk = () => JSON.parse(readFileSync(join(dir, 'config-history.json'), 'utf8')) as { rollouts: Rollout[] }

describe('the rollout history file', () => {
  it('ten changes while a write is under way make two writes, and the file holds the last state', async () => {
    const history = createRolloutHistory(dir)
    await history.add(rollout('r1'))
    writes.count = 0
    const kept = await history.get('r1')
    const saves: Promise<void>[] = []
    for (let i = 0; i < 10; i++) {
      kept.by = `change ${i}`
      saves.push(history.save())
    }
    kept.running = false
    await Promise.all(saves)
    expect(writes.count).toBeLessThanOrEqual(2)
    expect(onDisk().rollouts[0]).toMatchObject({ id: 'r1', by: 'change 9', running: false })
  })

  it('a rollout the file says is running (its process was stopped) reads as ended, its unfinished items failed and retryable', async () => {
    const cut: Rollout = {
      ...rollout('r3'),
      targets: [
        { profileId: 'p1', label: 'Done', state: 'done', items: [{ part: 'outboundRules', key: 'Night service', outcome: 'created', createdId: '7', changes: [] }] },
        { profileId: 'p2', label: 'Cut', state: 'applying', items: [{ part: 'outboundRules', key: 'Night service', outcome: 'pending', changes: [] }] },
      ],
    }
    writeFileSync(join(dir, 'config-history.json'), JSON.stringify({ version: 1, rollouts: [cut] }))
    const read = await createRolloutHistory(dir).get('r3')
    expect(read.running).toBe(false)
    expect(read.targets.map((t) => [t.state, t.items[0]!.outcome])).toEqual([
      ['done', 'created'],
      ['failed', 'failed'],
    ])
    expect(read.targets[1]!.items[0]!.error).toBe(STOPPED_BEFORE_ITEM)
  })

  it('a damaged file is moved aside and the history starts again', async () => {
    writeFileSync(join(dir, 'config-history.json'), '{"version":1,"rollouts":[{"id":')
    const history = createRolloutHistory(dir)
    expect(await history.list()).toEqual([])
    expect(readFileSync(join(dir, 'config-history.json.damaged'), 'utf8')).toBe('{"version":1,"rollouts":[{"id":')
    await history.add(rollout('r2'))
    expect(onDisk().rollouts.map((r) => r.id)).toEqual(['r2'])
  })
})

describe('the rollout history shared by two processes (the desktop app and a command line)', () => {
  it("each sees the other's rollouts, and changes written at once are all kept", async () => {
    const desktop = createRolloutHistory(dir)
    const cli = createRolloutHistory(dir)
    await desktop.add({ ...rollout('d1'), running: false })
    await cli.add({ ...rollout('c1'), startedAt: '2026-11-25T09:00:00.000Z', running: false })
    expect((await desktop.list()).map((r) => r.id)).toEqual(['c1', 'd1'])

    // both change their own rollout and write at the same moment: neither change is lost
    ;(await desktop.get('d1')).by = 'changed in the app'
    ;(await cli.get('c1')).by = 'changed by the command line'
    await Promise.all([desktop.save(), cli.save()])
    const byId = Object.fromEntries(onDisk().rollouts.map((r) => [r.id, r.by]))
    expect(byId).toEqual({ d1: 'changed in the app', c1: 'changed by the command line' })
    expect((await createRolloutHistory(dir).list()).map((r) => r.id)).toEqual(['c1', 'd1'])
  })

  it('a rollout running in the other process reads as running while its run lock is held, and as cut short once it is not', async () => {
    const desktop = createRolloutHistory(dir)
    const running = rollout('r9')
    running.targets = [{ profileId: 'p1', label: 'Cut', state: 'applying', items: [{ part: 'outboundRules', key: 'Night service', outcome: 'pending', changes: [] }] }]
    await desktop.add(running)
    const release = await desktop.hold('r9')
    // the object the desktop's runner holds stays the one in its history after another process writes
    const cli = createRolloutHistory(dir)
    expect((await cli.get('r9')).running).toBe(true)
    await cli.add({ ...rollout('c2'), running: false })
    expect(await desktop.get('r9')).toBe(running)
    expect((await desktop.list()).map((r) => r.id).sort()).toEqual(['c2', 'r9'])

    await release()
    const later = await createRolloutHistory(dir).get('r9')
    expect(later.running).toBe(false)
    expect(later.targets[0]!.items[0]!.error).toBe(STOPPED_BEFORE_ITEM)
  })
})

describe('the shared history, mended after review', () => {
  it("a rollout run here keeps its runner's targets after another process writes the history", async () => {
    const desktop = createRolloutHistory(dir)
    const running = rollout('r1')
    running.targets = [{ profileId: 'p1', label: 'Branch', state: 'applying', items: [{ part: 'outboundRules', key: 'Night service', outcome: 'pending', changes: [] }] }]
    const release = await desktop.hold('r1')
    await desktop.add(running)
    const target = running.targets[0]!
    await createRolloutHistory(dir).add({ ...rollout('c1'), running: false })
    await desktop.get('r1') // the window asks again: the file changed, it is read
    // the runner goes on with the objects it holds, then the history is saved
    Object.assign(target, { state: 'done' })
    Object.assign(target.items[0]!, { outcome: 'created' })
    running.running = false
    await desktop.save()
    await release()
    const saved = onDisk().rollouts.find((r) => r.id === 'r1')!
    expect(saved.targets.map((t) => [t.state, t.items[0]!.outcome])).toEqual([['done', 'created']])
  })

  it('a rollout only read as cut short here is not written back so over what its own process wrote', async () => {
    const desktop = createRolloutHistory(dir)
    const cli = createRolloutHistory(dir)
    // in the file as running, with nobody holding its lock yet: the command line reads it as cut short
    await desktop.add(rollout('r2'))
    expect((await cli.get('r2')).running).toBe(false)
    // the desktop finishes it; then the command line writes the history for a rollout of its own
    ;(await desktop.get('r2')).running = false
    ;(await desktop.get('r2')).by = 'finished by the app'
    await desktop.save()
    await cli.add({ ...rollout('c2'), running: false })
    expect(onDisk().rollouts.find((r) => r.id === 'r2')).toMatchObject({ running: false, by: 'finished by the app' })
  })

  it('writes into a data folder that does not exist yet (the lock needs its folder)', async () => {
    const fresh = join(dir, 'not', 'yet')
    const history = createRolloutHistory(fresh)
    await history.add({ ...rollout('r3'), running: false })
    expect((await createRolloutHistory(fresh).list()).map((r) => r.id)).toEqual(['r3'])
  })
})
