import { open } from 'node:fs/promises'
import { failOnPath, pathUsageError, type PathUse } from './path-problem'

/** A file to read, the option or argument that named it, and what to name instead when it cannot be read. */
export type InputFile = Pick<PathUse, 'name' | 'path' | 'hint'>

/** At most how large a file may be, and the error for one larger (thrown before it is read). */
export interface SizeLimit {
  bytes: number
  tooLarge: () => Error
}

/**
 * The bytes of a file the user named (`batch import <file>`, `--mapping`, a snapshot…), a pipe
 * too (`<(…)`). A path the file system refuses, or a folder, is bad usage naming the option or
 * argument (exit 2), never an internal error.
 */
export async function readInputFile(source: InputFile, limit?: SizeLimit): Promise<Buffer> {
  const where: PathUse = { ...source, use: 'read' }
  const handle = await open(source.path, 'r').catch(failOnPath(where))
  try {
    const found = await handle.stat()
    // a folder opens for reading on Linux and fails only at the read
    if (found.isDirectory()) throw pathUsageError(where, { code: 'EISDIR' })
    if (limit && found.isFile() && found.size > limit.bytes) throw limit.tooLarge()
    return await handle.readFile()
  } catch (error) {
    throw pathUsageError(where, error)
  } finally {
    await handle.close().catch(() => undefined)
  }
}
