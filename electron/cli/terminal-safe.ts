/**
 * Text from outside the program (a PBX, a file, a spreadsheet) as a terminal may show it (issue
 * 39): a name holding `ESC[2J`, an OSC title sequence, BEL, a carriage return or a right-to-left
 * override must not clear the user's screen, set the terminal's title, ring, overwrite the line or
 * turn the line around. Every C0 control (U+0000–U+001F, tab and newline too unless allowed),
 * DEL, every C1 control (U+0080–U+009F, where 8-bit terminals read CSI and OSC) and the bidi
 * embeddings, overrides and isolates are written visibly: `\x1b`, `\x9b`, `\u202e`. Printable
 * text, backslashes included, is left as it is, so the function is idempotent.
 */

/** What a terminal acts on beyond C0: DEL, the C1 controls, the bidi marks, embeddings, overrides and isolates. */
const BEYOND_C0 = '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069'
/** The characters a terminal acts on instead of showing: C0, DEL, C1, bidi controls. */
const UNSAFE = new RegExp(`[\\u0000-\\u001f${BEYOND_C0}]`, 'gu')
/** Those JSON.stringify leaves raw (it escapes C0 itself). */
const UNSAFE_IN_JSON = new RegExp(`[${BEYOND_C0}]`, 'gu')

const visible = (ch: string): string => {
  const code = ch.codePointAt(0) as number
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** `text` with every character a terminal would act on shown visibly; `newlines: true` keeps line breaks (the program's own). */
export function terminalSafe(text: string, { newlines = false }: { newlines?: boolean } = {}): string {
  return text.replace(UNSAFE, (ch) => (newlines && ch === '\n' ? ch : visible(ch)))
}

/**
 * A JSON document as `--json` prints it: exact JSON (JSON.parse gives back the same value), with
 * the C1 and bidi controls that JSON.stringify leaves raw escaped as JSON escapes them (`\u009b`).
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, (ch) => `\\u${(ch.codePointAt(0) as number).toString(16).padStart(4, '0')}`)
}
