/**
 * Characters a message must name rather than show. A Cyrillic А in a MAC looks like the Latin A a
 * MAC may hold; a zero-width space in an IPUI or an extension shows as nothing at all. Quoting the
 * character leaves the installer looking at a value that seems right, so messages name it by its
 * code point and Unicode name, and say where it is: "U+0410 CYRILLIC CAPITAL LETTER A at
 * position 10" (1-based, counted in characters as a person counts them, not in UTF-16 units).
 *
 * JavaScript has no table of Unicode names, and the full one is large: the table below holds the
 * characters that turn up in pasted or scanned identifiers (letters that look like A–F, O, I, S, Z
 * and digits; invisible and directional characters; non-breaking spaces and dashes; full-width
 * forms). Any other character is named by its code point and its kind ("format character",
 * "control character", "space", ...), from the Unicode general category the regex engine knows.
 *
 * Only the message path calls these: a valid value never pays for them.
 */

const NAMES = new Map<number, string>([
  // look like A–F, digits and the letters people mistake for them (Cyrillic)
  [0x0405, 'CYRILLIC CAPITAL LETTER DZE'],
  [0x0406, 'CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I'],
  [0x0408, 'CYRILLIC CAPITAL LETTER JE'],
  [0x0410, 'CYRILLIC CAPITAL LETTER A'],
  [0x0412, 'CYRILLIC CAPITAL LETTER VE'],
  [0x0415, 'CYRILLIC CAPITAL LETTER IE'],
  [0x0417, 'CYRILLIC CAPITAL LETTER ZE'],
  [0x041A, 'CYRILLIC CAPITAL LETTER KA'],
  [0x041C, 'CYRILLIC CAPITAL LETTER EM'],
  [0x041D, 'CYRILLIC CAPITAL LETTER EN'],
  [0x041E, 'CYRILLIC CAPITAL LETTER O'],
  [0x0420, 'CYRILLIC CAPITAL LETTER ER'],
  [0x0421, 'CYRILLIC CAPITAL LETTER ES'],
  [0x0422, 'CYRILLIC CAPITAL LETTER TE'],
  [0x0425, 'CYRILLIC CAPITAL LETTER HA'],
  [0x042C, 'CYRILLIC CAPITAL LETTER SOFT SIGN'],
  [0x0430, 'CYRILLIC SMALL LETTER A'],
  [0x0431, 'CYRILLIC SMALL LETTER BE'],
  [0x0432, 'CYRILLIC SMALL LETTER VE'],
  [0x0435, 'CYRILLIC SMALL LETTER IE'],
  [0x043E, 'CYRILLIC SMALL LETTER O'],
  [0x0440, 'CYRILLIC SMALL LETTER ER'],
  [0x0441, 'CYRILLIC SMALL LETTER ES'],
  [0x0445, 'CYRILLIC SMALL LETTER HA'],
  [0x0455, 'CYRILLIC SMALL LETTER DZE'],
  [0x0456, 'CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I'],
  [0x04CF, 'CYRILLIC SMALL LETTER PALOCHKA'],
  [0x04E0, 'CYRILLIC CAPITAL LETTER ABKHASIAN DZE'],
  // Greek
  [0x0391, 'GREEK CAPITAL LETTER ALPHA'],
  [0x0392, 'GREEK CAPITAL LETTER BETA'],
  [0x0395, 'GREEK CAPITAL LETTER EPSILON'],
  [0x0396, 'GREEK CAPITAL LETTER ZETA'],
  [0x0397, 'GREEK CAPITAL LETTER ETA'],
  [0x0399, 'GREEK CAPITAL LETTER IOTA'],
  [0x039A, 'GREEK CAPITAL LETTER KAPPA'],
  [0x039C, 'GREEK CAPITAL LETTER MU'],
  [0x039D, 'GREEK CAPITAL LETTER NU'],
  [0x039F, 'GREEK CAPITAL LETTER OMICRON'],
  [0x03A1, 'GREEK CAPITAL LETTER RHO'],
  [0x03A4, 'GREEK CAPITAL LETTER TAU'],
  [0x03A7, 'GREEK CAPITAL LETTER CHI'],
  [0x03B1, 'GREEK SMALL LETTER ALPHA'],
  [0x03B2, 'GREEK SMALL LETTER BETA'],
  [0x03B5, 'GREEK SMALL LETTER EPSILON'],
  [0x03B9, 'GREEK SMALL LETTER IOTA'],
  [0x03BF, 'GREEK SMALL LETTER OMICRON'],
  [0x03F2, 'GREEK LUNATE SIGMA SYMBOL'],
  [0x03F9, 'GREEK CAPITAL LUNATE SIGMA SYMBOL'],
  // invisible
  [0x00AD, 'SOFT HYPHEN'],
  [0x034F, 'COMBINING GRAPHEME JOINER'],
  [0x180E, 'MONGOLIAN VOWEL SEPARATOR'],
  [0x200B, 'ZERO WIDTH SPACE'],
  [0x200C, 'ZERO WIDTH NON-JOINER'],
  [0x200D, 'ZERO WIDTH JOINER'],
  [0x2060, 'WORD JOINER'],
  [0x2061, 'FUNCTION APPLICATION'],
  [0x2062, 'INVISIBLE TIMES'],
  [0x2063, 'INVISIBLE SEPARATOR'],
  [0x2064, 'INVISIBLE PLUS'],
  [0xFEFF, 'ZERO WIDTH NO-BREAK SPACE (byte order mark)'],
  [0xFFFD, 'REPLACEMENT CHARACTER'],
  // direction marks and controls (they reorder what is shown)
  [0x061C, 'ARABIC LETTER MARK'],
  [0x200E, 'LEFT-TO-RIGHT MARK'],
  [0x200F, 'RIGHT-TO-LEFT MARK'],
  [0x202A, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202B, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202C, 'POP DIRECTIONAL FORMATTING'],
  [0x202D, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202E, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  // spaces that are not the space bar's
  [0x00A0, 'NO-BREAK SPACE'],
  [0x1680, 'OGHAM SPACE MARK'],
  [0x2000, 'EN QUAD'],
  [0x2001, 'EM QUAD'],
  [0x2002, 'EN SPACE'],
  [0x2003, 'EM SPACE'],
  [0x2004, 'THREE-PER-EM SPACE'],
  [0x2005, 'FOUR-PER-EM SPACE'],
  [0x2006, 'SIX-PER-EM SPACE'],
  [0x2007, 'FIGURE SPACE'],
  [0x2008, 'PUNCTUATION SPACE'],
  [0x2009, 'THIN SPACE'],
  [0x200A, 'HAIR SPACE'],
  [0x2028, 'LINE SEPARATOR'],
  [0x2029, 'PARAGRAPH SEPARATOR'],
  [0x202F, 'NARROW NO-BREAK SPACE'],
  [0x205F, 'MEDIUM MATHEMATICAL SPACE'],
  [0x3000, 'IDEOGRAPHIC SPACE'],
  // dashes, colons and dots that are not the keyboard's
  [0x2010, 'HYPHEN'],
  [0x2011, 'NON-BREAKING HYPHEN'],
  [0x2012, 'FIGURE DASH'],
  [0x2013, 'EN DASH'],
  [0x2014, 'EM DASH'],
  [0x2212, 'MINUS SIGN'],
  [0x2024, 'ONE DOT LEADER'],
  [0x2236, 'RATIO'],
  [0x02D0, 'MODIFIER LETTER TRIANGULAR COLON'],
  [0xFE13, 'PRESENTATION FORM FOR VERTICAL COLON'],
  [0xFF0D, 'FULLWIDTH HYPHEN-MINUS'],
  [0xFF0E, 'FULLWIDTH FULL STOP'],
  [0xFF1A, 'FULLWIDTH COLON'],
  // controls a spreadsheet cell can carry
  [0x0000, 'NULL'],
  [0x0009, 'CHARACTER TABULATION'],
  [0x000A, 'LINE FEED'],
  [0x000D, 'CARRIAGE RETURN'],
  [0x007F, 'DELETE'],
])

const DIGIT_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE']

/** Names that follow a pattern: full-width digits and Latin letters, Arabic-Indic digits. */
function patternName(code: number): string | undefined {
  if (code >= 0xff10 && code <= 0xff19) return `FULLWIDTH DIGIT ${DIGIT_WORDS[code - 0xff10]}`
  if (code >= 0xff21 && code <= 0xff3a) return `FULLWIDTH LATIN CAPITAL LETTER ${String.fromCharCode(code - 0xff21 + 65)}`
  if (code >= 0xff41 && code <= 0xff5a) return `FULLWIDTH LATIN SMALL LETTER ${String.fromCharCode(code - 0xff41 + 65)}`
  if (code >= 0x0660 && code <= 0x0669) return `ARABIC-INDIC DIGIT ${DIGIT_WORDS[code - 0x0660]}`
  if (code >= 0x06f0 && code <= 0x06f9) return `EXTENDED ARABIC-INDIC DIGIT ${DIGIT_WORDS[code - 0x06f0]}`
  return undefined
}

/** The kind of a character the table does not name, from its Unicode general category. */
const KINDS: readonly [RegExp, string][] = [
  [/^\p{Cc}$/u, 'control character'],
  [/^\p{Cf}$/u, 'format character'],
  [/^\p{Zs}$/u, 'space'],
  [/^[\p{Zl}\p{Zp}]$/u, 'line break'],
  [/^\p{M}$/u, 'combining mark'],
  [/^\p{Co}$/u, 'private-use character'],
  [/^\p{Cs}$/u, 'lone surrogate'],
  [/^\p{Cn}$/u, 'unassigned code point'],
  [/^\p{Nd}$/u, 'digit'],
  [/^\p{L}$/u, 'letter'],
  [/^\p{N}$/u, 'number'],
  [/^\p{P}$/u, 'punctuation'],
  [/^\p{S}$/u, 'symbol'],
]

/** `U+` and the code point in (at least) four upper-case hex digits. */
const codePointText = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`

/**
 * One character (one code point) named for a message: "U+0410 CYRILLIC CAPITAL LETTER A",
 * "U+200B ZERO WIDTH SPACE", or for a character the table does not know "U+2061 (format character)".
 */
export function describeCharacter(ch: string): string {
  const code = ch.codePointAt(0)
  if (code === undefined) return 'nothing'
  const name = NAMES.get(code) ?? patternName(code)
  if (name !== undefined) return `${codePointText(code)} ${name}`
  const kind = KINDS.find(([pattern]) => pattern.test(String.fromCodePoint(code)))?.[1]
  return kind === undefined ? codePointText(code) : `${codePointText(code)} (${kind})`
}

/** A character a message may simply show: printable ASCII, which looks like what it is. */
export const isPlainCharacter = (ch: string): boolean => ch.length === 1 && ch >= ' ' && ch <= '~'

/**
 * The 1-based position (in characters) of the first character of `value`, from `from` (a
 * position in UTF-16 units, e.g. after a label), that `matches`; undefined when none does.
 */
export function positionOf(value: string, matches: (ch: string) => boolean, from = 0): number | undefined {
  let position = [...value.slice(0, from)].length
  for (const ch of value.slice(from)) {
    position++
    if (matches(ch)) return position
  }
  return undefined
}

/**
 * A character of `value` as a message names it: itself when it is plain ASCII ("G", as messages
 * always said), else its code point and name and where it first is in `value`, from `from` on
 * ("U+0410 CYRILLIC CAPITAL LETTER A at position 10").
 */
function characterText(value: string, ch: string, from = 0): string {
  if (isPlainCharacter(ch)) return ch
  const position = positionOf(value, (candidate) => candidate === ch, from)
  const described = describeCharacter(ch)
  return position === undefined ? described : `${described} at position ${position}`
}

/**
 * Several characters of `value` for one message: "G Z" as before when all are plain ASCII, else
 * each named, joined by commas ("G, U+200B ZERO WIDTH SPACE at position 9").
 */
export function charactersText(value: string, chars: readonly string[], from = 0): string {
  const texts = chars.map((ch) => characterText(value, ch, from))
  return texts.join(chars.every(isPlainCharacter) ? ' ' : ', ')
}

/**
 * The first character of `value` that is not plain ASCII, named with its position, for a message
 * about a value that failed its check ("U+200B ZERO WIDTH SPACE at position 5"); undefined when
 * every character is plain (the value is wrong in a way the eye can see).
 */
function hiddenCharacterText(value: string): string | undefined {
  for (const ch of value) if (!isPlainCharacter(ch)) return characterText(value, ch)
  return undefined
}

/** `": it has U+200B ZERO WIDTH SPACE at position 5"` for a message about a value that failed its check, '' when every character is plain. */
export function hiddenCharacterNote(value: string): string {
  const hidden = hiddenCharacterText(value)
  return hidden === undefined ? '' : `: it has ${hidden}`
}
