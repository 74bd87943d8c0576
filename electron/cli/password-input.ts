import { createInterface } from 'node:readline/promises'
import { CliError, EXIT, usageError } from './exit-codes'

/**
 * Where a password comes from: an environment variable (`--password-env VAR`), stdin
 * (`--password-stdin`, for a secret manager's pipe), or a prompt without echo on a terminal.
 * Never an argument: arguments end up in the shell's history and in the process list.
 */
export interface PasswordOptions {
  passwordEnv?: string | undefined
  passwordStdin?: boolean | undefined
}

export interface PasswordIo {
  env: NodeJS.ProcessEnv
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }
  stderr: { write(text: string): unknown }
  /** stdin and stderr are a terminal */
  interactive: boolean
}

const defaultIo = (): PasswordIo => ({
  env: process.env,
  stdin: process.stdin,
  stderr: process.stderr,
  interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
})

/** The most read from stdin: a password, not a file. */
const MAX_STDIN = 64 * 1024

export const interrupted = (): CliError => new CliError(EXIT.interrupted, 'Stopped (Ctrl-C); nothing more was done.')

/**
 * Checks, before anything is done, that a password can be had, and answers how to get it.
 * Bad usage when none can: no option given and no terminal to ask on, or an empty variable.
 */
export function passwordSource(options: PasswordOptions, prompt: string, io: PasswordIo = defaultIo()): () => Promise<string> {
  if (options.passwordEnv !== undefined) {
    const name = options.passwordEnv.trim()
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw usageError(`--password-env takes the name of an environment variable (e.g. PBX_PASSWORD), not "${name}".`)
    const value = io.env[name]
    if (!value) throw usageError(`The environment variable ${name} named by --password-env is not set or empty: export it with the password, or use --password-stdin.`)
    return async () => value
  }
  if (options.passwordStdin) return () => readPasswordFromStdin(io)
  if (!io.interactive) {
    throw usageError('No password given: pass --password-env VAR (the name of a variable holding it) or --password-stdin, or run the command in a terminal to type it.')
  }
  return () => promptHidden(prompt, io)
}

async function readPasswordFromStdin(io: PasswordIo): Promise<string> {
  let text = ''
  for await (const chunk of io.stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    if (text.length > MAX_STDIN) throw usageError('--password-stdin read more than 64 KB: pipe the password alone into the command.')
  }
  // one line ending is the pipe's, not the password's (echo, a here-string)
  const password = text.replace(/\r?\n$/, '')
  if (password === '') throw usageError('--password-stdin read an empty password: pipe the password into the command, e.g. `secret-tool lookup … | pbx-provisioner …`.')
  return password
}

/** Asks on the terminal with echo off. Ctrl-C stops (exit 130); Ctrl-D on an empty line too. */
export function promptHidden(prompt: string, io: PasswordIo = defaultIo()): Promise<string> {
  const { stdin, stderr } = io
  return new Promise<string>((resolve, reject) => {
    let typed = ''
    const end = (): void => {
      stdin.off('data', onData)
      stdin.setRawMode?.(false)
      stdin.pause()
      stderr.write('\n')
    }
    const onData = (chunk: string | Buffer): void => {
      for (const char of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || (char === '\u0004' && typed !== '')) {
          end()
          if (typed === '') reject(usageError('No password typed: nothing was done.'))
          else resolve(typed)
          return
        }
        if (char === '\u0003' || char === '\u0004') {
          end()
          reject(interrupted())
          return
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('')
        else if (char === '\u0015') typed = ''
        else if (char >= ' ') typed += char
      }
    }
    stderr.write(prompt)
    stdin.setRawMode?.(true)
    stdin.setEncoding?.('utf8')
    stdin.on('data', onData)
    stdin.resume()
  })
}

/** Asks a question on the terminal, with echo (a one-time code). Ctrl-C stops (exit 130). */
export async function promptLine(question: string, io: PasswordIo = defaultIo()): Promise<string> {
  const reader = createInterface({ input: io.stdin, output: io.stderr as NodeJS.WritableStream, terminal: true })
  const stop = new AbortController()
  reader.on('SIGINT', () => stop.abort())
  try {
    return (await reader.question(question, { signal: stop.signal })).trim()
  } catch (error) {
    if (stop.signal.aborted) throw interrupted()
    throw error
  } finally {
    reader.close()
  }
}
