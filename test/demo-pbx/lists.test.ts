import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { client, expectError, expectId, start } from './helpers'

const RULES = '/api/outbound_rules'
const IVRS = '/api/ivr_servers'

const BAD_TOP: (string | number)[] = [0, 101, -1, 'abc', 1.5, '', '10x']
const BAD_SKIP: (string | number)[] = [-1, 'x', 2.5, '']

describe('outbound rule list: filter, search, orderby, skip, top', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  let all: Json[] = []

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
    for (const json of [
      { name: 'Zulu Route', number_prefix: '9', priority: 100, enabled: false, routing_strategy: 'RANDOMLY' },
      { name: 'Alpha Route', number_prefix: '0049', priority: 50, routing_strategy: 'RANDOMLY' },
      { name: 'Beta Route', number_prefix: '7', priority: 300, enabled: false },
      { name: 'Gamma Local Line', number_prefix: '8', priority: 100 },
    ]) {
      expectId(await c.api('POST', RULES, { token, json }), 201)
    }
    const res = await c.api('GET', RULES, { token })
    all = res.body.items
  })
  afterAll(async () => {
    await pbx.stop()
  })

  const names = (items: Json[]): string[] => items.map((r) => r.name)
  const list = (query: Record<string, string | number>) => c.api('GET', RULES, { token, query })

  it('answers {count, items} with all seven rules by default; default order priority then name', async () => {
    const res = await c.api('GET', RULES, { token })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(7)
    expect(names(res.body.items)).toEqual([
      'Emergency',
      'Alpha Route',
      'Gamma Local Line',
      'Local',
      'Zulu Route',
      'International',
      'Beta Route',
    ])
  })

  it('pages with top and skip; count stays the total', async () => {
    const first = await list({ top: 2 })
    expect(first.body.count).toBe(7)
    expect(names(first.body.items)).toEqual(names(all.slice(0, 2)))
    const second = await list({ top: 2, skip: 2 })
    expect(second.body.count).toBe(7)
    expect(names(second.body.items)).toEqual(names(all.slice(2, 4)))
    const last = await list({ skip: 6 })
    expect(names(last.body.items)).toEqual(names(all.slice(6)))
    const beyond = await list({ skip: 50 })
    expect(beyond.status).toBe(200)
    expect(beyond.body.count).toBe(7)
    expect(beyond.body.items).toEqual([])
    expect((await list({ top: 1 })).body.items).toHaveLength(1)
    expect((await list({ top: 100 })).body.items).toHaveLength(7)
    expect((await list({ skip: 0 })).body.items).toHaveLength(7)
  })

  it.each(BAD_TOP)('refuses top=%s with 400 naming top', async (top) => {
    expectError(await list({ top }), 400, 'VALIDATE_FAILED', 'top')
  })

  it.each(BAD_SKIP)('refuses skip=%s with 400 naming skip', async (skip) => {
    expectError(await list({ skip }), 400, 'VALIDATE_FAILED', 'skip')
  })

  it.each([
    ['local', ['Gamma Local Line', 'Local']],
    ['LOCAL', ['Gamma Local Line', 'Local']],
    ['route', ['Alpha Route', 'Zulu Route', 'Beta Route']],
    ['112', ['Emergency']],
    ['0049', ['Alpha Route']],
    ['no such thing', []],
  ])('search=%s matches name or number_prefix, case-insensitively', async (search, expected) => {
    const res = await list({ search })
    expect(res.status).toBe(200)
    expect(names(res.body.items)).toEqual(expected)
    expect(res.body.count).toBe(expected.length)
  })

  it('search with paging: count is the total of matches, not of the page', async () => {
    const res = await list({ search: 'route', top: 1, skip: 1 })
    expect(res.body.count).toBe(3)
    expect(names(res.body.items)).toEqual(['Zulu Route'])
  })

  it.each([
    ['enabled eq false', ['Zulu Route', 'Beta Route']],
    ['enabled eq true', ['Emergency', 'Alpha Route', 'Gamma Local Line', 'Local', 'International']],
    ["routing_strategy eq 'RANDOMLY'", ['Alpha Route', 'Zulu Route']],
    ['priority eq 100', ['Gamma Local Line', 'Local', 'Zulu Route']],
    ["name eq 'Local'", ['Local']],
    ['enabled eq true and priority eq 100', ['Gamma Local Line', 'Local']],
    ["enabled eq false and routing_strategy eq 'RANDOMLY'", ['Zulu Route']],
  ])('filter=%s', async (filter, expected) => {
    const res = await list({ filter })
    expect(res.status, res.text).toBe(200)
    expect(names(res.body.items)).toEqual(expected)
    expect(res.body.count).toBe(expected.length)
  })

  it('filter, search, orderby and paging together', async () => {
    const res = await list({ filter: 'enabled eq true', search: 'l', orderby: 'name desc', top: 2 })
    // enabled and containing "l": Emergency? no; Alpha Route, Gamma Local Line, Local, International
    expect(res.body.count).toBe(4)
    expect(names(res.body.items)).toEqual(['Local', 'International'])
  })

  it.each([
    "color eq 'red'",
    "number_prefix eq '0'",
    'priority gt 5',
    'enabled eq',
    'enabled eq yes',
    'name eq Local',
    "name eq 'Local' or priority eq 1",
    "name eq 'Local' and",
    'garbage',
  ])('refuses filter=%s with 400 naming filter', async (filter) => {
    expectError(await list({ filter }), 400, 'VALIDATE_FAILED', 'filter')
  })

  it.each([
    ['name', ['Alpha Route', 'Beta Route', 'Emergency', 'Gamma Local Line', 'International', 'Local', 'Zulu Route']],
    ['name asc', ['Alpha Route', 'Beta Route', 'Emergency', 'Gamma Local Line', 'International', 'Local', 'Zulu Route']],
    ['name desc', ['Zulu Route', 'Local', 'International', 'Gamma Local Line', 'Emergency', 'Beta Route', 'Alpha Route']],
  ])('orderby=%s', async (orderby, expected) => {
    const res = await list({ orderby })
    expect(res.status).toBe(200)
    expect(names(res.body.items)).toEqual(expected)
    expect(res.body.count).toBe(7)
  })

  it.each([
    ['priority', 'asc'],
    ['priority asc', 'asc'],
    ['priority desc', 'desc'],
  ])('orderby=%s sorts by priority %s', async (orderby, dir) => {
    const res = await list({ orderby })
    expect(res.status).toBe(200)
    const p: number[] = res.body.items.map((r: Json) => r.priority)
    const sorted = [...p].sort((a, b) => (dir === 'asc' ? a - b : b - a))
    expect(p).toEqual(sorted)
    expect(p).toHaveLength(7)
  })

  it.each(['color', 'number_prefix', 'name up', 'name asc desc', 'enabled'])(
    'refuses orderby=%s with 400 naming orderby',
    async (orderby) => {
      expectError(await list({ orderby }), 400, 'VALIDATE_FAILED', 'orderby')
    },
  )
})

