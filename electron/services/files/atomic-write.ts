import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { dirname, join, basename } from 'node:path'
import { makePrivateDir } from './private-dir'

/**
 * Writes a file so that a crash leaves either the old content or the new, never half of one:
 * write a temporary file beside it, flush it to disk, then rename it over the target. The file is
 * 0600; a folder it needs is made 0700 (private-dir.ts).
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  await makePrivateDir(dirname(path))
  await replaceAtomically(path, content)
}

/** As writeFileAtomic, in a folder that must be there already (it is never made). */
export async function replaceAtomically(path: string, content: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'w', 0o600)
    try {
      await handle.writeFile(content, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}
