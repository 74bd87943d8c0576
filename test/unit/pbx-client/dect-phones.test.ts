import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DectPhone } from '../../../electron/contract/pbx'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createDectPhonesClient, findDectPhoneByMac, type DectPhonesClient } from '../../../electron/services/pbx-client/dect-phones'
import { failure } from './helpers'
import { signedInCaller } from './test-caller'

describe('DECT phones client against the demo PBX', () => {
  let pbx: DemoPbx
  let phones: DectPhonesClient
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    phones = createDectPhonesClient(await signedInCaller(pbx.url, 'manager'))
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('lists the phones ({items}, no count) and gets one with lines and url', async () => {
    const list = await phones.list()
    expect(list).not.toHaveProperty('count')
    expect(list.items).toHaveLength(3)
    const first = list.items[0]
    const one = await phones.get(first?.id ?? '')
    expect(one).toEqual(first)
    expect(typeof one.lines).toBe('number')
    expect(one.url).toMatch(/^https?:\/\/.+\/dect\/demo\.pbx\.example\/[0-9A-F]{12}\.xml$/)
  })

  it('creates a phone (201 {id}), reads it back, updates it and reads the change back', async () => {
    const id = await phones.create({
      name: 'Warehouse',
      mac: '00:15:65:aa:bb:01',
      vendor: 'Yealink',
      model: 'W70B',
      password: 'secret',
      language: 'GERMAN',
      codecs: ['G722', 'PCMA'],
      interface: 'PUBLIC_IPV4',
    })
    const phone = await phones.get(id)
    expect(phone).toMatchObject({
      id,
      name: 'Warehouse',
      mac: '001565AABB01',
      vendor: 'Yealink',
      model: 'W70B',
      template: 'yealink_w70b.xml',
      language: 'GERMAN',
      codecs: ['G722', 'PCMA'],
      lines: 10,
      url: 'https://203.0.113.10/dect/demo.pbx.example/001565AABB01.xml',
    })
    expect(phone).not.toHaveProperty('password')
    await phones.update(id, { name: 'Warehouse 2', https: false, preferred_transport: 'TLS', codecs: ['OPUS'] })
    expect(await phones.get(id)).toMatchObject({
      name: 'Warehouse 2',
      https: false,
      preferred_transport: 'TLS',
      codecs: ['OPUS'],
      mac: '001565AABB01',
      url: 'http://203.0.113.10/dect/demo.pbx.example/001565AABB01.xml',
    })
  })

  it('keeps the PBX 409 for a MAC already present (in another spelling), with its message', async () => {
    await phones.create({ name: 'Desk', mac: '00-15-65-AA-BB-02', vendor: 'Snom', model: 'M400' })
    const error = await failure(phones.create({ name: 'Desk again', mac: '001565aabb02', vendor: 'Snom', model: 'M400' }))
    expect(error).toMatchObject({ code: 'PBX_ERROR', status: 409, pbxCode: 'CONFLICT', field: 'mac' })
    expect(error.message).toBe('mac: a DECT phone with the MAC 001565AABB02 already exists')
  })

  it('finds a phone by MAC in any spelling', async () => {
    const { items } = await phones.list()
    await phones.create({ name: 'Finder', mac: '00:15:65:AA:BB:03', vendor: 'Gigaset', model: 'N670' })
    const after = (await phones.list()).items
    expect(findDectPhoneByMac(items, '001565aabb03')).toBeUndefined()
    expect(findDectPhoneByMac(after, '00:15:65:aa:bb:03')?.name).toBe('Finder')
    expect(findDectPhoneByMac(after, '00-15-65-AA-BB-03')?.name).toBe('Finder')
    const local: DectPhone[] = [{ id: 'a' }, { id: 'b', mac: '00:15:65:AA:BB:04' }]
    expect(findDectPhoneByMac(local, '001565aabb04')?.id).toBe('b')
    expect(findDectPhoneByMac(local, '001565aabb05')).toBeUndefined()
  })

  it('destroys a phone; a second destroy says it no longer exists', async () => {
    const id = await phones.create({ name: 'Gone', mac: '001565AABB09', vendor: 'Snom', model: 'M900' })
    await phones.destroy(id)
    expect(await failure(phones.get(id))).toMatchObject({ code: 'PBX_ERROR', status: 404, pbxCode: 'NOT_FOUND' })
    expect(await failure(phones.destroy(id))).toMatchObject({ code: 'NOT_FOUND', message: `The DECT phone ${id} no longer exists on the PBX.` })
  })

  it('refuses bad input before sending', async () => {
    const before = pbx.requests
    const mac = await failure(phones.create({ name: 'x', mac: '00:15:65', vendor: 'Snom', model: 'M400' }))
    expect(mac).toMatchObject({ code: 'INVALID_INPUT', field: 'mac' })
    expect(mac.message).toMatch(/^mac: must be 12 hex digits/)
    expect(await failure(phones.create({ name: 'x', mac: '001565AABB10', vendor: 'Snom' } as never))).toMatchObject({ field: 'model' })
    expect(await failure(phones.create({ name: 'x', mac: '001565AABB10', vendor: 'Snom', model: 'M400', language: 'KLINGON' as never }))).toMatchObject({ field: 'language' })
    expect(await failure(phones.create({ name: 'x', mac: '001565AABB10', vendor: 'Snom', model: 'M400', codecs: ['PCMU', 'PCMU'] }))).toMatchObject({ field: 'codecs.1' })
    const createOnly = await failure(phones.update('dect-1', { mac: '001565AABB10' } as never))
    expect(createOnly).toMatchObject({ code: 'INVALID_INPUT', field: 'mac' })
    expect(createOnly.message).toMatch(/create only/)
    expect(await failure(phones.update('dect-1', { lines: 4 } as never))).toMatchObject({ field: 'lines' })
    expect(pbx.requests).toBe(before)
  })
})
