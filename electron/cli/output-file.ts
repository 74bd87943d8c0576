import { constants } from 'node:fs'
import { access, open, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { replaceAtomically } from '../services/files/atomic-write'
import { usageError, type CliError } from './exit-codes'
import { failOnPath, pathUsageError, type PathUse } from './path-problem'

/**
 * The files the command line writes where the user said (`--out`, `batch labels <batch> [file]`,
 * `pbx export [file]`). A path the file system refuses is bad usage naming the option (exit 2),
 * found before any work where it can be (a folder, a missing folder, a path under a file, a
 * folder this user may not write to), else when writing (a full or read-only disk). A file is
 * written whole or not at all, as writeFileAtomic writes the app's own files (a temporary file
 * beside it, renamed over it), except that its folder is never made: a folder that is missing
 * is more likely a typo than a wish. A device or a pipe (`/dev/stdout`, a fifo) is written to as
 * it is, as a shell's `>` does: renaming a file over it would replace the device.
 */

/** A file to write, and the option or argument that named it. */
export type OutputFile = Pick<PathUse, 'name' | 'path'>

/**
 * Bad usage when the file cannot be written: a folder, a path under a file, a folder that is
 * missing or that this user may not write to, or a file there already (unless `replace`).
 */
export async function checkOutputFile(target: OutputFile, replace: boolean): Promise<void> {
  const where: PathUse = { ...target, use: 'write' }
  const there = await stat(target.path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : failOnPath(where)(error)))
  if (there?.isDirectory()) throw pathUsageError(where, { code: 'EISDIR' })
  if (there && !there.isFile()) return // a device or a pipe: written to, not replaced
  if (there && !replace) throw existsAlready(target)
  // the temporary file and the rename need the folder, whether the file is new or replaced
  await access(dirname(target.path), constants.W_OK).catch(failOnPath(where))
}

/**
 * Writes `content` to the file whole, or leaves nothing; answers false, writing nothing, when a
 * file is there and `replace` is not given.
 */
export async function writeOutputFile(target: OutputFile, content: string | Uint8Array, replace: boolean): Promise<boolean> {
  const where: PathUse = { ...target, use: 'write' }
  try {
    const there = await stat(target.path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)))
    if (there?.isDirectory()) throw pathUsageError(where, { code: 'EISDIR' })
    if (there && !there.isFile()) await writeStraight(target.path, content)
    else return await writeWhole(target.path, content, replace)
    return true
  } catch (error) {
    throw pathUsageError(where, error)
  }
}

/** As writeOutputFile, a file there (and not to be replaced) being bad usage. */
export async function mustWriteOutputFile(target: OutputFile, content: string | Uint8Array, replace: boolean): Promise<void> {
  if (!(await writeOutputFile(target, content, replace))) throw existsAlready(target)
}

const existsAlready = (target: OutputFile): CliError => usageError(`${target.name}: ${target.path} exists already: choose another file, or add --force to replace it.`)

/**
 * A temporary file beside the target, flushed, renamed over it (replaceAtomically). Not
 * replacing, the name is first claimed with an empty file made only if none is there (so a file
 * made meanwhile by another program is left alone), and removed again if the write fails.
 */
async function writeWhole(path: string, content: string | Uint8Array, replace: boolean): Promise<boolean> {
  let claimed = false
  try {
    if (!replace) {
      const claim = await open(path, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : Promise.reject(error)))
      if (!claim) return false
      claimed = true
      await claim.close()
    }
    await replaceAtomically(path, content)
    return true
  } catch (error) {
    if (claimed) await rm(path, { force: true })
    throw error
  }
}

/** A device or a pipe, written to in place (no flush: a device may not support it). */
async function writeStraight(path: string, content: string | Uint8Array): Promise<void> {
  const handle = await open(path, 'w')
  try {
    await handle.writeFile(content, 'utf8')
  } finally {
    await handle.close()
  }
}
