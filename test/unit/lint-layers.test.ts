import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The layers of DESIGN.md are enforced by eslint.config.js; this proves the rules bite, so a
// wrong arrow fails `npm test` rather than slipping through a relaxed config.
const eslint = new ESLint()

async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('the layers, as lint enforces them', () => {
  it.each([
    ['electron/contract/x.ts', "import { app } from 'electron'"],
    ['electron/contract/x.ts', "import { readFile } from 'node:fs'"],
    ['electron/contract/x.ts', "import { createServices } from '../services'"],
    ['electron/services/x.ts', "import { app } from 'electron'"],
    ['electron/services/x.ts', "import { bindBridge } from '../main/ipc-binding'"],
    ['electron/demo-pbx/x.ts', "import { pbxRequest } from '../services/pbx-client/request'"],
    ['electron/main/x.ts', "import { startDemoPbx } from '../demo-pbx'"],
    ['electron/preload/x.ts', "import { bridge } from '../contract/bridge'; import 'zod'"],
    ['electron/preload/x.ts', "import { createServices } from '../services'"],
    ['electron/cli/x.ts', "import { app } from 'electron'"],
    ['electron/cli/commands/x.ts', "import { bindBridge } from '../../main/ipc-binding'"],
    ['electron/cli/x.ts', "import { startDemoPbx } from '../demo-pbx'"],
    ['electron/cli/x.ts', "import { useFleetStore } from '../../renderer/src/stores/fleet'"],
    ['renderer/src/x.ts', "import { createServices } from '../../electron/services'"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron'"],
  ])('%s may not: %s', async (file, source) => {
    expect(await restricted(file, source)).not.toEqual([])
  })

  it.each([
    ['electron/services/x.ts', "import { bridge } from '../contract/bridge'"],
    ['electron/main/x.ts', "import { createServices } from '../services'"],
    ['electron/cli/x.ts', "import { createServices } from '../services'"],
    ['electron/cli/commands/x.ts', "import { bridge } from '../../contract/bridge'"],
    ['electron/preload/x.ts', "import { OPERATION_NAMES } from '../contract/operations'"],
    ['renderer/src/x.ts', "import type { PbxProfile } from '@contract/profiles'"],
  ])('%s may: %s', async (file, source) => {
    expect(await restricted(file, source)).toEqual([])
  })
})
