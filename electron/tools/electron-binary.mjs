// Where the Electron binary is, without triggering Electron 45's download-on-first-use.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** @returns {{ path: string } | { missing: string }} */
export function findElectronBinary() {
  let packageDir
  try {
    packageDir = dirname(require.resolve('electron/package.json'))
  } catch {
    return { missing: 'the electron package is not installed (run npm install)' }
  }
  const pathFile = join(packageDir, 'path.txt')
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron'
    const path = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, name)
    return existsSync(path) ? { path } : { missing: `no Electron binary at ${path} (ELECTRON_OVERRIDE_DIST_PATH)` }
  }
  if (!existsSync(pathFile)) return { missing: 'the Electron binary has not been downloaded yet' }
  const path = join(packageDir, 'dist', readFileSync(pathFile, 'utf8'))
  return existsSync(path) ? { path } : { missing: `the Electron binary is missing at ${path}` }
}
