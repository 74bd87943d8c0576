import { CERTIFICATE_EXPIRING_DAYS } from '@contract/fleet'
import { blankEntry, joinFleet, sortRows, type FleetRow } from '@renderer/lib/fleet-rows'
import {
  certificateText,
  expiryText,
  figureText,
  lastBatchText,
  notificationsText,
  reachText,
  refreshProgressText,
  warningsCountText,
  worstWarningType,
} from '@renderer/lib/fleet-text'
import { describe, expect, it } from 'vitest'
import { sampleProfile } from '../fake-pbx'

const NOW = Date.parse('2025-06-01T12:00:00.000Z')
const DAY = 24 * 60 * 60_000
const at = (ms: number) => new Date(NOW + ms).toISOString()

describe('the fleet in words', () => {
  it('says when a certificate ends, from CERTIFICATE_EXPIRING_DAYS on', () => {
    expect(expiryText(at((CERTIFICATE_EXPIRING_DAYS + 1) * DAY), NOW)).toBe('')
    expect(expiryText(at(CERTIFICATE_EXPIRING_DAYS * DAY), NOW)).toBe(`expires in ${CERTIFICATE_EXPIRING_DAYS} days`)
    expect(expiryText(at(DAY - 1000), NOW)).toBe('expires in 1 day')
    expect(expiryText(at(DAY + 1000), NOW)).toBe('expires in 2 days')
    expect(expiryText(at(-1000), NOW)).toBe('expired')
    expect(expiryText(undefined, NOW)).toBe('')
    expect(expiryText('not a date', NOW)).toBe('')
  })

  it('names each certificate state, with its end when near; plain http has none', () => {
    expect(['http', 'system', 'pinned', 'changed', 'untrusted', 'unknown'].map((c) => certificateText(c as never, undefined, NOW).text)).toEqual([
      'plain http',
      'trusted',
      'pinned',
      'changed!',
      'not trusted',
      'unknown',
    ])
    expect(certificateText('system', at(5 * DAY), NOW).text).toBe('trusted, expires in 5 days')
    expect(certificateText('http', at(5 * DAY), NOW).text).toBe('plain http')
  })

  it('says a figure, or why there is none', () => {
    expect(figureText(0)).toEqual({ text: '0' })
    expect(figureText('not_offered')).toEqual({ text: '—', title: 'not offered by this PBX' })
    expect(figureText('not_allowed').text).toBe('no access')
    expect(figureText('failed').text).toBe('?')
    expect(figureText(undefined).text).toBe('')
  })

  it('says why a figure is blank: not read yet, or nothing read until the user signs in', () => {
    // never read, or read and kept signed in: the next refresh reads it
    expect(figureText(undefined)).toEqual({ text: '', title: 'Not read yet' })
    expect(figureText(undefined, 'remembered')).toEqual({ text: '', title: 'Not read yet' })
    expect(figureText(undefined, 'signed_in')).toEqual({ text: '', title: 'Not read yet' })
    // no password kept, or a one-time code asked for: no refresh reads it until the user signs in
    expect(figureText(undefined, 'needs_password')).toEqual({ text: '', title: 'Sign in to read' })
    expect(figureText(undefined, 'code_required')).toEqual({ text: '', title: 'Sign in to read' })
    expect(notificationsText(undefined, 'needs_password')).toEqual({ text: '', title: 'Sign in to read' })
    expect(notificationsText(undefined, 'remembered')).toEqual({ text: '', title: 'Not read yet' })
    // a figure read before stays what it is, whatever the access now
    expect(figureText(3, 'needs_password')).toEqual({ text: '3' })
    expect(notificationsText('no_recipients', 'needs_password').text).toBe('none!')
  })

  it('says how old the last batch is, and how the PBX answered', () => {
    expect(lastBatchText({ name: 'Site A', status: 'partly_failed', at: at(-90_000) }, NOW)).toBe('Site A · Partly failed · 1 min ago')
    expect(reachText('reachable', 41.6)).toBe('reachable · 42 ms')
    expect(reachText(undefined, undefined)).toBe('not checked')
    expect(refreshProgressText(12, 200)).toBe('Refreshing 12 of 200')
  })

  it('counts the warnings, in the colour of the worst', () => {
    expect([1, 2].map(warningsCountText)).toEqual(['1 warning', '2 warnings'])
    const ruleOff = { kind: 'rule_disabled', text: 'a rule is off' } as const
    expect(worstWarningType([ruleOff])).toBe('warning')
    expect(worstWarningType([ruleOff, { kind: 'certificate_changed', text: 'changed' }])).toBe('error')
  })
})

describe('the fleet rows', () => {
  const rows = (): FleetRow[] =>
    joinFleet(
      [
        sampleProfile({ id: 'a', label: 'Alpha' }),
        sampleProfile({ id: 'b', label: 'bravo', favourite: true }),
        sampleProfile({ id: 'c', label: 'Charlie' }),
        sampleProfile({ id: 'd', label: 'Delta' }),
      ],
      [
        { ...blankEntry('a'), certificate: 'system', certificateValidTo: at(200 * DAY) },
        { ...blankEntry('b'), certificate: 'changed' },
        { ...blankEntry('c'), certificate: 'system', certificateValidTo: at(3 * DAY) },
        { ...blankEntry('gone'), certificate: 'pinned' },
      ],
    )

  it('one row per saved PBX: blank figures for one never read, none for a PBX no longer saved', () => {
    expect(rows().map((row) => [row.profileId, row.entry.certificate])).toEqual([
      ['a', 'system'],
      ['b', 'changed'],
      ['c', 'system'],
      ['d', 'unknown'],
    ])
  })

  it('orders by label (case aside), the worst certificate first, the favourites on top when asked', () => {
    expect(sortRows(rows(), null, false).map((row) => row.profileId)).toEqual(['a', 'b', 'c', 'd'])
    expect(sortRows(rows(), null, true).map((row) => row.profileId)).toEqual(['b', 'a', 'c', 'd'])
    // changed, unknown, then the trusted ones, the one ending soonest first
    expect(sortRows(rows(), { key: 'certificate', order: 'ascend' }, false).map((row) => row.profileId)).toEqual(['b', 'd', 'c', 'a'])
    expect(sortRows(rows(), { key: 'certificate', order: 'descend' }, true).map((row) => row.profileId)).toEqual(['b', 'a', 'c', 'd'])
  })
})
