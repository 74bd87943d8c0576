import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { DEMO, client, expectError, expectId, expectNoBody, request, start } from './helpers'

// Users, provisioned phones and the provisioning file (README "Users", "Provisioned phones",
// "Provisioning file"), from the README only.

describe('GET /api/users', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('pages the tenant\'s users {count, items} in extension order: 1001..1250 in Demo Company', async () => {
    const first = await c.api('GET', '/api/users', { token, query: { top: 100 } })
    expect(first.status, first.text).toBe(200)
    expect(first.body.count).toBe(250)
    expect(first.body.items).toHaveLength(100)
    expect(first.body.items[0]).toMatchObject({ extension_number: '1001', name: '1001', enabled: true })
    expect(typeof first.body.items[0].id).toBe('string')
    expect(first.body.items[0].display_name.length).toBeGreaterThan(0)
    const last = await c.api('GET', '/api/users', { token, query: { skip: 200, top: 100 } })
    expect(last.body.items).toHaveLength(50)
    expect(last.body.items.at(-1).extension_number).toBe('1250')
  })

  it('searches, filters and orders like the other lists; 400 for a bad query', async () => {
    const one = await c.api('GET', '/api/users', { token, query: { filter: "extension_number eq '1042'" } })
    expect(one.body.count).toBe(1)
    expect(one.body.items[0].extension_number).toBe('1042')
    const search = await c.api('GET', '/api/users', { token, query: { search: '124' } })
    expect((search.body.items as Json[]).map((u) => u.extension_number)).toEqual(expect.arrayContaining(['1124', '1240', '1249']))
    const desc = await c.api('GET', '/api/users', { token, query: { orderby: 'extension_number desc', top: 1 } })
    expect(desc.body.items[0].extension_number).toBe('1250')
    expectError(await c.api('GET', '/api/users', { token, query: { top: 101 } }), 400, 'VALIDATE_FAILED', 'top')
    expectError(await c.api('GET', '/api/users', { token, query: { orderby: 'salary' } }), 400, 'VALIDATE_FAILED', 'orderby')
  })

  it('is tenant-scoped: Other Company has its own few users; 403 for a standard user and the system administrator', async () => {
    const other = await c.api('GET', '/api/users', { token: await c.token('otherManager') })
    expect(other.body.count).toBe(5)
    expect((other.body.items as Json[]).map((u) => u.extension_number)).toEqual(['2001', '2002', '2003', '2004', '2005'])
    expectError(await c.api('GET', '/api/users', { token: await c.token('user') }), 403, 'FORBIDDEN')
    expectError(await c.api('GET', '/api/users', { token: await c.token('system') }), 403, 'FORBIDDEN')
  })
})

describe('provisioned phones and the provisioning file', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
  })
  afterAll(async () => {
    await pbx.stop()
  })

  const phones = async (): Promise<Json[]> => {
    const res = await c.api('GET', '/api/phones', { token })
    expect(res.status, res.text).toBe(200)
    return res.body.items as Json[]
  }
  /** The path of a phone's url: the demo serves it on its own address. */
  const fileOf = (url: string): string => new URL(url).pathname

  it('a base is listed once it fetched its configuration file: mac, vendor, model, firmware, a made-up IP, its name', async () => {
    expect(await phones()).toEqual([])
    const list = await c.api('GET', '/api/dect_phones', { token })
    const reception = (list.body.items as Json[]).find((p) => p.name === 'Reception base')
    expect(fileOf(reception.url)).toBe(`/dect/${DEMO}/805EC0A1B2C3.xml`)
    const file = await request(pbx.url, 'GET', fileOf(reception.url))
    expect(file.status, file.text).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(file.text).toContain('<dect_base mac="805EC0A1B2C3" name="Reception base"')
    expect(file.text).toContain('ipui="00092263DD" extension="1001"')
    expect(file.text).toContain('<handsets count="2">')
    const seen = await phones()
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ mac: '805EC0A1B2C3', vendor: 'Yealink', model: 'W70B', name: 'Reception base' })
    expect(seen[0].fwver).toMatch(/^\d/)
    expect(seen[0].ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    expect(seen[0].password).toBeUndefined()
    // a second fetch keeps the address
    await request(pbx.url, 'GET', fileOf(reception.url))
    expect((await phones())[0].ip).toBe(seen[0].ip)
  })

  it('the file shows the members as they are now, with names escaped', async () => {
    const id = expectId(await c.api('POST', '/api/dect_phones', { token, json: { name: 'Lager & "Hof"', mac: '00155F000001', vendor: 'Snom', model: 'M400' } }), 201)
    expectNoBody(await c.api('POST', `/api/dect_phones/${id}/members`, { token, json: { items: [{ extension_number: '1201', ipui: '00133AAAAA', handset_index: '5' }] } }))
    const file = await request(pbx.url, 'GET', `/dect/${DEMO}/00155F000001.xml`)
    expect(file.text).toContain('name="Lager &amp; &quot;Hof&quot;"')
    expect(file.text).toContain('<handset index="5" ipui="00133AAAAA" extension="1201"')
  })

  it('answers 404 for an unknown MAC, an unknown tenant, or a base of another tenant under this one', async () => {
    expectError(await request(pbx.url, 'GET', `/dect/${DEMO}/0000DEADBEEF.xml`), 404, 'NOT_FOUND')
    expectError(await request(pbx.url, 'GET', '/dect/nowhere.example/805EC0A1B2C3.xml'), 404, 'NOT_FOUND')
    expectError(await request(pbx.url, 'GET', '/dect/other.pbx.example/805EC0A1B2C3.xml'), 404, 'NOT_FOUND')
  })

  it('re-provisions and reboots a listed phone by MAC in any accepted form (200); 404 for one not seen, 400 for a malformed MAC', async () => {
    await request(pbx.url, 'GET', `/dect/${DEMO}/805EC0A1B2C3.xml`)
    expectNoBody(await c.api('POST', '/api/phones/805EC0A1B2C3/reprovision', { token }))
    expectNoBody(await c.api('POST', '/api/phones/80-5E-C0-A1-B2-C3/reboot', { token }))
    expectError(await c.api('POST', '/api/phones/7C2F80445566/reboot', { token }), 404, 'NOT_FOUND', 'mac')
    expectError(await c.api('POST', '/api/phones/not-a-mac/reprovision', { token }), 400, 'VALIDATE_FAILED', 'mac')
    expectError(await c.api('GET', '/api/phones/805EC0A1B2C3/reboot', { token }), 405, 'NOT_FOUND')
  })

  it('is tenant-scoped: the other tenant sees none of these; 403 for a standard user', async () => {
    await request(pbx.url, 'GET', `/dect/${DEMO}/805EC0A1B2C3.xml`)
    const other = await c.api('GET', '/api/phones', { token: await c.token('otherManager') })
    expect(other.body.items).toEqual([])
    expectError(await c.api('POST', '/api/phones/805EC0A1B2C3/reboot', { token: await c.token('otherManager') }), 404, 'NOT_FOUND')
    expectError(await c.api('GET', '/api/phones', { token: await c.token('user') }), 403, 'FORBIDDEN')
  })
})
