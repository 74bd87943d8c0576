import { open, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ProfilesFileSchema } from '../contract/profiles'
import { PROFILES_FILE } from '../services/profiles/profile-store'
import { parsedJson } from '../services/validation'
import { dataDirOf } from './data-dir'
import { terminalSafe } from './terminal-safe'

/** The commands whose first argument is a saved PBX (its name completes). */
const NAMES_PBX = new Set(['pbx test', 'pbx sign-in', 'pbx remove', 'pbx rm', 'outbound test', 'fleet status', 'config snapshot', 'config compare', 'config apply'])
/** The commands whose first argument is a batch (only the first is completed). */
const NAMES_BATCH = new Set([
  'batch show',
  'batch check',
  'batch set',
  'batch push',
  'batch retry',
  'batch export-results',
  'batch labels',
  'batch report',
  'batch swap',
  'batch move',
  'batch renumber',
  'batch retire',
  'batch delete',
  'batch rm',
])
/** how much of a batch file's first line is read for its name (the line holds no rows) */
const BATCH_HEAD_BYTES = 64 * 1024

/**
 * Completions of saved PBXs' or batches' names where a command takes one: read from the data
 * folder's files, with no keychain and no network (a Tab must answer at once). In zsh a colon in
 * a name is escaped (its completions are `value:description`).
 */
export async function nameCompletions(words: readonly (string | number)[], dataDirOption: string | undefined, zsh: boolean): Promise<string[]> {
  const command = words.slice(0, 2).map(String).join(' ')
  const dataDir = dataDirOf(dataDirOption)
  let names: string[] = []
  // `outbound test <pbx> <number>`, `batch push <batch> …`: only the first argument is named
  if (NAMES_PBX.has(command) && !(command === 'outbound test' && words.length > 2)) names = await pbxNames(dataDir)
  else if (NAMES_BATCH.has(command) && words.length === 2) names = await batchNames(dataDir)
  // a name holding control characters or escape sequences (from a PBX, a spreadsheet) is offered
  // as the output path shows it: a completion is written to the terminal, never acted on by it
  return names.map((name) => terminalSafe(name)).map((name) => (zsh ? name.replace(/:/g, '\\:') : name))
}

async function pbxNames(dataDir: string): Promise<string[]> {
  const text = await readFile(join(dataDir, PROFILES_FILE), 'utf8').catch(() => undefined)
  const file = text === undefined ? undefined : parsedJson(ProfilesFileSchema, text, 'file')
  return file?.ok ? file.data.profiles.map((profile) => profile.label) : []
}

/**
 * The batches' names, each from the first line of its file (batch-file.ts writes everything but
 * the rows there), so a Tab stays quick with large batches. A file that does not read is left out.
 */
async function batchNames(dataDir: string): Promise<string[]> {
  // loaded here, not at start: a Tab elsewhere (and every command) does without the batch store
  const { BATCHES_DIR } = await import('../services/dect/batch-store')
  const dir = join(dataDir, BATCHES_DIR)
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'))
  const names = await Promise.all(files.map((file) => batchNameOf(join(dir, file))))
  return names.filter((name): name is string => name !== undefined).sort((a, b) => a.localeCompare(b))
}

async function batchNameOf(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r').catch(() => undefined)
  if (!handle) return undefined
  try {
    const buffer = Buffer.alloc(BATCH_HEAD_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, BATCH_HEAD_BYTES, 0)
    const head = buffer.toString('utf8', 0, bytesRead).split('\n', 1)[0] ?? ''
    // `{…head…,` before the rows: closed, it is the batch without its rows
    const parsed = JSON.parse(`${head.replace(/,$/, '')}}`) as { name?: unknown }
    return typeof parsed.name === 'string' ? parsed.name : undefined
  } catch {
    return undefined
  } finally {
    await handle.close()
  }
}
