import { accountText, lineBreakParts, profileMatches } from '@renderer/lib/profile-text'
import { describe, expect, it } from 'vitest'

describe('profile-text', () => {
  it('accountText: user@domain, or the system administrator without a domain', () => {
    expect(accountText({ username: 'installer', domain: 'acme.example.net' })).toBe('installer@acme.example.net')
    expect(accountText({ username: 'admin', domain: '' })).toBe('admin (system administrator)')
  })

  it('profileMatches: every word, in the label, the customer or a tag, case-insensitive', () => {
    const profile = { label: 'Acme HQ', customer: 'Acme GmbH', tags: ['berlin', 'gold'] }
    expect(profileMatches(profile, '  ')).toBe(true)
    expect(profileMatches(profile, 'acme GOLD')).toBe(true)
    expect(profileMatches(profile, 'acme munich')).toBe(false)
  })

  it('lineBreakParts: an address breaks after // and @ and before each dot, and joins back to itself', () => {
    expect(lineBreakParts('https://pbx1.example.net:8887')).toEqual(['https://', 'pbx1', '.example', '.net:8887'])
    expect(lineBreakParts('installer@customer1.example.net')).toEqual(['installer@', 'customer1', '.example', '.net'])
    expect(lineBreakParts('admin (system administrator)')).toEqual(['admin (system administrator)'])
    for (const text of ['http://192.168.1.20', 'a@b.c@d', '.leading.dots.', '']) expect(lineBreakParts(text).join('')).toBe(text)
  })
})
