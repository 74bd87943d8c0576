import type { BatchRow } from '../../../electron/contract/dect'
import { choicesOf, ONE_ROW_FIELDS, SETTABLE_FIELDS, settingEdits, undoEdits } from '../../../electron/contract/row-setting'
import { describe, expect, it } from 'vitest'

const row = (n: number, values: BatchRow['values']): BatchRow => ({ id: `r${n}`, row: n, values, problems: [], outcome: { state: 'pending' } })

describe('set a value for the selected rows', () => {
  it('offers the contract\'s text fields of a row; its MAC, each phone\'s own, one row at a time', () => {
    expect(SETTABLE_FIELDS).toEqual(['name', 'mac', 'extension', 'vendor', 'model', 'template', 'language', 'handset_language', 'timezone', 'region', 'tone', 'interface', 'preferred_transport'])
    expect(ONE_ROW_FIELDS).toEqual(['mac'])
  })

  it('a field the contract lists the values of offers them; a free one does not', () => {
    expect(choicesOf('interface')).toEqual(expect.arrayContaining(['WEB_DOMAIN']))
    expect(choicesOf('language')!.length).toBeGreaterThan(3)
    expect(choicesOf('model')).toBeUndefined()
  })

  it('sets the value on each row, {n} its number; the undo puts back each row\'s own value, empty where it had none', () => {
    const rows = [row(3, { name: 'Hall', model: 'W73H' }), row(7, { name: 'Yard' })]
    expect(settingEdits(rows, 'model', ' W70B ')).toEqual([
      { rowId: 'r3', values: { model: 'W70B' } },
      { rowId: 'r7', values: { model: 'W70B' } },
    ])
    expect(settingEdits(rows, 'name', 'Base {n}')).toEqual([
      { rowId: 'r3', values: { name: 'Base 3' } },
      { rowId: 'r7', values: { name: 'Base 7' } },
    ])
    expect(undoEdits(rows, 'model')).toEqual([
      { rowId: 'r3', values: { model: 'W73H' } },
      { rowId: 'r7', values: { model: '' } },
    ])
  })
})
