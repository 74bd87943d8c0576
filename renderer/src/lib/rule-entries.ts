/**
 * The `;`-separated entries of a rule's number lengths or calling extensions as the editor's tags
 * show them: each entry as written (trimmed), empty ones dropped; and the text a list of tags
 * makes. What an entry means is read by `@contract/number-patterns`.
 */
export function entriesOf(text: string): string[] {
  return text
    .split(';')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
}

export function textOf(entries: readonly string[]): string {
  return entries.join(';')
}

/**
 * What was typed into a tag's box: several entries may be typed or pasted at once (`10;11`,
 * `10, 11`, `10 11`); a range may have spaces around its dash (`100 - 199`).
 */
export function typedEntries(typed: string): string[] {
  return typed
    .replace(/\s*-\s*/g, '-')
    .split(/[;,\s]+/)
    .filter((entry) => entry !== '')
}
