import { charactersText } from '../../../contract/characters'
import { missingCharacters, type LabelFont } from './label-fonts'

/**
 * What the label sheet warns of: a name with characters the label font lacks, which print as
 * empty boxes ("Row 7, Name: U+4E2D (letter) at position 6 is not in the labels' font: it prints
 * as an empty box."). Characters are named by code point, as every message of the app names a
 * character it cannot trust the eye with. After `MAX_LISTED` labels, one line counts the rest.
 */
const MAX_LISTED = 20

export function createFontWarnings() {
  const listed: string[] = []
  let more = 0
  return {
    /** notes the characters of `text` (on the label, where `where` says) that `font` lacks */
    check(where: string, text: string, font: LabelFont): void {
      const missing = missingCharacters(text, font)
      if (missing.length === 0) return
      if (listed.length === MAX_LISTED) {
        more++
        return
      }
      const one = missing.length === 1
      listed.push(`${where}: ${charactersText(text, missing)} ${one ? "is not in the labels' font: it prints as an empty box" : "are not in the labels' font: they print as empty boxes"}.`)
    },
    list(): string[] {
      return more === 0 ? [...listed] : [...listed, `${more} more ${more === 1 ? 'label has' : 'labels have'} characters the labels' font lacks.`]
    },
  }
}
