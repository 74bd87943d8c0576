import { describe, expect, it } from 'vitest'
import { capacityLevel, capacityText } from '../../../electron/contract/base-capacity'

describe("a base's handsets against its model's lines", () => {
  it('is nearly full from 80 % of the lines, full at them, over past them', () => {
    expect([0, 7, 8, 9, 10, 11].map((used) => capacityLevel(used, 10))).toEqual(['room', 'room', 'nearly_full', 'nearly_full', 'full', 'over'])
    // 4 of 5 is 80 %; 3 of 4 is 75 %: whole numbers, no share rounded up
    expect(capacityLevel(4, 5)).toBe('nearly_full')
    expect(capacityLevel(3, 4)).toBe('room')
    expect(capacityLevel(1, 1)).toBe('full')
  })

  it('says the figures, and what is left, or that it is full, or by how much it is over', () => {
    expect(capacityText(3, 10)).toBe('3 of 10 lines')
    expect(capacityText(8, 10)).toBe('8 of 10 lines: 2 left')
    expect(capacityText(10, 10)).toBe('10 of 10 lines: full')
    expect(capacityText(12, 10)).toBe('12 of 10 lines: 2 more than the model takes')
    expect(capacityText(1, 1)).toBe('1 of 1 line: full')
  })
})
