import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError } from '../../../electron/cli/exit-codes'
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

/** Runs the command line (`node out/main/cli.js <args>`) as a child process and collects what it wrote. */
export function runCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const { dataDir, env, timeoutMs = 20_000, ...rest } = options
  return runNode([cliEntry(), ...args], { ...rest, timeoutMs, env: { PBX_PROVISIONER_DATA_DIR: dataDir, ...env } })
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
