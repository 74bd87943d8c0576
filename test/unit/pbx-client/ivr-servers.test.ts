import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IvrServerCreate } from '../../../electron/contract/pbx'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createIvrServersClient, type IvrServersClient } from '../../../electron/services/pbx-client/ivr-servers'
import { failure } from './helpers'
import { signedInCaller } from './test-caller'

describe('IVR servers client against the demo PBX', () => {
  let pbx: DemoPbx
  let ivr: IvrServersClient
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    ivr = createIvrServersClient(await signedInCaller(pbx.url, 'admin'))
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('lists a page and all servers: the built-in one first', async () => {
    const all = await ivr.listAll()
    expect(all.items.map((s) => [s.name, s.type])).toEqual([
      ['Built-in IVR', 'INTERNAL'],
      ['Reception IVR', 'EXTERNAL'],
    ])
    const page = await ivr.list({ filter: "type eq 'EXTERNAL'", top: 1 })
    expect(page).toMatchObject({ count: 1, items: [{ name: 'Reception IVR', ipv4: '192.168.1.50', enabled: true }] })
  })

  it('creates a server (200 {id}), gets it, updates it and reads it back', async () => {
    const id = await ivr.create({ name: 'Night IVR', ipv6: '2001:db8::20' })
    expect(await ivr.get(id)).toEqual({ id, name: 'Night IVR', enabled: true, type: 'EXTERNAL', ipv6: '2001:db8::20' })
    await ivr.update(id, { enabled: false, ipv4: '192.168.1.60', name: 'Night IVR 2' })
    expect(await ivr.get(id)).toMatchObject({ name: 'Night IVR 2', enabled: false, ipv4: '192.168.1.60', ipv6: '2001:db8::20' })
    expect((await ivr.listAll({ search: 'night' })).count).toBe(1)
  })

  it('destroys a server; a second destroy says it no longer exists', async () => {
    const id = await ivr.create({ name: 'Temporary', ipv4: '192.168.1.70' })
    await ivr.destroy(id)
    expect(await failure(ivr.get(id))).toMatchObject({ code: 'PBX_ERROR', status: 404 })
    expect(await failure(ivr.destroy(id))).toMatchObject({ code: 'NOT_FOUND', message: `The IVR server ${id} no longer exists on the PBX.` })
  })

  it('reads the status of a server', async () => {
    const reachable = await ivr.create({ name: 'Up', ipv4: '192.168.1.80' })
    const unreachable = await ivr.create({ name: 'Down', ipv4: '192.0.2.10' })
    const up = await ivr.status(reachable)
    expect(up).toMatchObject({ supported: true, reachable: true })
    if (up.supported) expect(Number.isNaN(Date.parse(up.checked_at))).toBe(false)
    expect(await ivr.status(unreachable)).toMatchObject({ supported: true, reachable: false })
    await ivr.update(reachable, { enabled: false })
    expect(await ivr.status(reachable)).toMatchObject({ supported: true, reachable: false })
  })

  it('says a server that is gone is gone when its status is asked', async () => {
    expect(await failure(ivr.status('ivr-999'))).toMatchObject({ code: 'NOT_FOUND', message: 'The IVR server ivr-999 no longer exists on the PBX.' })
  })

  it("keeps the PBX's refusal to change or destroy the built-in server (403)", async () => {
    const builtIn = (await ivr.list({ filter: "type eq 'INTERNAL'" })).items[0]?.id ?? ''
    expect(await failure(ivr.update(builtIn, { name: 'Renamed' }))).toMatchObject({ code: 'PBX_ERROR', status: 403, pbxCode: 'FORBIDDEN', field: 'name' })
    expect(await failure(ivr.destroy(builtIn))).toMatchObject({ code: 'PBX_ERROR', status: 403 })
    await ivr.update(builtIn, { enabled: false })
    expect((await ivr.get(builtIn)).enabled).toBe(false)
    await ivr.update(builtIn, { enabled: true })
  })

  it.each<[string, IvrServerCreate, string]>([
    ['neither address', { name: 'No address' }, 'ipv4'],
    ['a bad IPv4 address', { name: 'x', ipv4: '300.1.1.1' }, 'ipv4'],
    ['a bad IPv6 address', { name: 'x', ipv6: 'fe80:::1' }, 'ipv6'],
    ['an empty name', { name: '', ipv4: '10.0.0.1' }, 'name'],
    ['an output-only type', { name: 'x', ipv4: '10.0.0.1', type: 'EXTERNAL' } as never, 'type'],
  ])('refuses a create with %s before sending', async (_what, body, field) => {
    const before = pbx.requests
    const error = await failure(ivr.create(body))
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field })
    expect(error.message.startsWith(`${field}: `)).toBe(true)
    expect(pbx.requests).toBe(before)
  })

  it('refuses an update with a bad field before sending', async () => {
    const before = pbx.requests
    expect(await failure(ivr.update('ivr-2', { enabled: 'yes' as never }))).toMatchObject({ code: 'INVALID_INPUT', field: 'enabled' })
    expect(pbx.requests).toBe(before)
  })
})
