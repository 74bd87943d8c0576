import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// Electron's security checklist in electron/main is also a lint rule (eslint.config.js,
// no-restricted-syntax): this proves the rule bites, so switching an item off fails `npm test`.
const eslint = new ESLint()

async function refused(source: string, file = 'electron/main/x.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

describe('the security checklist, as lint enforces it in electron/main', () => {
  it.each([
    ['nodeIntegration: true', 'nodeIntegration'],
    ['nodeIntegrationInWorker: true', 'nodeIntegrationInWorker'],
    ['nodeIntegrationInSubFrames: true', 'nodeIntegrationInSubFrames'],
    ['contextIsolation: false', 'contextIsolation'],
    ["'contextIsolation': false", 'contextIsolation'],
    ['sandbox: false', 'sandbox'],
    ['webSecurity: false', 'webSecurity'],
    ['allowRunningInsecureContent: true', 'allowRunningInsecureContent'],
    ['webviewTag: true', 'webviewTag'],
    ['experimentalFeatures: true', 'experimentalFeatures'],
    ["enableBlinkFeatures: 'CSSVariables'", 'enableBlinkFeatures'],
  ])('refuses %s', async (property, name) => {
    const messages = await refused(`export const options = { webPreferences: { ${property} } }`)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(name)
  })

  it('accepts the safe values', async () => {
    expect(
      await refused(
        'export const options = { webPreferences: { nodeIntegration: false, contextIsolation: true, sandbox: true, webSecurity: true, webviewTag: false, allowRunningInsecureContent: false } }',
      ),
    ).toEqual([])
  })

  it('refuses shell.openExternal other than through webAddressOnly', async () => {
    expect(await refused("import { shell } from 'electron'\nvoid shell.openExternal('file:///etc/passwd')")).toHaveLength(1)
    expect(await refused("import { shell } from 'electron'\nexport const open = shell.openExternal")).toHaveLength(1)
    expect(
      await refused("import { shell } from 'electron'\nimport { webAddressOnly } from './external-links'\nexport const open = webAddressOnly((url) => shell.openExternal(url))"),
    ).toEqual([])
  })

  it('passes the real electron/main', async () => {
    const results = await eslint.lintFiles(['electron/main/**/*.ts'])
    expect(results.flatMap((result) => result.messages.map((m) => `${result.filePath}: ${m.ruleId}: ${m.message}`))).toEqual([])
  })
})
