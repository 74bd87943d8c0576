import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx } from '../../../electron/demo-pbx'
import type { Services } from '../../../electron/services'
import { failure, invoker } from '../invoke'
import { testServices } from '../test-services'

// The enrolment's default range, read from the seeded demo PBX through the Bridge (issue 40):
// users 1001..1250, the Reception base holding 1001 and 1002.

type Demo = Awaited<ReturnType<typeof startDemoPbx>>
let pbx: Demo
let dir: string
let services: Services
let call: ReturnType<typeof invoker>
let profileId: string

beforeAll(async () => {
  pbx = await startDemoPbx({ port: 0 })
  dir = mkdtempSync(join(tmpdir(), 'pbx-free-run-'))
  services = testServices(dir)
  call = invoker(services.handlers)
  profileId = (await call('saveProfile', { fields: { label: 'Demo', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' } })).id
  await call('signIn', { profileId, password: 'manager' })
})
afterAll(async () => {
  await services.dispose()
  await pbx.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('freeExtensionRun', () => {
  it('the users no base has a member for, first run first; a member added on the PBX ends it there', async () => {
    expect(await call('freeExtensionRun', { profileId })).toEqual({ supported: true, free: 248, run: { from: '1003', to: '1250', count: 248 } })

    const phones = await call('listDectPhones', { profileId })
    const reception = phones.find((p) => p.name === 'Reception base')!
    const { members } = await call('listBaseMembers', { profileId, phoneId: reception.id })
    await call('saveBaseMembers', { profileId, phoneId: reception.id, members: [...members.map((m) => ({ extension_number: m.extension_number, ipui: m.ipui, handset_index: String(m.handset_index) })), { extension_number: '1100', ipui: '00AC000001', handset_index: '3' }] })

    expect(await call('freeExtensionRun', { profileId })).toEqual({ supported: true, free: 247, run: { from: '1003', to: '1099', count: 97 } })
  })

  it('a PBX not signed in answers an error the screen falls back on (the range remembered)', async () => {
    const other = (await call('saveProfile', { fields: { label: 'Not signed in', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' } })).id
    expect((await failure(call('freeExtensionRun', { profileId: other }))).code).toBe('NOT_SIGNED_IN')
  })

  it('checks its input: a profile id is needed', async () => {
    expect(await failure(call('freeExtensionRun', { profileId: '' } as never))).toMatchObject({ code: 'INVALID_INPUT' })
  })
})
