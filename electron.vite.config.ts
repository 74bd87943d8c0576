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

export default defineConfig({
  main: {
    resolve: { alias },
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
    plugins: [vue({ features: { optionsAPI: false } }), nativeResizeObserver(), stylesAfterStartFrame()],
    build: {
      outDir: 'out/renderer',
      // What the first screen loads is what the app starts with (issue 17, ≤ 250 kB gzipped,
      // test/bench/renderer-startup.ts): minified (electron-vite leaves the renderer as is), and
      // in four files, run in this order: the startup calls (startup-calls.ts), Vue with its
      // router and Pinia, the other libraries the first screen uses (Naive UI's components there,
      // but its search box and tooltip, components/naive-after-start.ts; of zod, its config alone:
      // its schemas come later, components/on-demand.ts), and the app's own code for it.
      // Everything else comes with the view that uses it (router.ts). Without the groups, the
      // bundler cuts the start into dozens of small shared chunks.
      minify: 'oxc',
      // the libraries' file is about 190 kB minified (56 kB gzipped): known, and measured by the bench
      chunkSizeWarningLimit: 800,
      rollupOptions: {
        input: { index: resolve(projectDir, 'renderer/index.html') },
        output: {
          codeSplitting: {
            groups: [
              // the first code to run, before Vue and the libraries (renderer/src/startup-calls.ts)
              { name: 'startup', test: /renderer[\\/]src[\\/]startup-calls\.ts$/, priority: 30 },
              { name: 'vue', test: /node_modules[\\/](@vue|vue|vue-router|pinia)[\\/]/, priority: 20 },
              { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
              { name: 'index', tags: ['$initial'], priority: 5 },
            ],
          },
        },
      },
    },
  },
})
