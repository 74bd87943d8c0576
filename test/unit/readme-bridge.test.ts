import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { OPERATION_NAMES } from '../../electron/contract/operations'

// The README's Bridge section lists every operation the renderer may call; a new operation
// without a line there fails here.
describe('the README Bridge section', () => {
  it('names every operation of the contract', () => {
    const readme = readFileSync('README.md', 'utf8')
    const section = readme.slice(readme.indexOf('## Bridge'), readme.indexOf('## Secrets and sessions'))
    expect(OPERATION_NAMES.filter((name) => !section.includes(`\`${name}\``))).toEqual([])
  })
})
