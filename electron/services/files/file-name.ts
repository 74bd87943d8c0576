/**
 * A name fit for a file a user saves (a batch, a snapshot): letters, digits, spaces, `.`, `_` and
 * `-` kept, anything else a `-`, no leading dot, at most 80 characters; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[^\p{L}\p{N} ._-]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.-]+/, '')
  return cleaned.slice(0, 80) || fallback
}
