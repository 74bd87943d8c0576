#!/usr/bin/env node
// npm start: build the three targets, then open the desktop app. Electron 45 downloads its binary
// the first time it is started; where that cannot happen (no internet), say why and what still
// works, in one message. `npm start -- --verbose` also shows the build's file list and the
// download's own output.
import { spawnSync } from 'node:child_process'
import { findElectronBinary } from './electron-binary.mjs'

const verbose = process.argv.includes('--verbose')
const appArgs = process.argv.slice(2).filter((arg) => arg !== '--verbose')
const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32', ...options })

const build = run('npx', ['electron-vite', 'build', ...(verbose ? [] : ['--logLevel', 'warn'])])
if (build.status !== 0) process.exit(build.status ?? 1)

let binary = findElectronBinary()
if ('missing' in binary) {
  console.log(`Electron: ${binary.missing}; downloading it now (needs internet access) ...`)
  // Electron's own first-use download, in a process of its own: its progress and its errors
  // (a stack trace when offline) are shown only with --verbose; the outcome is said below
  run(process.execPath, ['-e', "require('electron')"], { stdio: verbose ? 'inherit' : 'ignore' })
  binary = findElectronBinary()
}
if ('missing' in binary) {
  console.error(`
PBX Provisioner could not start: ${binary.missing}.
Electron fetches its binary from the internet the first time the app starts, and this machine
could not download it (npm start -- --verbose shows why). Everything except the window itself
still works and is tested here:
  npm test                           lint, type checks, unit and service tests, and the renderer in Chromium
  npm run demo-pbx -- --port 8901    the demo PBX on http://127.0.0.1:8901 (Ctrl-C stops it)
  npx pbx-provisioner --help         the command line
On a machine with internet access, npm start downloads Electron once and opens the app.`)
  process.exit(1)
}
const app = run(binary.path, ['.', ...appArgs])
process.exit(app.status ?? 0)
