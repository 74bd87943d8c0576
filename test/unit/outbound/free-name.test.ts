import { describe, expect, it } from 'vitest'
import { copySuffix, freeName, freeNameOnTarget, withSuffix } from '../../../electron/services/outbound/free-name'

describe('free names for new rules', () => {
  it('adds the suffix, cutting the base (at whole characters, no trailing space) to stay within 64', () => {
    expect(withSuffix('Local', ' (copy)')).toBe('Local (copy)')
    expect(withSuffix('A'.repeat(64), ' (copy)')).toBe('A'.repeat(57) + ' (copy)')
    expect(withSuffix('A'.repeat(56) + ' B', ' (copy)')).toBe('A'.repeat(56) + ' (copy)')
    // a character outside the BMP is two UTF-16 units and is never split
    const emoji = '\u{1F4DE}'
    const cut = withSuffix('A'.repeat(56) + emoji + 'BBBB', ' (copy)')
    expect(cut).toBe('A'.repeat(56) + ' (copy)')
    expect(cut.length).toBeLessThanOrEqual(64)
  })

  it('the first free "(copy)", "(copy 2)", ... and "name", "name (2)", ...', () => {
    expect(freeName('Local', new Set(), copySuffix)).toBe('Local (copy)')
    expect(freeName('Local', new Set(['Local (copy)', 'Local (copy 2)']), copySuffix)).toBe('Local (copy 3)')
    expect(freeNameOnTarget('Local', new Set(['Other']))).toBe('Local')
    expect(freeNameOnTarget('Local', new Set(['Local', 'Local (2)']))).toBe('Local (3)')
    const long = 'x'.repeat(64)
    expect(freeNameOnTarget(long, new Set([long]))).toBe('x'.repeat(60) + ' (2)')
  })
})
