import { accountsText, accountText, profileMatches } from '@renderer/lib/profile-text'
import { describe, expect, it } from 'vitest'

describe('profile-text', () => {
  it('accountText: user@domain, or the system administrator without a domain', () => {
    expect(accountText({ username: 'installer', domain: 'acme.example.net' })).toBe('installer@acme.example.net')
    expect(accountText({ username: 'admin', domain: '' })).toBe('admin (system administrator)')
  })

  it('accountsText: an entry that holds the system administrator sign-in too names both', () => {
    expect(accountsText({ username: 'manager', domain: 'acme.example.net', systemAdmin: { username: 'admin', rememberPassword: true } })).toBe(
      'manager@acme.example.net + admin (system administrator)',
    )
    expect(accountsText({ username: 'manager', domain: 'acme.example.net', systemAdmin: null })).toBe('manager@acme.example.net')
  })

  it('profileMatches: every word, in the label, the customer or a tag, case-insensitive', () => {
    const profile = { label: 'Acme HQ', customer: 'Acme GmbH', tags: ['berlin', 'gold'] }
    expect(profileMatches(profile, '  ')).toBe(true)
    expect(profileMatches(profile, 'acme GOLD')).toBe(true)
    expect(profileMatches(profile, 'acme munich')).toBe(false)
  })
})
