import type { HandsetRow } from '../../../electron/contract/dect-handsets'
import { freeExtensions, handsetSettingEdits, handsetUndoEdits, parseExtensionRange } from '../../../electron/contract/handset-setting'
import { describe, expect, it } from 'vitest'

const handset = (n: number, values: HandsetRow['values']): HandsetRow => ({ id: `h${n}`, row: n, values, problems: [], outcome: { state: 'pending' } })

describe('set a value for the selected handsets', () => {
  const all = [
    handset(1, { base_mac: '001565AA0001', ipui: '0001000001', extension: '1201', handset_index: '1' }),
    handset(2, { base_mac: '001565AA0001', ipui: '0001000002', extension: '1202', handset_index: '2' }),
    handset(3, { base_mac: '001565AA0001', ipui: '0001000003', extension: '1203' }),
    handset(4, { ipui: '0001000004' }),
  ]
  const [one, two, three, four] = all as [HandsetRow, HandsetRow, HandsetRow, HandsetRow]

  it('an extension range gives each handset, in order, the lowest extension no other handset of the batch holds', () => {
    // 1201 and 1203 stay with handsets 1 and 3; 1202 is handset 2's own and is free to take again
    expect(handsetSettingEdits(all, [two, four], 'extension', '1201-1210')).toEqual({
      ok: true,
      edits: [
        { handsetId: 'h2', values: { extension: '1202' } },
        { handsetId: 'h4', values: { extension: '1204' } },
      ],
    })
    // a start alone counts up from it
    expect(handsetSettingEdits(all, [four, two], 'extension', '1201')).toEqual({
      ok: true,
      edits: [
        { handsetId: 'h4', values: { extension: '1202' } },
        { handsetId: 'h2', values: { extension: '1204' } },
      ],
    })
  })

  it('a range with too few free extensions changes nothing and says how many it has', () => {
    expect(handsetSettingEdits(all, [two, four], 'extension', '1201-1203')).toEqual({
      ok: false,
      message: 'extension: 1201-1203 has 1 free extension for 2 handsets; other handsets of the batch hold 2 of its 3. Nothing was changed',
    })
    expect(handsetSettingEdits(all, [four], 'extension', '12a')).toMatchObject({ ok: false, message: expect.stringContaining('12a is not an extension or a range') })
    expect(handsetSettingEdits(all, [four], 'extension', '1210-1201')).toMatchObject({ ok: false })
  })

  it('a base moves the handsets and clears their index; the undo puts back both', () => {
    expect(handsetSettingEdits(all, [one, four], 'base_mac', '00:15:65:AA:00:02')).toEqual({
      ok: true,
      edits: [
        { handsetId: 'h1', values: { base_mac: '00:15:65:AA:00:02', handset_index: '' } },
        { handsetId: 'h4', values: { base_mac: '00:15:65:AA:00:02', handset_index: '' } },
      ],
    })
    expect(handsetUndoEdits([one, four], 'base_mac')).toEqual([
      { handsetId: 'h1', values: { base_mac: '001565AA0001', handset_index: '1' } },
      { handsetId: 'h4', values: { base_mac: '', handset_index: '' } },
    ])
  })

  it('a name fills in each handset\'s number and extension; an IPUI or an index is set on one handset only', () => {
    expect(handsetSettingEdits(all, [one, three], 'name', 'DECT {extension} ({n})')).toEqual({
      ok: true,
      edits: [
        { handsetId: 'h1', values: { name: 'DECT 1201 (1)' } },
        { handsetId: 'h3', values: { name: 'DECT 1203 (3)' } },
      ],
    })
    expect(handsetSettingEdits(all, [one, three], 'ipui', '0001000009')).toMatchObject({ ok: false, message: expect.stringContaining('set it on one handset, not 2') })
    expect(handsetSettingEdits(all, [one], 'handset_index', '4')).toEqual({ ok: true, edits: [{ handsetId: 'h1', values: { handset_index: '4' } }] })
  })

  it('ranges: written as wide as their start; an open one reaches as far as the batch could need', () => {
    expect(freeExtensions({ from: '0201', to: '0210' }, new Set(['0201']), 2)).toEqual(['0202', '0203'])
    expect(parseExtensionRange('1201', 4)).toEqual({ from: '1201', to: '1204' })
    expect(parseExtensionRange(' 1201 – 1230 ', 4)).toEqual({ from: '1201', to: '1230' })
    expect(parseExtensionRange('12', 4)).toBeUndefined()
  })
})
