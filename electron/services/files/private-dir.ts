import { chmodSync, mkdirSync, statSync } from 'node:fs'
import { chmod, mkdir, stat } from 'node:fs/promises'

/**
 * The folders the app makes (its data folder when it makes it, `batches/`, `batches/damaged/`, the
 * logs) are readable by this user alone, 0700, as its files are 0600: a batch names every phone of
 * a site, a log names the PBXs. A folder an older version made with the usual 0755 is narrowed to
 * 0700 the first time the app opens it in a run (`openPrivateDir`); a folder the user chose
 * (a `--data-dir` of their own) is created private when missing but otherwise left as it is.
 * Windows has no such modes (the folders inherit the profile's ACL), so nothing is changed there.
 */

const PRIVATE_DIR_MODE = 0o700

const posix = process.platform !== 'win32'
/** folders already made or checked in this run: a batch's every write asks again, and costs nothing then */
const opened = new Set<string>()

/** Makes `dir` and any missing parent, 0700 (the umask can only narrow it). */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/** As `makePrivateDir`, synchronously (the log folder, set up before anything is logged). */
function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/** The mode an existing folder of the app's should have, when it differs: group or others may use it. */
const tooOpen = (mode: number): boolean => (mode & 0o077) !== 0

/**
 * Makes the app's own folder `dir` when missing; when it exists with a wider mode (0755 from an
 * older version), narrows it to 0700. Once per folder per run.
 */
export async function openPrivateDir(dir: string): Promise<void> {
  if (opened.has(dir)) return
  await makePrivateDir(dir)
  if (posix && tooOpen((await stat(dir)).mode)) await chmod(dir, PRIVATE_DIR_MODE)
  opened.add(dir)
}

/** As `openPrivateDir`, synchronously. */
export function openPrivateDirSync(dir: string): void {
  if (opened.has(dir)) return
  makePrivateDirSync(dir)
  if (posix && tooOpen(statSync(dir).mode)) chmodSync(dir, PRIVATE_DIR_MODE)
  opened.add(dir)
}
