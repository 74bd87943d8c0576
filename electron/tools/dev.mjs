#!/usr/bin/env node
// npm run dev: electron-vite dev (main and the preload built into out/, the renderer from Vite's
// dev server with hot reload, in the Electron window). Without an Electron binary, and none to
// download, it says so and what to use instead, before building anything: out/ keeps the
// production build the tests load. `npm run dev -- --verbose` shows the download's own output;
// other arguments go to electron-vite (`--watch`).
import { spawnSync } from 'node:child_process'
import { electronBinaryOrDownload, noElectronMessage } from './electron-binary.mjs'

const verbose = process.argv.includes('--verbose')
const args = process.argv.slice(2).filter((arg) => arg !== '--verbose')

const binary = electronBinaryOrDownload(verbose)
if ('missing' in binary) {
  console.error(noElectronMessage('npm run dev', binary.missing))
  console.error('For the screens while working: the renderer in Chromium with the real services (docs/development.md).')
  process.exit(1)
}
const dev = spawnSync('npx', ['electron-vite', 'dev', ...args], { stdio: 'inherit', shell: process.platform === 'win32' })
process.exit(dev.status ?? 1)
