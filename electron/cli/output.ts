/**
 * Where the command line writes: data on stdout (text lines and tables, or JSON with `--json`,
 * and nothing else), everything meant for the person on stderr (hints, warnings, errors), so
 * `pbx-provisioner fleet status --json | jq` always reads clean JSON.
 */

export const PROGRAM = 'pbx-provisioner'

export type Align = 'left' | 'right'

export interface Output {
  /** a line of data, on stdout */
  line(text: string): void
  /** machine-readable data, on stdout, as one JSON document */
  json(value: unknown): void
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
  write(text: string): unknown
}

export function createOutput(
  stdout: Writable = process.stdout,
  stderr: Writable = process.stderr,
  interactive: () => boolean = () => Boolean(process.stdin.isTTY && process.stderr.isTTY),
): Output {
  return {
    line: (text) => void stdout.write(`${text}\n`),
    json: (value) => void stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    table: (header, rows, align = []) => {
      for (const text of formatTable(header, rows, align)) stdout.write(`${text}\n`)
    },
    note: (text) => void stderr.write(`${text}\n`),
    error: (text) => void stderr.write(`${PROGRAM}: ${text}\n`),
    interactive,
  }
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

/** "1 PBX", "3 PBXs" */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`
