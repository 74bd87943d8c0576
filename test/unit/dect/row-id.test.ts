import { describe, expect, it } from 'vitest'
import { newRowId } from '../../../electron/services/dect/row-id'

describe('newRowId: the id of a new batch row', () => {
  it('is a random (version 4, RFC 4122 variant) UUID, a new one each time, across batches of random bytes', () => {
    const ids = Array.from({ length: 2000 }, newRowId)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(ids.length)
    // every hex digit turns up in every free position: the bytes are used, not a constant
    const fixed = new Set([8, 13, 14, 18, 19, 23])
    for (let at = 0; at < 36; at++) if (!fixed.has(at)) expect(new Set(ids.map((id) => id[at])).size).toBe(16)
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']))
  })
})
