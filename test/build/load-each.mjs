// `node --import ./electron-stub/register.mjs load-each.mjs <file>…`: imports each built file in
// turn and prints one JSON line for it, {"file", "error"?}: a syntax error, an import Electron or
// a chunk does not export, or a throw at the top level. Electron's app never gets ready here (the
// stub's loading mode), so each file is evaluated and nothing more.
import { pathToFileURL } from 'node:url'

// (the stub makes argv look like a packaged app's: [binary, ...arguments], without this script)
for (const file of process.argv.slice(1)) {
  try {
    await import(pathToFileURL(file).href)
    process.stdout.write(`${JSON.stringify({ file })}\n`)
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ file, error: String(error?.stack ?? error) })}\n`)
  }
}
process.exit(0)
