import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { matchesGlob } from 'node:path'
import type { Configuration } from 'electron-builder'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import electronViteConfig from '../../../electron.vite.config'

// Building the packages needs the Electron binary, which this machine cannot download; so the
// packaging config is checked here instead: electron-builder's own loader and schema, the targets,
// what goes into the package and what must not.

const root = new URL('../../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
const config = parse(read('electron-builder.yml')) as Configuration
const pkg = JSON.parse(read('package.json')) as {
  productName: string
  main: string
  bin?: Record<string, string>
  scripts: Record<string, string>
  dependencies: Record<string, string>
  optionalDependencies?: Record<string, string>
  devDependencies: Record<string, string>
}

// electron-builder's config loader and validator, found through electron-builder itself
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'))
const builderConfig = fromBuilder('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Configuration>
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>
}
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }

type BuildOptions = { build?: { sourcemap?: unknown; outDir?: string } }
const viteConfig = electronViteConfig as unknown as Record<'main' | 'preload' | 'renderer', BuildOptions | undefined>

type Target = string | { target: string }
const targetsOf = (platform: { target?: unknown } | null | undefined): string[] =>
  ((platform?.target ?? []) as Target[]).map((target) => (typeof target === 'string' ? target : target.target))

/** Whether electron-builder copies `file` of the app folder: a positive pattern takes it, no `!` pattern drops it. */
function packaged(file: string): boolean {
  const patterns = (config.files ?? []) as string[]
  const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1))
  const included = patterns.filter((pattern) => !pattern.startsWith('!'))
  return included.some((pattern) => matchesGlob(file, pattern)) && !excluded.some((pattern) => matchesGlob(file, pattern))
}

/** width and height of a PNG, from its IHDR chunk */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(new URL(path, root))
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('electron-builder.yml', () => {
  it('is the config electron-builder loads, and passes its schema', async () => {
    const loaded = await builderConfig.getConfig(new URL('.', root).pathname, null, null)
    expect(loaded.appId).toBe(config.appId)
    await expect(builderConfig.validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined()
  }, 30_000)

  it('a misspelt option would fail that check (the check is real)', async () => {
    const broken = { ...config, linux: { ...config.linux, categroy: 'Network' } } as Configuration
    await expect(builderConfig.validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/configuration\.linux/)
  })

  it('names the app and its id, and writes to dist/ (ignored by git)', () => {
    expect(config.appId).toBe('com.pbxprovisioner.app')
    expect(config.productName).toBe('PBX Provisioner')
    expect(config.productName).toBe(pkg.productName)
    expect(config.directories).toEqual({ output: 'dist', buildResources: 'resources' })
    expect(read('.gitignore').split('\n')).toContain('dist/')
  })

  it('builds AppImage and deb for Linux (with a category), NSIS for Windows, dmg for macOS', () => {
    expect(targetsOf(config.linux)).toEqual(['AppImage', 'deb'])
    expect(config.linux?.category).toBe('Network')
    expect(targetsOf(config.win)).toEqual(['nsis'])
    expect(targetsOf(config.mac)).toEqual(['dmg'])
    expect(config.mac?.category).toMatch(/^public\.app-category\./)
  })

  it('uses the icon in resources/ for every platform, large enough for each (macOS needs 512×512)', () => {
    for (const platform of [config.linux, config.win, config.mac]) {
      const icon = platform?.icon
      expect(icon).toBe('resources/icon.png')
      expect(existsSync(new URL(icon!, root))).toBe(true)
    }
    const size = pngSize('resources/icon.png')
    expect(size.width).toBe(size.height)
    expect(size.width).toBeGreaterThanOrEqual(512)
    expect(existsSync(new URL('resources/icon.svg', root))).toBe(true)
  })

  it.each(['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-3f2a.js', 'out/renderer/assets/index-3f2a.css', 'package.json'])(
    'packages %s',
    (file) => {
      expect(packaged(file)).toBe(true)
    },
  )

  it.each([
    'out/main/index.js.map',
    'out/renderer/assets/index-3f2a.js.map',
    'electron/main/index.ts',
    'electron/contract/bridge.ts',
    'renderer/src/App.vue',
    'renderer/index.html',
    'test/unit/main/menu-template.test.ts',
    'test/e2e/harness.ts',
    'out/main/test/fixture.js',
    'electron.vite.config.ts',
    'electron-builder.yml',
    'README.md',
    'test-results/vitest.json',
  ])('leaves out %s', (file) => {
    expect(packaged(file)).toBe(false)
  })

  it("packages the app's entry point", () => {
    expect(packaged(pkg.main)).toBe(true)
  })

  it('packs the app into an asar archive, with keytar (native) unpacked', () => {
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toContain('**/node_modules/keytar/**')
  })

  it('sets the fuses: no running as Node, no NODE_OPTIONS or --inspect, the app from its archive only', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    })
  })
})

