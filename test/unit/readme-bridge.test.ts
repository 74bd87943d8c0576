import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OPERATION_NAMES } from '../../electron/contract/operations'

// docs/bridge.md (the README's former Bridge section) lists every operation the renderer may
// call; a new operation without a line there fails here.
describe('the Bridge reference, docs/bridge.md', () => {
  it('names every operation of the contract', () => {
    const section = readFileSync('docs/bridge.md', 'utf8')
    expect(section.startsWith('# Bridge\n')).toBe(true)
    expect(OPERATION_NAMES.filter((name) => !section.includes(`\`${name}\``))).toEqual([])
  })
})
