import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'

// the project's folder (set by electron-vite's and Vite's config loaders alike, unlike __dirname)
const projectDir = dirname(fileURLToPath(import.meta.url))

const alias = {
  '@contract': resolve(projectDir, 'electron/contract'),
  '@renderer': resolve(projectDir, 'renderer/src'),
}

/**
 * vueuc (under Naive UI) bundles a ResizeObserver polyfill that it uses only where the browser has
 * none; Electron's Chromium has one, so the renderer gets the browser's own instead.
 */
function nativeResizeObserver(): Plugin {
  const id = '\0native-resize-observer'
  return {
    name: 'pbx:native-resize-observer',
    enforce: 'pre',
    resolveId: (source) => (source === '@juggle/resize-observer' ? id : null),
    load: (loaded) => (loaded === id ? 'export const ResizeObserver = globalThis.ResizeObserver' : null),
  }
}

/**
 * The app's stylesheet goes after the start frame (renderer/index.html), at the end of <body>:
 * in <head> it blocked the first paint until it arrived, while the frame has its own styles. The
 * browser now draws the frame (and does its first layout, with its fonts) while the stylesheet
 * and the scripts still load; the scripts still run only once the stylesheet is there, as a
 * stylesheet the parser met blocks them wherever it stands. Issue 17: startup_first_paint_*_ms.
 */
function stylesAfterStartFrame(): Plugin {
  const link = /\s*<link rel="stylesheet"[^>]*>/g
  return {
    name: 'pbx:styles-after-start-frame',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(link) ?? []
        if (links.length === 0) return html
        return html.replace(link, '').replace('</body>', `${links.map((tag) => `  ${tag.trim()}\n`).join('')}  </body>`)
      },
    },
  }
}

/**
 * The start's three files (the groups below): what the first screen loads, and nothing else.
 * Without the groups, the bundler cuts the start into dozens of small shared chunks.
 */
const startChunks = [
  { name: 'vue', test: /node_modules[\\/](@vue|vue|vue-router|pinia)[\\/]/, priority: 20 },
  { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial' as const], priority: 10 },
  { name: 'index', tags: ['$initial' as const], priority: 5 },
]

/**
 * V8 compiles a script's functions lazily, each on the main thread the first time it is called,
 * and a start calls most of what its files hold: the magic comment `allFunctionsCalledOnLoad`
 * (V8's explicit compile hints, Chromium 136 on) has them all compiled at once, on a background
 * thread, as each file streams in, and a later start's code cache then holds them all. Only the
 * start's files get it: a screen's file is compiled as its functions are called. The comment must
 * come first in the file, so it is written once Vite has put its own first line in (the chunk
 * list of `__vite__mapDeps`). Issue 17, in traces of a first start on this project's two cores:
 * the main thread compiled about 825 functions before the list's first row, and 39 with the hint
 * (test/e2e/start-compile.spec.ts); its own CPU time to the list went from about 195 to 140 ms. A
 * later start showed the list 50–80 ms sooner (interleaved, 12 and 20 loads each); a first start
 * no sooner there, as the background compiling shares the same two busy cores.
 */
function compileStartEagerly(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n'
  const start = new Set(startChunks.map((group) => group.name))
  return {
    name: 'pbx:compile-start-eagerly',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !start.has(chunk.name)) continue
          chunk.code = hint + chunk.code
          // the source map (the renderer builds none) moves down the line it added
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
        }
      },
    },
  }
}

/**
 * Two ES modules of yargs (its Node shim, and yargs-parser) declare their own top-level
 * `__dirname` and `require`. Bundled into the command line's file, those clash with the CommonJS
 * shim electron-vite puts at the top of every main file that mentions them ("Identifier
 * '__dirname' has already been declared"). Renamed in those modules, both live side by side.
 */
function yargsShimNames(): Plugin {
  const modules = /[\\/]node_modules[\\/](yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs|yargs-parser[\\/]build[\\/]lib[\\/]index\.js)$/
  return {
    name: 'pbx:yargs-shim-names',
    transform(code, id) {
      if (!modules.test(id)) return null
      return code
        .replace(/^(\s*)require,$/m, '$1require: __esmRequire,') // a shorthand property keeps its key
        .replace(/(?<![.\w$])require(?=\s*[=(!;)]|\s*\?)/g, '__esmRequire')
        .replace(/\b__dirname\b/g, '__esmDirname')
    },
  }
}

