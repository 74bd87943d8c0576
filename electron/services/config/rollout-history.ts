import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { CONFIG_HISTORY_MAX, CONFIG_HISTORY_VERSION, ConfigHistoryFileSchema, type Rollout } from '../../contract/config-apply'
import { ServiceError } from '../errors'
import { writeFileAtomic } from '../files/atomic-write'
import { fileStamp, isLocked, lockOf, withFileLock } from '../files/shared-file'
import { parsedJson } from '../validation'

/** What an item a stopped process never got to says: it can be retried. */
export const STOPPED_BEFORE_ITEM = 'the app or command line stopped before this item was done: retry it'

/**
 * A rollout the file says is running was cut short (the app quit, a command line was stopped, a
 * crash): nothing runs it now. It reads as ended, its items not done failed, so it can be retried
 * or undone instead of being refused as "still running" for good.
 */
function stoppedIfRunning(rollout: Rollout): Rollout {
  if (!rollout.running) return rollout
  for (const target of rollout.targets) {
    const unfinished = target.items.filter((item) => item.outcome === 'pending')
    for (const item of unfinished) Object.assign(item, { outcome: 'failed', error: STOPPED_BEFORE_ITEM })
    if (target.state === 'waiting' || target.state === 'applying') Object.assign(target, { state: 'failed', error: STOPPED_BEFORE_ITEM })
  }
  return { ...rollout, running: false, finishedAt: rollout.finishedAt ?? rollout.startedAt }
}

const newestFirst = (a: Rollout, b: Rollout) => b.startedAt.localeCompare(a.startedAt)

/**
 * The rollouts in the data folder (`config-history.json`), newest first, the last
 * CONFIG_HISTORY_MAX of them: who applied what to which PBXs, each item's result and the state it
 * had before (what undo writes back). Read back through the contract's schema. A file that does
 * not read is moved aside (`config-history.json.damaged`), never overwritten, and the history
 * starts again.
 *
 * The desktop app and the command line share the file at the same time:
 * - a read re-reads the file when it changed on disk; a rollout this process changed since it
 *   read it (its JSON differs from the one read) keeps this process's state, and every rollout
 *   object stays the same object, so a running rollout is never cut off from its runner;
 * - a write happens under the file's lock, after taking in what another process wrote;
 * - a running rollout's process holds its run lock (`locks/rollout-<id>.lock`, `hold`): a
 *   rollout the file says is running whose lock nobody holds was cut short (see stoppedIfRunning).
 * Writes are coalesced (see `write`).
 */
export function createRolloutHistory(dataDir: string) {
  const file = join(dataDir, 'config-history.json')
  const runLockOf = (id: string) => join(dataDir, 'locks', `rollout-${id}`)
  let rollouts: Rollout[] | undefined
  /** the stamp of the file `rollouts` took in last */
  let stamp: string | null | undefined
  /** each rollout's JSON as last read from or written to the file */
  const known = new Map<string, string>()
  /** the rollouts this process runs */
  const running = new Set<string>()
  let writing: Promise<void> = Promise.resolve()
  /** a write waiting for the one before it: later changes ride along with it */
  let queued: Promise<void> | undefined

  const changedHere = (rollout: Rollout) => known.get(rollout.id) !== JSON.stringify(rollout)

  async function readFileRollouts(): Promise<Rollout[]> {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    const read = text === undefined ? undefined : parsedJson(ConfigHistoryFileSchema, text, 'config-history.json')
    if (read && !read.ok) await rename(file, `${file}.damaged`).catch(() => undefined)
    return read?.ok ? read.data.rollouts : []
  }

  /** The file's rollouts taken in: ones changed here keep this process's state, the others take the file's. */
  async function takeIn(fromFile: Rollout[]): Promise<Rollout[]> {
    const mine = new Map((rollouts ?? []).map((rollout) => [rollout.id, rollout]))
    const list: Rollout[] = []
    for (const read of fromFile) {
      const own = mine.get(read.id)
      mine.delete(read.id)
      // changed here since read, or run here (its runner holds its targets and items): this state
      if (own && (changedHere(own) || running.has(own.id))) {
        list.push(own)
        continue
      }
      const shown = read.running && (await isLocked(runLockOf(read.id))) ? read : stoppedIfRunning(read)
      // as shown: one read as cut short is not "changed here", and is not written back so
      known.set(read.id, JSON.stringify(shown))
      if (!own) list.push(shown)
      else {
        // the same object, so whoever holds it (a runner, a caller) sees the file's state
        for (const key of Object.keys(own)) delete (own as Partial<Rollout>)[key as keyof Rollout]
        list.push(Object.assign(own, shown))
      }
    }
    // added here and not yet written (or dropped from the file by another process's trimming)
    for (const own of mine.values()) if (changedHere(own) || running.has(own.id)) list.push(own)
    return list.sort(newestFirst)
  }

  async function load(): Promise<Rollout[]> {
    const current = await fileStamp(file)
    if (rollouts && current === stamp) return rollouts
    rollouts = await takeIn(await readFileRollouts())
    stamp = current
    return rollouts
  }

  /**
   * One write after another, each of the history as it is when the write starts: changes made
   * while a write is waiting share it (ten PBXs ending at once make two writes, not ten). A failed
   * write does not stop the next.
   */
  function write(): Promise<void> {
    if (queued) return queued
    queued = writing
      .catch(() => undefined)
      .then(() => {
        queued = undefined
        return withFileLock(
          file,
          async () => {
            const list = (await load()).slice(0, CONFIG_HISTORY_MAX)
            await writeFileAtomic(file, `${JSON.stringify({ version: CONFIG_HISTORY_VERSION, rollouts: list }, null, 2)}\n`)
            for (const rollout of list) known.set(rollout.id, JSON.stringify(rollout))
            stamp = await fileStamp(file)
          },
          15_000,
          'the rollout history',
        )
      })
    writing = queued
    return queued
  }

  return {
    list: load,
    async get(id: string): Promise<Rollout> {
      const found = (await load()).find((r) => r.id === id)
      if (!found) throw new ServiceError('NOT_FOUND', 'That rollout is not in the history (the history keeps the last 200).')
      return found
    },
    /** adds a rollout at the top and writes the history */
    async add(rollout: Rollout): Promise<void> {
      ;(await load()).unshift(rollout)
      await write()
    },
    /** writes the history after a rollout in it changed */
    save: write,
    /**
     * Marks a rollout as run by this process, for as long as it runs: other processes reading the
     * history see it running, not cut short. Answers the function that lets go.
     */
    async hold(id: string): Promise<() => Promise<void>> {
      running.add(id)
      // without the lock (a folder it cannot write), the rollout still runs; others may read it as cut short
      const release = await lockOf(runLockOf(id), 0, 'this rollout').catch(() => async () => undefined)
      return async () => {
        running.delete(id)
        await release()
      }
    },
  }
}