describe('list parsing details: quoted values, literal search', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
    for (const json of [
      { name: 'Rock and Roll', number_prefix: '9*#', priority: 10 },
      { name: 'Dot.Com', number_prefix: '55', priority: 11 },
    ]) {
      expectId(await c.api('POST', RULES, { token, json }), 201)
    }
  })
  afterAll(async () => {
    await pbx.stop()
  })

  const names = (items: Json[]): string[] => items.map((r) => r.name)
  const list = (query: Record<string, string | number>) => c.api('GET', RULES, { token, query })

  it("filter on a quoted value containing spaces and the word 'and'", async () => {
    const res = await list({ filter: "name eq 'Rock and Roll'" })
    expect(res.status, res.text).toBe(200)
    expect(names(res.body.items)).toEqual(['Rock and Roll'])
    expect(res.body.count).toBe(1)
  })

  it("filter with two clauses, one of them a quoted value containing ' and '", async () => {
    const res = await list({ filter: "name eq 'Rock and Roll' and priority eq 10" })
    expect(res.status, res.text).toBe(200)
    expect(names(res.body.items)).toEqual(['Rock and Roll'])
  })

  it.each([
    ['*#', ['Rock and Roll']],
    ['.', ['Dot.Com']],
    ['9*', ['Rock and Roll']],
  ])('search=%s is a literal substring, not a pattern', async (search, expected) => {
    const res = await list({ search })
    expect(res.status).toBe(200)
    expect(names(res.body.items)).toEqual(expected)
  })
})

