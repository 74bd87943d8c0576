import { describe, expect, it } from 'vitest'
import type { OutboundRule } from '../../../electron/contract/pbx'
import { holidaysUsed, matchByName, namesById, providersUsed } from '../../../electron/services/outbound/copy-usage'
import { mapLimited } from '../../../electron/services/concurrency/map-limited'

const rules: OutboundRule[] = [
  { id: 'rule-1', name: 'Local', routes: [{ provider_id: 'p1' }, { provider_id: 'p1' }, {}], holidays: [{ id: 'h1', name: 'New Year' }] },
  { id: 'rule-2', routes: [{ provider_id: 'p2' }, { provider_id: 'p1' }], holidays: [{ id: 'h1' }, { id: 'h2' }] },
]

describe('what the chosen rules use', () => {
  it('providers in order of first use, each rule named once, names from the source list', () => {
    expect(providersUsed(rules, namesById([{ id: 'p1', name: 'Telco One' }]))).toEqual([
      { id: 'p1', name: 'Telco One', usedBy: ['Local', 'rule-2'] },
      { id: 'p2', name: undefined, usedBy: ['rule-2'] },
    ])
  })

  it('holidays take their name from the rule where the source lists none', () => {
    expect(holidaysUsed(rules, new Map())).toEqual([
      { id: 'h1', name: 'New Year', usedBy: ['Local', 'rule-2'] },
      { id: 'h2', name: undefined, usedBy: ['rule-2'] },
    ])
  })

  it('matches the exact name first, then trimmed in any case; an unknown name matches nothing', () => {
    const targets = [{ id: 'a', name: ' telco ONE' }, { id: 'b', name: 'Telco One' }, { id: 'c' }]
    expect(matchByName('Telco One', targets)).toBe('b')
    expect(matchByName('telco one ', targets)).toBe('a')
    expect(matchByName('Other', targets)).toBeNull()
    expect(matchByName(undefined, targets)).toBeNull()
  })
})

describe('mapLimited', () => {
  it('answers in order, never more than the limit at once, and stops starting new work after a failure', async () => {
    let running = 0
    let most = 0
    const seen: number[] = []
    const out = await mapLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++
      most = Math.max(most, running)
      await new Promise((done) => setTimeout(done, 5 * (8 - n)))
      running--
      return n * 10
    })
    expect(out).toEqual([10, 20, 30, 40, 50, 60, 70])
    expect(most).toBe(3)

    await expect(
      mapLimited([1, 2, 3, 4, 5], 1, async (n) => {
        seen.push(n)
        if (n === 2) throw new Error('no')
        return n
      }),
    ).rejects.toThrow('no')
    expect(seen).toEqual([1, 2])
  })
})
