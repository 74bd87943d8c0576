import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ServiceError } from '../errors'
import { makePrivateDir } from './private-dir'

/**
 * proper-lockfile, loaded by the first lock taken or looked at: with graceful-fs under it, it is
 * most of what a command line start that only reads a file would load (issue 39).
 */
const lockfile = async () => (await import('proper-lockfile')).default

/**
 * A file of the data folder that the desktop app and the command line use at the same time (the
 * saved PBXs, the rollout history, a batch being pushed). Two things keep them from losing each
 * other's changes:
 * - `fileStamp`: what a reader remembers of the file it read (inode, size, modification time;
 *   every write is a rename of a new file, so each write changes the inode). A store re-reads
 *   when the stamp is no longer the one it read.
 * - `withFileLock`: a read-modify-write of the file runs while this process holds the file's lock
 *   (`<file>.lock`, a folder, by proper-lockfile: atomic on every OS and on network folders; a lock
 *   left by a crashed process goes stale after `STALE_MS`, since its holder refreshes it while alive).
 */
const STALE_MS = 10_000

/** What identifies the content of a file on disk, or null when there is no file. */
export async function fileStamp(file: string): Promise<string | null> {
  try {
    const info = await stat(file, { bigint: true })
    return `${info.ino}:${info.size}:${info.mtimeNs}`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Runs `work` while holding the lock of `file` (waiting up to about `waitMs` for another process
 * to let go of it). The file itself need not exist.
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>, waitMs = 15_000, what?: string): Promise<T> {
  const release = await lockOf(file, waitMs, what)
  try {
    return await work()
  } finally {
    await release().catch(() => undefined)
  }
}

/**
 * Whether another process (or this one) holds the lock of `file` now; a stale lock is not held
 * (`staleMs`: the one its holder took it with, see `lockOf`).
 */
export async function isLocked(file: string, staleMs = STALE_MS): Promise<boolean> {
  return (await lockfile()).check(file, { realpath: false, stale: staleMs })
}

/**
 * Takes the lock of `file` and keeps it until the answer is called (a push holds its batch's lock
 * for as long as it runs). Refused at once (`waitMs` 0) or after waiting, with a message that says
 * another window or command line is using the file. A holder refreshes its lock every `staleMs` / 2;
 * one not refreshed for `staleMs` (its process died) is taken over.
 */
/** How often a lock is tried again while it is held: soon at first, then every 200 ms. */
const RETRY_PACE = { minTimeout: 20, maxTimeout: 200, factor: 1.5 }

/**
 * How many tries again fit in `waitMs` at RETRY_PACE (the pauses of the `retry` package that
 * proper-lockfile uses: minTimeout × factorⁿ, at most maxTimeout): a wait of 3 s gives up after
 * about 3 s, not the 5 s that one try per 100 ms at that pace took.
 */
export function retriesWithin(waitMs: number): number {
  let waited = 0
  let tries = 0
  for (;;) {
    const pause = Math.min(RETRY_PACE.minTimeout * RETRY_PACE.factor ** tries, RETRY_PACE.maxTimeout)
    if (waited + pause > waitMs) return tries
    waited += pause
    tries++
  }
}

export async function lockOf(file: string, waitMs: number, what = 'this file', staleMs = STALE_MS): Promise<() => Promise<void>> {
  const tries = retriesWithin(waitMs)
  // the lock is a folder beside the file: its folder must exist (a data folder made on first use)
  await makePrivateDir(dirname(file))
  try {
    return await (await lockfile()).lock(file, {
      realpath: false,
      stale: staleMs,
      retries: tries === 0 ? 0 : { retries: tries, ...RETRY_PACE },
      // the lock was found stale (this process stalled for longer than STALE_MS): another may
      // hold it now, so what this process writes next could overwrite theirs; it says so rather
      // than crashing the app
      onCompromised: (error) => console.error(`The lock of ${file} was lost: ${error.message}`),
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new ServiceError('BUSY', `Another window or command line is using ${what} (${file}). Wait until it is done, then try again.`)
    }
    throw error
  }
}
