import { rm } from 'node:fs/promises'
import type { Batch } from '../../contract/dect'
import { ServiceError } from '../errors'
import { writeFileAtomic } from '../files/atomic-write'
import { openPrivateDir } from '../files/private-dir'
import { batchFileText, readBatchFiles } from './batch-file'
import { ID_PATTERN } from './batch-folder'
import { changedElsewhere, diskMarkOf, pushedElsewhere, pushLocked, sameMark, withWriteLock, type DiskMark } from './batch-sharing'
import { appendEntry, baseStampOf, type JournalEntry } from './outcome-journal'

/** the batch id `id`, or NOT_FOUND when it cannot be one (it names a file of the batches folder) */
export function checkId(id: string): string {
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) throw new ServiceError('NOT_FOUND', 'That batch does not exist.')
  return id
}

export interface BatchMemoryOptions {
  /** the batches folder */
  dir: string
  fileOf(id: string): string
  journalOf(id: string): string
  /** journal bytes from which the next write is of the whole file (outcome-journal.ts) */
  compactAt: number
  now(): Date
}

/**
 * The batches a store (batch-store.ts) keeps in memory, and how they reach the disk: per batch the
 * batch as last read or written, the queue of its changes, its grouped writes, and when it is read
 * from disk again.
 *
 * - Changes are applied in memory at once, in the order they were asked for; a change's promise
 *   settles when a write that contains it is on disk. Changes made while a write is in flight are
 *   grouped into the next one. Outcomes go to the journal (outcome-journal.ts); any other change,
 *   or a journal grown past `compactAt`, writes the whole file.
 * - The disk is the truth once a write failed (memory is forgotten), and whenever the batch's files
 *   are no longer what this store last read or wrote (another process changed them,
 *   batch-sharing.ts): they are looked at before each read or change, unless writes of this store
 *   are under way (memory is ahead of the disk) or this process holds the batch's push lock (memory
 *   is the truth: a push saves an outcome per row).
 * - While another process holds the push lock, a change is refused BUSY. A write made outside a
 *   push of this process holds the batch's write lock (`guarded`, batch-sharing.ts), which a push
 *   takes too while it takes its own: a push another process starts after the change's check
 *   waits for the write, or the write finds it and is refused; and a write whose files another
 *   process wrote meanwhile is refused BUSY too. Refused, the change is forgotten in memory, as
 *   after any failed write: the disk is the truth, never written over.
 */
