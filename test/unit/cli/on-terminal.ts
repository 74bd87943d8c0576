import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { BIN, ROOT } from './run-cli'

// The command line run on a terminal, as a person runs it: util-linux `script` gives the child a
// pseudo-terminal for stdin, stdout and stderr, and writes what the terminal got. Linux only (the
// `script` of macOS and the BSDs takes other arguments); a test asks `terminalAvailable` first.

export const terminalAvailable = process.platform === 'linux' && existsSync('/usr/bin/script')

/** `text` as one word of `sh -c`, whatever it holds. */
const quoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * `pbx-provisioner <args>` (the source, through the bin) on a terminal, and what reached the
 * screen: stdout and stderr together, as the terminal got them, with the CR the terminal puts
 * before each line feed taken out again (a CR of the program's own stays, before it). `typed`:
 * what the person types (an answer to a question), sent to the terminal as the child starts.
 */
export function runOnTerminal(args: readonly string[], dataDir: string, timeoutMs = 30_000, typed = ''): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, BIN, ...args].map(quoted).join(' ')
  const env = { ...process.env, PBX_PROVISIONER_DATA_DIR: dataDir }
  return new Promise((resolve, reject) => {
    const child = execFile('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      // an exit code of its own is an answer; a run that could not start or was killed is not
      if (error && typeof error.code !== 'number') return reject(error)
      resolve({ code: child.exitCode, screen: stdout.replaceAll('\r\n', '\n') })
    })
    child.stdin?.end(typed)
  })
}
