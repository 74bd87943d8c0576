import { LIMITS } from './pbx-common'

/**
 * The two small languages of an outbound rule (seed 2.4), read the same way by the rule editor
 * (to warn while the user types) and by "Test a number" (services/outbound/number-match.ts):
 *
 * - `number_length`: `;`-separated lengths 1..64 of the whole dialled number, e.g. `10;11`;
 *   empty for any length.
 * - `number_mask`: `;`-separated calling extensions or ranges `from-to`, e.g. `100-199;205`;
 *   empty for every extension. A range written backwards (`199-100`) is read as 100..199 and
 *   flagged, so the editor can warn (the PBX refuses it on input, but a rule may still hold one).
 *
 * Both parsers are lenient where it costs nothing (spaces, a trailing `;`) and list what they could
 * not read as `problems`, in words for the user; what they could read is still returned.
 */

export interface ParsedNumberLengths {
  /** the lengths, in the order written, without repeats; [] means any length */
  lengths: number[]
  problems: string[]
}

export interface MaskEntry {
  /** the lower end, digits as written (for a single extension, the extension) */
  from: string
  /** the upper end, digits as written (for a single extension, the extension again) */
  to: string
  /** the entry as written (spaces removed), e.g. `205`, `100-199` or `199-100` */
  text: string
  /** written as `high-low`: read as low..high */
  backwards: boolean
}

export interface ParsedNumberMask {
  entries: MaskEntry[]
  problems: string[]
}

const { min: LENGTH_MIN, max: LENGTH_MAX } = LIMITS.numberLengthEntry

/**
 * The `;`-separated pieces of a field, trimmed. An empty last piece (a trailing `;`) and an empty
 * text are nothing; an empty piece between two `;` is a problem (most likely a typo).
 */
const pieces = (text: string): { items: { value: string; index: number }[]; problems: string[] } => {
  const raw = text.split(';').map((p) => p.trim())
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop()
  const items: { value: string; index: number }[] = []
  const problems: string[] = []
  raw.forEach((value, i) => {
    if (value === '') problems.push(`entry ${i + 1} is empty (two ; in a row)`)
    else items.push({ value, index: i })
  })
  return { items, problems }
}

/** `"10;11"` → `[10, 11]`; `""` → `[]` (any length). */
export function parseNumberLengths(text: string): ParsedNumberLengths {
  const { items, problems } = pieces(text)
  const lengths: number[] = []
  for (const { value } of items) {
    if (!/^\d+$/.test(value)) {
      problems.push(`${value} is not a whole number`)
      continue
    }
    const n = Number(value)
    if (n < LENGTH_MIN || n > LENGTH_MAX) problems.push(`${value} is not a length from ${LENGTH_MIN} to ${LENGTH_MAX}`)
    else if (lengths.includes(n)) problems.push(`${n} is listed twice`)
    else lengths.push(n)
  }
  return { lengths, problems }
}

/** `[10, 11]` → `"10;11"`; `[]` → `""`. */
export function formatNumberLengths(lengths: readonly number[]): string {
  return lengths.join(';')
}

const isRange = (entry: MaskEntry): boolean => entry.text.includes('-')

/** `"100-199;205"` → a range 100..199 and the extension 205; `""` → no entries (every extension). */
export function parseNumberMask(text: string): ParsedNumberMask {
  const { items, problems } = pieces(text)
  const entries: MaskEntry[] = []
  for (const { value } of items) {
    const single = /^\d+$/.exec(value)
    if (single) {
      entries.push({ from: value, to: value, text: value, backwards: false })
      continue
    }
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(value)
    if (!range) {
      problems.push(`${value} is not an extension or a range from-to`)
      continue
    }
    const [a, b] = [range[1] ?? '', range[2] ?? '']
    const backwards = BigInt(a) > BigInt(b)
    entries.push({ from: backwards ? b : a, to: backwards ? a : b, text: `${a}-${b}`, backwards })
  }
  return { entries, problems }
}

/** Entries back to a mask; a backwards range comes out the right way round (`100-199`). */
export function formatNumberMask(entries: readonly MaskEntry[]): string {
  return entries.map((e) => (isRange(e) ? `${e.from}-${e.to}` : e.from)).join(';')
}

/**
 * Every entry that contains the extension: a single entry by its exact digits (`0100` is not
 * `100`), a range by value (BigInt: an extension may be longer than a double holds exactly).
 * Overlapping ranges that both contain it are both returned.
 */
export function maskMatches(entries: readonly MaskEntry[], extension: string): MaskEntry[] {
  const digits = /^\d+$/.test(extension)
  return entries.filter((e) => {
    if (!isRange(e)) return e.from === extension
    if (!digits) return false
    const n = BigInt(extension)
    return BigInt(e.from) <= n && n <= BigInt(e.to)
  })
}