describe('what the package is built from', () => {
  it('`npm run dist` builds the app, then packages it', () => {
    expect(pkg.scripts.dist).toBe('electron-vite build && electron-builder')
    expect(read('docs/packaging.md')).toContain('npm run dist')
  })

  it('ships only what main loads at run time as dependencies (the renderer is bundled, and so are main\'s plain-JavaScript libraries; Electron and the builder are tools)', () => {
    const shipped = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.optionalDependencies ?? {})].sort()
    // pdfkit, fontkit and dejavu-fonts-ttf: the label PDF, drawn in main (dect/labels/) with the
    // fonts it embeds; pdfkit reads its own font metrics from its folder, so it cannot be bundled
    // qrcode: the QR codes; electron-log: main's log; keytar: a native module
    expect(shipped).toEqual(['dejavu-fonts-ttf', 'electron-log', 'fontkit', 'keytar', 'pdfkit', 'qrcode'])
    // bundled into out/main (electron-vite externalizes `dependencies` only): the command line then
    // starts without resolving hundreds of files (issue 39) — zod and yargs, the configuration
    // diff (diff, microdiff), the spreadsheets (papaparse), the shared file's lock
    // (proper-lockfile), the push's progress bar (cli-progress), the closest model (fastest-levenshtein)
    for (const bundled of ['cli-progress', 'diff', 'fastest-levenshtein', 'microdiff', 'papaparse', 'proper-lockfile', 'yargs', 'zod']) {
      expect(Object.keys(pkg.devDependencies), bundled).toContain(bundled)
    }
    for (const tool of ['electron', 'electron-builder', 'vue', 'naive-ui', 'pinia', 'vue-router']) expect(Object.keys(pkg.devDependencies)).toContain(tool)
  })

  it('the build emits no source maps (main, preload, renderer)', () => {
    for (const target of ['main', 'preload', 'renderer'] as const) {
      expect(viteConfig[target]?.build?.sourcemap ?? false, target).toBe(false)
    }
  })

  it('the main build makes the app and the command line (out/main/cli.js, which the bin runs where there is no source)', () => {
    const input = (viteConfig.main?.build as { rollupOptions?: { input?: Record<string, string> } } | undefined)?.rollupOptions?.input ?? {}
    // index.js starts the desktop app (desktop.js), or with --cli the command line (electron/main/index.ts)
    expect(Object.keys(input).sort()).toEqual(['cli', 'desktop', 'index'])
    expect(input.desktop).toMatch(/electron\/main\/desktop\.ts$/)
    expect(input.cli).toMatch(/electron\/cli\/index\.ts$/)
    expect(pkg.bin?.['pbx-provisioner']).toBe('bin/pbx-provisioner.mjs')
    expect(read('bin/pbx-provisioner.mjs')).toContain('out/main/cli.js')
    expect(packaged('out/main/cli.js')).toBe(true)
  })

  it('the build writes to out/, the folder the package takes', () => {
    expect(viteConfig.main?.build?.outDir).toBe('out/main')
    expect(viteConfig.preload?.build?.outDir).toBe('out/preload')
    expect(viteConfig.renderer?.build?.outDir).toBe('out/renderer')
  })
})
