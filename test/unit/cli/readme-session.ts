import { spawn } from 'node:child_process'
import { BIN, ROOT } from './run-cli'

/**
 * The console session of docs/command-line.md, as steps to replay: each `$ `
 * line (with its `\` continuation lines) and the lines it shows after it, up to the next `$ `.
 */

export type Step =
  | { kind: 'export'; name: string; value: string; line: string }
  | { kind: 'run'; args: string[]; piped: boolean; expected: string[]; line: string }

/**
 * The ```console blocks of a Markdown section: from its heading line (`# Command line`) up to the
 * next heading of the same level or above.
 */
export function consoleBlocks(markdown: string, heading: string): string[][] {
  const lines = markdown.split(/\r?\n/)
  const start = lines.findIndex((line) => line === heading)
  if (start < 0) throw new Error(`No section "${heading}"`)
  const level = /^#+ /.exec(heading)?.[0] ?? ''
  if (level === '') throw new Error(`Not a heading: "${heading}"`)
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && line.indexOf(' ') <= level.length - 1)
  const section = lines.slice(start + 1, end < 0 ? undefined : end)
  const blocks: string[][] = []
  let block: string[] | undefined
  for (const line of section) {
    if (block === undefined && line.trim() === '```console') block = []
    else if (block !== undefined && line.trim() === '```') {
      blocks.push(block)
      block = undefined
    } else block?.push(line)
  }
  return blocks
}

/**
 * A command line split into words as a POSIX shell does for the simple cases a README shows:
 * single and double quotes, a backslash escape, a `#` comment, and where an unquoted `|` begins.
 */
export function shellWords(text: string): { words: string[]; piped: boolean } {
  const words: string[] = []
  let word: string | undefined
  let quote: '"' | "'" | undefined
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quote) {
      if (char === quote) quote = undefined
      else if (char === '\\' && quote === '"' && /["\\$`]/.test(text[i + 1] ?? '')) word = (word ?? '') + text[++i]
      else word = (word ?? '') + char
    } else if (char === '"' || char === "'") {
      quote = char
      word ??= ''
    } else if (char === '\\') word = (word ?? '') + (text[++i] ?? '')
    else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (char === '#' && word === undefined) break
    else if (char === '|' && word === undefined) {
      return { words, piped: true }
    } else word = (word ?? '') + char
  }
  if (quote) throw new Error(`Unclosed quote in the session's command: ${text}`)
  if (word !== undefined) words.push(word)
  return { words, piped: false }
}

/** The steps of a console block: `export NAME=…` and `npx pbx-provisioner …`; anything else is refused. */
export function sessionSteps(block: readonly string[]): Step[] {
  const steps: Step[] = []
  for (let i = 0; i < block.length; i++) {
    const first = block[i]!
    if (!first.startsWith('$ ')) throw new Error(`A line of the session is neither a command nor a command's output: ${first}`)
    let command = first.slice(2)
    while (command.endsWith('\\') && i + 1 < block.length) command = `${command.slice(0, -1)} ${block[++i]!.trim()}`
    const expected: string[] = []
    while (i + 1 < block.length && !block[i + 1]!.startsWith('$ ')) expected.push(block[++i]!)
    const { words, piped } = shellWords(command)
    const exported = words[0] === 'export' && words.length === 2 ? /^([A-Za-z_]\w*)=(.*)$/.exec(words[1]!) : null
    if (exported) steps.push({ kind: 'export', name: exported[1]!, value: exported[2]!, line: first })
    else if (words[0] === 'npx' && words[1] === 'pbx-provisioner') steps.push({ kind: 'run', args: words.slice(2), piped, expected, line: command })
    else throw new Error(`The session of docs/command-line.md may only export variables and run \`npx pbx-provisioner\`: ${command}`)
  }
  return steps
}

/**
 * A line as compared: runs of spaces as one (a table's columns line up by their widths), timings,
 * dates, times and ids (whole, short, or a beginning and …) as placeholders.
 */
export function normalLine(line: string): string {
  return line
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\d+ ms\b/g, '<n> ms')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '<date>')
    .replace(/\b\d{2}:\d{2}\b/g, '<time>')
    // an id: a whole one as printed, its beginning followed by … as a README shows it
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<id>')
    .replace(/\b[0-9a-f]{2,}…/g, '<id>')
    .replace(/\b[0-9a-f]{8}\b/g, '<id>')
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A shown line as a pattern: `…` inside it stands for any text. */
const linePattern = (shown: string): RegExp => new RegExp(`^${normalLine(shown).split('…').map(escape).join('.*')}$`)

/** A shown line that stands for any lines: `…` alone, or a progress bar (drawn on a terminal only). */
const anyLines = (shown: string): boolean => shown.trim() === '…' || /^[█░]/.test(shown.trim())

/**
 * Whether the output matches the lines the page shows: each shown line matches one line of the
 * output, in order and all of it, except a wildcard line (`…`, a progress bar), which matches any
 * number of lines.
 */
export function matchesShown(shown: readonly string[], output: readonly string[]): boolean {
  const actual = output.map(normalLine)
  const match = (s: number, a: number): boolean => {
    if (s === shown.length) return a === actual.length
    if (anyLines(shown[s]!)) {
      for (let next = a; next <= actual.length; next++) if (match(s + 1, next)) return true
      return false
    }
    return a < actual.length && linePattern(shown[s]!).test(actual[a]!) && match(s + 1, a + 1)
  }
  return match(0, 0)
}

/**
 * Runs `node <entry> <args>` with stderr on the same pipe as stdout, as a terminal shows them;
 * `entry` is the command line as a user runs it: bin/pbx-provisioner.mjs (which builds first
 * when the build is older than the source), or the build's out/main/cli.js.
 */
export function runMerged(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; entry?: string; timeoutMs?: number },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, options.entry ?? BIN, ...args], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`pbx-provisioner ${args.join(' ')} did not end in time; output so far: ${output}`))
    }, options.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
    child.stdin.end('')
  })
}

export { BIN, ROOT }
