import { useColumnChoice } from '@renderer/composables/column-choice'
import { nextTick } from 'vue'
import { describe, expect, it } from 'vitest'

// A table's "Columns" (issue 42): what the user shows of the columns that may be hidden, kept per
// table across restarts (localStorage; emptied after each test by setup-cleanup.ts).
const KEYS = ['source', 'target', 'updatedAt'] as const
const KEY = 'pbx-provisioner.test-table.columns.1'

describe('useColumnChoice', () => {
  it('shows the defaults first; a choice keeps the table order, leaves out keys of no column, and is remembered', async () => {
    const choice = useColumnChoice(KEY, KEYS, ['target', 'source'])
    expect(choice.shown.value).toEqual(['target', 'source'])
    expect(choice.isDefault.value).toBe(true)
    expect([...choice.hidden.value]).toEqual(['updatedAt'])

    choice.choose(['updatedAt', 'colour', 'source', 'source'])
    expect(choice.shown.value).toEqual(['source', 'updatedAt'])
    expect(choice.isDefault.value).toBe(false)
    await nextTick()

    // the next visit (or the next start) of the same table
    const again = useColumnChoice(KEY, KEYS, ['target', 'source'])
    expect(again.shown.value).toEqual(['source', 'updatedAt'])
    // another table keeps its own
    expect(useColumnChoice('pbx-provisioner.other-table.columns.1', KEYS).shown.value).toEqual(['source', 'target', 'updatedAt'])

    again.reset()
    expect(again.shown.value).toEqual(['target', 'source'])
    expect(again.isDefault.value).toBe(true)
  })

  it('does not trust what it did not write: a damaged or foreign value gives the defaults', () => {
    for (const stored of ['not json', '["source","colour"]', '{"source":true}', '["source","source","source","source"]']) {
      localStorage.setItem(KEY, stored)
      expect(useColumnChoice(KEY, KEYS).shown.value, stored).toEqual(['source', 'target', 'updatedAt'])
    }
  })
})
