import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { createProvidersHolidaysClient } from '../../../electron/services/pbx-client/providers-holidays'
import { methodNotAllowed, notFound, startFakeServer, type FakeServer } from './fake-server'
import { failure } from './helpers'
import { signedInCaller, testCaller } from './test-caller'

describe('providers and holidays against the demo PBX', () => {
  let pbx: DemoPbx
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it("lists the tenant's providers and holidays", async () => {
    const client = createProvidersHolidaysClient(await signedInCaller(pbx.url, 'manager'))
    const providers = await client.providers()
    expect(providers.supported).toBe(true)
    if (!providers.supported) return
    expect(providers.count).toBe(2)
    expect(providers.items.map((p) => p.name)).toEqual(['Telco One', 'Backup SIP'])

    const holidays = await client.holidays()
    expect(holidays.supported).toBe(true)
    if (!holidays.supported) return
    expect(holidays.items.map((h) => h.name)).toEqual(['New Year', 'Christmas'])
    expect(holidays.items[1]).toMatchObject({ every_year: true, month_start: 12, day_start: 24, day_end: 26 })
  })

  it('keeps a refusal that is not "not offered" (the system administrator has no tenant: 403)', async () => {
    const client = createProvidersHolidaysClient(await signedInCaller(pbx.url, 'admin'))
    expect(await failure(client.providers())).toMatchObject({ code: 'PBX_ERROR', status: 403, pbxCode: 'FORBIDDEN' })
  })
})

describe('providers and holidays on a PBX without them', () => {
  let fake: FakeServer
  beforeAll(async () => {
    fake = await startFakeServer((_method, url) => (url.pathname === '/api/holidays' ? methodNotAllowed() : notFound()))
  })
  afterAll(async () => {
    await fake.stop()
  })

  it('answers {supported: false} on 404 and on 405', async () => {
    const client = createProvidersHolidaysClient(testCaller(fake.url, 'fake'))
    expect(await client.providers()).toEqual({ supported: false })
    expect(await client.holidays()).toEqual({ supported: false })
  })
})
