import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Runs `use` with `content` in a file of its own (`name`, in a new folder only this user can
 * read), and removes the folder afterwards, whether `use` succeeds or throws. For content that
 * must be handed over by path: the label sheet printed to PDF is loaded from a file, because a
 * `data:` URL of a sheet of many labels is longer than Chromium takes (2 MB).
 */
export async function withTempFile<T>(name: string, content: string, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pbx-provisioner-'))
  try {
    const path = join(dir, name)
    await writeFile(path, content, { encoding: 'utf8', mode: 0o600 })
    return await use(path)
  } finally {
    // a file another program still holds (Windows) must not fail what was done with it
    await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined)
  }
}
