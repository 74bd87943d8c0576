import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Runs `use` with `bytes` written to a file of a fresh private folder under the system's temporary
 * folder (mode 0700, the file 0600), and removes the folder afterwards, whether `use` succeeded or
 * not: the PDF the print window loads.
 */
export async function withTempFile<T>(bytes: Uint8Array, fileName: string, use: (path: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'pbx-provisioner-'))
  try {
    const path = join(folder, fileName)
    await writeFile(path, bytes, { mode: 0o600 })
    return await use(path)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
