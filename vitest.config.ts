import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

const alias = {
  '@contract': fileURLToPath(new URL('./electron/contract', import.meta.url)),
  '@renderer': fileURLToPath(new URL('./renderer/src', import.meta.url)),
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
          include: ['test/unit/**/*.test.ts', 'test/demo-pbx/**/*.test.ts', 'test/keychain/**/*.test.ts'],
        },
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
      {
        plugins: [vue()],
        resolve: { alias },
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          // a test mounts the whole app (router, Pinia, Naive UI) in happy-dom: seconds on a busy machine
          testTimeout: 20_000,
          include: ['test/renderer/**/*.test.ts'],
          // after each test: unmounts, empties the document, removes the fakes' globals, restores spies
          setupFiles: ['test/renderer/setup-cleanup.ts'],
        },
      },
    ],
  },
})
