import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { CONFIG_HISTORY_MAX, CONFIG_HISTORY_VERSION, ConfigHistoryFileSchema, type Rollout } from '../../contract/config-apply'
import { ServiceError } from '../errors'
import { writeFileAtomic } from '../files/atomic-write'
import { parsedJson } from '../validation'

/**
 * The rollouts in the data folder (`config-history.json`), newest first, the last
 * CONFIG_HISTORY_MAX of them: who applied what to which PBXs, each item's result and the state it
 * had before (what undo writes back). Read back through the contract's schema. A file that does
 * not read is moved aside (`config-history.json.damaged`), never overwritten, and the history
 * starts again. Each change is written at once (see `write`).
 */
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

export function createRolloutHistory(dataDir: string) {
  const file = join(dataDir, 'config-history.json')
  let rollouts: Rollout[] | undefined
  let writing: Promise<void> = Promise.resolve()
  /** a write waiting for the one before it: later changes ride along with it */
  let queued: Promise<void> | undefined

  async function load(): Promise<Rollout[]> {
    if (rollouts) return rollouts
    const text = await readFile(file, 'utf8').catch(() => undefined)
    const read = text === undefined ? undefined : parsedJson(ConfigHistoryFileSchema, text, 'config-history.json')
    if (read && !read.ok) await rename(file, `${file}.damaged`).catch(() => undefined)
    rollouts ??= read?.ok ? read.data.rollouts.map(stoppedIfRunning) : []
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
        const kept = (rollouts ?? []).slice(0, CONFIG_HISTORY_MAX)
        return writeFileAtomic(file, `${JSON.stringify({ version: CONFIG_HISTORY_VERSION, rollouts: kept }, null, 2)}\n`)
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
  }
}
