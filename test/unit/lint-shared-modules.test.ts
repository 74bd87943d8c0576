import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Test files share their worker's modules (vitest.config.ts, issue 41): lint refuses, outside a
// *.isolated.test.ts, what would change the modules the files after it load.
describe('the shared-modules rule of test files', () => {
  const eslint = new ESLint()
  const refused = async (source: string, filePath: string) => {
    const [result] = await eslint.lintText(source, { filePath })
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message)
  }
  const mocking = "import { vi } from 'vitest'\nvi.mock('node:fs')\n"
  const virtualLayout = "import '../dect/virtual-layout'\n"

  it('refuses vi.mock and the virtual layout in a shared test file, naming the way out', async () => {
    expect(await refused(mocking, 'test/unit/files/x.test.ts')).toEqual([expect.stringContaining('*.isolated.test.ts')])
    expect(await refused(virtualLayout, 'test/renderer/fleet/x.test.ts')).toEqual([expect.stringContaining('*.isolated.test.ts')])
  })

  it('lets an isolated test file mock modules and load the virtual layout first', async () => {
    expect(await refused(mocking, 'test/unit/files/x.isolated.test.ts')).toEqual([])
    expect(await refused(virtualLayout, 'test/renderer/fleet/x.isolated.test.ts')).toEqual([])
  })
})
