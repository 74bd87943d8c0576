#!/usr/bin/env node
// npm start: build the three targets, then open the desktop app. Electron 45 downloads its binary
// the first time it is started; where that cannot happen (no internet), say why and what still
// works, in one message. `npm start -- --verbose` also shows the build's file list and the
// download's own output.
import { spawnSync } from 'node:child_process'
import { electronBinaryOrDownload, noElectronMessage } from './electron-binary.mjs'

const verbose = process.argv.includes('--verbose')
const appArgs = process.argv.slice(2).filter((arg) => arg !== '--verbose')
const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32', ...options })

const build = run('npx', ['electron-vite', 'build', ...(verbose ? [] : ['--logLevel', 'warn'])])
if (build.status !== 0) process.exit(build.status ?? 1)

const binary = electronBinaryOrDownload(verbose)
if ('missing' in binary) {
  console.error(noElectronMessage('npm start', binary.missing))
  process.exit(1)
}
const app = run(binary.path, ['.', ...appArgs])
process.exit(app.status ?? 0)
