import { expect } from 'vitest'
import type { CliRun } from './run-cli'

// Hostile names as issue 39 names them, and the checks on what a run of the command line put on
// the screen (test/unit/cli/hostile-terminal.test.ts). The expected forms are written out here,
// not computed with terminal-safe.ts, so a change there that lets a character through fails.

const CLEAR_SCREEN = '\u001b[2J'
/** an OSC sequence setting the terminal's title, ended by BEL */
const SET_TITLE = '\u001b]0;owned\u0007'

/**
 * A name as a hostile PBX, file or spreadsheet may hold it: ESC[2J, an OSC title sequence ending in
 * BEL, a CR that would overwrite the line, an RTL override, an 8-bit CSI (C1) and DEL. With a short
 * tag it is under 64 characters, as a PBX takes names.
 */
export const hostile = (tag: string): string => `${tag}${CLEAR_SCREEN}${SET_TITLE}\rOK\u202e\u009b2J\u007f`

/** `hostile(tag)` as the screen must show it: every control written visibly. */
export const shown = (tag: string): string => `${tag}\\x1b[2J\\x1b]0;owned\\x07\\x0dOK\\u202e\\x9b2J\\x7f`

/** Makes a name 10 kB long. */
export const LONG_TAIL = 'x'.repeat(10_000)

/**
 * What must never reach a terminal raw: C0 controls but the line break (the tables pad with
 * spaces, never tabs), DEL, C1, and the bidi controls (embeddings, overrides, isolates, marks).
 * U+FFFD is there too: the run's bytes are read as UTF-8, so a byte that is not UTF-8 (a lone
 * 0x9B, the 8-bit CSI) would show as U+FFFD; none of the tests' inputs holds one. On valid UTF-8,
 * checking characters is checking bytes: 0x00–0x7F only ever stand for themselves, and C1
 * controls are the two bytes C2 80–C2 9F.
 */
// eslint-disable-next-line no-control-regex -- the characters a terminal acts on
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffd]/u

/** The first character of `text` a terminal would act on, with where it is; undefined when none. */
function firstRaw(text: string): string | undefined {
  const match = RAW.exec(text)
  if (!match) return undefined
  const at = match.index
  const code = (match[0].codePointAt(0) as number).toString(16).padStart(4, '0')
  return `U+${code} at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))}`
}

/** Nothing in `text` (what reached the screen) that a terminal would act on. */
export function expectSafe(text: string, where: string): void {
  expect(firstRaw(text), `a raw control character on ${where}`).toBeUndefined()
}

/** Nothing on a run's stdout or stderr that a terminal would act on. */
export function expectScreenSafe(run: Pick<CliRun, 'stdout' | 'stderr'>): void {
  expectSafe(run.stdout, 'stdout')
  expectSafe(run.stderr, 'stderr')
}

/** `text` has a line holding `part` whole (a 10 kB name is never broken over lines). */
export function expectOnOneLine(text: string, part: string): void {
  const found = text.split('\n').some((line) => line.includes(part))
  expect(found, `no line holds ${JSON.stringify(part.slice(0, 80))}${part.length > 80 ? `… (${part.length} characters)` : ''}`).toBe(true)
}

/** `text` as a literal part of a regular expression. */
export const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every string of a JSON value, keys too, at any depth. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => [key, ...stringsOf(v)])
  return []
}

/** A `--json` run's stdout: screen-safe, exact JSON, and holding each of `originals` as it was (within a string). */
export function expectExactJson(run: CliRun, ...originals: string[]): unknown {
  expectScreenSafe(run)
  let value: unknown
  try {
    value = JSON.parse(run.stdout)
  } catch {
    throw new Error(`stdout is not JSON: ${run.stdout.slice(0, 2000)}\nstderr: ${run.stderr}`)
  }
  const strings = stringsOf(value)
  for (const original of originals) expect(strings.some((s) => s.includes(original)), `the JSON holds ${JSON.stringify(original.slice(0, 80))}`).toBe(true)
  return value
}
