import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ColumnMappingSchema, type ColumnMapping } from '../../contract/dect'
import { writeFileAtomic } from '../files/atomic-write'

/**
 * What the import remembers between runs: the last column mapping the user confirmed, so the
 * next spreadsheet from the same customer maps itself. One small JSON file in the data folder.
 */
export function createImportSettings(dataDir: string) {
  const file = join(dataDir, 'dect-import.json')
  return {
    async lastMapping(): Promise<ColumnMapping> {
      try {
        const parsed = ColumnMappingSchema.safeParse((JSON.parse(await readFile(file, 'utf8')) as { lastMapping?: unknown }).lastMapping)
        return parsed.success ? parsed.data : {}
      } catch {
        return {}
      }
    },
    async rememberMapping(mapping: ColumnMapping): Promise<void> {
      await writeFileAtomic(file, `${JSON.stringify({ lastMapping: mapping }, null, 2)}\n`)
    },
  }
}
