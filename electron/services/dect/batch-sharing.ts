import { stat } from 'node:fs/promises'
import { ServiceError } from '../errors'
import { fileStamp, isLocked, lockOf } from '../files/shared-file'

/**
 * A batch that the desktop app and the command line use at the same time (one data folder): what
 * batch-store.ts needs to keep the other process's changes and not write over them.
 *
 * - `DiskMark`: what the store last read or wrote of a batch's files. A batch kept in memory whose
 *   files on disk are no longer that (the other process wrote the file, appended outcomes, deleted
 *   it) is read again. The file by its stamp (shared-file.ts: a write is a rename, a new inode);
 *   the journal by its size, which only grows (a new journal comes with a new batch file), so the
 *   store knows it after each of its own appends without asking the disk.
 * - The push lock: a push holds its batch file's lock for its whole run (push.ts). Meanwhile that
 *   process alone changes the batch; another's change is refused BUSY, since the push would write
 *   its outcomes over the change, or the change over the outcomes.
 */

export interface DiskMark {
  /** the batch file's stamp (shared-file.ts `fileStamp`), null when there is no file */
  file: string | null
  /** bytes of the outcome journal, null when there is none */
  journal: number | null
}

/** the batch's files as they are on disk now (two stat calls) */
export async function diskMarkOf(file: string, journal: string): Promise<DiskMark> {
  const [stamp, bytes] = await Promise.all([fileStamp(file), sizeOf(journal)])
  return { file: stamp, journal: bytes }
}

export const sameMark = (a: DiskMark, b: DiskMark): boolean => a.file === b.file && a.journal === b.journal

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * The lock a push holds on its batch file while it runs: another process (the app, a command line)
 * neither pushes the batch at the same time, nor changes it, nor takes it for one a crash left
 * "pushing". A lock whose process died is stale after `staleMs` (its holder refreshes it twice as
 * often), so taking it waits a little longer than that before saying another process has the batch.
 */
const PUSH_LOCK = { staleMs: 2_000, waitMs: 3_000 }

/**
 * The lock each write of a batch outside a push holds (`withWriteLock`), and a push while it takes
 * its own: a push cannot start between a change's check and its write, and a write made while
 * another process pushes finds the push lock and is refused. Held for a write's few milliseconds,
 * so a wait of a few seconds means a stalled process; a crashed one's is stale as the push lock's.
 */
const WRITE_LOCK = { waitMs: 3_000, suffix: '.write' }

/** takes the push lock of the batch file `file`; BUSY when another process pushes the batch */
export function lockForPush(file: string): Promise<() => Promise<void>> {
  return withLock(file + WRITE_LOCK.suffix, WRITE_LOCK.waitMs, () => lockOf(file, PUSH_LOCK.waitMs, 'this batch', PUSH_LOCK.staleMs))
}

/**
 * Runs `work` (one write of batch `name` made outside a push, or its removal) holding the batch
 * file's write lock, once no push holds the batch: BUSY naming the batch when one does (BUSY too
 * when another process's write keeps the lock for seconds).
 */
export function withWriteLock<T>(file: string, name: string | undefined, work: () => Promise<T>): Promise<T> {
  return withLock(file + WRITE_LOCK.suffix, WRITE_LOCK.waitMs, async () => {
    if (await pushLocked(file)) throw pushedElsewhere(name)
    return work()
  })
}

async function withLock<T>(lockFile: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  const release = await lockOf(lockFile, waitMs, 'this batch', PUSH_LOCK.staleMs)
  try {
    return await work()
  } finally {
    await release().catch(() => undefined)
  }
}

/** whether a push (of another process, when this one holds no lock of the batch) has the batch file `file` */
export const pushLocked = (file: string): Promise<boolean> => isLocked(file, PUSH_LOCK.staleMs)

/** the refusal of a change of batch `name` whose files another process changed since this one read them */
export function changedElsewhere(name: string): ServiceError {
  return new ServiceError(
    'BUSY',
    `The batch "${name}" was changed by a command line or another window while this change was being saved, so it was not saved. Make the change again on the batch as it is now.`,
  )
}

/** the refusal of a change of batch `name` while another process pushes it */
export function pushedElsewhere(name: string | undefined): ServiceError {
  const which = name === undefined ? 'This batch' : `The batch "${name}"`
  return new ServiceError('BUSY', `${which} is being pushed by a command line or another window. Wait until that push ends (or pause it there), then try again.`)
}
