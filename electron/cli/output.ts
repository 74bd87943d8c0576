import { terminalSafe, terminalSafeJson } from './terminal-safe'

/**
 * Where the command line writes: data on stdout (text lines and tables, or JSON with `--json`,
 * and nothing else), everything meant for the person on stderr (hints, warnings, errors), so
 * `pbx-provisioner fleet status --json | jq` always reads clean JSON.
 *
 * It is the one path for what is printed (lint keeps `process.stdout.write` out of the commands):
 * lines, table cells, notes and errors carry names from PBXs, files and spreadsheets, so every
 * character a terminal would act on is written visibly (terminal-safe.ts); the program's own text
 * holds none but its line breaks. The progress bar (cli-progress, on stderr) is the program's own.
 */

export const PROGRAM = 'pbx-provisioner'

export type Align = 'left' | 'right'

export interface Output {
  /** a line of data, on stdout */
  line(text: string): void
  /**
   * machine-readable data, on stdout, as one JSON document; a file's JSON goes out here too (a C1
   * control or DEL in it would be `\x9b` through `line`, which JSON cannot read)
   */
  json(value: unknown): void
  /**
   * a file on stdout (`-` for the file: a CSV, a PDF): its bytes as they are for a pipe or a
   * redirect; on a terminal its text is shown, every control visible (a name in a CSV cell must not
   * clear the screen there)
   */
  file(data: string | Uint8Array): void
  /** a table on stdout: a header line, then one line per row, columns padded to line up */
  table(header: readonly string[], rows: readonly (readonly string[])[], align?: readonly Align[]): void
  /** a remark for the person (what happens, a hint, a warning), on stderr */
  note(text: string): void
  /** what failed and what to do, on stderr, after the program's name */
  error(text: string): void
  /** whether stdin and stderr are a terminal (a password may be asked for) */
  interactive(): boolean
}

interface Writable {
  write(data: string | Uint8Array): unknown
  /** set on a terminal (process.stdout) */
  isTTY?: boolean
}

export function createOutput(
  stdout: Writable = process.stdout,
  stderr: Writable = process.stderr,
  interactive: () => boolean = () => Boolean(process.stdin.isTTY && process.stderr.isTTY),
): Output {
  return {
    line: (text) => void stdout.write(`${terminalSafe(text, { newlines: true })}\n`),
    json: (value) => void stdout.write(`${terminalSafeJson(value)}\n`),
    file: (data) => void stdout.write(stdout.isTTY ? shownFile(data) : data),
    table: (header, rows, align = []) => {
      const safe = (cells: readonly string[]) => cells.map((cell) => terminalSafe(cell))
      for (const text of formatTable(safe(header), rows.map(safe), align)) stdout.write(`${text}\n`)
    },
    note: (text) => void stderr.write(`${terminalSafe(text, { newlines: true })}\n`),
    error: (text) => void stderr.write(`${PROGRAM}: ${terminalSafe(text, { newlines: true })}\n`),
    interactive,
  }
}

/** A file as a terminal shows it: its text, CRLF line ends as line breaks, every other control visible. */
function shownFile(data: string | Uint8Array): string {
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data)
  return terminalSafe(text.replaceAll('\r\n', '\n'), { newlines: true })
}

/** Column widths by the longest cell (by code points); the last column is not padded on the right. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string[] {
  const all = [header, ...rows]
  const widths = header.map((_, column) => Math.max(...all.map((row) => [...(row[column] ?? '')].length)))
  return all.map((row) =>
    header
      .map((_, column) => {
        const cell = row[column] ?? ''
        const pad = ' '.repeat((widths[column] ?? 0) - [...cell].length)
        if (align[column] === 'right') return pad + cell
        return column === header.length - 1 ? cell : cell + pad
      })
      .join('  ')
      .trimEnd(),
  )
}

/** "a, b or c" */
export const orList = (words: readonly string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`)

/** "1 PBX", "3 PBXs" */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`
