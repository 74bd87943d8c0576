import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll } from 'vitest'
import { CliError } from '../../../electron/cli/exit-codes'

/** The checkout's root and the command line's bin, as a user runs it (`npx pbx-provisioner`). */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const BIN = fileURLToPath(new URL('../../../bin/pbx-provisioner.mjs', import.meta.url))

export interface CliRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface CliOptions {
  /** the data folder ($PBX_PROVISIONER_DATA_DIR) */
  dataDir: string
  /** more environment variables */
  env?: Record<string, string>
  /** written to stdin, which is then closed (stdin is never a terminal here) */
  input?: string
  /** called once the child runs (to signal it) */
  started?: (child: ChildProcess) => void
  timeoutMs?: number
}

/**
 * Runs `node bin/pbx-provisioner.mjs <args>` as a child process and collects what it wrote.
 * Asynchronous on purpose: the demo PBX it talks to runs in this test's own event loop.
 */
export function runCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, PBX_PROVISIONER_DATA_DIR: options.dataDir, ...options.env }
  return new Promise<CliRun>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`pbx-provisioner ${args.join(' ')} did not end in time; stderr so far: ${stderr}`))
    }, options.timeoutMs ?? 20_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
    child.stdin.end(options.input ?? '')
    options.started?.(child)
  })
}

/** stdout of a run that printed JSON, parsed. */
export function jsonOf<T>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T
  } catch {
    throw new Error(`stdout is not JSON: ${run.stdout}\nstderr: ${run.stderr}`)
  }
}

const tempDirs: string[] = []
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A new folder in the system's temp folder, removed after the test file. */
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
