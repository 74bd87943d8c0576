import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FLEET_FILE_VERSION, FleetFileSchema, type FleetEntry } from '../../contract/fleet'
import { writeFileAtomic } from '../files/atomic-write'
import { parsedJson } from '../validation'

/**
 * The fleet's last figures in the data folder (`fleet.json`), so the overview shows at once after
 * a restart, each row with its age. Read back through the contract's schema: a file that does not
 * read is ignored (the figures are read again), never trusted. Writes are coalesced: a refresh of
 * 200 PBXs writes the file a few times, not 200.
 */
export function createFleetCache(dataDir: string, writeEveryMs = 1_000) {
  const file = join(dataDir, 'fleet.json')
  let entries: Map<string, FleetEntry> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()

  async function load(): Promise<Map<string, FleetEntry>> {
    if (entries) return entries
    const text = await readFile(file, 'utf8').catch(() => undefined)
    const read = text === undefined ? undefined : parsedJson(FleetFileSchema, text, 'fleet.json')
    entries ??= new Map(read?.ok ? read.data.entries.map((entry) => [entry.profileId, entry]) : [])
    return entries
  }

  /** Writes the figures held; never read (the overview not opened in this run) leaves the file as it is. */
  function write(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (!entries) return writing
    const snapshot = [...entries.values()]
    writing = writing.then(() => writeFileAtomic(file, `${JSON.stringify({ version: FLEET_FILE_VERSION, entries: snapshot }, null, 2)}\n`)).catch(() => undefined)
    return writing
  }

  return {
    load,
    async set(entry: FleetEntry): Promise<void> {
      ;(await load()).set(entry.profileId, entry)
      timer ??= setTimeout(() => void write(), writeEveryMs)
    },
    /** keeps only the entries of these PBXs (a removed PBX's figures go) */
    async keep(profileIds: ReadonlySet<string>): Promise<void> {
      const all = await load()
      for (const id of [...all.keys()]) if (!profileIds.has(id)) all.delete(id)
    },
    /** writes now what is waiting (at the end of a refresh, on quit) */
    flush: write,
  }
}
