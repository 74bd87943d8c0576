import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Services } from '../../../electron/services'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

// Bad input while enrolling handsets (issue 40): a base's MAC scanned while a base is selected is
// offered as "switch to this base", not taken; a code that is neither MAC nor IPUI/IPEI is named.

let dir: string
let services: Services
let call: ReturnType<typeof invoker>

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbx-scan-switch-'))
  services = testServices(dir)
  call = invoker(services.handlers)
})
afterAll(async () => {
  await services.dispose()
  rmSync(dir, { recursive: true, force: true })
})

const range = { from: '1101', to: '1250' }
const W70B = { vendor: 'Yealink', model: 'W70B', template: 'yealink_w70b.xml' }

describe('a MAC scanned while enrolling handsets', () => {
  it('is offered, changing nothing; taken when the installer switches', async () => {
    const batch = await call('createEmptyBatch', { name: 'Switch', defaults: W70B })
    const first = await call('scanHandset', { batchId: batch.id, code: '001565AB0001', extensions: range })
    expect(first).toMatchObject({ result: 'base', baseMac: '001565AB0001' })
    const scan = (code: string, switchBase?: boolean) =>
      call('scanHandset', { batchId: batch.id, code, baseMac: first.baseMac, extensions: range, ...(switchBase === undefined ? {} : { switchBase }) })
    await scan('00AD000001')

    const offer = await scan('00:15:65:AB:00:02')
    expect(offer).toMatchObject({ result: 'switch', baseMac: '001565AB0001', offeredMac: '001565AB0002', offeredName: '00:15:65:AB:00:02', onBase: 1 })
    expect(offer.message).toBe('That is base 00:15:65:AB:00:02, not in the batch yet, not a handset: press Enter to switch to it, or scan the next handset for Base 00:15:65:AB:00:01. Nothing added.')
    expect(offer.batch.rows).toHaveLength(1)
    expect(offer.batch.handsets).toHaveLength(1)

    // the same base scanned again is no switch: it stays selected
    expect(await scan('001565AB0001')).toMatchObject({ result: 'base', baseMac: '001565AB0001' })

    const switched = await scan('001565AB0002', true)
    expect(switched).toMatchObject({ result: 'base', baseMac: '001565AB0002', onBase: 0 })
    expect(switched.batch.rows.map((r) => r.values.mac)).toEqual(['001565AB0001', '001565AB0002'])
  })

  it('a code that is neither is named, and nothing is added', async () => {
    const batch = await call('createEmptyBatch', { name: 'Junk', defaults: W70B })
    const base = await call('scanHandset', { batchId: batch.id, code: '001565AB0101', extensions: range })
    const junk = await failure(call('scanHandset', { batchId: batch.id, code: 'X-123-PALLET', baseMac: base.baseMac, extensions: range }))
    expect(junk).toMatchObject({ code: 'INVALID_INPUT', field: 'code' })
    expect(junk.message).toContain('X-123-PALLET is neither a base MAC (12 hex digits) nor a handset IPUI (10 hex digits) or IPEI (13 digits)')
    expect((await call('getBatch', { batchId: batch.id })).handsets).toHaveLength(0)
  })
})
