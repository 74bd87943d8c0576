import { describe, expect, it } from 'vitest'
import { charactersText, describeCharacter, hiddenCharacterNote, positionOf } from '../../../electron/contract/characters'
import { parseIpui } from '../../../electron/contract/ipui'
import { parseMac } from '../../../electron/services/dect/mac'
import { buildRow } from '../../../electron/services/dect/row-validation'
import { buildHandsetRow } from '../../../electron/services/dect/handsets/handset-rows'

const message = (result: { ok: boolean; message?: string }): string => (result.ok ? 'ok' : result.message!)

describe('describeCharacter', () => {
  it.each([
    ['\u0410', 'U+0410 CYRILLIC CAPITAL LETTER A'],
    ['\u0435', 'U+0435 CYRILLIC SMALL LETTER IE'],
    ['\u039F', 'U+039F GREEK CAPITAL LETTER OMICRON'],
    ['\u200B', 'U+200B ZERO WIDTH SPACE'],
    ['\u200D', 'U+200D ZERO WIDTH JOINER'],
    ['\uFEFF', 'U+FEFF ZERO WIDTH NO-BREAK SPACE (byte order mark)'],
    ['\u00A0', 'U+00A0 NO-BREAK SPACE'],
    ['\u00AD', 'U+00AD SOFT HYPHEN'],
    ['\u202E', 'U+202E RIGHT-TO-LEFT OVERRIDE'],
    ['\uFF11', 'U+FF11 FULLWIDTH DIGIT ONE'],
    ['\uFF23', 'U+FF23 FULLWIDTH LATIN CAPITAL LETTER C'],
    ['\u0663', 'U+0663 ARABIC-INDIC DIGIT THREE'],
  ])('names %j from its table: %s', (ch, name) => {
    expect(describeCharacter(ch)).toBe(name)
  })

  it.each([
    ['\u2061', 'U+2061 FUNCTION APPLICATION'],
    ['\u061D', 'U+061D (punctuation)'],
    ['\u0001', 'U+0001 (control character)'],
    ['\u206A', 'U+206A (format character)'],
    ['\u2000', 'U+2000 EN QUAD'],
    ['\u205F', 'U+205F MEDIUM MATHEMATICAL SPACE'],
    ['\u1361', 'U+1361 (punctuation)'],
    ['\u0301', 'U+0301 (combining mark)'],
    ['\uE000', 'U+E000 (private-use character)'],
    ['é', 'U+00E9 (letter)'],
    ['😀', 'U+1F600 (symbol)'],
  ])('names %j by its kind when the table does not know it: %s', (ch, name) => {
    expect(describeCharacter(ch)).toBe(name)
  })
})

describe('positions and lists', () => {
  it('counts characters from 1, as a person does (an emoji is one character)', () => {
    expect(positionOf('😀A\u200B', (ch) => ch === '\u200B')).toBe(3)
    expect(positionOf('abc', (ch) => ch === 'x')).toBeUndefined()
  })

  it('keeps plain ASCII as it was said, and names the others with their place', () => {
    expect(charactersText('GZ', ['G', 'Z'])).toBe('G Z')
    expect(charactersText('G\u200B', ['G', '\u200B'])).toBe('G, U+200B ZERO WIDTH SPACE at position 2')
  })

  it('adds nothing to a message about a value the eye can check', () => {
    expect(hiddenCharacterNote('x12')).toBe('')
    expect(hiddenCharacterNote('12\u200B3')).toBe(': it has U+200B ZERO WIDTH SPACE at position 3')
  })
})

describe('where MACs, IPUIs and extensions are checked', () => {
  it('a MAC with a Cyrillic А names it and its place, not a letter that looks right', () => {
    expect(message(parseMac('00:15:65:\u0410A:BB:CC'))).toBe('MAC 00:15:65:\u0410A:BB:CC has a character that is not a hex digit (U+0410 CYRILLIC CAPITAL LETTER A at position 10)')
  })

  it('a MAC with a zero-width space names what shows as nothing', () => {
    expect(message(parseMac('001565\u200BAABBCC'))).toBe('MAC 001565\u200BAABBCC has a character that is not a hex digit (U+200B ZERO WIDTH SPACE at position 7)')
  })

  it('a MAC with full-width digits and a plain wrong letter says both', () => {
    expect(message(parseMac('\uFF10\uFF10156GAABBCC'))).toBe(
      'MAC \uFF10\uFF10156GAABBCC has characters that are not hex digits (U+FF10 FULLWIDTH DIGIT ZERO at position 1, G)',
    )
  })

  it('a MAC of plain ASCII mistakes reads as before', () => {
    expect(message(parseMac('00:15:65:GG:AA:BB'))).toBe('MAC 00:15:65:GG:AA:BB has a character that is not a hex digit (G)')
  })

  it('an IPUI with a zero-width space or a Cyrillic letter names it where it is in the value as typed', () => {
    expect(message(parseIpui('00092\u200B263DD'))).toBe('IPUI 00092\u200B263DD has a character that is not a hex digit (U+200B ZERO WIDTH SPACE at position 6)')
    // lower-case Cyrillic е: named as typed, not as the capital the check compared
    expect(message(parseIpui('IPUI: 00092263D\u0435'))).toBe('IPUI IPUI: 00092263D\u0435 has a character that is not a hex digit (U+0435 CYRILLIC SMALL LETTER IE at position 16)')
    expect(message(parseIpui('0009226GDZ'))).toBe('IPUI 0009226GDZ has characters that are not hex digits (G Z)')
  })

  it("a base row's extension with an invisible character says which and where", () => {
    const row = buildRow({ name: 'Desk', mac: '001565AABBCC', extension: '10\u200B4', vendor: 'Yealink', model: 'W80B' }, {}, 1)
    expect(row.problems).toEqual([
      {
        field: 'extension',
        message: "extension '10\u200B4' is not a phone extension (digits, * # and + only: it has U+200B ZERO WIDTH SPACE at position 3); it is printed on the label as it is",
        severity: 'warning',
      },
    ])
  })

  it("a handset's extension in full-width digits says which character it is", () => {
    const handset = buildHandsetRow({ ipui: '00092263DD', extension: '\uFF11\uFF10\uFF14' }, 1)
    expect(handset.problems.map((p) => p.message)).toEqual(["extension '\uFF11\uFF10\uFF14' must be 3 to 64 digits: it has U+FF11 FULLWIDTH DIGIT ONE at position 1"])
  })
})
