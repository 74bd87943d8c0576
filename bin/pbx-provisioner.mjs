#!/usr/bin/env node
// The command line of PBX Provisioner (docs/command-line.md). In a checkout it runs the
// TypeScript source through tsx, so it never runs a stale build; where there is no source (the
// packaged app) it runs the build, out/main/cli.js.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const source = fileURLToPath(new URL('../electron/cli/index.ts', import.meta.url))
const built = fileURLToPath(new URL('../out/main/cli.js', import.meta.url))

/** tsx's loader, when this is a checkout with its development dependencies installed. */
async function tsxLoader() {
  try {
    return await import('tsx/esm/api')
  } catch {
    return undefined
  }
}

const tsx = existsSync(source) ? await tsxLoader() : undefined
if (tsx) {
  tsx.register()
  await import(pathToFileURL(source).href)
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href)
} else {
  process.stderr.write(
    'pbx-provisioner: neither the source (electron/cli/index.ts, with tsx installed) nor the build (out/main/cli.js) is here: run `npm install`, or `npm run build`.\n',
  )
  process.exit(1)
}
