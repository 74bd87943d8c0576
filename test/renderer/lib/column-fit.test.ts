import { fitColumns, type FitColumn } from '@renderer/lib/column-fit'
import { describe, expect, it } from 'vitest'

// the saved PBXs' columns as PbxProfileTable declares them
const PBX_COLUMNS: FitColumn[] = [
  { key: 'label', width: 150, priority: 'key' },
  { key: 'customer', width: 120, priority: 2 },
  { key: 'tags', width: 120, priority: 3 },
  { key: 'baseUrl', width: 220, priority: 1 },
  { key: 'session', width: 164, priority: 'key' },
  { key: 'actions', width: 212, priority: 'key' },
]

describe('fitColumns', () => {
  it('shows every column where the width lasts', () => {
    expect(fitColumns(PBX_COLUMNS, 1000)).toEqual({ shown: ['label', 'customer', 'tags', 'baseUrl', 'session', 'actions'], folded: [], width: 986 })
  })

  it('folds the least important columns first, keeping the table order', () => {
    // 526 for the key columns, 220 for the address: 10 px short of the customer
    expect(fitColumns(PBX_COLUMNS, 756)).toEqual({ shown: ['label', 'baseUrl', 'session', 'actions'], folded: ['customer', 'tags'], width: 746 })
    expect(fitColumns(PBX_COLUMNS, 866)).toEqual({ shown: ['label', 'customer', 'baseUrl', 'session', 'actions'], folded: ['tags'], width: 866 })
  })

  it('never shows a less important column in place of a more important one that does not fit', () => {
    const columns: FitColumn[] = [
      { key: 'what', width: 100, priority: 'key' },
      { key: 'wide', width: 300, priority: 1 },
      { key: 'narrow', width: 50, priority: 2 },
    ]
    expect(fitColumns(columns, 200)).toEqual({ shown: ['what'], folded: ['wide', 'narrow'], width: 100 })
  })

  it('keeps the key columns even when they alone are wider', () => {
    expect(fitColumns(PBX_COLUMNS, 300)).toEqual({ shown: ['label', 'session', 'actions'], folded: ['customer', 'tags', 'baseUrl'], width: 526 })
  })

  it('leaves out the columns the user hid, and never hides a key column', () => {
    const hidden = new Set(['customer', 'session'])
    expect(fitColumns(PBX_COLUMNS, 1000, hidden)).toEqual({ shown: ['label', 'tags', 'baseUrl', 'session', 'actions'], folded: [], width: 866 })
  })
})
