import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { linesFromModels } from '../../../electron/services/dect/handsets/handset-import'
import { scanInto } from '../../../electron/services/dect/handsets/handset-scan'
import { baseRow, handsetRow, tempDir } from './push-support'

// Enrolling by scanner after a retire (issue 43): a handset retired off a base is off it, so the
// base counts its lines without it and its IPUI, scanned again, is a new handset, not a twin.

let store: BatchStore
let cleanup: () => Promise<void>
beforeEach(async () => {
  const temp = await tempDir()
  cleanup = temp.cleanup
  store = createBatchStore(temp.dir)
})
afterEach(() => cleanup())

const HALL = '001565F50001'
const TWO_LINES = linesFromModels([{ filename: 'yealink_w70b.xml', model: 'W70B', lines: 2, display_name: 'Yealink W70B' }])
const range = { from: '1301', to: '1399' }

describe('a scan after a retire', () => {
  it('counts the base without the retired handset and takes its IPUI again as a new handset', async () => {
    const made = await store.create({
      name: 'Site S',
      source: 's.csv',
      rows: [baseRow(1, 'Hall', HALL)],
      handsets: [handsetRow(1, HALL, '00AE500001', '1301', 'Anna'), handsetRow(2, HALL, '00AE500002', '1302', 'Ben')],
    })
    const batch = await store.update(made.id, (draft) => {
      draft.handsets[0]!.outcome = { state: 'retired', baseMac: HALL, handsetIndex: 1, at: '2026-12-03T12:00:00.000Z' }
    })

    const selected = scanInto(batch, { code: HALL, extensions: range, namePattern: '' }, TWO_LINES)
    expect(selected.answer).toMatchObject({ result: 'base', onBase: 1, lines: 2 })

    // the base takes two: Ben and the one scanned now, Anna's old IPUI on a new handset
    const again = scanInto(selected.batch, { code: '00AE500001', baseMac: HALL, extensions: range, namePattern: '' }, TWO_LINES)
    expect(again.answer.result).toBe('added')
    expect(again.batch.handsets.filter((h) => h.values.ipui === '00AE500001').map((h) => h.outcome.state)).toEqual(['retired', 'pending'])
  })
})
