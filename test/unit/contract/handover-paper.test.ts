import { describe, expect, it } from 'vitest'
import { paperForLocale } from '../../../electron/contract/handover-report'

// The hand-over report's paper from the locale (issue 43): Letter where offices print on it, A4 elsewhere.

describe('paperForLocale', () => {
  it.each([
    ['en-US', 'letter'],
    ['en_CA', 'letter'],
    ['es-MX', 'letter'],
    ['fr-CA', 'letter'],
    ['en-GB', 'a4'],
    ['de-DE', 'a4'],
    ['zh-Hans-CN', 'a4'],
    ['es-419', 'a4'],
    ['en', 'a4'],
    [undefined, 'a4'],
  ] as const)('%s prints on %s', (locale, paper) => {
    expect(paperForLocale(locale)).toBe(paper)
  })
})
