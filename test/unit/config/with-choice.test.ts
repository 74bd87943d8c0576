import { describe, expect, it } from 'vitest'
import { withChoice } from '../../../electron/contract/apply-outlook'
import type { NameMapping } from '../../../electron/contract/config-apply'

// One PBX's mapping with one choice added or replaced: the one function the app's store, mapGroup,
// the rollout runner's finish and the command line's mapping options all go through.

describe('withChoice', () => {
  it('adds a choice to no mapping, and replaces one it had, leaving the given mapping as it was', () => {
    expect(withChoice(undefined, 'providers', 'Telco One', 'p2')).toEqual({ providers: { 'Telco One': 'p2' }, holidays: {} })
    const had: NameMapping = { providers: { 'Telco One': 'p2' }, holidays: { Christmas: 'h1' } }
    expect(withChoice(had, 'providers', 'Telco One', 'p3')).toEqual({ providers: { 'Telco One': 'p3' }, holidays: { Christmas: 'h1' } })
    expect(withChoice(had, 'holidays', 'Easter', 'h2')).toEqual({ providers: { 'Telco One': 'p2' }, holidays: { Christmas: 'h1', Easter: 'h2' } })
    expect(had).toEqual({ providers: { 'Telco One': 'p2' }, holidays: { Christmas: 'h1' } })
  })

  it("keeps a holiday's null (left out) and takes a provider's choice away on null", () => {
    const had: NameMapping = { providers: { 'Telco One': 'p2' }, holidays: { Christmas: 'h1' } }
    expect(withChoice(had, 'holidays', 'Christmas', null)).toEqual({ providers: { 'Telco One': 'p2' }, holidays: { Christmas: null } })
    expect(withChoice(had, 'providers', 'Telco One', null)).toEqual({ providers: {}, holidays: { Christmas: 'h1' } })
  })
})
