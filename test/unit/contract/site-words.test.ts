import type { SiteBase } from '../../../electron/contract/bridge-handsets'
import { handsetLine, handsetSummary, siteFilterKeeps, siteOrder, siteWhy, type SiteShownState } from '../../../electron/contract/site-words'
import { describe, expect, it } from 'vitest'

// The On site tab's order, filter and words (issue 40).

const base = (row: number, state: SiteBase['state'], more: Partial<SiteBase> = {}): SiteBase => ({ rowId: `r${row}`, row, name: `Base ${row}`, mac: `00156500000${row}`, state, ...more })

describe('site-words', () => {
  it('orders the bases not seen yet first, then waiting, not pushed, and the ones that fetched their configuration, each by row', () => {
    const late = new Set([4])
    const stateOf = (b: SiteBase): SiteShownState => (late.has(b.row) ? 'late' : b.state)
    const bases = [base(1, 'seen'), base(2, 'waiting'), base(3, 'not_pushed'), base(4, 'waiting'), base(5, 'waiting'), base(6, 'seen')]
    expect(siteOrder(bases, stateOf).map((b) => b.row)).toEqual([4, 2, 5, 3, 1, 6])
  })

  it('filters by state, by "not fetched yet" (waiting or not seen) and by handsets that differ from the batch', () => {
    const differs = base(1, 'seen', { handsets: [{ place: 'not_in_batch', ipui: '00CC000001', extension: '1170', handsetIndex: 3 }] })
    const same = base(2, 'seen', { handsets: [{ place: 'on_base', ipui: '00AF000001', extension: '1161', handsetIndex: 1 }] })
    expect(siteFilterKeeps('all', 'not_pushed', same)).toBe(true)
    expect((['late', 'waiting', 'seen', 'not_pushed'] as const).map((state) => siteFilterKeeps('attention', state, same))).toEqual([true, true, false, false])
    expect((['late', 'waiting', 'seen', 'not_pushed'] as const).map((state) => siteFilterKeeps('late', state, same))).toEqual([true, false, false, false])
    expect([differs, same, base(3, 'waiting')].map((b) => siteFilterKeeps('handsets', 'seen', b))).toEqual([true, false, false])
  })

  it('says why a base stands where it does, and its handsets in words', () => {
    expect(siteWhy(base(1, 'waiting'), 'late', 12.5 * 60_000)).toBe('Not seen 12 min after its push: check its power, network and provisioning URL.')
    expect(siteWhy(base(1, 'waiting'), 'waiting', 20_000)).toBe('Pushed less than a minute ago, not fetched yet.')
    expect(siteWhy(base(1, 'seen', { ip: '192.168.20.2', fwver: '146.85.0.20' }), 'seen', 0)).toBe('IP 192.168.20.2 · firmware 146.85.0.20')
    expect(siteWhy(base(1, 'not_pushed'), 'not_pushed', 0)).toBe('Not on the PBX: push the batch first.')
    const handsets = [
      { place: 'missing' as const, ipui: '00AF000002', extension: '1162', name: 'Ben' },
      { place: 'not_in_batch' as const, ipui: '00CC000001', extension: '1170', handsetIndex: 3 },
      { place: 'other_base' as const, ipui: '00AF000003', extension: '1163', handsetIndex: 2, batchBase: 'Yard' },
      { place: 'on_base' as const, ipui: '00AF000001', extension: '1161', handsetIndex: 1 },
    ]
    expect(handsetSummary(handsets)).toBe('1 of 2 on the base')
    expect(handsetSummary([])).toBe('no handsets')
    expect(handsets.map(handsetLine)).toEqual([
      'Missing: 1162 Ben (00AF000002)',
      'Not in the batch: 1170 (00CC000001), handset 3',
      'The batch has it on Yard: 1163 (00AF000003)',
      'On the base: 1161 (00AF000001)',
    ])
  })
})
