import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextExtension } from '../../../electron/contract/dect-scan'
import type { Services } from '../../../electron/services'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

// Scan mode for bases through the Bridge: the model asked first (the batch's defaults), a model
// changed mid-scan (the row's own cells), extensions numbered from a start, codes that are no MAC.

let dir: string
let services: Services
let call: ReturnType<typeof invoker>

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbx-scan-bases-'))
  services = testServices(dir)
  call = invoker(services.handlers)
})
afterAll(async () => {
  await services.dispose()
  rmSync(dir, { recursive: true, force: true })
})

describe('the next extension of a scanned base', () => {
  it('is the first number from the start that no row has, as wide as the start', () => {
    expect(nextExtension('1101', [])).toBe('1101')
    expect(nextExtension('1101', ['1101', '1102', undefined, '1104'])).toBe('1103')
    expect(nextExtension('0101', ['0101'])).toBe('0102')
    expect(nextExtension('99', ['99'])).toBe('100')
    // a number typed otherwise is another extension
    expect(nextExtension('1101', ['01101', ' 1101 '])).toBe('1102')
  })
})

describe('scanning bases', () => {
  it('numbers the extensions from the start, and a model changed mid-scan goes on the row, not the defaults', async () => {
    const batch = await call('createEmptyBatch', { name: 'Floors', defaults: { vendor: 'Yealink', model: 'W80B', template: 'yealink_w80b.xml' } })
    const first = await call('scanMac', { batchId: batch.id, mac: '001565AA0001', namePattern: 'Floor {n} base', extensionStart: '1101' })
    expect(first.batch.rows[0]!.values).toEqual({ mac: '001565AA0001', name: 'Floor 1 base', extension: '1101' })
    expect(first.batch.rows[0]!.problems).toEqual([])

    const second = await call('scanMac', {
      batchId: batch.id,
      mac: '001565AA0002',
      namePattern: 'Floor {n} base',
      extensionStart: '1101',
      model: { vendor: 'Snom', model: 'M400', template: 'snom_m400.xml' },
    })
    expect(second.batch.rows[1]!.values).toEqual({ mac: '001565AA0002', name: 'Floor 2 base', extension: '1102', vendor: 'Snom', model: 'M400', template: 'snom_m400.xml' })
    expect(second.batch.defaults).toEqual({ vendor: 'Yealink', model: 'W80B', template: 'yealink_w80b.xml' })
    expect(second.batch.rows[1]!.problems).toEqual([])
  })

  it('names a handset IPUI or IPEI scanned as a base, and a code that is neither, and adds no row', async () => {
    const batch = await call('createEmptyBatch', { name: 'Wrong codes', defaults: { vendor: 'Yealink', model: 'W80B' } })
    const ipui = await failure(call('scanMac', { batchId: batch.id, mac: '00092263DD', namePattern: 'Base {n}' }))
    expect(ipui).toMatchObject({ field: 'mac', message: "mac: “00092263DD” is a handset's IPUI 00092263DD (IPEI 00146 0156637 8), not a base's MAC: handsets are scanned in the Handsets tab" })
    const ipei = await failure(call('scanMac', { batchId: batch.id, mac: '00146 0156637 8', namePattern: 'Base {n}' }))
    expect(ipei.message).toMatch(/^mac: “00146 0156637 8” is a handset's IPUI 00092263DD/)
    const word = await failure(call('scanMac', { batchId: batch.id, mac: 'PALLET-7', namePattern: 'Base {n}' }))
    expect(word.field).toBe('mac')
    expect(word.message).toMatch(/^mac: MAC PALLET-7 has characters that are not hex digits/)
    const refused = await failure(call('scanMac', { batchId: batch.id, mac: '001565AA0003', namePattern: 'Base {n}', extensionStart: '11a' }))
    expect(refused.message).toMatch(/the first extension is digits only/)
    expect((await call('getBatch', { batchId: batch.id })).rows).toEqual([])
  })
})
