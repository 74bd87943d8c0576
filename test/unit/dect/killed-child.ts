import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * A step of a SIGKILL proof run in a process of its own (`tsx <script> <args>`, from the
 * repository's root): the test waits until the PBX or the batch shows the step it kills at
 * (`until`), then kills it (`kill`, answering the signal it ended by). A child that ends or
 * stalls first fails the test with what it printed.
 */
export function startChild(script: string, args: readonly string[], timeoutMs = 30_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))
  const deadline = Date.now() + timeoutMs
  return {
    /** polls `reached` every 10 ms until it answers true */
    async until(reached: () => Promise<boolean>): Promise<void> {
      for (;;) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the child process ended or stalled: ${output}`)
        if (await reached()) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    kill(): Promise<NodeJS.Signals | number | null> {
      child.kill('SIGKILL')
      return exited
    },
  }
}
