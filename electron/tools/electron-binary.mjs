// Where the Electron binary is, without triggering Electron 45's download-on-first-use.
import { spawnSync } from 'node:child_process'
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

/**
 * The binary, after Electron's own first-use download where it is missing (in a process of its
 * own: its progress and errors, a stack trace when offline, are shown only when `verbose`).
 * @param {boolean} verbose
 * @returns {{ path: string } | { missing: string }}
 */
export function electronBinaryOrDownload(verbose) {
  const found = findElectronBinary()
  if (!('missing' in found)) return found
  console.log(`Electron: ${found.missing}; downloading it now (needs internet access) ...`)
  spawnSync(process.execPath, ['-e', "require('electron')"], { stdio: verbose ? 'inherit' : 'ignore' })
  return findElectronBinary()
}

/**
 * Why `command` (npm start, npm run dev) cannot open the window here, and what still works.
 * @param {string} command
 * @param {string} missing
 */
export function noElectronMessage(command, missing) {
  return `
PBX Provisioner could not start: ${missing}.
Electron fetches its binary from the internet the first time the app starts, and this machine
could not download it (${command} -- --verbose shows why). Everything except the window itself
still works and is tested here:
  npm test                           lint, type checks, unit and service tests, and the renderer in Chromium
  npm run demo-pbx -- --port 8901    the demo PBX on http://127.0.0.1:8901 (Ctrl-C stops it)
  npx pbx-provisioner --help         the command line
On a machine with internet access, ${command} downloads Electron once and opens the app.`
}
