import { describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import { certificateWarnings, disabledRulesWarning, notSeenWarning, recipientsWarning } from '../../../electron/services/fleet/fleet-warnings'

// The warnings of the fleet, in the words a reseller reads.

const NOW = new Date('2026-11-25T12:00:00Z')
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000).toISOString()

describe('fleet warnings', () => {
  it('certificates: changed, not trusted, ending within 30 days, ended; none for one ending later', () => {
    expect(certificateWarnings({ certificate: 'changed' }, NOW).map((w) => w.kind)).toEqual(['certificate_changed'])
    expect(certificateWarnings({ certificate: 'untrusted' }, NOW).map((w) => w.kind)).toEqual(['certificate_untrusted'])
    expect(certificateWarnings({ certificate: 'system', certificateValidTo: '2026-12-07T00:00:00.000Z' }, NOW)).toEqual([
      { kind: 'certificate_expiring', text: 'The certificate expires in 12 days (2026-12-07).' },
    ])
    expect(certificateWarnings({ certificate: 'pinned', certificateValidTo: '2026-11-01T00:00:00.000Z' }, NOW)).toEqual([
      { kind: 'certificate_expiring', text: 'The certificate expired on 2026-11-01.' },
    ])
    expect(certificateWarnings({ certificate: 'system', certificateValidTo: '2027-03-01T00:00:00.000Z' }, NOW)).toEqual([])
  })

  it('rules switched off, by name, a few named and the rest counted', () => {
    const rule = (id: string, name: string, enabled: boolean) => ({ id, name, enabled })
    expect(disabledRulesWarning([rule('1', 'Local', true), rule('2', 'Emergency', false)], 2)).toEqual([{ kind: 'rule_disabled', text: "1 outbound rule switched off: 'Emergency'" }])
    const many = ['A', 'B', 'C', 'D', 'E'].map((n, i) => rule(String(i), n, false))
    expect(disabledRulesWarning(many, 140)[0]!.text).toBe("5 outbound rules switched off (of the first 5 rules): 'A', 'B', 'C' and 2 more")
    expect(disabledRulesWarning([rule('1', 'Local', true)], 1)).toEqual([])
  })

  it('alert emails without recipients', () => {
    expect(recipientsWarning({ recipients: '  ' })).toHaveLength(1)
    expect(recipientsWarning({})).toHaveLength(1)
    expect(recipientsWarning({ recipients: 'it@acme.example' })).toEqual([])
  })

  it('bases of the last batch pushed more than 10 minutes ago and not among the provisioned phones', () => {
    const row = (n: number, at: string | undefined, state: 'created' | 'matched' | 'failed' | 'pending' = 'created') => ({
      id: `r${n}`,
      row: n,
      values: { mac: `00156500000${n}`, name: `Base ${n}` },
      problems: [],
      outcome: { state, ...(at ? { at } : {}) },
    })
    const batch: Pick<Batch, 'name' | 'rows'> = {
      name: 'Site A',
      rows: [row(1, minutesAgo(180)), row(2, minutesAgo(200), 'matched'), row(3, minutesAgo(5)), row(4, minutesAgo(300), 'failed'), row(5, minutesAgo(190))],
    }
    // base 5 fetched its configuration (the PBX writes MACs its own way); 3 was pushed 5 minutes ago; 4 failed
    expect(notSeenWarning(batch, [{ mac: '00-15-65-00-00-05' }], NOW)).toEqual([{ kind: 'base_not_seen', text: "2 bases of 'Site A' not seen since the push 3 h ago: 'Base 1', 'Base 2'" }])
    expect(notSeenWarning(batch, ['1', '2', '5'].map((n) => ({ mac: `00156500000${n}` })), NOW)).toEqual([])
  })
})
