import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  BatchDefaultsSchema,
  BatchSchema,
  PUSH_CONCURRENCY,
  type Batch,
  type BatchDefaults,
  type BatchStatus,
  type BatchSummary,
  type DamagedBatch,
  type DamagedBatchParts,
  type RowOutcome,
} from '../../contract/dect'
import type { HandsetOutcome } from '../../contract/dect-handsets'
import { checkInput, problemText } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { checked } from '../validation'
import { newParts, preparedRows, type NewBatchRow, type NewHandsetRow } from './batch-parts'
import { readableCsv, type Inspection } from './batch-damage'
import { INVALID, parseJson, readBatchFiles, rowIndex } from './batch-file'
import { createBatchFolder } from './batch-folder'
import { checkId, createBatchMemory } from './batch-memory'
import { lockForPush, pushedElsewhere, withWriteLock } from './batch-sharing'
import { JOURNAL_COMPACT_BYTES, type JournalEntry } from './outcome-journal'
import { safeFileName } from '../files/file-name'

export const BATCHES_DIR = 'batches'
export const BATCH_FILE_VERSION = 1

export type { NewBatchRow, NewHandsetRow } from './batch-parts'

export interface NewBatch {
  name: string
  source: string
  rows: NewBatchRow[]
  handsets?: NewHandsetRow[]
  defaults?: BatchDefaults
  /** the PBX the batch is for, when known at import (its models checked the rows) */
  targetProfileId?: string | null
}

export type { DamagedBatch } from '../../contract/dect'

/**
 * DECT batches on disk: one file per batch, `<dataDir>/batches/<id>.json` (the contract's `Batch`,
 * version 1), written atomically (temp file + rename) after every change. Creating, editing and
 * validating a batch needs no PBX.
 *
 * Writes are queued per batch and grouped: a change is applied to the batch in memory at once, in
 * the order the changes were asked for, and its promise settles when a write that contains it is on
 * disk. Many row outcomes saved at the same moment therefore cost a few writes, and none is lost.
 * Row outcomes (`saveOutcomes`, the many small changes of a push) are appended to the batch's
 * outcome journal (outcome-journal.ts) rather than rewriting the file; every other change writes
 * the whole file, the journal's outcomes included, and ends the journal. Reading a batch reads its
 * file and then its journal (batch-file.ts). That queue, and the batches kept in memory, are
 * batch-memory.ts.
 *
 * The desktop app and the command line share the batches folder (batch-sharing.ts). A batch kept
 * in memory is read again when its files on disk are no longer what this store last read or wrote
 * (looked at before each read or change, unless writes of this store are under way: then memory is
 * ahead of the disk). A push holds its batch file's lock: while this process holds it, memory is
 * the truth and is not compared with the disk (a push saves an outcome per row); while another
 * process holds it, a change of the batch here is refused BUSY.
 *
 * A file that is not a batch of this version (broken JSON, a schema mismatch) is reported — `get`
 * and `update` throw naming the file and what is wrong, `list` leaves it out and `scan`/`damaged()`
 * name it with what is wrong in words (batch-damage.ts) — and is never overwritten. Deleting it
 * moves it aside to `batches/damaged/` (batch-folder.ts); `exportDamaged` gives what still reads.
 * Phone passwords are never part of a batch (contract/dect.ts).
 */
