import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The checkout, and what `npm run build` (electron-vite) makes in it: what the app ships. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const OUT = join(ROOT, 'out')
export const BUILT_CLI = join(OUT, 'main/cli.js')
export const BUILT_MAIN = join(OUT, 'main/index.js')
export const BUILT_PRELOAD = join(OUT, 'preload/index.cjs')
/** `node --import` this, and 'electron' is the stand-in of electron-stub/electron.cjs. */
export const ELECTRON_STUB = fileURLToPath(new URL('./electron-stub/register.mjs', import.meta.url))

/** Every script under `dir` (`.js`, `.cjs`, `.mjs`), as paths relative to out/, sorted. */
export function builtScripts(dir: string): string[] {
  return readdirSync(join(OUT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => relative(OUT, join(entry.parentPath, entry.name)))
    .sort()
}

export { runNode, type NodeRun } from '../support/run-node'
