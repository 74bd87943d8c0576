import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format } from 'node:util'
import { createCliContext } from '../../../electron/cli/context'
import { CliError } from '../../../electron/cli/exit-codes'
import { createOutput } from '../../../electron/cli/output'
import { runCli as runCommandLine } from '../../../electron/cli/run'
import { buildWhenStale, CLI_SOURCES } from '../../../electron/tools/build-freshness.mjs'
import { runNode, type NodeOptions, type NodeRun } from '../../support/run-node'

/** The checkout's root and the command line's bin, as a user runs it (`npx pbx-provisioner`). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const BIN = fileURLToPath(new URL('../../../bin/pbx-provisioner.mjs', import.meta.url))

export type CliRun = NodeRun

export interface CliOptions extends Omit<NodeOptions, 'env'> {
  /** the data folder ($PBX_PROVISIONER_DATA_DIR) */
  dataDir: string
  /** more environment variables */
  env?: Record<string, string>
  /**
   * `'child'`: always as a child process (`node out/main/cli.js`), as a user runs it. A run that is
   * given stdin or signalled (`input`, `started`) is one too.
   */
  process?: 'child'
}

/** The build of the command line (what the bin and the packaged app run). */
const BUILT_CLI = fileURLToPath(new URL('../../../out/main/cli.js', import.meta.url))

/**
 * What the tests run: the build, as the bin does, made again first when it is older than the
 * source (as `npm test` has it: it builds first). Checked once per test file; parallel files wait
 * for one build (electron/tools/build-freshness.mjs).
 */
let entry: string | undefined
function cliEntry(): string {
  if (entry === undefined) {
    buildWhenStale(BUILT_CLI, CLI_SOURCES)
    entry = BUILT_CLI
  }
  return entry
}

/**
 * Runs the command line and collects what it wrote. Most runs happen in this process: the same
 * `runCli` of electron/cli/run.ts that the entry calls, with the same context and output, stdout
 * and stderr captured, its environment variables set for the run (runs here take turns for that).
 * A child process a run costs node's start and the bundle's load (issue 41: the command line's
 * test files took 205 worker-seconds that way, 90 with most runs here). What only the entry does
 * (stdin, signals, a reader that goes away, the bundle itself) runs as a child process: a run
 * given `input` or `started`, and a run asking for `process: 'child'`. Neither way has a
 * terminal: a vitest worker has none, even when vitest runs in one.
 */
export function runCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const { dataDir, env, timeoutMs = 20_000, process: where, ...rest } = options
  const vars = { PBX_PROVISIONER_DATA_DIR: dataDir, ...env }
  if (where === 'child' || rest.input !== undefined || rest.started !== undefined) {
    return runNode([cliEntry(), ...args], { ...rest, timeoutMs, env: vars })
  }
  const run = turns.then(() => runHere(args, vars, timeoutMs))
  turns = run.catch(() => undefined)
  return run
}

/** the run in this process before the next one's turn */
let turns: Promise<unknown> = Promise.resolve()

/** package.json's version, as the entry reads it */
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version

async function runHere(args: readonly string[], vars: Record<string, string>, timeoutMs: number): Promise<CliRun> {
  const stdout: Buffer[] = []
  const stderr: Buffer[] = []
  const sink = (chunks: Buffer[]) => ({ write: (data: string | Uint8Array) => chunks.push(Buffer.from(data)) })
  const ctx = createCliContext(createOutput(sink(stdout), sink(stderr), () => false), VERSION)
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]))
  Object.assign(process.env, vars)
  // what yargs prints itself (help, the version, completions) goes through console, as to the terminal
  const { log, error } = console
  console.log = (...parts: unknown[]) => void stdout.push(Buffer.from(`${format(...parts)}\n`))
  console.error = (...parts: unknown[]) => void stderr.push(Buffer.from(`${format(...parts)}\n`))
  let timer: NodeJS.Timeout | undefined
  try {
    const ran = runCommandLine(args, ctx)
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`pbx-provisioner ${args.join(' ')} did not end in ${timeoutMs} ms; stderr so far:\n${Buffer.concat(stderr).toString('utf8')}`)), timeoutMs)
    })
    const code = await Promise.race([ran, late])
    return { code, signal: null, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }
  } finally {
    clearTimeout(timer)
    Object.assign(console, { log, error })
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** stdout of a run that printed JSON, parsed. */
export function jsonOf<T>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T
  } catch {
    throw new Error(`stdout is not JSON: ${run.stdout}\nstderr: ${run.stderr}`)
  }
}

// removed as the worker ends: its test files share this module (vitest.config.ts), so a hook
// registered here at load would belong to the first file alone
const tempDirs: string[] = []
process.once('exit', () => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A new folder in the system's temp folder, removed when the test worker ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

export { closedPort } from '../../support/closed-port'

/** The CliError a call throws (the test fails when it throws none). */
export function thrown(call: () => unknown): CliError {
  try {
    call()
  } catch (error) {
    if (error instanceof CliError) return error
    throw error
  }
  throw new Error('expected a CliError')
}
