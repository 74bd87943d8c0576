import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import { createDectModelsClient } from '../../../electron/services/pbx-client/dect-models'
import { createDectPhonesClient } from '../../../electron/services/pbx-client/dect-phones'
import { createProvisionedPhonesClient } from '../../../electron/services/pbx-client/provisioned-phones'
import { createUsersClient } from '../../../electron/services/pbx-client/users'
import { startFakeServer, type FakeServer } from './fake-server'
import { failure } from './helpers'
import { signedInCaller, testCaller, type TestCaller } from './test-caller'

describe('handset enrolment clients against the demo PBX', () => {
  let pbx: DemoPbx
  let caller: TestCaller
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    caller = await signedInCaller(pbx.url, 'manager')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('lists the DECT models and reads one; an unknown template is NOT_FOUND', async () => {
    const models = createDectModelsClient(caller)
    const list = await models.list()
    expect(list.supported).toBe(true)
    if (!list.supported) return
    expect(list.items.find((m) => m.model === 'N870')).toEqual({ filename: 'gigaset_n870.xml', model: 'N870', lines: 250, display_name: 'Gigaset N870' })
    expect((await models.get('gigaset_n870.xml')).lines).toBe(250)
    const error = await failure(models.get('nokia.xml'))
    expect(error.code).toBe('NOT_FOUND')
    expect(error.message).toContain('nokia.xml')
  })

  it('reads every page of the users (250 in Demo Company)', async () => {
    const users = await createUsersClient(caller).listAll()
    expect(users.supported).toBe(true)
    if (!users.supported) return
    expect(users.count).toBe(250)
    expect(users.items.map((u) => u.extension_number)).toContain('1250')
    expect(caller.calls.filter((c) => c.path === 'api/users')).toHaveLength(3)
  })

  it('replaces a base\'s members, reads them (index as a number), finds one, and keeps the PBX\'s refusal', async () => {
    const phones = createDectPhonesClient(caller)
    const members = createDectMembersClient(caller)
    const baseId = await phones.create({ name: 'Hall', mac: '00155D0000A1', vendor: 'Yealink', model: 'W70B' })
    await members.replace(baseId, [
      { extension_number: '1201', ipui: '00092aaaa1', handset_index: '2' },
      { extension_number: '1200', ipui: '00092AAAA0', handset_index: '1' },
    ])
    expect(await members.list(baseId)).toMatchObject([
      { extension_number: '1200', ipui: '00092AAAA0', handset_index: 1 },
      { extension_number: '1201', ipui: '00092AAAA1', handset_index: 2 },
    ])
    expect(await members.find(baseId, '1201')).toMatchObject({ ipui: '00092AAAA1', handset_index: 2 })
    expect(await members.find(baseId, '1202')).toBeUndefined()

    const refused = await failure(members.replace(baseId, [{ extension_number: '1999', ipui: '00092AAAA9', handset_index: '1' }]))
    expect(refused.code).toBe('PBX_ERROR')
    expect(refused.status).toBe(400)
    expect(refused.message).toContain('1999')
    // a taken handset: 409 from the PBX, named
    const other = await phones.create({ name: 'Yard', mac: '00155D0000A2', vendor: 'Yealink', model: 'W70B' })
    const conflict = await failure(members.replace(other, [{ extension_number: '1210', ipui: '00092AAAA0', handset_index: '1' }]))
    expect(conflict.status).toBe(409)
    expect(conflict.message).toContain('Hall')
  })

  it('checks the list before sending: a malformed IPUI or index is INVALID_INPUT naming the field, nothing sent', async () => {
    const members = createDectMembersClient(caller)
    const before = caller.calls.length
    const error = await failure(members.replace('dect-1', [{ extension_number: '1200', ipui: '00146 0156577 9', handset_index: '1' }]))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.field).toBe('items.0.ipui')
    expect(caller.calls.length).toBe(before)
  })

  it('members of a base that is gone: NOT_FOUND', async () => {
    const error = await failure(createDectMembersClient(caller).list('dect-999'))
    expect(error.code).toBe('NOT_FOUND')
  })

  it('lists provisioned phones once a base fetched its file, re-provisions and reboots it; a MAC not seen is NOT_FOUND', async () => {
    const phones = createProvisionedPhonesClient(caller)
    expect(await phones.list()).toEqual({ supported: true, items: [] })
    await fetch(`${pbx.url}/dect/demo.pbx.example/805EC0A1B2C3.xml`)
    const listed = await phones.list()
    expect(listed.supported && listed.items.map((p) => p.mac)).toEqual(['805EC0A1B2C3'])
    await phones.act('80:5E:C0:A1:B2:C3', 'reprovision')
    await phones.act('805EC0A1B2C3', 'reboot')
    const unseen = await failure(phones.act('7C2F80445566', 'reboot'))
    expect(unseen.code).toBe('NOT_FOUND')
    expect(unseen.message).toContain('has not fetched its configuration')
    expect((await failure(phones.act('nonsense', 'reboot'))).code).toBe('INVALID_INPUT')
  })
})

describe('handset enrolment clients on a PBX without these endpoints (404)', () => {
  let fake: FakeServer
  beforeAll(async () => {
    // a PBX of the seed alone: DECT phones exist (dect-1), nothing beyond them
    fake = await startFakeServer((method, url) => (method === 'GET' && url.pathname === '/api/dect_phones/dect-1' ? [200, { id: 'dect-1' }] : undefined))
  })
  afterAll(async () => {
    await fake.stop()
  })

  it('says what it does not offer: models, users and phones {supported: false}; members and actions NOT_SUPPORTED', async () => {
    const caller = testCaller(fake.url, 'fake')
    expect(await createDectModelsClient(caller).list()).toEqual({ supported: false })
    expect(await createUsersClient(caller).listAll()).toEqual({ supported: false })
    expect(await createProvisionedPhonesClient(caller).list()).toEqual({ supported: false })
    const members = createDectMembersClient(caller)
    const listing = await failure(members.list('dect-1'))
    expect(listing.code).toBe('NOT_SUPPORTED')
    expect(listing.message).toBe('This PBX does not offer handset enrolment (DECT phone members).')
    expect((await failure(members.replace('dect-1', []))).code).toBe('NOT_SUPPORTED')
    expect((await failure(members.list('dect-2'))).code).toBe('NOT_FOUND')
    expect((await failure(createProvisionedPhonesClient(caller).act('805EC0A1B2C3', 'reboot'))).code).toBe('NOT_SUPPORTED')
    expect((await failure(createDectModelsClient(caller).get('yealink_w70b.xml'))).code).toBe('NOT_SUPPORTED')
  })
})
