// `node --import ./register.mjs <built file>`: the built main process in plain Node, as Electron
// would run it. 'electron' is the stub (electron.cjs) for `import` (hooks.mjs) and for `require`
// (electron-log and other dependencies require it); `process` looks as it does in a packaged app
// (`process.versions.electron`, and the arguments after the binary's path alone).
import { createRequire, register } from 'node:module'

const require = createRequire(import.meta.url)
const Module = require('node:module')
const STUB = require.resolve('./electron.cjs')

const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  if (request === 'electron' || request === 'electron/main') return STUB
  return resolveFilename.call(this, request, ...rest)
}
register('./hooks.mjs', import.meta.url)

const electronVersion = require('electron/package.json').version
Object.defineProperty(process.versions, 'electron', { value: electronVersion, enumerable: true })
// a packaged app's argv is [binary, ...arguments]; Node's is [node, script, ...arguments]
process.argv.splice(1, 1)
