import { readFileSync } from 'node:fs'
import { hideBin } from 'yargs/helpers'
import { createCliContext } from './context'
import { EXIT } from './exit-codes'
import { createOutput } from './output'
import { runCli, stopOnSignals } from './run'

/**
 * The command line's entry, built as out/main/cli.js: `bin/pbx-provisioner.mjs` runs that build
 * (making it again first in a checkout whose source is newer). It imports the contract and the
 * services only, never Electron (DESIGN.md, "cli").
 */

/** package.json's version: two folders up from this file, as from out/main/cli.js. */
function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The arguments without the `--cli` that told the app's binary to be the command line. */
function withoutAppFlag(args: string[]): string[] {
  return process.versions.electron !== undefined && args[0] === '--cli' ? args.slice(1) : args
}

const out = createOutput()
const ctx = createCliContext(out, appVersion())
// A reader that went away (`… | head`): what is printed from then on is dropped. Work writing to
// PBXs (a rollout, a push) goes on to its end and records its result, and its exit code stands;
// anything else stops there, signing out, with 141 as a shell's SIGPIPE gives: never 0 for a run
// cut short.
let outputClosed = false
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' || outputClosed) return
    outputClosed = true
    if (!ctx.writing) void ctx.close().finally(() => process.exit(EXIT.outputClosed))
  })
}
stopOnSignals(ctx)
// the packaged app runs the command line as `<app> --cli …` (electron/main/index.ts): that flag is not a command
const code = await runCli(withoutAppFlag(hideBin(process.argv)), ctx)
// the answer is written; sockets kept alive for reuse must not hold the process open (nothing is
// printed here: an empty write waits for what is queued)
const exit = () => process.exit(code)
if (outputClosed || process.stdout.destroyed) exit()
// eslint-disable-next-line no-restricted-syntax
else process.stdout.write('', () => process.stderr.write('', exit))
