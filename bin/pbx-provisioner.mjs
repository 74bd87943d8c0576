#!/usr/bin/env node
// The command line of PBX Provisioner (docs/command-line.md). It runs the build, out/main/cli.js:
// one bundle, so a run starts in about the time node itself takes (issue 39). In a checkout, where
// the source is beside it, a build older than the source is made again first, saying so on stderr,
// so a run never uses a stale build; where there is no source (the packaged app) the build is all
// there is.
import { existsSync } from 'node:fs'
import module from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

// Node 22.1 and later keep V8's compiled code of the build between runs (no effect on Node 20)
module.enableCompileCache?.()

const source = fileURLToPath(new URL('../electron/cli/index.ts', import.meta.url))
const built = fileURLToPath(new URL('../out/main/cli.js', import.meta.url))

if (existsSync(source)) {
  const { CLI_SOURCES, buildWhenStale, staleBuildReason } = await import('../electron/tools/build-freshness.mjs')
  const stale = staleBuildReason(built, CLI_SOURCES)
  if (stale) {
    process.stderr.write(`pbx-provisioner: ${stale}: building first (npm run build)…\n`)
    try {
      buildWhenStale(built, CLI_SOURCES)
    } catch {
      process.stderr.write('pbx-provisioner: the build failed (its errors are above): fix them, or run `npm run build` to see them again.\n')
      process.exit(1)
    }
  }
}
if (existsSync(built)) {
  await import(pathToFileURL(built).href)
} else {
  process.stderr.write('pbx-provisioner: the build (out/main/cli.js) is not here: run `npm install`, then `npm run build`.\n')
  process.exit(1)
}
