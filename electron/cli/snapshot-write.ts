import { mkdir, open as openFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../services/files/atomic-write'
import { usageError } from './exit-codes'

/**
 * Where `config snapshot` writes: stdout (`--out -`, one PBX), one file (`--out` ending in `.json`,
 * one PBX), or a folder (any other `--out`, made when missing; the current folder by default), each
 * snapshot under the name the app gives it (`<label> <day>.pbxconfig.json`). A file that exists is
 * replaced only with `--force`.
 */
export type Destination = { kind: 'stdout' } | { kind: 'file'; path: string } | { kind: 'folder'; path: string }

/** `-`, which yargs reads as an empty string */
const isStdout = (out: string | undefined): boolean => out === '' || out === '-'

/** The destination `--out` names, checked before any PBX is read. */
export async function destinationOf(out: string | undefined, count: number, options: { force: boolean; json: boolean }): Promise<Destination> {
  if (isStdout(out)) {
    if (count !== 1) throw usageError('--out - writes one snapshot to stdout: name one PBX, or give --out a folder.')
    if (options.json) throw usageError('--out - writes the snapshot itself to stdout: leave out --json.')
    return { kind: 'stdout' }
  }
  const path = out ?? '.'
  const there = await stat(path).catch(() => null)
  if (there?.isDirectory() || !/\.json$/i.test(path)) {
    if (there && !there.isDirectory()) throw usageError(`--out ${path} is a file: give a folder for several snapshots, or a name ending in .json for one.`)
    await mkdir(path, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw usageError(`Could not make the folder ${path} (${error.code ?? error.message}): choose a folder you may write to.`)
    })
    return { kind: 'folder', path }
  }
  if (count !== 1) throw usageError(`--out ${path} names one file, and ${count} PBXs are chosen: give --out a folder.`)
  if (there && !options.force) throw usageError(`${path} exists already: choose another file, or add --force to replace it.`)
  return { kind: 'file', path }
}

/**
 * The paths snapshots of one run go to: the app's file name in the folder, `… (2).pbxconfig.json`
 * for a second PBX of the same name.
 */
export function pathAllocator(destination: Extract<Destination, { kind: 'file' | 'folder' }>): (fileName: string) => string {
  const taken = new Set<string>()
  return (fileName) => {
    if (destination.kind === 'file') return destination.path
    const stem = fileName.replace(/\.pbxconfig\.json$/, '')
    for (let n = 1; ; n++) {
      const path = join(destination.path, n === 1 ? fileName : `${stem} (${n}).pbxconfig.json`)
      if (!taken.has(path)) {
        taken.add(path)
        return path
      }
    }
  }
}

/**
 * Writes a snapshot: with `force` over what is there (atomically), else only as a new file (a file
 * that exists is left alone and the write fails saying so).
 */
export async function writeSnapshot(path: string, json: string, force: boolean): Promise<void> {
  if (force) return writeFileAtomic(path, json)
  let handle
  try {
    handle = await openFile(path, 'wx', 0o600)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new Error(`${path} exists already: add --force to replace it, or choose another --out`, { cause: error })
    throw new Error(`could not write ${path} (${code ?? (error as Error).message})`, { cause: error })
  }
  try {
    await handle.writeFile(json, 'utf8')
    await handle.sync()
    await handle.close()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await rm(path, { force: true })
    throw new Error(`could not write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error })
  }
}
