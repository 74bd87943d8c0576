import { afterEach, describe, expect, it } from 'vitest'
import { createBatchStore } from '../../../electron/services/dect/batch-store'
import { invoker } from '../invoke'
import { testServices } from '../test-services'
import { makeRows, PROFILE_ID, tempDir } from './push-support'

// A batch whose file says "pushing" when the app (or a command line) starts was stopped hard: the
// first list or read already shows it paused, however soon after the start it is asked.

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

describe('batches left pushing by a stopped app', () => {
  it('read as paused by the very first listBatches and getBatch of a new start', async () => {
    const temp = await tempDir()
    cleanup = temp.cleanup
    const dir = temp.dir
    const store = createBatchStore(dir)
    const batch = await store.create({ name: 'Stopped hard', source: 's.csv', rows: makeRows(3) })
    await store.setPushState(batch.id, { status: 'pushing', targetProfileId: PROFILE_ID })
    const services = testServices(dir)
    try {
      const call = invoker(services.handlers)
      const [list, one] = await Promise.all([call('listBatches'), call('getBatch', { batchId: batch.id })])
      expect(list.map((b) => [b.name, b.status])).toEqual([['Stopped hard', 'paused']])
      expect(one.status).toBe('paused')
    } finally {
      await services.dispose()
    }
  })
})
