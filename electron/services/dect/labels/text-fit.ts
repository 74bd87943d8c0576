/**
 * Fitting a label's text into its width: a line cut with an ellipsis, or a name wrapped at spaces
 * onto a few lines (a word wider than the line broken between characters), the last line cut.
 * `width` measures a text in the font and size it will be drawn in (pdfkit's widthOfString).
 */

export type Measure = (text: string) => number

const ELLIPSIS = '…'

/** `text` as it fits on one line of `max`: whole, or the longest start that fits with an ellipsis. */
export function fitLine(text: string, max: number, width: Measure): string {
  if (width(text) <= max) return text
  const chars = [...text]
  // the longest start that fits with the ellipsis: a binary search over characters
  let low = 0
  let high = chars.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (width(chars.slice(0, mid).join('').trimEnd() + ELLIPSIS) <= max) low = mid
    else high = mid - 1
  }
  return chars.slice(0, low).join('').trimEnd() + ELLIPSIS
}

/** The longest start of `chars` (at least one character) that fits `max`. */
function fittingStart(chars: readonly string[], max: number, width: Measure): number {
  let n = 1
  while (n < chars.length && width(chars.slice(0, n + 1).join('')) <= max) n++
  return n
}

/**
 * `text` wrapped onto at most `maxLines` lines of `max`: words kept whole where they fit, the last
 * line cut with an ellipsis when the text goes on.
 */
export function wrapLines(text: string, max: number, maxLines: number, width: Measure): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  for (let i = 0; i < words.length; ) {
    const joined = line ? `${line} ${words[i]}` : words[i]!
    if (width(joined) <= max) {
      line = joined
      i++
    } else if (lines.length === maxLines - 1) {
      // the last line: all that is left, cut
      lines.push(fitLine([line, ...words.slice(i)].filter(Boolean).join(' '), max, width))
      return lines
    } else if (line) {
      lines.push(line)
      line = ''
    } else {
      // a word wider than a whole line: as much of it as fits, the rest starts the next line
      const chars = [...words[i]!]
      const n = fittingStart(chars, max, width)
      lines.push(chars.slice(0, n).join(''))
      words[i] = chars.slice(n).join('')
    }
  }
  if (line) lines.push(line)
  return lines
}
