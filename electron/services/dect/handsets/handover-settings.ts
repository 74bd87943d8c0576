import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { InstallerNameSchema } from '../../../contract/handover-report'
import { writeFileAtomic } from '../../files/atomic-write'

/**
 * What the hand-over report remembers between reports (issue 43): the installer's name, asked
 * once. One small JSON file in the data folder, as the import's settings (import-settings.ts).
 */
export function createHandoverSettings(dataDir: string) {
  const file = join(dataDir, 'handover.json')
  return {
    /** the name given last, if any (a damaged or missing file: none) */
    async installer(): Promise<string | undefined> {
      try {
        const parsed = InstallerNameSchema.safeParse((JSON.parse(await readFile(file, 'utf8')) as { installer?: unknown }).installer)
        return parsed.success ? parsed.data : undefined
      } catch {
        return undefined
      }
    },
    async rememberInstaller(name: string): Promise<void> {
      await writeFileAtomic(file, `${JSON.stringify({ installer: name }, null, 2)}\n`)
    },
  }
}
