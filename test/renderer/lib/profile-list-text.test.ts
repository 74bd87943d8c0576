import type { ProfileListPreview, ProfileListRow } from '@contract/profile-list'
import { checkText, importedText, passwordLabel, previewSummary } from '@renderer/lib/profile-list-text'
import { describe, expect, it } from 'vitest'

const row = (more: Partial<ProfileListRow>): ProfileListRow => ({
  row: 1,
  fields: { label: 'A', address: 'https://a.example', user: 'manager', tenant: 'a.example', customer: '', group: '', tags: [] },
  problems: [],
  duplicate: null,
  check: null,
  ...more,
})

describe('the words of "Add many…"', () => {
  it('labels a password field by its account and how many PBXs use it', () => {
    expect(passwordLabel({ username: 'manager', domain: 'demo.pbx.example', rows: 15 })).toBe('Password for manager @ demo.pbx.example (15 PBXs)')
    expect(passwordLabel({ username: 'admin', domain: '', rows: 1 })).toBe('Password for admin (system administrator, 1 PBX)')
  })

  it('says a row’s check in a few words, the full message as its title', () => {
    expect(checkText(row({ check: { result: 'reachable', message: 'reachable: Demo Company' } }))).toEqual({ text: 'Reachable · Demo Company', tone: 'ok', title: 'reachable: Demo Company' })
    expect(checkText(row({ check: { result: 'reachable', message: 'reachable at a.example' } })).text).toBe('Reachable')
    expect(checkText(row({ check: { result: 'unreachable', message: 'Could not reach a.example' } }))).toMatchObject({ text: 'Not reachable now', tone: 'muted' })
    expect(checkText(row({ check: { result: 'untrusted_certificate', message: '…' } }))).toMatchObject({ text: 'Certificate not trusted', tone: 'note' })
    expect(checkText(row({ check: { result: 'unknown_tenant', message: '…' } })).text).toBe('No such tenant yet')
    expect(checkText(row({ check: { result: 'not_a_pbx', message: '…' } })).text).toBe('Not a PBX?')
    expect(checkText(row({ duplicate: { of: 'saved', label: 'Acme' } }))).toEqual({ text: 'Saved already: skipped', tone: 'muted', title: 'Saved as Acme' })
  })

  it('sums up a preview and an import', () => {
    const preview: ProfileListPreview = {
      rows: [row({}), row({ row: 2, duplicate: { of: 'saved', label: 'Acme' } }), row({ row: 3, problems: [{ row: 3, field: 'label', message: 'x' }] })],
      problems: [{ row: 3, field: 'label', message: 'x' }],
      accounts: [],
      ignoredColumns: [],
      delimiter: 'comma',
      keychain: true,
    }
    expect(previewSummary(preview)).toBe('3 rows · 1 saved already (skipped) · 1 problem')
    expect(
      importedText({ added: [{ row: 1, profileId: 'p', label: 'A' }], skipped: [{ row: 2, label: 'B', savedLabel: 'Acme' }], signIns: [], passwordNote: 'No password was typed: each PBX asks for its password at its first sign-in.' }),
    ).toBe('Added 1 PBX, skipped 1 saved already (B). No password was typed: each PBX asks for its password at its first sign-in.')
  })
})
