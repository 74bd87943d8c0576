import { describe, expect, it } from 'vitest'
import {
  formatNumberLengths,
  formatNumberMask,
  maskMatches,
  parseNumberLengths,
  parseNumberMask,
  type MaskEntry,
} from '../../../electron/contract/number-patterns'
import { NumberLengthSchema, NumberMaskSchema } from '../../../electron/contract/pbx-outbound'

const texts = (entries: readonly MaskEntry[]): string[] => entries.map((e) => e.text)

describe('parseNumberLengths', () => {
  it('reads ;-separated lengths in the order written', () => {
    expect(parseNumberLengths('10;11')).toEqual({ lengths: [10, 11], problems: [] })
    expect(parseNumberLengths('11;3;10')).toEqual({ lengths: [11, 3, 10], problems: [] })
  })

  it('reads an empty or blank text as any length', () => {
    expect(parseNumberLengths('')).toEqual({ lengths: [], problems: [] })
    expect(parseNumberLengths('   ')).toEqual({ lengths: [], problems: [] })
  })

  it('tolerates spaces and a trailing ;', () => {
    expect(parseNumberLengths(' 10 ; 11 ;')).toEqual({ lengths: [10, 11], problems: [] })
    expect(parseNumberLengths('3;')).toEqual({ lengths: [3], problems: [] })
  })

  it('names what is not a whole number and keeps the rest', () => {
    expect(parseNumberLengths('10;x;1.5;-3')).toEqual({
      lengths: [10],
      problems: ['x is not a whole number', '1.5 is not a whole number', '-3 is not a whole number'],
    })
  })

  it('accepts 1..64 and names lengths outside it', () => {
    expect(parseNumberLengths('1;64')).toEqual({ lengths: [1, 64], problems: [] })
    expect(parseNumberLengths('0;65;10')).toEqual({
      lengths: [10],
      problems: ['0 is not a length from 1 to 64', '65 is not a length from 1 to 64'],
    })
  })

  it('names a repeat once and keeps the first', () => {
    expect(parseNumberLengths('10;11;10;010')).toEqual({
      lengths: [10, 11],
      problems: ['10 is listed twice', '10 is listed twice'],
    })
  })

  it('names an empty entry between two ;', () => {
    expect(parseNumberLengths('10;;11')).toEqual({ lengths: [10, 11], problems: ['entry 2 is empty (two ; in a row)'] })
  })

  it('reads every value the contract accepts without a problem', () => {
    for (const text of ['', '3', '10;11', '1;2;3;64']) {
      expect(NumberLengthSchema.safeParse(text).success).toBe(true)
      expect(parseNumberLengths(text).problems).toEqual([])
    }
  })
})

describe('formatNumberLengths', () => {
  it('writes lengths back with ; and nothing for any length', () => {
    expect(formatNumberLengths([10, 11])).toBe('10;11')
    expect(formatNumberLengths([])).toBe('')
  })

  it('round-trips a clean text and normalises a sloppy one', () => {
    expect(formatNumberLengths(parseNumberLengths('3;10;11').lengths)).toBe('3;10;11')
    expect(formatNumberLengths(parseNumberLengths(' 10 ;11; ').lengths)).toBe('10;11')
  })
})

