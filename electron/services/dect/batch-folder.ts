import { readdir, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { summaryOf, type Batch, type BatchSummary, type DamagedBatch } from '../../contract/dect'
import { ServiceError } from '../errors'
import { openPrivateDir } from '../files/private-dir'
import { fileStamp } from '../files/shared-file'
import { inspectBatchFiles, type Inspection } from './batch-damage'
import { readBatchFiles } from './batch-file'
import { JOURNAL_SUFFIX } from './outcome-journal'

/** where a deleted damaged batch goes, inside the batches folder: kept, never erased */
export const DAMAGED_DIR = 'damaged'

/** ids are ours (UUIDs); anything else in a file name or a request is refused, so no path escapes the folder */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

/**
 * The batches folder as a whole (batch-store.ts keeps each batch): listing it, with the files that
 * do not read named and explained (batch-damage.ts), and moving a damaged batch aside to
 * `batches/damaged/<id>-<time>.json` when the user deletes it.
 *
 * Listing reads every batch file that is not in memory. What it found is kept with each file's
 * size and time (and its journal's): a file that has not changed since is not read again, so the
 * list of damaged files asked for right after the list of batches costs a look at each file only.
 */
export function createBatchFolder(dir: string, now: () => Date) {
  const fileOf = (id: string) => join(dir, `${id}.json`)
  const journalOf = (id: string) => join(dir, `${id}${JOURNAL_SUFFIX}`)
  const seen = new Map<string, { key: string; summary?: BatchSummary; damaged?: DamagedBatch }>()

  /** the stamps of a batch's file and journal (shared-file.ts), undefined when its file is gone */
  async function keyOf(id: string): Promise<string | undefined> {
    const [file, journal] = await Promise.all([fileStamp(fileOf(id)).catch(() => null), fileStamp(journalOf(id)).catch(() => null)])
    if (file === null) return undefined
    return `${file}|${journal ?? '-'}`
  }

  /**
   * Every batch as a summary (`inMemory` answers the ones the store holds, with changes not yet
   * on disk), and the files that do not read. The folder is the app's own: one an older version
   * made 0755 becomes 0700 here, when the app first opens it (private-dir.ts).
   */
  async function scan(inMemory: (id: string) => Batch | undefined): Promise<{ batches: BatchSummary[]; damaged: DamagedBatch[] }> {
    let names: string[]
    try {
      await openPrivateDir(dir)
      names = await readdir(dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') names = []
      else throw error
    }
    const batches: BatchSummary[] = []
    const damaged: DamagedBatch[] = []
    for (const name of names) {
      if (name.startsWith('.') || !name.endsWith('.json')) continue
      const id = name.slice(0, -'.json'.length)
      if (!ID_PATTERN.test(id)) continue
      const batch = inMemory(id)
      if (batch) {
        batches.push(summaryOf(batch))
        continue
      }
      const key = await keyOf(id)
      if (key === undefined) continue
      const known = seen.get(id)
      if (known?.key === key) {
        if (known.summary) batches.push(known.summary)
        if (known.damaged) damaged.push(known.damaged)
        continue
      }
      try {
        const summary = summaryOf((await readBatchFiles(fileOf(id), journalOf(id), id)).batch)
        batches.push(summary)
        seen.set(id, { key, summary })
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'NOT_FOUND') continue
        const found = await inspect(id).catch(() => undefined)
        if (!found) continue // gone meanwhile
        damaged.push(found.damaged)
        seen.set(id, { key, damaged: found.damaged })
      }
    }
    batches.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name))
    damaged.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.id.localeCompare(b.id))
    return { batches, damaged }
  }

  /** what is wrong with batch `id`'s files and what still reads; NOT_FOUND when its file is gone */
  async function inspect(id: string): Promise<Inspection> {
    try {
      return await inspectBatchFiles(fileOf(id), journalOf(id), id)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ServiceError('NOT_FOUND', 'That batch file no longer exists.')
      throw error
    }
  }

  /**
   * Moves a damaged batch's file (and its journal) to `batches/damaged/<id>-<time>.json`: the
   * user deleted it, but what it holds may still be wanted (a copy restored by hand, a support
   * case), so nothing is erased. Answers where the files went.
   */
  async function setAside(id: string): Promise<string[]> {
    const aside = join(dir, DAMAGED_DIR)
    await openPrivateDir(aside)
    const stamp = now().toISOString().replace(/[:.]/g, '-')
    const moved: string[] = []
    for (const [from, suffix] of [[fileOf(id), '.json'], [journalOf(id), JOURNAL_SUFFIX]] as const) {
      const to = join(aside, `${id}-${stamp}${suffix}`)
      try {
        await rename(from, to)
        moved.push(to)
      } catch (error) {
        // no journal is the usual case; a batch file already gone is the caller's NOT_FOUND
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
    }
    seen.delete(id)
    if (moved.length === 0) throw new ServiceError('NOT_FOUND', 'That batch no longer exists.')
    return moved
  }

  return { fileOf, journalOf, scan, inspect, setAside, forget: (id: string) => void seen.delete(id) }
}
