import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { BridgeHandlers } from '../../contract/bridge'
import { desktopOperations, type UiState } from '../../contract/bridge-desktop'
import { writeFileAtomic } from '../files/atomic-write'

type UiStateHandlers = Pick<BridgeHandlers, 'getUiState' | 'saveUiState'>

export const UI_STATE_FILE = 'ui-state.json'

const NOTHING: UiState = { lastProfileId: null, lastPath: null }

// the file is read with the same rules a save must pass: a hand-edited or damaged value counts as absent
const { lastProfileId, lastPath } = desktopOperations.saveUiState.input.shape
const FileSchema = z.object({
  lastProfileId: lastProfileId.catch(null),
  lastPath: lastPath.catch(null),
})

async function readState(file: string): Promise<UiState> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return { ...NOTHING }
  }
  try {
    const parsed = FileSchema.safeParse(JSON.parse(text))
    return parsed.success ? { lastProfileId: parsed.data.lastProfileId ?? null, lastPath: parsed.data.lastPath ?? null } : { ...NOTHING }
  } catch {
    return { ...NOTHING }
  }
}

/**
 * What the app remembers between runs (the last PBX and screen), in `ui-state.json` of the data
 * folder, written atomically. A missing or corrupt file reads as nulls (a first run). Saves are
 * made one after another, so two quick saves never interleave and the last one wins.
 */
export function createUiStateService(options: { dataDir: string }): { handlers: UiStateHandlers } {
  const file = join(options.dataDir, UI_STATE_FILE)
  let current: Promise<UiState> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const load = (): Promise<UiState> => (current ??= readState(file))

  function save(change: Partial<UiState>): Promise<UiState> {
    const done = queue.then(async () => {
      const before = await load()
      const next: UiState = {
        lastProfileId: change.lastProfileId === undefined ? before.lastProfileId : change.lastProfileId,
        lastPath: change.lastPath === undefined ? before.lastPath : change.lastPath,
      }
      await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`)
      current = Promise.resolve(next)
      return { ...next }
    })
    queue = done.catch(() => undefined)
    return done
  }

  return {
    handlers: {
      getUiState: async () => ({ ...(await load()) }),
      saveUiState: (input) => save(input),
    },
  }
}
