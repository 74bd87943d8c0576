import type { Batch } from '@contract/dect'
import { useBatchesStore } from '@renderer/stores/batches'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePbx, fail, fakePushBatch, installFakePbx, ok } from '../fake-pbx'

describe('useBatchesStore: a change of the open batch', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('refused BUSY, the batch is read again: the screen shows the disk, the refusal stays', async () => {
    const mine = fakePushBatch('b-1', { rows: 3 })
    // what a command line made of it meanwhile: renamed, a row created
    const theirs: Batch = { ...mine, name: 'Renamed by the command line', rows: mine.rows.map((row, i) => (i === 0 ? { ...row, outcome: { state: 'created', phoneId: 'ph-1' } } : row)) }
    const getBatch = vi.fn().mockResolvedValueOnce(ok(mine)).mockResolvedValue(ok(theirs))
    const message = 'The batch "Batch b-1" was changed by a command line or another window while this change was being saved, so it was not saved. Make the change again on the batch as it is now.'
    installFakePbx(createFakePbx({ getBatch, updateBatch: async () => fail('BUSY', message) }))
    const store = useBatchesStore()
    await store.open('b-1')
    expect(store.current?.name).toBe('Batch b-1')

    expect(await store.renameCurrent('Mine')).toBeNull()
    expect(store.saveError).toMatchObject({ code: 'BUSY', message })
    expect(getBatch).toHaveBeenCalledTimes(2)
    expect(store.current?.name).toBe('Renamed by the command line')
    expect(store.current?.rows[0]?.outcome).toEqual({ state: 'created', phoneId: 'ph-1' })
  })

  it('refused for a reason of its own (the input), the batch is not read again', async () => {
    const getBatch = vi.fn().mockResolvedValue(ok(fakePushBatch('b-1', { rows: 3 })))
    installFakePbx(createFakePbx({ getBatch, updateBatch: async () => fail('INVALID_INPUT', 'name: too long') }))
    const store = useBatchesStore()
    await store.open('b-1')
    expect(await store.renameCurrent('x'.repeat(500))).toBeNull()
    expect(store.saveError?.code).toBe('INVALID_INPUT')
    expect(getBatch).toHaveBeenCalledTimes(1)
  })
})