describe('IVR server list: filter, search, orderby, skip, top', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('system')
    for (const json of [
      { name: 'Zeta IVR', ipv4: '10.0.0.1' },
      { name: 'Alpha IVR', ipv6: '2001:db8::5' },
      { name: 'Mid voice', ipv4: '10.0.0.3', enabled: false },
    ]) {
      expectId(await c.api('POST', IVRS, { token, json }), 200)
    }
  })
  afterAll(async () => {
    await pbx.stop()
  })

  const names = (items: Json[]): string[] => items.map((r) => r.name)
  const list = (query: Record<string, string | number>) => c.api('GET', IVRS, { token, query })

  it('default order: creation order, INTERNAL first', async () => {
    const res = await c.api('GET', IVRS, { token })
    expect(res.body.count).toBe(5)
    expect(names(res.body.items)).toEqual(['Built-in IVR', 'Reception IVR', 'Zeta IVR', 'Alpha IVR', 'Mid voice'])
  })

  it('pages with top and skip; count stays the total', async () => {
    const res = await list({ top: 2, skip: 1 })
    expect(res.body.count).toBe(5)
    expect(names(res.body.items)).toEqual(['Reception IVR', 'Zeta IVR'])
  })

  it.each(BAD_TOP)('refuses top=%s with 400', async (top) => {
    expectError(await list({ top }), 400, 'VALIDATE_FAILED', 'top')
  })

  it.each(BAD_SKIP)('refuses skip=%s with 400', async (skip) => {
    expectError(await list({ skip }), 400, 'VALIDATE_FAILED', 'skip')
  })

  it.each([
    ['ivr', ['Built-in IVR', 'Reception IVR', 'Zeta IVR', 'Alpha IVR']],
    ['VOICE', ['Mid voice']],
    ['192.168.1', ['Reception IVR']],
    ['2001:db8', ['Alpha IVR']],
    ['127.0.0.1', ['Built-in IVR']],
  ])('search=%s matches name, ipv4 or ipv6', async (search, expected) => {
    const res = await list({ search })
    expect(names(res.body.items)).toEqual(expected)
    expect(res.body.count).toBe(expected.length)
  })

  it.each([
    ["type eq 'INTERNAL'", ['Built-in IVR']],
    ["type eq 'EXTERNAL'", ['Reception IVR', 'Zeta IVR', 'Alpha IVR', 'Mid voice']],
    ['enabled eq false', ['Mid voice']],
    ["name eq 'Zeta IVR'", ['Zeta IVR']],
    ["type eq 'EXTERNAL' and enabled eq true", ['Reception IVR', 'Zeta IVR', 'Alpha IVR']],
  ])('filter=%s', async (filter, expected) => {
    const res = await list({ filter })
    expect(res.status, res.text).toBe(200)
    expect(names(res.body.items)).toEqual(expected)
    expect(res.body.count).toBe(expected.length)
  })

  it.each(["ipv4 eq '10.0.0.1'", "priority eq 1", "type eq INTERNAL", 'type ne 1'])(
    'refuses filter=%s with 400',
    async (filter) => {
      expectError(await list({ filter }), 400, 'VALIDATE_FAILED', 'filter')
    },
  )

  it.each([
    ['name', ['Alpha IVR', 'Built-in IVR', 'Mid voice', 'Reception IVR', 'Zeta IVR']],
    ['name desc', ['Zeta IVR', 'Reception IVR', 'Mid voice', 'Built-in IVR', 'Alpha IVR']],
  ])('orderby=%s', async (orderby, expected) => {
    expect(names((await list({ orderby })).body.items)).toEqual(expected)
  })

  it('orderby=type asc and type desc group the types in opposite orders', async () => {
    const asc: string[] = (await list({ orderby: 'type asc' })).body.items.map((s: Json) => s.type)
    const desc: string[] = (await list({ orderby: 'type desc' })).body.items.map((s: Json) => s.type)
    const changes = (xs: string[]): number => xs.filter((x, i) => i > 0 && x !== xs[i - 1]).length
    expect(asc).toHaveLength(5)
    expect(desc).toHaveLength(5)
    expect(changes(asc)).toBe(1)
    expect(changes(desc)).toBe(1)
    expect(asc[0]).not.toBe(desc[0])
    expect(asc[0]).toBe(desc[4])
  })

  it.each(['ipv4', 'enabled', 'name sideways'])('refuses orderby=%s with 400', async (orderby) => {
    expectError(await list({ orderby }), 400, 'VALIDATE_FAILED', 'orderby')
  })
})

describe('provider and holiday lists; phone and template lists have no count', () => {
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

  it('providers: {count, items} with Telco One and Backup SIP; top and skip page them', async () => {
    const res = await c.api('GET', '/api/providers', { token })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(2)
    expect(res.body.items.map((p: Json) => p.name).sort()).toEqual(['Backup SIP', 'Telco One'])
    for (const p of res.body.items) expect(typeof p.id).toBe('string')
    const page = await c.api('GET', '/api/providers', { token, query: { top: 1, skip: 1 } })
    expect(page.body.count).toBe(2)
    expect(page.body.items).toHaveLength(1)
    expect(page.body.items[0].id).toBe(res.body.items[1].id)
  })

  it('holidays: {count, items}, New Year and Christmas as holiday objects', async () => {
    const res = await c.api('GET', '/api/holidays', { token })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(2)
    const byName = new Map<string, Json>(res.body.items.map((h: Json) => [h.name, h]))
    expect(byName.get('New Year')).toMatchObject({ every_year: true, month_start: 1, day_start: 1 })
    expect(byName.get('Christmas')).toMatchObject({
      every_year: true,
      month_start: 12,
      day_start: 24,
      month_end: 12,
      day_end: 26,
    })
    const page = await c.api('GET', '/api/holidays', { token, query: { skip: 1 } })
    expect(page.body.count).toBe(2)
    expect(page.body.items).toHaveLength(1)
  })

  it.each([
    ['/api/providers', 'top', 0],
    ['/api/providers', 'top', 101],
    ['/api/providers', 'skip', -1],
    ['/api/holidays', 'top', 'many'],
    ['/api/holidays', 'skip', 'x'],
  ])('%s refuses %s=%s with 400', async (path, key, value) => {
    expectError(await c.api('GET', path, { token, query: { [key]: value } }), 400, 'VALIDATE_FAILED', key)
  })

  it.each(['/api/dect_phones', '/api/custom_email_templates'])('%s answers {items} with no count', async (path) => {
    const res = await c.api('GET', path, { token })
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body.items)).toBe(true)
    expect(res.body).not.toHaveProperty('count')
  })
})
