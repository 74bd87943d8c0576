import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import electronViteConfig from '../../../electron.vite.config'

// The command line's build makes string-width's segmenter and emoji pattern on first use, not as
// it loads (electron.vite.config.ts, issue 39): about 40 ms of each start. Checked here on every
// copy of string-width that yargs brings: the change still applies, and the widths are the same.

const root = fileURLToPath(new URL('../../../', import.meta.url))
const mainPlugins = (electronViteConfig as unknown as { main: { plugins: Plugin[] } }).main.plugins
const plugin = mainPlugins.find((candidate) => candidate.name === 'pbx:string-width-on-first-use')!
const transform = plugin.transform as (code: string, id: string) => string | null

/** Each string-width under a package of node_modules, as yargs and its helpers resolve it. */
const copies = readdirSync(join(root, 'node_modules'))
  .map((name) => join(root, 'node_modules', name, 'node_modules', 'string-width', 'index.js'))
  .filter((path) => {
    try {
      return readFileSync(path, 'utf8').includes('Intl.Segmenter')
    } catch {
      return false
    }
  })

const written: string[] = []
afterAll(() => {
  for (const path of written) rmSync(path, { force: true })
})

/** The transformed module, loaded beside its original so its own imports resolve alike. */
async function loadTransformed(path: string): Promise<(text: string) => number> {
  const changed = transform(readFileSync(path, 'utf8'), path)!
  const beside = join(dirname(path), `index.on-first-use-${process.pid}.js`)
  written.push(beside)
  writeFileSync(beside, changed)
  return ((await import(pathToFileURL(beside).href)) as { default: (text: string) => number }).default
}

const samples = [
  '',
  'pbx-provisioner batch push <batch> [options]',
  'Café Zürich',
  'ｶﾞｲﾄﾞ',
  '日本語のテキスト',
  '👍🏽 thumbs',
  '👨‍👩‍👧 family',
  '🇩🇪 flag',
  '1⃣ keycap',
  'e\u0301 combining',
  '\u001b[31mred\u001b[39m',
  '한국어 각',
  'zero\u200bwidth',
]

describe('string-width on first use, in the command line build', () => {
  it('finds the copies yargs brings', () => {
    expect(copies.length).toBeGreaterThan(0)
  })

  it.each(copies.map((path) => [path.slice(root.length), path]))('%s: both changes apply, and nothing is built at load', (_, path) => {
    const changed = transform(readFileSync(path, 'utf8'), path)!
    expect(changed).not.toContain('const segmenter = new Intl.Segmenter();')
    expect(changed).not.toContain('/^\\p{RGI_Emoji}$/v')
    expect(changed).toContain('segmenterMade ??= new Intl.Segmenter()')
    expect(changed).toContain("rgiEmoji ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')")
  })

  it.each(copies.map((path) => [path.slice(root.length), path]))('%s: the same widths as the original', async (_, path) => {
    const original = ((await import(pathToFileURL(path).href)) as { default: (text: string) => number }).default
    const transformed = await loadTransformed(path)
    for (const text of samples) expect(transformed(text), text).toBe(original(text))
  })

  it('leaves other files alone', () => {
    expect(transform('const segmenter = new Intl.Segmenter();', join(root, 'node_modules/other/index.js'))).toBeNull()
  })
})
