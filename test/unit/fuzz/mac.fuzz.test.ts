import fc from 'fast-check'
import { describe, expect } from 'vitest'
import { checkPhoneMac, isMac, parseMac, parseMacForm } from '../../../electron/services/dect/mac'
import { fuzzTest } from './fuzz-settings'

/**
 * The MAC boundary (services/dect/mac.ts): whatever a cell, an edit or a scanner gives, the answer
 * is a MAC in its one form (12 upper-case hex digits, the very digits typed, the same when parsed
 * again) or a problem in words; a character that only looks like a hex digit (Cyrillic А, a
 * full-width 0, a zero-width space) is never taken for one. Nothing throws.
 */

const MAC = /^[0-9A-F]{12}$/
/** what an accepted MAC may be made of, once trimmed */
const MAC_CHARACTERS = /^[0-9A-Fa-f:\-. ]+$/
const SPREADSHEET_NUMBER = /^\d(?:[.,]\d+)?E\+?\d+$/i

/** characters that pass for hex digits or separators to the eye, and invisible ones */
const LOOKALIKES = [
  '\u0410', '\u0430', '\u0412', '\u0415', '\u0435', '\u0421', '\u0441', '\u041E', '\u043E', '\u0417', // Cyrillic А а В Е е С с О о З
  '\u0391', '\u0392', '\u0395', '\u039F', '\u03B1', // Greek Α Β Ε Ο α
  '\uFF10', '\uFF11', '\uFF19', '\uFF21', '\uFF26', '\uFF41', '\uFF46', // full-width 0 1 9 A F a f
  '\u0660', '\u06F0', '\u2070', '\u00B9', '\u2460', // Arabic-Indic zero, superscripts, circled 1
  '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u034F', // invisible
  '\u00A0', '\u2007', '\u202F', '\u3000', '\t', '\n', '\r', // other spaces and breaks
  '\u2010', '\u2011', '\u2013', '\u2212', '\uFF0D', '\uFF1A', '\uFF0E', '\u2024', '\u02D0', // dashes, colons, dots
  '\u0301', '\u202E', '\uFFFD', '\u0000', 'ﬀ', 'ß', 'İ', // combining accent, RLO, replacement, NUL, ligature ff
]

/** the ASCII hex digits of a text, in order, upper-cased */
const hexDigitsOf = (text: string): string => text.replace(/[^0-9A-Fa-f]/g, '').toUpperCase()

function checkMac(raw: string): void {
  const form = parseMacForm(raw)
  const value = raw.trim()
  expect(isMac(raw)).toBe(form.ok)
  if (form.ok) {
    expect(form.mac).toMatch(MAC)
    // the digits typed, nothing else: no lookalike was read as a digit
    expect(value).toMatch(MAC_CHARACTERS)
    expect(form.mac).toBe(hexDigitsOf(value))
    expect(parseMacForm(form.mac)).toEqual({ ok: true, mac: form.mac })
  } else {
    expect(form.message.trim()).not.toBe('')
    expect(form.message).toMatch(/^MAC /)
    const strange = [...value].some((ch) => !/[0-9A-Fa-f:\-. ]/.test(ch))
    // a character that is neither a hex digit nor a separator is what the message names
    if (strange && !SPREADSHEET_NUMBER.test(value)) expect(form.message).toMatch(/not (a )?hex digits?/)
  }

  const phone = parseMac(raw)
  if (!form.ok) {
    expect(phone).toEqual(form)
    return
  }
  // the form was right: what is left to say is whether a phone can have it
  expect(phone).toEqual(checkPhoneMac(form.mac))
  const first = Number.parseInt(form.mac.slice(0, 2), 16)
  if (phone.ok) {
    expect(phone.mac).toBe(form.mac)
    expect(first & 1).toBe(0)
    expect(form.mac).not.toBe('000000000000')
    if (first & 2) expect(phone.warning).toMatch(/locally administered/)
    else expect(phone.warning).toBeUndefined()
    expect(parseMac(phone.mac)).toEqual(phone)
  } else {
    expect(phone.kind).toBe(form.mac === 'FFFFFFFFFFFF' ? 'broadcast' : form.mac === '000000000000' ? 'zero' : 'multicast')
    expect(phone.message).toMatch(/^MAC /)
  }
}

const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ maxLength: 40 }))

/** text of MAC characters, separators and lookalikes: near misses of every kind */
const macAlphabet = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'0123456789abcdefABCDEF') },
  { weight: 3, arbitrary: fc.constantFrom(':', '-', '.', ' ') },
  { weight: 1, arbitrary: fc.constantFrom(...LOOKALIKES, 'E', '+', ',', 'G', 'x', '_', '/') },
)
const macLike = fc.string({ unit: macAlphabet, minLength: 0, maxLength: 24 })

/** a MAC in one of the accepted spellings */
const spelledMac = fc
  .record({
    bytes: fc.uint8Array({ minLength: 6, maxLength: 6 }),
    group: fc.constantFrom(12, 6, 4, 2),
    separator: fc.constantFrom(':', '-', '.', ' '),
    lower: fc.boolean(),
    pad: fc.constantFrom('', ' ', '\t', '\u00a0', '  \n'),
  })
  .map(({ bytes, group, separator, lower, pad }) => {
    const hex = Buffer.from(bytes).toString('hex').toUpperCase()
    const groups = hex.match(new RegExp(`.{${group}}`, 'g')) as string[]
    const text = groups.join(group === 12 ? '' : separator)
    return { mac: hex, text: `${pad}${lower ? text.toLowerCase() : text}${pad}` }
  })

/** a spelled MAC with one lookalike put inside it (not at either end, where trimming may take it) */
const lookalikeMac = fc
  .tuple(spelledMac, fc.constantFrom(...LOOKALIKES), fc.nat(), fc.boolean())
  .map(([{ text }, ch, at, replace]) => {
    const value = text.trim()
    const i = 1 + (at % (value.length - 1))
    return `${value.slice(0, i)}${ch}${value.slice(replace ? i + 1 : i)}`
  })

/**
 * However long the text (a cell of a damaged file can be megabytes, of thousands of different
 * characters), the message names a few characters and stays short: naming every one made a
 * message of megabytes, built in time that grew with the square of the cell's length.
 */
const MESSAGE_MAX = 600
const longText = fc.string({ unit: 'binary', minLength: 100, maxLength: 600 })

describe('fuzz: MACs', () => {
  fuzzTest('any text: a MAC in its one form, or a problem in words; never a throw', () => fc.property(anyText, checkMac))

  fuzzTest('MAC-like text with separators and lookalikes: the digits typed, or a problem in words', () => fc.property(macLike, checkMac))

  fuzzTest('a long text of many characters: a short message', () =>
    fc.property(longText, (text) => {
      const answer = parseMac(text)
      expect(answer.ok).toBe(false)
      if (!answer.ok) expect(answer.message.length).toBeLessThanOrEqual(MESSAGE_MAX)
    }),
  )

  fuzzTest('every accepted spelling of any MAC reads as that MAC', () =>
    fc.property(spelledMac, ({ mac, text }) => {
      expect(parseMacForm(text)).toEqual({ ok: true, mac })
      checkMac(text)
    }),
  )

  fuzzTest('a lookalike or invisible character inside a MAC is refused, never read as a digit', () =>
    fc.property(lookalikeMac, (text) => {
      expect(parseMacForm(text).ok).toBe(false)
      checkMac(text)
    }),
  )
})