describe('parseNumberMask', () => {
  it('reads extensions and ranges', () => {
    expect(parseNumberMask('100-199;205')).toEqual({
      entries: [
        { from: '100', to: '199', text: '100-199', backwards: false },
        { from: '205', to: '205', text: '205', backwards: false },
      ],
      problems: [],
    })
  })

  it('reads an empty text as every extension', () => {
    expect(parseNumberMask('')).toEqual({ entries: [], problems: [] })
    expect(parseNumberMask(' ')).toEqual({ entries: [], problems: [] })
  })

  it('understands a range written backwards and flags it', () => {
    expect(parseNumberMask('199-100')).toEqual({
      entries: [{ from: '100', to: '199', text: '199-100', backwards: true }],
      problems: [],
    })
  })

  it('compares range ends by value, not by text', () => {
    // as text "9" > "10"; as numbers 9 < 10, so this range is the right way round
    expect(parseNumberMask('9-10').entries[0]?.backwards).toBe(false)
    expect(parseNumberMask('10-9').entries[0]).toEqual({ from: '9', to: '10', text: '10-9', backwards: true })
  })

  it('tolerates spaces, around - too, and a trailing ;', () => {
    expect(texts(parseNumberMask(' 100 - 199 ; 205 ;').entries)).toEqual(['100-199', '205'])
    expect(parseNumberMask(' 100 - 199 ; 205 ;').problems).toEqual([])
  })

  it('names every entry that is not digits or a range, and keeps the rest', () => {
    const parsed = parseNumberMask('abc;1-2-3;-5;5-;12a;300;1 2')
    expect(texts(parsed.entries)).toEqual(['300'])
    expect(parsed.problems).toEqual([
      'abc is not an extension or a range from-to',
      '1-2-3 is not an extension or a range from-to',
      '-5 is not an extension or a range from-to',
      '5- is not an extension or a range from-to',
      '12a is not an extension or a range from-to',
      '1 2 is not an extension or a range from-to',
    ])
  })

  it('names an empty entry between two ;', () => {
    expect(parseNumberMask('100;;200').problems).toEqual(['entry 2 is empty (two ; in a row)'])
  })

  it('reads every value the contract accepts without a problem', () => {
    for (const text of ['', '205', '100-199;205', '1-1', '007;100-200;150-250']) {
      expect(NumberMaskSchema.safeParse(text).success).toBe(true)
      expect(parseNumberMask(text).problems).toEqual([])
    }
  })
})

describe('formatNumberMask', () => {
  it('writes entries back, a backwards range the right way round', () => {
    expect(formatNumberMask(parseNumberMask('100-199;205').entries)).toBe('100-199;205')
    expect(formatNumberMask(parseNumberMask('199-100; 205;').entries)).toBe('100-199;205')
    expect(formatNumberMask([])).toBe('')
  })

  it('keeps a one-extension range a range', () => {
    expect(formatNumberMask(parseNumberMask('100-100').entries)).toBe('100-100')
  })

  it('writes what the contract accepts', () => {
    const text = formatNumberMask(parseNumberMask('250-150;199-100;7').entries)
    expect(text).toBe('150-250;100-199;7')
    expect(NumberMaskSchema.safeParse(text).success).toBe(true)
  })
})

describe('maskMatches', () => {
  const mask = (text: string) => parseNumberMask(text).entries

  it('matches a single entry by its exact digits', () => {
    expect(texts(maskMatches(mask('205'), '205'))).toEqual(['205'])
    expect(maskMatches(mask('205'), '0205')).toEqual([])
    expect(maskMatches(mask('0205'), '205')).toEqual([])
    expect(maskMatches(mask('205'), '2050')).toEqual([])
  })

  it('matches a range numerically, both ends included', () => {
    const m = mask('100-199')
    for (const ext of ['100', '150', '199']) expect(texts(maskMatches(m, ext))).toEqual(['100-199'])
    for (const ext of ['99', '200', '1000', '1']) expect(maskMatches(m, ext)).toEqual([])
    // by value: a leading zero does not change the number
    expect(texts(maskMatches(m, '0150'))).toEqual(['100-199'])
  })

  it('returns every entry of overlapping ranges that contains the extension', () => {
    const m = mask('100-199;150-250;160;300')
    expect(texts(maskMatches(m, '160'))).toEqual(['100-199', '150-250', '160'])
    expect(texts(maskMatches(m, '120'))).toEqual(['100-199'])
    expect(texts(maskMatches(m, '220'))).toEqual(['150-250'])
    expect(maskMatches(m, '260')).toEqual([])
  })

  it('matches a backwards range as if written forwards', () => {
    const m = mask('199-100')
    expect(maskMatches(m, '150')).toEqual([{ from: '100', to: '199', text: '199-100', backwards: true }])
    expect(maskMatches(m, '99')).toEqual([])
  })

  it('compares extensions longer than a double holds exactly', () => {
    // 2^53 = 9007199254740992: as doubles 9007199254740993 and 9007199254740992 are equal
    const m = mask('9007199254740993-9007199254740999')
    expect(maskMatches(m, '9007199254740992')).toEqual([])
    expect(texts(maskMatches(m, '9007199254740993'))).toEqual(['9007199254740993-9007199254740999'])
  })

  it('matches nothing with no entries, and nothing that is not digits', () => {
    expect(maskMatches([], '100')).toEqual([])
    expect(maskMatches(mask('100-199'), '1x0')).toEqual([])
  })
})
