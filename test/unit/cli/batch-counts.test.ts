import { describe, expect, it } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import { countsText, rowCounts } from '../../../electron/cli/batch-text'

// The counts `batch check` and `batch import --into` print (issue 43): a retired base or handset
// is counted apart, never ready, whatever problems it was left with.

const row = (state: string, problems: Batch['rows'][number]['problems'] = []) => ({ problems, outcome: { state } }) as unknown as Batch['rows'][number]
const handset = (state: string) => ({ problems: [], outcome: { state } }) as unknown as Batch['handsets'][number]
const error = { field: 'model', message: 'not on the PBX', severity: 'error' as const }

describe('a batch with retired devices, counted', () => {
  it('says how many are retired and counts none of them ready or with errors', () => {
    const counts = rowCounts({ rows: [row('created'), row('retired', [error]), row('pending', [error])], handsets: [handset('enrolled'), handset('retired')] })
    expect(counts.rows).toEqual({ total: 3, valid: 1, withErrors: 1, withWarnings: 0, retired: 1 })
    expect(countsText(counts)).toBe('3 rows: 1 ready, 1 with errors (not pushed), 1 retired; 2 handsets: 1 ready, 1 retired')
  })

  it('says nothing of retires where there were none', () => {
    expect(countsText(rowCounts({ rows: [row('pending'), row('pending')], handsets: [] }))).toBe('2 rows: 2 ready')
  })
})
