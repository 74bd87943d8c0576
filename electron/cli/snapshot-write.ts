import { constants } from 'node:fs'
import { access, mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { usageError } from './exit-codes'
import { checkOutputFile } from './output-file'
import { failOnPath, type PathUse } from './path-problem'

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
  const where: PathUse = { name: '--out', path, use: 'write' }
  const there = await stat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : failOnPath(where)(error)))
  // a device or a pipe (/dev/stdout, a fifo) takes one snapshot, as a file does
  const special = there !== undefined && !there.isFile() && !there.isDirectory()
  if (there?.isDirectory() || (!special && !/\.json$/i.test(path))) {
    if (there && !there.isDirectory()) throw usageError(`--out ${path} is a file: give a folder for several snapshots, or a name ending in .json for one.`)
    await mkdir(path, { recursive: true }).catch(failOnPath(where))
    await access(path, constants.W_OK).catch(failOnPath(where))
    return { kind: 'folder', path }
  }
  if (count !== 1) throw usageError(`--out ${path} names one file, and ${count} PBXs are chosen: give --out a folder.`)
  await checkOutputFile({ name: '--out', path }, options.force)
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

