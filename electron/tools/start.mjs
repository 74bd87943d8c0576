#!/usr/bin/env node
// npm start: build the three targets, then open the desktop app. Electron 45 downloads its binary
// the first time it is started; where that cannot happen (no internet), say why and what still works.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { findElectronBinary } from './electron-binary.mjs'

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })

const build = run('npx', ['electron-vite', 'build'])
if (build.status !== 0) process.exit(build.status ?? 1)

let binary = findElectronBinary()
if ('missing' in binary) {
  console.log(`\nElectron: ${binary.missing}; downloading it now (needs internet access) ...`)
  try {
    createRequire(import.meta.url)('electron') // Electron's own first-use download
  } catch {
    // reported below
  }
  binary = findElectronBinary()
}
if ('missing' in binary) {
  console.error(`
PBX Provisioner could not start: ${binary.missing}.
Electron fetches its binary from the internet the first time the app starts, and this machine
could not download it. Everything except the window itself still works and is tested here:
  npm test            lint, type checks, unit and service tests, and the renderer in Chromium
  npm run demo-pbx    the demo PBX on http://127.0.0.1:8901
On a machine with internet access, npm start downloads Electron once and opens the app.`)
  process.exit(1)
}
const app = run(binary.path, ['.', ...process.argv.slice(2)])
process.exit(app.status ?? 0)