/**
 * string-width (under yargs' help layout) builds two things as it loads that only text beyond
 * plain ASCII uses (ASCII takes its fast path): an `Intl.Segmenter`, whose first one loads ICU's
 * break rules (about 15 ms), and the literal `/^\p{RGI_Emoji}$/v`, whose Unicode set V8 builds
 * while it parses the file (about 26 ms). Together about 40 ms of every command line start on
 * this project's two cores (issue 39, `cli_help_ms`). Here each is made on its first use instead:
 * the same objects, the same calls.
 */
function stringWidthOnFirstUse(): Plugin {
  const module = /[\\/]node_modules[\\/](?:[^\\/]+[\\/]node_modules[\\/])?string-width[\\/]index\.js$/
  const onFirstUse: [string, string][] = [
    ['const segmenter = new Intl.Segmenter();', 'let segmenterMade; const segmenter = { segment: (text) => (segmenterMade ??= new Intl.Segmenter()).segment(text) };'],
    ['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', "let rgiEmoji; const rgiEmojiRegex = { test: (text) => (rgiEmoji ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text) };"],
  ]
  return {
    name: 'pbx:string-width-on-first-use',
    transform(code, id) {
      if (!module.test(id)) return null
      // a string-width whose text differs is left as it is: what it builds is then only slower
      return onFirstUse.reduce((changed, [made, later]) => changed.replace(made, () => later), code)
    },
  }
}

/**
 * The main process's and the command line's shared code: zod in a file of its own, and each file
 * of the contract in its own, so a command loads the schemas it uses and not all the PBX's. Left
 * to itself, the bundler puts zod and the whole contract in one chunk, as every area reaches some
 * of it: `pbx list` built every schema of the PBX's API before reading profiles.json (issue 39,
 * `cli_pbx_list_ms`).
 */
const mainChunks = [
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  { name: (id: string) => /[\\/]electron[\\/]contract[\\/]([\w-]+)\.ts$/.exec(id)?.[1] ?? null, debugName: 'contract', priority: 10 },
]

export default defineConfig({
  main: {
    resolve: { alias },
    plugins: [yargsShimNames(), stringWidthOnFirstUse()],
    build: {
      outDir: 'out/main',
      // keytar is a native, optional module: loaded at run time, never bundled
      externalizeDeps: true,
      // index.js chooses (electron/main/index.ts): the desktop app, or the command line, which
      // bin/pbx-provisioner.mjs also runs where there is no source
      rollupOptions: {
        input: {
          index: resolve(projectDir, 'electron/main/index.ts'),
          desktop: resolve(projectDir, 'electron/main/desktop.ts'),
          cli: resolve(projectDir, 'electron/cli/index.ts'),
        },
        output: { codeSplitting: { groups: mainChunks, includeDependenciesRecursively: false } },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      // a sandboxed preload can only require('electron'): one self-contained CommonJS file
      isolatedEntries: true,
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(projectDir, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    resolve: { alias },
    // every component (the app's and Naive UI's) is written with the Composition API: Vue's
    // Options API support would only be code to load
    plugins: [vue({ features: { optionsAPI: false } }), nativeResizeObserver(), stylesAfterStartFrame(), compileStartEagerly()],
    build: {
      outDir: 'out/renderer',
      // What the first screen loads is what the app starts with (issue 17, ≤ 250 kB gzipped,
      // test/bench/renderer-startup.ts): minified (electron-vite leaves the renderer as is), and
      // in three files, run in this order: Vue with its router and Pinia, the other libraries the
      // first screen uses (Naive UI's components there, but its search box and tooltip,
      // components/naive-after-start.ts; of zod, its config alone: its schemas come later,
      // components/on-demand.ts), and the app's own code for it. Everything else comes with the
      // view that uses it (router.ts). What the first screen shows is asked before any of them
      // runs, by the preload (electron/preload/bridge-api.ts).
      minify: 'oxc',
      // the libraries' file is about 190 kB minified (56 kB gzipped): known, and measured by the bench
      chunkSizeWarningLimit: 800,
      rollupOptions: {
        input: { index: resolve(projectDir, 'renderer/index.html') },
        output: {
          codeSplitting: { groups: startChunks },
        },
      },
    },
  },
})
