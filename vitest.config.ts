import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

/**
 * Most test files share one module graph per worker (`isolate: false`): a file no longer loads
 * Vue, Naive UI, zod and the services again (the renderer's files 194 -> 100 s, the node ones
 * 282 -> 190 s on two cores, 2026-12-03; issue 41). What a file leaves behind is cleaned after
 * each test (test/renderer/setup-cleanup.ts). A file that mocks a module or installs a stand-in
 * Naive UI reads once at load is named *.isolated.test.ts and runs in a graph of its own (lint
 * holds the rule, eslint.config.js).
 */
const ISOLATED = '**/*.isolated.test.ts'

const NODE_TESTS = ['test/unit/**/*.test.ts', 'test/demo-pbx/**/*.test.ts', 'test/keychain/**/*.test.ts']

const alias = {
  '@contract': fileURLToPath(new URL('./electron/contract', import.meta.url)),
  '@renderer': fileURLToPath(new URL('./renderer/src', import.meta.url)),
}

function renderer(files: { name: string; include: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    plugins: [vue()],
    resolve: { alias },
    test: {
      ...files,
      environment: 'happy-dom',
      // a test mounts the whole app (router, Pinia, Naive UI) in happy-dom: seconds on a busy machine
      testTimeout: 20_000,
      // after each test: unmounts, empties the document, removes the fakes' globals, restores spies
      setupFiles: ['test/renderer/setup-cleanup.ts'],
    },
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    // every core: vitest's default leaves one free, which on a 2-core machine is one file at a time
    // (885 s for the suite on 2026-12-02; 651 s with two)
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [ISOLATED],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { name: 'node:isolated', environment: 'node', include: NODE_TESTS.map((glob) => glob.replace('*.test.ts', '*.isolated.test.ts')) },
      },
      {
        resolve: { alias },
        test: {
          // what ships: the build's files loaded in plain Node, its command line run (issue 36)
          name: 'build',
          environment: 'node',
          include: ['test/build/**/*.test.ts'],
          globalSetup: ['test/build/fresh-build.ts'],
        },
      },
      renderer({ name: 'renderer', include: ['test/renderer/**/*.test.ts'], exclude: [ISOLATED], isolate: false }),
      renderer({ name: 'renderer:isolated', include: ['test/renderer/**/*.isolated.test.ts'] }),
    ],
  },
})
