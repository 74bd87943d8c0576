import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { DectModelSchema, type DectModel } from '../../../contract/pbx'
import type { DectModelsAnswer } from '../../../contract/bridge-handsets'
import { writeFileAtomic } from '../../files/atomic-write'
import { parsedJson } from '../../validation'

/**
 * The DECT models the app offers, and how many handsets each base takes: read from a PBX's
 * `GET /api/dect_phone_models` where it lists them, and remembered in the data folder so a batch
 * prepared offline (in the office, in a basement) still knows the lines. A remembered file that
 * does not read back as a model list is ignored, as if none were remembered.
 */

const RememberedSchema = z.object({ fetchedAt: z.string(), models: z.array(DectModelSchema) })

export function createModelCatalog(dataDir: string, now: () => Date = () => new Date()) {
  const file = join(dataDir, 'dect-models.json')

  async function remembered(): Promise<DectModelsAnswer> {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    const read = text === undefined ? undefined : parsedJson(RememberedSchema, text, 'dect-models.json')
    if (!read?.ok) return { source: 'none', supported: true, models: [] }
    return { source: 'remembered', supported: true, models: read.data.models, fetchedAt: read.data.fetchedAt }
  }

  return {
    remembered,
    /** the remembered models alone (the batch checks use them for the lines of each base) */
    async models(): Promise<DectModel[]> {
      return (await remembered()).models
    },
    /** a PBX's answer: remembered when it listed models; a PBX without the list leaves the remembered ones */
    async learn(list: { supported: false } | { supported: true; items: DectModel[] }): Promise<DectModelsAnswer> {
      if (!list.supported) return { ...(await remembered()), supported: false }
      const fetchedAt = now().toISOString()
      if (list.items.length > 0) await writeFileAtomic(file, `${JSON.stringify({ fetchedAt, models: list.items }, null, 2)}\n`)
      return { source: 'pbx', supported: true, models: list.items, fetchedAt }
    },
  }
}
