import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'

const alias = {
  '@contract': resolve(__dirname, 'electron/contract'),
  '@renderer': resolve(__dirname, 'renderer/src'),
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
          index: resolve(__dirname, 'electron/main/index.ts'),
          desktop: resolve(__dirname, 'electron/main/desktop.ts'),
          cli: resolve(__dirname, 'electron/cli/index.ts'),
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
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    resolve: { alias },
    plugins: [vue()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
})
