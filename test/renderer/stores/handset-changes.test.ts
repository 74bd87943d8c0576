import type { Batch } from '@contract/dect'
import { useBatchesStore } from '@renderer/stores/batches'
import { useHandsetsStore } from '@renderer/stores/handsets'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakePbx, fail, fakePushBatch, installFakePbx, ok } from '../fake-pbx'

// The handsets store's swap and move (issue 43) are changes of the open batch as any other: the
// answer's batch shown, a refusal answered with main's field, and refused BUSY (another process
// pushes the batch) the batch read again.

describe('useHandsetsStore: a handset swapped or moved', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
  })

  it('shows the batch main answers and gives the swap; a refusal comes back with its field', async () => {
    const before = fakePushBatch('b-1', { rows: 2 })
    const after: Batch = { ...before, name: 'After the swap' }
    const swap = { handsetId: 'h-1', row: 1, from: '00AE000002', to: '00AE0000F1', extension: '1152', handsetIndex: 2, baseMac: '001565E40001', baseName: 'Hall', finished: false, message: 'swapped' }
    const swapHandset = vi.fn().mockResolvedValueOnce(ok({ batch: after, swap })).mockResolvedValue(fail('INVALID_INPUT', 'to: IPUI 00092263DD is on another base', { field: 'to' }))
    installFakePbx(createFakePbx({ getBatch: async () => ok(before), swapHandset }))
    await useBatchesStore().open('b-1')
    const store = useHandsetsStore()

    expect(await store.swap('p-1', '1152', '00AE0000F1')).toEqual({ ok: true, answer: swap })
    expect(swapHandset).toHaveBeenCalledWith({ batchId: 'b-1', profileId: 'p-1', handset: '1152', to: '00AE0000F1' })
    expect(useBatchesStore().current?.name).toBe('After the swap')
    expect(store.changing).toBe(false)

    expect(await store.swap('p-1', '1152', '00092263DD')).toEqual({ ok: false, error: expect.objectContaining({ code: 'INVALID_INPUT', field: 'to' }) })
  })

  it('a move asks main with the base given and gives its answer, the batch answered shown', async () => {
    const before = fakePushBatch('b-1', { rows: 2 })
    const after: Batch = { ...before, name: 'After the move' }
    const move = { handsetId: 'h-2', row: 2, ipui: '00AE000002', extension: '1152', fromMac: '001565E40001', fromName: 'Hall', toMac: '001565E40002', toName: 'Yard', handsetIndex: 2, finished: false, message: 'moved' }
    const moveHandset = vi.fn().mockResolvedValue(ok({ batch: after, move }))
    installFakePbx(createFakePbx({ getBatch: async () => ok(before), moveHandset }))
    await useBatchesStore().open('b-1')

    expect(await useHandsetsStore().move('p-1', '1152', 'Yard')).toEqual({ ok: true, answer: move })
    expect(moveHandset).toHaveBeenCalledWith({ batchId: 'b-1', profileId: 'p-1', handset: '1152', to: 'Yard' })
    expect(useBatchesStore().current?.name).toBe('After the move')
  })

  it('refused BUSY, the batch is read again: the screen shows the disk', async () => {
    const mine = fakePushBatch('b-1', { rows: 2 })
    const theirs: Batch = { ...mine, name: 'Pushed by the command line' }
    const getBatch = vi.fn().mockResolvedValueOnce(ok(mine)).mockResolvedValue(ok(theirs))
    installFakePbx(createFakePbx({ getBatch, swapHandset: async () => fail('BUSY', 'The batch is being pushed by another process.') }))
    await useBatchesStore().open('b-1')

    expect(await useHandsetsStore().swap('p-1', '1152', '00AE0000F1')).toEqual({ ok: false, error: expect.objectContaining({ code: 'BUSY' }) })
    expect(getBatch).toHaveBeenCalledTimes(2)
    expect(useBatchesStore().current?.name).toBe('Pushed by the command line')
  })
})