export function createBatchMemory({ dir, fileOf, journalOf, compactAt, now }: BatchMemoryOptions) {
  interface Slot {
    batch: Batch | undefined
    /** the chain every read-modify of this batch waits on */
    queue: Promise<unknown>
    /** a write is in flight */
    writing: boolean
    /** changes applied in memory since the write in flight started, waiting for the next write */
    waiting: { resolve: () => void; reject: (error: unknown) => void }[]
    /** the outcomes among those changes, for the journal */
    entry: Omit<JournalEntry, 'updatedAt'>
    /** one of those changes is more than outcomes: the next write is of the whole file */
    whole: boolean
    /** the stamp of the batch file on disk (outcome-journal.ts), undefined when unknown */
    stamp: string | undefined
    /** bytes of the journal extending that file; Infinity when it must not be appended to */
    journalBytes: number
    /** the batch's files as this store last read or wrote them, undefined when unknown */
    mark: DiskMark | undefined
    /** this process holds the batch file's push lock (`lockForPush`) */
    held: boolean
    /** held, and memory was compared with the disk since the lock was taken: memory is the truth */
    trusted: boolean
    /** the read from disk under way, which every caller shares (two reads would each set the batch) */
    loading: Promise<Batch> | undefined
  }
  const slots = new Map<string, Slot>()

  function slotOf(id: string): Slot {
    let slot = slots.get(id)
    if (!slot) {
      slot = { batch: undefined, queue: Promise.resolve(), writing: false, waiting: [], entry: { outcomes: {} }, whole: false, stamp: undefined, journalBytes: 0, mark: undefined, held: false, trusted: false, loading: undefined }
      slots.set(id, slot)
    }
    return slot
  }

  /** memory is ahead of the disk (writes of this store under way) or the truth (this process pushes the batch) */
  const memoryIsTruth = (slot: Slot): boolean => slot.trusted || slot.writing || slot.waiting.length > 0

  /**
   * The batch in memory, read from disk again when its files changed since this store last read or
   * wrote them (another process changed them): callers that come while it is read share that read.
   */
  function load(id: string): Promise<Batch> {
    const slot = slotOf(checkId(id))
    if (slot.loading) return slot.loading
    const cached = slot.batch
    if (cached && memoryIsTruth(slot)) return Promise.resolve(cached)
    const loading = (async () => {
      // a look begun before the lock was taken may miss a change made just before it
      const heldBefore = slot.held
      // looked at before the read: a change made meanwhile is read at the next look, never missed
      const mark = await diskMarkOf(fileOf(id), journalOf(id))
      if (!cached || !slot.mark || !sameMark(mark, slot.mark)) {
        slot.batch = undefined
        slot.mark = undefined
        const read = await readBatchFiles(fileOf(id), journalOf(id), id)
        slot.batch = read.batch
        slot.stamp = read.stamp
        slot.journalBytes = read.journalBytes
        slot.mark = mark
      }
      slot.trusted = heldBefore && slot.held
      return slot.batch!
    })()
    slot.loading = loading.finally(() => {
      slot.loading = undefined
    })
    return slot.loading
  }

  /** The whole batch as it is in memory, the journal's outcomes included; then the journal goes. */
  async function writeWhole(id: string, slot: Slot, batch: Batch): Promise<void> {
    const text = batchFileText(batch)
    await openPrivateDir(dir)
    await writeFileAtomic(fileOf(id), text)
    slot.stamp = baseStampOf(text)
    slot.journalBytes = 0
    // the journal is stale now (its base is gone): reading ignores it, the next journal replaces
    // it, so a failure to remove it loses nothing; the mark says what is on disk either way
    await rm(journalOf(id), { force: true }).catch(() => undefined)
    slot.mark = await diskMarkOf(fileOf(id), journalOf(id))
  }

  /** The outcomes changed since the last write, as one journal entry (a new journal after a whole write). */
  async function writeOutcomes(id: string, slot: Slot, batch: Batch, entry: Omit<JournalEntry, 'updatedAt'>): Promise<void> {
    const start = slot.journalBytes === 0 ? slot.stamp : undefined
    const bytes = await appendEntry(journalOf(id), { ...entry, updatedAt: batch.updatedAt }, start)
    slot.journalBytes += bytes
    // the journal's size known without asking the disk: a push appends many times
    if (slot.mark) slot.mark = { ...slot.mark, journal: (start === undefined ? (slot.mark.journal ?? 0) : 0) + bytes }
  }

  /**
   * Runs `write` under the batch file's write lock, once no other process pushes the batch and the
   * files are still what this store last read or wrote; a push of this process holds the batch
   * already (`hold`).
   */
  async function guarded(id: string, slot: Slot, name: string, write: () => Promise<void>): Promise<void> {
    if (slot.held) return write()
    return withWriteLock(fileOf(id), name, async () => {
      if (slot.mark && !sameMark(await diskMarkOf(fileOf(id), journalOf(id)), slot.mark)) throw changedElsewhere(name)
      await write()
    })
  }

  /** Writes the batch as it is in memory now; changes made meanwhile are grouped into the next write. */
  function flush(id: string, slot: Slot): void {
    if (slot.writing || slot.waiting.length === 0) return
    const batch = slot.batch
    const waiters = slot.waiting
    const entry = slot.entry
    const whole = slot.whole || slot.stamp === undefined || slot.journalBytes >= compactAt
    slot.waiting = []
    slot.entry = { outcomes: {} }
    slot.whole = false
    slot.writing = true
    const done = !batch ? Promise.resolve() : guarded(id, slot, batch.name, () => (whole ? writeWhole(id, slot, batch) : writeOutcomes(id, slot, batch, entry)))
    done.then(
      () => {
        slot.writing = false
        for (const w of waiters) w.resolve()
        flush(id, slot)
      },
      (error: unknown) => {
        slot.writing = false
        // what is in memory was not saved: forget it, the files on disk are the truth
        slot.batch = undefined
        slot.stamp = undefined
        slot.mark = undefined
        slot.entry = { outcomes: {} }
        slot.whole = false
        for (const w of waiters) w.reject(error)
        for (const w of slot.waiting.splice(0)) w.reject(error)
      },
    )
  }

  function saved(id: string, slot: Slot): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      slot.waiting.push({ resolve, reject })
      flush(id, slot)
    })
  }

  /** whether another process pushes batch `id` now: it holds the batch file's push lock, and this one does not */
  async function pushingElsewhere(id: string): Promise<boolean> {
    return slots.get(id)?.held !== true && (await pushLocked(fileOf(id)))
  }

  return {
    pushingElsewhere,
    /**
     * Runs `apply` on the batch in memory after every change asked for before it, then saves.
     * `apply` changes the batch in place and must not throw after it has changed something. With
     * `outcomes`, the change is only of those outcomes (and the status) and goes to the journal.
     */
    change<T>(id: string, apply: (batch: Batch) => T, outcomes?: Omit<JournalEntry, 'updatedAt'>): Promise<T> {
      const slot = slotOf(checkId(id))
      const run = slot.queue.then(async () => {
        const batch = await load(id)
        if (await pushingElsewhere(id)) throw pushedElsewhere(batch.name)
        const result = apply(batch)
        batch.updatedAt = now().toISOString()
        if (outcomes) {
          Object.assign(slot.entry.outcomes, outcomes.outcomes)
          if (outcomes.handsets) slot.entry.handsets = { ...slot.entry.handsets, ...outcomes.handsets }
          if (outcomes.status !== undefined) slot.entry.status = outcomes.status
        } else slot.whole = true
        const write = saved(id, slot)
        return { result, write }
      })
      // the next change may be applied as soon as this one is in memory: only the write is awaited
      slot.queue = run.catch(() => undefined)
      return run.then(async ({ result, write }) => {
        await write
        return result
      })
    },

    /** A new batch: in memory at once, on disk (the whole file) when the answer settles. */
    add(batch: Batch): Promise<void> {
      const slot = slotOf(batch.id)
      slot.batch = batch
      slot.whole = true
      return saved(batch.id, slot)
    },

    /** the batch itself (not a copy) once every change asked for before is applied */
    async read(id: string): Promise<Batch> {
      await slotOf(checkId(id)).queue
      return load(id)
    },

    /**
     * Runs `work` in the batch's queue (after every change asked for before it) once every write
     * of the batch is on disk: a change asked for later waits for it.
     */
    afterWrites<T>(id: string, work: () => Promise<T>): Promise<T> {
      const slot = slotOf(checkId(id))
      const run = slot.queue.then(async () => {
        while (slot.writing || slot.waiting.length > 0) await new Promise((r) => setTimeout(r, 5))
        return work()
      })
      slot.queue = run.catch(() => undefined)
      return run
    },

    /** Drops the batch kept in memory: from here its files are the truth. */
    forget(id: string): void {
      const slot = slots.get(id)
      if (!slot) return
      slot.batch = undefined
      slot.mark = undefined
    },

    /**
     * This process took the batch file's push lock: changes here are the push's own, and memory is
     * the truth once it was compared with the disk. Answers the letting go.
     */
    hold(id: string): () => void {
      const slot = slotOf(checkId(id))
      slot.held = true
      // what another process wrote before the lock was taken is read at the first look
      slot.trusted = false
      return () => {
        slot.held = slot.trusted = false
      }
    },

    /** the batch kept in memory, undefined when none is */
    kept: (id: string): Batch | undefined => slots.get(id)?.batch,

    /** the batch kept in memory when it cannot be behind the disk, undefined otherwise */
    trusted(id: string): Batch | undefined {
      const slot = slots.get(id)
      return slot && memoryIsTruth(slot) ? slot.batch : undefined
    },
  }
}

export type BatchMemory = ReturnType<typeof createBatchMemory>
