import { charactersText } from '../../../contract/characters'
import { missingCharacters, type LabelFont } from './label-fonts'

/**
 * What a PDF drawn in the label fonts warns of (the label sheets, the hand-over report): a text with
 * characters the font lacks, which print as empty boxes ("Row 7, Name: U+4E2D (letter) at
 * position 6 is not in the labels' font: it prints as an empty box."). Characters are named by
 * code point, as every message of the app names a character it cannot trust the eye with. A
 * warning said once is not said again (a footer on every page); after `MAX_LISTED`, one line
 * counts the rest.
 */
const MAX_LISTED = 20

export interface FontWarningWords {
  /** the font, as the warning names it: "the labels' font" */
  font: string
  /** the line that counts the rest: "3 more labels have …" */
  more: (count: number) => string
}

const LABEL_WORDS: FontWarningWords = {
  font: "the labels' font",
  more: (count) => `${count} more ${count === 1 ? 'label has' : 'labels have'} characters the labels' font lacks.`,
}

export function createFontWarnings(words: FontWarningWords = LABEL_WORDS) {
  const listed: string[] = []
  let more = 0
  return {
    /** notes the characters of `text` (where `where` says) that `font` lacks */
    check(where: string, text: string, font: LabelFont): void {
      const missing = missingCharacters(text, font)
      if (missing.length === 0) return
      const one = missing.length === 1
      const warning = `${where}: ${charactersText(text, missing)} ${one ? `is not in ${words.font}: it prints as an empty box` : `are not in ${words.font}: they print as empty boxes`}.`
      if (listed.includes(warning)) return
      if (listed.length === MAX_LISTED) {
        more++
        return
      }
      listed.push(warning)
    },
    list(): string[] {
      return more === 0 ? [...listed] : [...listed, words.more(more)]
    },
  }
}
