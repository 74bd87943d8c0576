import { describe, expect, it } from 'vitest'
import { fitLine, wrapLines } from '../../../../electron/services/dect/labels/text-fit'

/** one unit a character, the ellipsis one too */
const width = (text: string) => [...text].length

describe('fitting label text', () => {
  it('keeps a line that fits, and cuts one that does not with an ellipsis, trailing space dropped', () => {
    expect(fitLine('Empfang', 7, width)).toBe('Empfang')
    expect(fitLine('Empfang Nord', 9, width)).toBe('Empfang…')
    expect(fitLine('Büro Jürgen', 6, width)).toBe('Büro…')
    expect(fitLine('ab', 0, width)).toBe('…')
  })

  it('counts characters, not UTF-16 units, so a cut never splits one', () => {
    expect(fitLine('𝒜𝒝𝒞𝒟', 3, width)).toBe('𝒜𝒝…')
  })

  it('wraps at spaces, keeping words whole', () => {
    expect(wrapLines('Büro Jürgen Lagerhalle Nord', 12, 3, width)).toEqual(['Büro Jürgen', 'Lagerhalle', 'Nord'])
    expect(wrapLines('  Empfang   Nord ', 20, 3, width)).toEqual(['Empfang Nord'])
    expect(wrapLines('', 20, 3, width)).toEqual([])
  })

  it('cuts the last line with an ellipsis when the text goes on', () => {
    expect(wrapLines('one two three four five', 9, 2, width)).toEqual(['one two', 'three fo…'])
    expect(wrapLines('one two three', 20, 1, width)).toEqual(['one two three'])
    expect(wrapLines('one two three', 8, 1, width)).toEqual(['one two…'])
  })

  it('breaks a word wider than a line between characters', () => {
    expect(wrapLines('Lagerhallenordeingang', 8, 3, width)).toEqual(['Lagerhal', 'lenordei', 'ngang'])
    expect(wrapLines('Lagerhallenordeingangwest', 8, 2, width)).toEqual(['Lagerhal', 'lenorde…'])
  })

  it('never gives a line wider than asked, whatever the text', () => {
    const texts = ['a', 'a b c d e f g h', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxx y', 'Büro  Jürgen — Lager 🚀🚀🚀🚀']
    for (const text of texts) {
      for (let max = 2; max < 12; max++) {
        const lines = wrapLines(text, max, 3, width)
        expect(lines.length).toBeLessThanOrEqual(3)
        for (const line of lines) expect(width(line)).toBeLessThanOrEqual(max)
      }
    }
  })
})
