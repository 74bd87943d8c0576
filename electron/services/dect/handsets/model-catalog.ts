import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { DectModelSchema, type DectModel } from '../../../contract/pbx'
import type { DectModelsAnswer } from '../../../contract/bridge-handsets'
import { writeFileAtomic } from '../../files/atomic-write'
import { parsedJson } from '../../validation'

/**
 * The DECT models the app offers, and how many handsets each base takes: read from a PBX's
 * `GET /api/dect_phone_models` where it lists them, and remembered in the data folder, for each
 * PBX and the last one read, so a batch prepared offline (in the office, in a basement) still knows
 * the lines, and a batch whose PBX is known is checked against that PBX's own list, with its date.
 * A remembered file that does not read back as model lists is ignored, as if none were remembered;
 * the first format (one list, of the PBX read last) reads as that last list.
 */

const ListSchema = z.object({ fetchedAt: z.string(), models: z.array(DectModelSchema) })
export type RememberedModels = z.infer<typeof ListSchema>
const FileSchema = z.object({ version: z.literal(2), last: ListSchema, pbxs: z.record(z.string(), ListSchema) })
const FirstFormatSchema = ListSchema

export function createModelCatalog(dataDir: string, now: () => Date = () => new Date()) {
  const file = join(dataDir, 'dect-models.json')

  async function read(): Promise<z.infer<typeof FileSchema> | undefined> {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    if (text === undefined) return undefined
    const current = parsedJson(FileSchema, text, 'dect-models.json')
    if (current.ok) return current.data
    const first = parsedJson(FirstFormatSchema, text, 'dect-models.json')
    return first.ok ? { version: 2, last: first.data, pbxs: {} } : undefined
  }

  async function remembered(): Promise<DectModelsAnswer> {
    const last = (await read())?.last
    if (!last) return { source: 'none', supported: true, models: [] }
    return { source: 'remembered', supported: true, models: last.models, fetchedAt: last.fetchedAt }
  }

  return {
    remembered,
    /** the models read last, of whichever PBX (the batch checks use them for the lines of each base) */
    async models(): Promise<DectModel[]> {
      return (await remembered()).models
    },
    /** the list PBX `profileId` gave when last read, if any */
    async ofPbx(profileId: string): Promise<RememberedModels | undefined> {
      return (await read())?.pbxs[profileId]
    },
    /** a PBX's answer: remembered (for it, and as the last) when it listed models; a PBX without the list leaves the remembered ones */
    async learn(list: { supported: false } | { supported: true; items: DectModel[] }, profileId?: string): Promise<DectModelsAnswer> {
      if (!list.supported) return { ...(await remembered()), supported: false }
      const fetchedAt = now().toISOString()
      if (list.items.length > 0) {
        const entry = { fetchedAt, models: list.items }
        const before = await read()
        const pbxs = { ...(before?.pbxs ?? {}), ...(profileId ? { [profileId]: entry } : {}) }
        await writeFileAtomic(file, `${JSON.stringify({ version: 2, last: entry, pbxs }, null, 2)}\n`)
      }
      return { source: 'pbx', supported: true, models: list.items, fetchedAt }
    },
  }
}
