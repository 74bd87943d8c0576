import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The checkout: where child processes of the tests run. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface NodeRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface NodeOptions {
  /** more environment variables, over this process's */
  env?: NodeJS.ProcessEnv
  /** written to stdin, which is then closed (stdin is never a terminal here) */
  input?: string
  /** called once the child runs (to signal it) */
  started?: (child: ChildProcess) => void
  /** killed, and the run rejected, after this long (30 s by default) */
  timeoutMs?: number
}

/**
 * `node <args>` in the checkout as a child process, what it wrote collected. Asynchronous on
 * purpose: a demo PBX it talks to may run in the test's own event loop.
 */
export function runNode(args: readonly string[], options: NodeOptions = {}): Promise<NodeRun> {
  const timeoutMs = options.timeoutMs ?? 30_000
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`node ${args.join(' ')} did not end in ${timeoutMs} ms; stderr so far:\n${stderr}`))
    }, timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
    child.stdin.end(options.input ?? '')
    options.started?.(child)
  })
}
