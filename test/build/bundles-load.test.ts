import { existsSync, readFileSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { beforeAll, describe, expect, it } from 'vitest'
import { OPERATION_NAMES } from '../../electron/contract/operations'
import { BUILT_CLI, BUILT_PRELOAD, builtScripts, ELECTRON_STUB, OUT, ROOT, runNode } from './built'

// What ships is the build (out/), not the source the other suites run: each of its files is
// loaded here in plain Node, so a bundle that cannot be evaluated (a name declared twice, an
// import nothing exports, a throw at its top level) fails `npm test` even where no Electron
// binary exists (issue 36: the main bundle declared `require` twice, and neither the window nor
// the command line could start).

const mainScripts = builtScripts('main')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; optionalDependencies?: Record<string, string> }

describe('the build', () => {
  it('has the entries the app and the command line start from', () => {
    expect(mainScripts).toEqual(expect.arrayContaining(['main/index.js', 'main/desktop.js', 'main/cli.js']))
    expect(builtScripts('preload')).toEqual(['preload/index.cjs'])
  })
})

describe('every file of out/main is evaluated in plain Node, Electron stood in', () => {
  // cli.js runs the command line as it is evaluated: it has its own test below
  const loaded = new Map<string, string | undefined>()
  beforeAll(async () => {
    const files = mainScripts.filter((file) => file !== 'main/cli.js')
    const run = await runNode(['--import', ELECTRON_STUB, join(import.meta.dirname, 'load-each.mjs'), ...files.map((file) => join(OUT, file))])
    expect(run.code, run.stderr).toBe(0)
    for (const line of run.stdout.trim().split('\n')) {
      const { file, error } = JSON.parse(line) as { file: string; error?: string }
      loaded.set(file.slice(OUT.length + 1), error)
    }
  }, 60_000)

  it.each(mainScripts.filter((file) => file !== 'main/cli.js'))('%s', (file) => {
    expect(loaded.has(file), `${file} was never reached`).toBe(true)
    expect(loaded.get(file)).toBeUndefined()
  })

  it('main/cli.js: the command line runs from it, with no Electron at all', async () => {
    const run = await runNode([BUILT_CLI, '--version'])
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version)
    expect(run.code).toBe(0)
  })
})

describe("the bundles' imports", () => {
  /** The bare module names a built file imports or resolves at run time (not relative paths). */
  const importedBy = (file: string): string[] => {
    const code = readFileSync(join(OUT, file), 'utf8')
    const found = [
      ...code.matchAll(/^import(?:[\s\S]*?from)?\s*"([^"]+)";?$/gm),
      ...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
      ...code.matchAll(/\brequire\(\s*"([^"]+)"\s*\)/g),
      // files a package ships, found by its name at run time (the label fonts)
      ...code.matchAll(/"([^"]+\.ttf)"/g),
    ].map((match) => match[1]!)
    return found.filter((name) => !name.startsWith('.') && !name.startsWith('/'))
  }
  const packageOf = (name: string) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/')
  const shipped = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})])

  it('are Node, Electron, or packages the app ships (package.json dependencies)', () => {
    const unshipped = mainScripts.flatMap((file) =>
      importedBy(file)
        .filter((name) => !name.startsWith('node:') && !builtinModules.includes(name) && packageOf(name) !== 'electron' && !shipped.has(packageOf(name)))
        .map((name) => `${file} imports ${name}, which the packaged app does not carry`),
    )
    expect(unshipped).toEqual([])
  })

  it("find the label fonts by their package's name, from the chunk's own place, as in the packaged app's archive", () => {
    const fonts = mainScripts.flatMap((file) => [...readFileSync(join(OUT, file), 'utf8').matchAll(/"([^"]+\.ttf)"/g)].map((match) => ({ file, font: match[1]! })))
    expect(fonts.length).toBeGreaterThan(0)
    for (const { file, font } of fonts) {
      expect(shipped.has(packageOf(font)), `${file}: ${font}`).toBe(true)
      // resolved as the chunk resolves it: out/main/chunks → node_modules (app.asar/node_modules once packaged)
      expect(existsSync(createRequire(join(OUT, file)).resolve(font)), `${file}: ${font}`).toBe(true)
    }
  })
})

describe('out/preload/index.cjs in a sandbox as Electron gives a preload', () => {
  // A sandboxed preload has no Node: its require gives 'electron' (the renderer's names),
  // 'events', 'timers' and 'url', nothing else (Electron's "Process Sandboxing").
  it('asks only for what the sandbox has, and exposes window.pbx and window.pbxMenu', () => {
    const exposed = new Map<string, unknown>()
    const invoked: string[] = []
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
      ipcRenderer: {
        invoke: (channel: string) => {
          invoked.push(channel)
          return Promise.resolve({ ok: true, value: null })
        },
        on: () => {},
        removeListener: () => {},
      },
    }
    const asked: string[] = []
    const sandboxRequire = (name: string) => {
      asked.push(name)
      if (name === 'electron') return electron
      throw new Error(`module not found: ${name} (a sandboxed preload can require electron, events, timers and url only)`)
    }
    const module = { exports: {} }
    runInNewContext(readFileSync(BUILT_PRELOAD, 'utf8'), { require: sandboxRequire, module, exports: module.exports, console })
    expect(asked.every((name) => ['electron', 'events', 'timers', 'url'].includes(name))).toBe(true)
    expect([...exposed.keys()].sort()).toEqual(['pbx', 'pbxMenu'])
    expect(Object.keys(exposed.get('pbx') as object).sort()).toEqual([...OPERATION_NAMES].sort())
    // the first screen's calls go out as the preload runs (electron/preload/bridge-api.ts)
    expect(invoked.length).toBeGreaterThan(0)
  })
})
