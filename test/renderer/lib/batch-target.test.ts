import { likelyTarget } from '@renderer/lib/batch-target'
import { describe, expect, it } from 'vitest'

describe('the PBX a batch likely goes to', () => {
  it('is the one it was pushed to, else the one checked against, else the one open, else the only one saved', () => {
    expect(likelyTarget({ pushedTo: 'p-a', checkedOn: 'p-b' }, 'p-c', ['p-a', 'p-b', 'p-c'])).toBe('p-a')
    expect(likelyTarget({ pushedTo: null, checkedOn: 'p-b' }, 'p-c', ['p-a', 'p-b', 'p-c'])).toBe('p-b')
    expect(likelyTarget({}, 'p-c', ['p-a', 'p-b', 'p-c'])).toBe('p-c')
    expect(likelyTarget({}, null, ['p-a'])).toBe('p-a')
    expect(likelyTarget({}, null, ['p-a', 'p-b'])).toBeNull()
    expect(likelyTarget({}, null, [])).toBeNull()
  })
})
