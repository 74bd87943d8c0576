import type { Batch, CsvPreview } from '@contract/dect'
import { useAddSpreadsheetStore } from '@renderer/stores/add-spreadsheet'
import { useBatchesStore } from '@renderer/stores/batches'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePbx, fail, fakePushBatch, installFakePbx, ok } from '../fake-pbx'

// "Add from a spreadsheet…" on a batch: the dialog's store against a bridge answering as main does.

const CSV = 'Base MAC;IPUI;Extension\n00:15:65:00:00:01;00AB000001;1101\n'
const file = { fileName: 'handsets.csv', bytes: new TextEncoder().encode(CSV) }
const preview: CsvPreview = {
  fileName: 'handsets.csv',
  encoding: 'utf-8',
  delimiter: ';',
  hasHeader: true,
  headers: ['Base MAC', 'IPUI', 'Extension'],
  records: [['00:15:65:00:00:01', '00AB000001', '1101']],
  rowCount: 1,
  mapping: { 'Base MAC': 'mac', IPUI: 'ipui', Extension: 'extension' },
  warnings: [],
}

/** the batch with two handsets added, the second with an error */
function withHandsets(batch: Batch): Batch {
  const handset = (n: number, problems: Batch['handsets'][number]['problems']) => ({
    id: `h-${n}`,
    row: n,
    values: { ipui: `00AB00000${n}`, extension: String(1100 + n), base_mac: batch.rows[0]!.values.mac },
    problems,
    outcome: { state: 'pending' as const },
  })
  return { ...batch, handsets: [handset(1, []), handset(2, [{ field: 'ipui', severity: 'error', message: 'IPUI 00AB000002 is also in row 1' }])] }
}

describe('useAddSpreadsheetStore', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('a file for the open batch: its columns, then added; the batch on screen is the one main answered, the dialog closes', async () => {
    const batch = fakePushBatch('b-1', { rows: 2, done: 2 })
    const importCsvIntoBatch = vi.fn(async () => ok({ batch: withHandsets(batch), added: { rows: [], handsets: ['h-1', 'h-2'] }, offsets: { rows: 2, handsets: 0 } }))
    installFakePbx(createFakePbx({ getBatch: async () => ok(batch), previewCsv: async () => ok(preview), importCsvIntoBatch }))
    const batches = useBatchesStore()
    await batches.open('b-1')
    const store = useAddSpreadsheetStore()
    store.open('b-1', file)
    await vi.waitFor(() => expect(store.preview).not.toBeNull())
    expect(store.mapping).toEqual({ 'Base MAC': 'mac', IPUI: 'ipui', Extension: 'extension' })

    expect(await store.add()).toEqual({ fileName: 'handsets.csv', rows: 0, handsets: 2, withErrors: 1 })
    expect(importCsvIntoBatch).toHaveBeenCalledWith({ batchId: 'b-1', fileName: 'handsets.csv', base64: Buffer.from(CSV).toString('base64'), mapping: { 'Base MAC': 'mac', IPUI: 'ipui', Extension: 'extension' } })
    expect(batches.current?.handsets).toHaveLength(2)
    expect(store.show).toBe(false)
  })

  it('a batch being pushed elsewhere: refused, said in the dialog, which stays open with the file; the batch unchanged', async () => {
    const batch = fakePushBatch('b-1', { rows: 2 })
    const message = 'The batch "Batch b-1" is being pushed by a command line or another window. Wait until that push ends (or pause it there), then try again.'
    installFakePbx(createFakePbx({ getBatch: async () => ok(batch), previewCsv: async () => ok(preview), importCsvIntoBatch: async () => fail('BUSY', message) }))
    const batches = useBatchesStore()
    await batches.open('b-1')
    const store = useAddSpreadsheetStore()
    store.open('b-1', file)
    await vi.waitFor(() => expect(store.preview).not.toBeNull())

    expect(await store.add()).toBeNull()
    expect(store.error).toMatchObject({ code: 'BUSY', message })
    expect(store.show).toBe(true)
    expect(store.file?.fileName).toBe('handsets.csv')
    expect(batches.current).toEqual(batch)
  })

  it('a field chosen for two columns: nothing is asked of main', async () => {
    const importCsvIntoBatch = vi.fn()
    installFakePbx(createFakePbx({ previewCsv: async () => ok(preview), importCsvIntoBatch }))
    const store = useAddSpreadsheetStore()
    store.open('b-1', file)
    await vi.waitFor(() => expect(store.preview).not.toBeNull())
    store.mapping = { 'Base MAC': 'mac', IPUI: 'mac', Extension: 'extension' }
    expect(store.repeated).toEqual([{ field: 'mac', headers: ['Base MAC', 'IPUI'] }])
    expect(await store.add()).toBeNull()
    expect(importCsvIntoBatch).not.toHaveBeenCalled()
  })
})
