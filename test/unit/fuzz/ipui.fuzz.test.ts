import fc from 'fast-check'
import { describe, expect } from 'vitest'
import { formatIpei, ipeiCheckDigit, ipuiToIpei, IPUI_PATTERN, parseIpui } from '../../../electron/contract/ipui'
import { fuzzTest } from './fuzz-settings'

/**
 * The IPUI boundary (contract/ipui.ts): whatever a cell or a scanner gives, the answer is an
 * IPUI-N and its IPEI that convert into each other and read back as themselves, made of the very
 * digits typed, or a problem in words. A character that only looks like a digit is never taken
 * for one. Nothing throws.
 */

const IPEI = /^\d{12}[\d*]$/
/** the label a scan may carry, as parseIpui strips it */
const LABEL = /^(?:IPUI(?:[- ]?N)?|IPEI)\s*:?\s*/i
/** what may stand between the digits of an accepted IPUI (JavaScript's \s: Unicode spaces too) */
const SEPARATORS = /[\s.:-]/g

/** characters that pass for digits to the eye, invisible ones, and ones whose upper case is ASCII */
const LOOKALIKES = [
  '\u0410', '\u0430', '\u0412', '\u0415', '\u0421', '\u0441', '\u041E', '\u043E', '\u0417', // Cyrillic
  '\u0391', '\u0392', '\u0395', '\u039F', '\u03B1', // Greek
  '\uFF10', '\uFF11', '\uFF19', '\uFF21', '\uFF26', '\uFF41', '\uFF46', '\u0660', '\u06F0', '\u2070', '\u00B9', '\u2460', // digits and letters of other forms
  '\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\u034F', '\u202E', '\uFFFD', '\u0000', '\u0301', // invisible and odd
  '\uFB00', '\uFB01', '\u00DF', '\u0131', '\u017F', // ﬀ ﬁ ß ı ſ: their upper case is ASCII (FF, FI, SS, I, S)
]

function checkIpui(raw: string): void {
  const result = parseIpui(raw)
  if (!result.ok) {
    expect(result.message.trim()).not.toBe('')
    expect(result.message).toMatch(/^IP(?:UI|EI) /)
    return
  }
  const { ipui, ipei } = result
  expect(ipui).toMatch(IPUI_PATTERN)
  expect(ipei).toMatch(IPEI)
  expect(ipuiToIpei(ipui)).toBe(ipei)
  expect(ipei[12]).toBe(ipeiCheckDigit(ipei))
  // the same identity however it is written again
  expect(parseIpui(ipui)).toEqual(result)
  expect(parseIpui(ipei)).toEqual(result)
  expect(parseIpui(formatIpei(ipei))).toEqual(result)
  // made of the digits typed: the text without its label and separators is the IPUI's hex digits
  // or the IPEI's decimal ones (check digit optional), in ASCII
  const value = raw.trim()
  const bare = value.replace(LABEL, '').replace(SEPARATORS, '')
  expect(bare).toMatch(/^(?:[0-9A-Fa-f]{10}|\d{12}[\d*]?)$/)
  if (bare.length === 10) expect(bare.toUpperCase()).toBe(ipui)
  else expect(bare.slice(0, 12)).toBe(ipei.slice(0, 12))
}

const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ maxLength: 40 }))

/** an IPUI-N from its EMC and PSN */
const identity = fc.record({ emc: fc.integer({ min: 0, max: 0xffff }), psn: fc.integer({ min: 0, max: 0xfffff }) }).map(({ emc, psn }) => {
  const ipui = `0${emc.toString(16).padStart(4, '0')}${psn.toString(16).padStart(5, '0')}`.toUpperCase()
  return { ipui, ipei: ipuiToIpei(ipui) }
})

/** an identity written as people and scanners write it */
const written = fc
  .record({
    identity,
    form: fc.constantFrom('hex', 'hex-lower', 'ipei', 'ipei-12', 'ipei-spaced'),
    label: fc.constantFrom('', 'IPUI: ', 'ipui-n ', 'IPEI:', 'IPUI N: '),
    pad: fc.constantFrom('', ' ', '\t', '\u00a0', ' \n'),
  })
  .map(({ identity: { ipui, ipei }, form, label, pad }) => {
    const text = { hex: ipui, 'hex-lower': ipui.toLowerCase(), ipei, 'ipei-12': ipei.slice(0, 12), 'ipei-spaced': formatIpei(ipei) }[form]
    return { ipui, ipei, text: `${pad}${label}${text}${pad}` }
  })

/** an alphabet of IPUI characters, separators and lookalikes: near misses of every kind */
const ipuiAlphabet = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'0123456789abcdefABCDEF') },
  { weight: 2, arbitrary: fc.constantFrom(' ', '.', ':', '-', '*') },
  { weight: 1, arbitrary: fc.constantFrom(...LOOKALIKES, 'IPUI', 'IPEI', 'E+', ',', 'G') },
)
const ipuiLike = fc.string({ unit: ipuiAlphabet, maxLength: 20 })

/** an identity with one lookalike put inside it */
const lookalikeIpui = fc
  .tuple(identity, fc.boolean(), fc.constantFrom(...LOOKALIKES), fc.nat(), fc.boolean())
  .map(([{ ipui, ipei }, hex, ch, at, replace]) => {
    const value = hex ? ipui : ipei
    const i = 1 + (at % (value.length - 1))
    return `${value.slice(0, i)}${ch}${value.slice(replace ? i + 1 : i)}`
  })

/** however long the text (a cell of a damaged file), the message names a few characters and stays short */
const MESSAGE_MAX = 600
const longText = fc.string({ unit: 'binary', minLength: 100, maxLength: 600 })

describe('fuzz: IPUIs', () => {
  fuzzTest('any text: an IPUI and IPEI that read back as themselves, or a problem in words; never a throw', () => fc.property(anyText, checkIpui))

  fuzzTest('IPUI-like text with labels, separators and lookalikes: the digits typed, or a problem in words', () => fc.property(ipuiLike, checkIpui))

  fuzzTest('a long text of many characters: a short message', () =>
    fc.property(longText, (text) => {
      const answer = parseIpui(text)
      expect(answer.ok).toBe(false)
      if (!answer.ok) expect(answer.message.length).toBeLessThanOrEqual(MESSAGE_MAX)
    }),
  )

  fuzzTest('every written form of any IPUI reads as that IPUI', () =>
    fc.property(written, ({ ipui, ipei, text }) => {
      expect(parseIpui(text)).toEqual({ ok: true, ipui, ipei })
      checkIpui(text)
    }),
  )

  fuzzTest('a lookalike inside an IPUI or IPEI is refused, naming a character that is in the text', () =>
    fc.property(lookalikeIpui, (text) => {
      const result = parseIpui(text)
      expect(result.ok).toBe(false)
      if (!result.ok && /not (a )?hex digit/.test(result.message)) {
        // the characters named: plain ones as themselves, others by code point (U+…)
        const named = /\(([^()]*)\)$/.exec(result.message)?.[1] ?? ''
        for (const part of named.split(named.includes('U+') ? ', ' : ' ')) if (part.length === 1) expect(text).toContain(part)
      }
      checkIpui(text)
    }),
  )
})
