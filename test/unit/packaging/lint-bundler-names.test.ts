import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The bundler declares `require` (and `__dirname`, `__filename`) at the top of a main-process
// chunk; a binding of ours with that name, bundled beside it, was declared twice and no chunk of
// the services loaded (issue 36). Lint refuses the names in bundled code (eslint.config.js,
// bundlerNames); this proves the rule bites, and where.
const eslint = new ESLint()

async function refused(source: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

describe('names the bundler declares, refused in bundled code', () => {
  it.each([
    ['a module-level require', "import { createRequire } from 'node:module'\nconst require = createRequire(import.meta.url)\nexport const x = require('x')"],
    ['a require inside a function', "import { createRequire } from 'node:module'\nexport function f() {\n  const require = createRequire(import.meta.url)\n  return require('x')\n}"],
    ['__dirname', "import { dirname } from 'node:path'\nexport const __dirname = dirname(new URL(import.meta.url).pathname)"],
    ['__filename', "import { fileURLToPath } from 'node:url'\nlet __filename = fileURLToPath(import.meta.url)\nexport { __filename }"],
    ['an import named so', "import { createRequire as require } from 'node:module'\nexport const r = require"],
    ['a parameter named so', 'export function load(require: (id: string) => unknown) {\n  return require("x")\n}'],
    ['a destructured name', "import * as url from 'node:url'\nconst { fileURLToPath: __filename } = url\nexport { __filename }"],
    ['a function named so', 'export function require(id: string) {\n  return id\n}'],
  ])('refuses %s', async (_what, source) => {
    for (const file of ['electron/services/x.ts', 'electron/main/x.ts', 'electron/cli/x.ts', 'renderer/src/x.ts']) {
      const messages = await refused(source, file)
      expect(messages, file).toHaveLength(1)
      expect(messages[0]).toContain('declared twice')
    }
  })

  it('accepts what the code does instead, and the plain scripts node runs unbundled', async () => {
    const fromHere = "import { createRequire } from 'node:module'\nconst fromHere = createRequire(import.meta.url)\nexport const font = fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')"
    expect(await refused(fromHere, 'electron/services/x.ts')).toEqual([])
    expect(await refused("import { createRequire } from 'node:module'\nexport const keytar = () => createRequire(import.meta.url)('keytar')", 'electron/services/x.ts')).toEqual([])
    // electron/tools holds scripts node runs as they are (npm start), never bundled
    expect(await refused("import { createRequire } from 'node:module'\nconst require = createRequire(import.meta.url)\nexport const x = require('x')", 'electron/tools/x.mjs')).toEqual([])
  })

  it('keeps the security checklist’s rules in electron/main beside it', async () => {
    expect(await refused('export const options = { webPreferences: { sandbox: false } }', 'electron/main/x.ts')).toHaveLength(1)
  })
})
