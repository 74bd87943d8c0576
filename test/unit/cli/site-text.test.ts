import { describe, expect, it } from 'vitest'
import type { SiteBase, SiteStatus } from '../../../electron/contract/bridge-handsets'
import { allFetched, handsetProblemLines, shownBases, siteCounts, siteSummary, siteTable } from '../../../electron/cli/site-text'

// `batch site`'s words (issue 40): a base waiting past --late-after is "not seen yet" and comes
// first; a base whose push time is unknown counts from the command's start.

const NOW = Date.parse('2026-12-03T10:30:00Z')
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()
const base = (row: number, name: string, state: SiteBase['state'], more: Partial<SiteBase> = {}): SiteBase => ({ rowId: `r${row}`, row, name, mac: `00156500000${row}`, state, ...more })
const status = (bases: SiteBase[], more: Partial<SiteStatus> = {}): SiteStatus => ({ supported: true, membersSupported: true, bases, checkedAt: new Date(NOW).toISOString(), ...more })

describe('batch site: its words', () => {
  const site = status([
    base(1, 'Hall', 'seen', { pushedAt: minutesAgo(30), ip: '10.0.0.5', fwver: '1.2', handsets: [{ place: 'on_base', ipui: '00AD000001', extension: '1101', handsetIndex: 1, name: 'Anna' }] }),
    base(2, 'Yard', 'waiting', { pushedAt: minutesAgo(12), handsets: [{ place: 'missing', ipui: '00AD000002', extension: '1102', name: 'Ben' }] }),
    base(3, 'Shed', 'waiting', { pushedAt: minutesAgo(3) }),
    base(4, '', 'waiting'),
    base(5, 'Loft', 'not_pushed'),
  ])

  it('a base waiting past --late-after is not seen yet, first; one with no push time counts from the start', () => {
    const bases = shownBases(site, NOW, NOW - 11 * 60_000, 10 * 60_000)
    expect(bases.map((b) => [b.name || b.mac, b.shownState])).toEqual([
      ['Yard', 'late'],
      ['001565000004', 'late'],
      ['Shed', 'waiting'],
      ['Loft', 'not_pushed'],
      ['Hall', 'seen'],
    ])
    expect(bases[0]!.why).toBe('Not seen 12 min after its push: check its power, network and provisioning URL.')
    // the same bases, the command just started: the base with no push time waits
    expect(shownBases(site, NOW, NOW, 10 * 60_000).find((b) => b.row === 4)!.shownState).toBe('waiting')
  })

  it('counts, the summary line and the table', () => {
    const bases = shownBases(site, NOW, NOW, 10 * 60_000)
    const counts = siteCounts(bases)
    expect(counts).toEqual({ bases: 5, seen: 1, waiting: 2, late: 1, notPushed: 1, handsets: { onBase: 1, inBatch: 2 } })
    expect(allFetched(counts)).toBe(false)
    expect(siteSummary(counts, true)).toBe('1 of 4 bases fetched their configuration, 2 waiting, 1 not seen yet, 1 not pushed; 1 of 2 handsets on its base')
    expect(siteSummary(counts, false)).toMatch(/; handsets unknown \(this PBX does not list the members of its bases\)$/)
    const table = siteTable(bases)
    expect(table.rows[0]).toEqual(['not seen yet', 'Yard', '00:15:65:00:00:02', '0 of 1 on the base', '-', 'Not seen 12 min after its push: check its power, network and provisioning URL.'])
    expect(table.rows.at(-1)).toEqual(['fetched', 'Hall', '00:15:65:00:00:01', '1 of 1 on the base', '-', 'IP 10.0.0.5 · firmware 1.2'])
    expect(table.rows.find((r) => r[1] === 'Shed')![3]).toBe('-')
    expect(handsetProblemLines(bases)).toEqual(['Yard: Missing: 1102 Ben (00AD000002)'])
  })

  it('every pushed base fetched: done; nothing pushed is not done', () => {
    const fetched = siteCounts(shownBases(status([base(1, 'Hall', 'seen'), base(2, 'Loft', 'not_pushed')]), NOW, NOW, 60_000))
    expect(allFetched(fetched)).toBe(true)
    expect(siteSummary(fetched, true)).toBe('1 of 1 base fetched its configuration, 1 not pushed; no handsets in the batch')
    expect(allFetched(siteCounts(shownBases(status([base(2, 'Loft', 'not_pushed')]), NOW, NOW, 60_000)))).toBe(false)
  })
})
