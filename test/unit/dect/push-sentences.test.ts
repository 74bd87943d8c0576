import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBatchStore, type BatchStore } from '../../../electron/services/dect/batch-store'
import { createPushRunner } from '../../../electron/services/dect/push'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { PROFILE_ID, makeRows, signedIn, startPbx, tempDir, type Demo } from './push-support'

let pbx: Demo
let caller: PbxCaller
let store: BatchStore
let cleanup: () => Promise<void>
beforeEach(async () => {
  pbx = await startPbx()
  caller = await signedIn(pbx.url)
  const temp = await tempDir()
  cleanup = temp.cleanup
  store = createBatchStore(temp.dir)
})
afterEach(async () => {
  await pbx.stop()
  await cleanup()
})

describe('why a push paused, in sentences', () => {
  it('a 403 mid-push: the PBX message ends as a sentence before "The push paused"', async () => {
    const batch = await store.create({ name: 'Forbidden', source: 'f.csv', rows: makeRows(4) })
    const push = createPushRunner({
      store,
      callerFor: () => caller,
      retryDelaysMs: [10],
      onProgress: (p) => p.status === 'pushing' && p.done === 2 && pbx.faults.failNext(1, 403),
    })
    const end = await push.start(batch.id, PROFILE_ID, { concurrency: 1 })
    expect(end).toMatchObject({ status: 'paused', created: 2, pending: 2 })
    expect(end.reason).toBe('The PBX failed this request on purpose (test fault, status 403). The push paused; resume it when this is solved.')
  })

  it('an unreachable PBX: its message goes in parentheses without its own full stop', async () => {
    const batch = await store.create({ name: 'Gone', source: 'g.csv', rows: makeRows(2) })
    await pbx.faults.down()
    const end = await createPushRunner({ store, callerFor: () => caller, retryDelaysMs: [5] }).start(batch.id, PROFILE_ID)
    await pbx.faults.up()
    expect(end.reason).toMatch(/^The PBX could not be reached \(Could not reach 127\.0\.0\.1:\d+: [^)]*[^.]\)\. The push paused; resume it when the PBX answers again\.$/)
  })
})
