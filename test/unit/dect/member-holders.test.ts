import { describe, expect, it } from 'vitest'
import type { DectMember } from '../../../electron/contract/pbx'
import { clashesOf, createHolderFinder } from '../../../electron/services/dect/handsets/member-holders'

const member = (extension_number: string, ipui: string, handset_index: number): DectMember => ({ extension_number, ipui, handset_index })
const hall = { mac: '001565AABB01', name: 'Hall', members: [member('1208', '00AA000001', 1), member('1209', '00aa000002', 4)] }

describe('clashesOf', () => {
  it('says where the extension is, as which handset, and what to do', () => {
    expect(clashesOf({ ipui: '00BB000001', extension: '1208' }, [hall])).toEqual([
      "extension 1208 is on 'Hall' (00:15:65:AA:BB:01) as handset 1 (00AA000001); give this handset another extension or take that one off on the PBX",
    ])
  })

  it('says where the handset is, for which extension, whatever the IPUI\'s case', () => {
    expect(clashesOf({ ipui: '00AA000002', extension: '1300' }, [hall])).toEqual([
      "handset 00AA000002 is on 'Hall' (00:15:65:AA:BB:01) as handset 4, for extension 1209; take it off there on the PBX first",
    ])
  })

  it('names both when the IPUI and the extension are each somewhere else', () => {
    expect(clashesOf({ ipui: '00AA000001', extension: '1209' }, [hall])).toHaveLength(2)
  })

  it('the handset itself (same IPUI and extension) is no clash, nor is a free extension', () => {
    expect(clashesOf({ ipui: '00AA000001', extension: '1208' }, [hall])).toEqual([])
    expect(clashesOf({ ipui: '00CC000001', extension: '1500' }, [hall])).toEqual([])
  })
})

describe('createHolderFinder', () => {
  const others = [
    { id: 'dect-1', name: 'Cellar', mac: '001565000001' },
    { id: 'dect-2', name: 'Roof', mac: '001565000002' },
    { id: 'dect-3', name: 'Yard', mac: '001565000003' },
  ]
  const onPbx: Record<string, DectMember[]> = { 'dect-1': [], 'dect-2': [member('1400', '00DD000001', 2)], 'dect-3': [member('1401', '00DD000002', 1)] }

  it('answers from the lists known first; reads the other bases only as far as needed, each once', async () => {
    const reads: string[] = []
    const finder = createHolderFinder(
      () => [hall],
      others,
      async (id) => {
        reads.push(id)
        return onPbx[id]
      },
    )
    const first = await finder.find(new Map([['a', { ipui: '00BB000009', extension: '1208' }]]))
    expect(first.get('a')).toContain("'Hall'")
    expect(reads).toEqual([])

    const second = await finder.find(new Map([['b', { ipui: '00BB000010', extension: '1400' }]]))
    expect(second.get('b')).toBe("extension 1400 is on 'Roof' (00:15:65:00:00:02) as handset 2 (00DD000001); give this handset another extension or take that one off on the PBX")
    expect(reads).toEqual(['dect-1', 'dect-2'])

    const third = await finder.find(new Map([['c', { ipui: '00BB000011', extension: '1401' }], ['d', { ipui: '00BB000012', extension: '1777' }]]))
    expect(third.get('c')).toContain("'Yard'")
    expect(third.get('d')).toBeUndefined()
    expect(third.has('d')).toBe(true)
    expect(reads).toEqual(['dect-1', 'dect-2', 'dect-3'])
  })

  it('stops reading when the push stops (a read answers undefined)', async () => {
    const finder = createHolderFinder(() => [], others, async () => undefined)
    const found = await finder.find(new Map([['a', { ipui: '00BB000009', extension: '1400' }]]))
    expect(found.get('a')).toBeUndefined()
  })
})
