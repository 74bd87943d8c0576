import { ageText } from '@renderer/lib/age-text'
import { describe, expect, it } from 'vitest'

const NOW = Date.parse('2025-06-01T12:00:00.000Z')
const DAY = 24 * 60 * 60_000
const at = (ms: number) => new Date(NOW + ms).toISOString()

describe('ageText', () => {
  it('says how long ago, in minutes, hours or days, and "never" without a readable time', () => {
    expect(ageText(undefined, NOW)).toBe('never')
    expect(ageText('not a date', NOW)).toBe('never')
    expect(ageText(at(-59_000), NOW)).toBe('just now')
    // a clock a little behind the time given is "just now", not a negative age
    expect(ageText(at(5_000), NOW)).toBe('just now')
    expect(ageText(at(-2 * 60_000), NOW)).toBe('2 min ago')
    expect(ageText(at(-3 * 60 * 60_000), NOW)).toBe('3 h ago')
    expect(ageText(at(-DAY), NOW)).toBe('1 day ago')
    expect(ageText(at(-5 * DAY), NOW)).toBe('5 days ago')
  })
})