export function createBatchStore(dataDir: string, now: () => Date = () => new Date(), options: { journalCompactBytes?: number } = {}) {
  const compactAt = options.journalCompactBytes ?? JOURNAL_COMPACT_BYTES
  const dir = join(dataDir, BATCHES_DIR)
  const folder = createBatchFolder(dir, now)
  const { fileOf, journalOf } = folder

  const memory = createBatchMemory({ dir, fileOf, journalOf, compactAt, now })
  const { change } = memory
  let lastDamaged: DamagedBatch[] = []

  async function createWith(batch: Batch): Promise<Batch> {
    await memory.add(batch)
    return structuredClone(batch)
  }

  async function allNames(): Promise<Set<string>> {
    const { batches } = await scan()
    return new Set(batches.map((b) => b.name))
  }

  function freeName(name: string, taken: Set<string>, suffix: string): string {
    const fit = (base: string, tail: string) => `${base.slice(0, 120 - tail.length)}${tail}`
    let candidate = fit(name, ` (${suffix})`)
    for (let n = 2; taken.has(candidate); n++) candidate = fit(name, ` (${suffix} ${n})`)
    return candidate
  }

  /** every readable batch as a summary, and the files that could not be read */
  async function scan(): Promise<{ batches: BatchSummary[]; damaged: DamagedBatch[] }> {
    // a batch in memory that may be behind the disk is left to the folder, which reads what changed
    const found = await folder.scan(memory.trusted)
    lastDamaged = found.damaged
    return found
  }

  /** the batch's name for a refusal: as kept in memory, or as on disk; undefined when it does not read */
  async function nameOf(id: string): Promise<string | undefined> {
    return memory.kept(id)?.name ?? (await readBatchFiles(fileOf(id), journalOf(id), id).catch(() => undefined))?.batch.name
  }

  /** what is wrong with batch `id`'s files and what still reads; INVALID_INPUT for a batch that reads */
  async function damagedInspection(id: string): Promise<Inspection> {
    const readable = memory.kept(checkId(id)) !== undefined || (await readBatchFiles(fileOf(id), journalOf(id), id).then(() => true, () => false))
    if (readable) throw new ServiceError('INVALID_INPUT', 'That batch is not damaged: open it, or export its results.')
    return folder.inspect(id)
  }

  /** whether another process pushes batch `id` now (batch-memory.ts) */
  const pushingElsewhere = (id: string): Promise<boolean> => memory.pushingElsewhere(checkId(id))

  /** a copy of the batch (changing it changes nothing on disk) */
  async function get(id: string): Promise<Batch> {
    return structuredClone(await memory.read(id))
  }

  /** the PBX the batch is for (its models check its rows), without copying the batch */
  async function targetOf(id: string): Promise<string | null> {
    return (await memory.read(id)).targetProfileId
  }

  function fresh(fields: Pick<Batch, 'name' | 'source' | 'defaults' | 'rows'> & { handsets?: Batch['handsets']; targetProfileId?: string | null }): Batch {
    const at = now().toISOString()
    return {
      version: BATCH_FILE_VERSION,
      id: randomUUID(),
      name: fields.name,
      createdAt: at,
      updatedAt: at,
      source: fields.source,
      targetProfileId: fields.targetProfileId ?? null,
      defaults: fields.defaults,
      rows: fields.rows,
      handsets: fields.handsets ?? [],
      status: 'draft',
      concurrency: PUSH_CONCURRENCY.default,
    }
  }

  return {
    dir,
    fileOf,

    /**
     * Takes the batch file's push lock for a push of this process (push.ts), until the answer is
     * called: meanwhile the batch's changes here are the push's own, and another process's are
     * refused. BUSY when another process pushes the batch.
     */
    async lockForPush(id: string): Promise<() => Promise<void>> {
      // in the batch's queue, once this process's writes of it are on disk (each held the write
      // lock the push takes too); changes asked for meanwhile wait, and then are the push's own
      return memory.afterWrites(checkId(id), async () => {
        const release = await lockForPush(fileOf(id)).catch(async (error: unknown) => {
          // the lock's own refusal names a file: this one names the batch, and says what to do
          if (error instanceof ServiceError && error.code === 'BUSY') throw pushedElsewhere(await nameOf(id))
          throw error
        })
        const letGo = memory.hold(id)
        return async () => {
          letGo()
          await release()
        }
      })
    },
    pushingElsewhere,
    /** the batches, newest change first (damaged files are left out: see `damaged`) */
    async list(): Promise<BatchSummary[]> {
      return (await scan()).batches
    },
    /** the batches and the files that could not be read, in one pass */
    scan,
    /** the files the last `list`/`scan` could not read */
    damaged: (): DamagedBatch[] => [...lastDamaged],

    get,
    targetOf,

    async create(input: NewBatch): Promise<Batch> {
      const name = checkedName(input.name)
      const defaults = checked(BatchDefaultsSchema, input.defaults ?? {}, 'defaults')
      if (typeof input.source !== 'string') throw new ServiceError('INVALID_INPUT', 'source: must be text', { field: 'source' })
      const targetProfileId = input.targetProfileId ?? null
      if (targetProfileId !== null && (typeof targetProfileId !== 'string' || targetProfileId === '')) throw new ServiceError('INVALID_INPUT', 'targetProfileId: must be a saved PBX\'s id', { field: 'targetProfileId' })
      return createWith(fresh({ name, source: input.source, defaults, targetProfileId, ...newParts(input.rows, input.handsets) }))
    },

    /**
     * Changes a batch: `mutate` gets a copy and may change it in place or answer a new batch; the
     * result is checked against the schema before it is saved (id, version and createdAt cannot
     * change). For the many small changes of a push, use `saveOutcomes`.
     */
    async update(id: string, mutate: (batch: Batch) => Batch | void): Promise<Batch> {
      return change(id, (batch) => {
        const draft = structuredClone(batch)
        const next = checked(BatchSchema, mutate(draft) ?? draft, 'batch')
        // a field the change took away (a note ended: `retiring`) goes, as the others are replaced
        for (const key of Object.keys(batch)) if (!(key in next)) delete (batch as Partial<Batch>)[key as keyof Batch]
        Object.assign(batch, next, { id: batch.id, version: batch.version, createdAt: batch.createdAt })
        return structuredClone(batch)
      })
    },

    /** Saves outcomes of rows (by row id) and, when given, the batch's status; cheap enough for every row of a push. */
    saveOutcomes(id: string, outcomes: ReadonlyMap<string, RowOutcome> | Record<string, RowOutcome>, patch: Partial<Pick<Batch, 'status'>> = {}): Promise<void> {
      const entries = outcomes instanceof Map ? [...outcomes.entries()] : Object.entries(outcomes)
      const entry: Omit<JournalEntry, 'updatedAt'> = { outcomes: {}, ...(patch.status !== undefined ? { status: patch.status } : {}) }
      return change(
        id,
        (batch) => {
          if (entries.length > 0) {
            const byId = rowIndex(batch)
            const missing = entries.find(([rowId]) => !byId.has(rowId))
            if (missing) throw new ServiceError('NOT_FOUND', `The batch has no row ${missing[0]}.`)
            for (const [rowId, outcome] of entries) byId.get(rowId)!.outcome = entry.outcomes[rowId] = { ...outcome }
          }
          if (patch.status !== undefined) batch.status = patch.status
        },
        entry,
      )
    },

    /** Saves outcomes of handsets (by handset id), through the journal like `saveOutcomes`. */
    saveHandsetOutcomes(id: string, outcomes: ReadonlyMap<string, HandsetOutcome>): Promise<void> {
      const entry: Omit<JournalEntry, 'updatedAt'> = { outcomes: {}, handsets: {} }
      return change(
        id,
        (batch) => {
          const byId = new Map(batch.handsets.map((h) => [h.id, h]))
          const missing = [...outcomes.keys()].find((handsetId) => !byId.has(handsetId))
          if (missing) throw new ServiceError('NOT_FOUND', `The batch has no handset ${missing}.`)
          for (const [handsetId, outcome] of outcomes) byId.get(handsetId)!.outcome = entry.handsets![handsetId] = { ...outcome }
        },
        entry,
      )
    },

    /**
     * Sets the status from the batch as saved (the end of a push: `decide` sees every change asked
     * for before); cheap like `saveOutcomes`. Answers the status set.
     */
    settleStatus(id: string, decide: (batch: Readonly<Batch>) => BatchStatus): Promise<BatchStatus> {
      const entry: Omit<JournalEntry, 'updatedAt'> = { outcomes: {} }
      return change(
        id,
        (batch) => {
          batch.status = entry.status = decide(batch)
          return batch.status
        },
        entry,
      )
    },

    /** Sets the push fields of a batch (status, target, concurrency) without touching its rows. */
    setPushState(id: string, patch: Partial<Pick<Batch, 'status' | 'targetProfileId' | 'concurrency'>>): Promise<Batch> {
      return change(id, (batch) => {
        Object.assign(batch, patch)
        return structuredClone(batch)
      })
    },

    async rename(id: string, name: string): Promise<Batch> {
      const valid = checkedName(name)
      return change(id, (batch) => {
        batch.name = valid
        return structuredClone(batch)
      })
    },

    /** A copy under a new id and name ("… (copy)"), every row in use pending again (the retired left behind), no target PBX. */
    async duplicate(id: string): Promise<Batch> {
      const source = await get(id)
      const name = freeName(source.name, await allNames(), 'copy')
      return createWith(fresh({ name, source: source.source, defaults: source.defaults, rows: preparedRows(source.rows), handsets: preparedRows(source.handsets) }))
    },

    /**
     * Deletes the batch file and its outcome journal. A batch that does not read (damaged, or of a
     * newer format) is moved aside to `batches/damaged/` instead, never erased: `movedTo` says where.
     */
    async remove(id: string): Promise<{ movedTo?: string[] }> {
      // in the queue: a change asked for later finds the batch gone (NOT_FOUND), never writes it back
      return memory.afterWrites(id, async (): Promise<{ movedTo?: string[] }> => {
        const name = await nameOf(id)
        if (await pushingElsewhere(id)) throw pushedElsewhere(name)
        // the write lock held while the files go: a push another process starts now waits, then finds no batch
        return withWriteLock(fileOf(id), name, async () => {
          // the files as they are on disk (the writes above are done): one changed behind the app's back is kept too
          // null: no file (NOT_FOUND below); undefined: a file that does not read (moved aside)
          const read = await readBatchFiles(fileOf(id), journalOf(id), id).catch((error: unknown) => (isNotFound(error) ? null : undefined))
          memory.forget(id) // from here the files are the truth
          folder.forget(id)
          if (read === undefined) return { movedTo: await folder.setAside(id) }
          try {
            await rm(fileOf(id))
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ServiceError('NOT_FOUND', 'That batch no longer exists.')
            throw error
          }
          // after the file: a failure here leaves a journal no batch reads (scan lists .json files only)
          await rm(journalOf(id), { force: true }).catch(() => undefined)
          return {}
        })
      })
    },

    /**
     * What still reads of a batch that does not (`scan` lists it as damaged): what is wrong, as the
     * list says it, and the rows and handsets that pass the contract on their own.
     */
    async readDamaged(id: string): Promise<DamagedBatchParts> {
      const { damaged, parts } = await damagedInspection(id)
      return { damaged, rows: parts.rows, handsets: parts.handsets }
    },

    /**
     * What still reads of a batch that does not (`scan` lists it as damaged): its rows and handsets
     * as the results CSV. INVALID_INPUT saying so when nothing of it reads.
     */
    async exportDamaged(id: string): Promise<{ fileName: string; csv: string; rows: number; handsets: number }> {
      const inspection = await damagedInspection(id)
      const csv = readableCsv(inspection)
      if (!csv) {
        const { fileName, reason } = inspection.damaged
        throw new ServiceError('INVALID_INPUT', `Nothing in ${fileName} can be read: ${reason}. Restore it from a copy, or delete it.`)
      }
      return csv
    },

    /** where batch `id`'s file is on this computer (to show it in its folder) */
    pathOf: (id: string): string => fileOf(checkId(id)),

    /**
     * The batch as a file for another machine: what was prepared (name, source, defaults, rows and
     * their problems), without anything of this machine's push (outcomes, target PBX, status) nor
     * what its retires took off the PBX.
     */
    async exportBatch(id: string): Promise<{ fileName: string; json: string }> {
      // what this machine's retires took off its PBX stays here, as its outcomes do
      const { retiring: _underWay, retirements: _retired, ...batch } = await get(id)
      const travelling: Batch = {
        ...batch,
        targetProfileId: null,
        status: 'draft',
        concurrency: PUSH_CONCURRENCY.default,
        rows: preparedRows(batch.rows),
        handsets: preparedRows(batch.handsets),
      }
      return { fileName: `${safeFileName(batch.name, 'batch')}.batch.json`, json: `${JSON.stringify(travelling, null, 2)}\n` }
    },

    /**
     * Reads an exported batch. It is checked against the schema (a clear error names what is
     * wrong) and always becomes a new batch: a new id, every row pending, no target PBX; a name
     * already in use gets " (imported)". `checkRows` checks its rows again before the one write
     * (the problems a file carries are not taken on trust).
     */
    /**
     * A batch file read in as a new batch. `check` gives the rows and handsets as this app sees them
     * (the problems written in the file are another machine's word); by default they are kept.
     */
    async importBatch(json: string, check: (parts: Pick<Batch, 'rows' | 'handsets' | 'defaults'>) => Pick<Batch, 'rows' | 'handsets'> = (parts) => parts): Promise<Batch> {
      const data = parseJson(json)
      if (data === INVALID) throw new ServiceError('INVALID_INPUT', 'This file is not a DECT batch: it is not JSON.')
      if (typeof data === 'object' && data !== null && 'version' in data && data.version !== BATCH_FILE_VERSION) {
        throw new ServiceError('INVALID_INPUT', `This batch file has version ${String(data.version)}; this app reads version ${BATCH_FILE_VERSION}.`, { field: 'version' })
      }
      const parsed = checkInput(BatchSchema, data)
      if (!parsed.success) {
        const first = parsed.problems[0]
        const field = first?.path || undefined
        throw new ServiceError('INVALID_INPUT', `This file is not a DECT batch this app can read: ${first ? problemText(first, 'file') : 'unknown problem'}.`, field ? { field } : {})
      }
      const incoming = parsed.data
      const taken = await allNames()
      const name = taken.has(incoming.name) ? freeName(incoming.name, taken, 'imported') : incoming.name
      const { rows, handsets } = check({ ...newParts(incoming.rows, incoming.handsets), defaults: incoming.defaults })
      return createWith(fresh({ name, source: incoming.source, defaults: incoming.defaults, rows, handsets }))
    },
  }
}

export type BatchStore = ReturnType<typeof createBatchStore>

const isNotFound = (error: unknown): boolean => error instanceof ServiceError && error.code === 'NOT_FOUND'

function checkedName(name: unknown): string {
  const valid = checked(BatchSchema.shape.name, typeof name === 'string' ? name.trim() : name, 'name')
  return valid
}
