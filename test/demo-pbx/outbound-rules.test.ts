import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Client, DemoPbx, Json } from './helpers'
import { DAYS, client, expectError, expectId, expectMessageMentions, expectNoBody, start } from './helpers'

const BASE = '/api/outbound_rules'

describe('outbound rules: seed data and read', () => {
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

  it('lists the three seeded rules with count, in priority order, with the list fields', async () => {
    const res = await c.api('GET', BASE, { token })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(3)
    expect(res.body.items.map((r: Json) => r.name)).toEqual(['Emergency', 'Local', 'International'])
    for (const item of res.body.items) {
      for (const key of [
        'id',
        'name',
        'number_prefix',
        'number_length',
        'number_mask',
        'enabled',
        'priority',
        'office_hours',
        'holidays',
        'routing_strategy',
      ]) {
        expect(item, `${item.name} has ${key}`).toHaveProperty(key)
      }
      expect(Array.isArray(item.holidays)).toBe(true)
    }
  })

  it('answers the seeded values of Local, International and Emergency', async () => {
    const list = await c.api('GET', BASE, { token })
    const byName = new Map<string, Json>(list.body.items.map((r: Json) => [r.name, r]))
    const local = await c.api('GET', `${BASE}/${byName.get('Local').id}`, { token })
    expect(local.status).toBe(200)
    expect(local.body).toMatchObject({ name: 'Local', number_prefix: '0', number_length: '10;11', priority: 100 })
    expect(Array.isArray(local.body.routes)).toBe(true)

    const intl = await c.api('GET', `${BASE}/${byName.get('International').id}`, { token })
    expect(intl.body).toMatchObject({ name: 'International', number_prefix: '00', priority: 200 })
    expect(intl.body.office_hours.mode).toBe('CUSTOM')
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      expect(intl.body.office_hours[day]).toEqual({ enabled: true, ranges: [{ from: '08:00', to: '18:00' }] })
    }
    for (const day of ['saturday', 'sunday']) {
      expect(intl.body.office_hours[day]?.enabled ?? false).toBe(false)
    }

    const emergency = await c.api('GET', `${BASE}/${byName.get('Emergency').id}`, { token })
    expect(emergency.body).toMatchObject({ name: 'Emergency', number_prefix: '112', number_length: '3', priority: 1 })
  })

  it.each([
    ['GET', 'nonexistent-id'],
    ['POST', 'nonexistent-id'],
    ['POST', 'nonexistent-id/destroy'],
  ])('%s %s answers 404 NOT_FOUND', async (method, suffix) => {
    const res = await c.api(method, `${BASE}/${suffix}`, { token, json: method === 'POST' && !suffix.endsWith('destroy') ? { priority: 5 } : undefined })
    expectError(res, 404, 'NOT_FOUND')
  })
})

describe('outbound rules: create, update, destroy', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  let providerIds: string[] = []
  let holidays: Json[] = []

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
    const p = await c.api('GET', '/api/providers', { token })
    providerIds = p.body.items.map((x: Json) => x.id)
    const h = await c.api('GET', '/api/holidays', { token })
    holidays = h.body.items
  })
  afterAll(async () => {
    await pbx.stop()
  })

  function provider(i: number): string {
    const id = providerIds[i]
    if (id === undefined) throw new Error('missing provider')
    return id
  }
  function holiday(name: string): Json {
    const h = holidays.find((x) => x.name === name)
    if (h === undefined) throw new Error(`missing holiday ${name}`)
    return h
  }

  it('creates a minimal rule: 201 {id}; defaults enabled true, priority 1000, PRIORITIZED, every day off, no routes', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Minimal' } }), 201)
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(id)
    expect(res.body.name).toBe('Minimal')
    expect(res.body.enabled).toBe(true)
    expect(res.body.priority).toBe(1000)
    expect(res.body.routing_strategy).toBe('PRIORITIZED')
    expect(res.body.routes).toEqual([])
    expect(res.body.holidays).toEqual([])
    for (const day of DAYS) expect(res.body.office_hours?.[day]?.enabled ?? false).toBe(false)
  })

  it('creates a full rule and reads every field back (holidays as objects, routes with defaults)', async () => {
    const officeHours = {
      mode: 'CUSTOM',
      monday: { enabled: true, ranges: [{ from: '08:00', to: '12:00' }, { from: '13:00', to: '17:30' }] },
      saturday: { enabled: true, ranges: [{ from: '00:00', to: '23:59' }] },
    }
    const body = {
      name: 'Full rule',
      number_prefix: '9*#',
      number_length: '10;11',
      number_mask: '100-199;205',
      enabled: false,
      priority: 5,
      office_hours: officeHours,
      holidays: [holiday('New Year').id],
      routing_strategy: 'RANDOMLY',
      routes: [
        { provider_id: provider(0), strip_digits: 1, prepend: '+49*#', outbound_caller_id: '0301234', enabled: false },
        { provider_id: provider(1) },
      ],
    }
    const id = expectId(await c.api('POST', BASE, { token, json: body }), 201)
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id,
      name: 'Full rule',
      number_prefix: '9*#',
      number_length: '10;11',
      number_mask: '100-199;205',
      enabled: false,
      priority: 5,
      routing_strategy: 'RANDOMLY',
    })
    expect(res.body.office_hours.mode).toBe('CUSTOM')
    expect(res.body.office_hours.monday).toEqual(officeHours.monday)
    expect(res.body.office_hours.saturday).toEqual(officeHours.saturday)
    expect(res.body.office_hours.tuesday?.enabled ?? false).toBe(false)
    expect(res.body.holidays).toHaveLength(1)
    expect(res.body.holidays[0]).toMatchObject({ id: holiday('New Year').id, name: 'New Year', every_year: true })
    expect(res.body.routes).toHaveLength(2)
    expect(res.body.routes[0]).toMatchObject({
      provider_id: provider(0),
      strip_digits: 1,
      prepend: '+49*#',
      outbound_caller_id: '0301234',
      enabled: false,
    })
    expect(res.body.routes[1]).toMatchObject({ provider_id: provider(1), strip_digits: 0, enabled: true })

    const list = await c.api('GET', BASE, { token })
    const item = (list.body.items as Json[]).find((r) => r.id === id)
    expect(item).toBeDefined()
    expect(item.holidays).toHaveLength(1)
    expect(item.holidays[0]).toMatchObject({ id: holiday('New Year').id, name: 'New Year' })
    expect(item).toMatchObject({ name: 'Full rule', routing_strategy: 'RANDOMLY', enabled: false, priority: 5 })
  })

  it('accepts the boundary values', async () => {
    const body = {
      name: 'n'.repeat(64),
      number_prefix: '1'.repeat(64),
      number_length: '1;64',
      number_mask: '',
      priority: 0,
      routes: Array.from({ length: 32 }, () => ({ provider_id: provider(0), strip_digits: 64, prepend: '9'.repeat(64), outbound_caller_id: 'c'.repeat(64) })),
    }
    const id = expectId(await c.api('POST', BASE, { token, json: body }), 201)
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.body.name).toBe('n'.repeat(64))
    expect(res.body.priority).toBe(0)
    expect(res.body.routes).toHaveLength(32)
    const max = expectId(await c.api('POST', BASE, { token, json: { name: 'Max priority', priority: 2147483647, number_prefix: '' } }), 201)
    expect((await c.api('GET', `${BASE}/${max}`, { token })).body.priority).toBe(2147483647)
  })

  it('answers 409 CONFLICT for a duplicate name in the tenant, on create and on update', async () => {
    expectError(await c.api('POST', BASE, { token, json: { name: 'Local' } }), 409, 'CONFLICT')
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Unique one' } }), 201)
    expectError(await c.api('POST', `${BASE}/${id}`, { token, json: { name: 'Local' } }), 409, 'CONFLICT')
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body.name).toBe('Unique one')
  })

  it('updates a subset: 200 with no body; omitted fields stay as they are', async () => {
    const id = expectId(
      await c.api('POST', BASE, {
        token,
        json: {
          name: 'Partial',
          number_prefix: '7',
          priority: 50,
          holidays: [holiday('Christmas').id],
          routes: [{ provider_id: provider(0), prepend: '0' }],
        },
      }),
      201,
    )
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { priority: 7, enabled: false } }), 200)
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.body).toMatchObject({ name: 'Partial', number_prefix: '7', priority: 7, enabled: false })
    expect(res.body.holidays.map((h: Json) => h.id)).toEqual([holiday('Christmas').id])
    expect(res.body.routes).toHaveLength(1)
    expect(res.body.routes[0]).toMatchObject({ provider_id: provider(0), prepend: '0' })
  })

  it('replaces the whole routes and holidays lists when given', async () => {
    const id = expectId(
      await c.api('POST', BASE, {
        token,
        json: {
          name: 'Replace lists',
          holidays: [holiday('Christmas').id, holiday('New Year').id],
          routes: [{ provider_id: provider(0) }, { provider_id: provider(1) }],
        },
      }),
      201,
    )
    expectNoBody(
      await c.api('POST', `${BASE}/${id}`, {
        token,
        json: { routes: [{ provider_id: provider(1), strip_digits: 2 }], holidays: [holiday('New Year').id] },
      }),
    )
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.body.routes).toHaveLength(1)
    expect(res.body.routes[0]).toMatchObject({ provider_id: provider(1), strip_digits: 2 })
    expect(res.body.holidays.map((h: Json) => h.id)).toEqual([holiday('New Year').id])

    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { routes: [], holidays: [] } }))
    const emptied = await c.api('GET', `${BASE}/${id}`, { token })
    expect(emptied.body.routes).toEqual([])
    expect(emptied.body.holidays).toEqual([])
  })

  it('updates office hours and routing strategy', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Hours' } }), 201)
    const office_hours = { mode: 'CUSTOM', sunday: { enabled: true, ranges: [{ from: '10:00', to: '14:00' }] } }
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { office_hours, routing_strategy: 'RANDOMLY' } }))
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.body.office_hours.sunday).toEqual(office_hours.sunday)
    expect(res.body.office_hours.monday?.enabled ?? false).toBe(false)
    expect(res.body.routing_strategy).toBe('RANDOMLY')
  })

  it('accepts id in the update body when it equals the path id, refuses it (400) when it differs', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'With id' } }), 201)
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { id, priority: 11 } }))
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body.priority).toBe(11)
    expectError(
      await c.api('POST', `${BASE}/${id}`, { token, json: { id: `${id}-other`, priority: 12 } }),
      400,
      'VALIDATE_FAILED',
      'id',
    )
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body.priority).toBe(11)
  })

  it('an update that keeps the rule\'s own name is not a conflict', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Same name' } }), 201)
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: { name: 'Same name', priority: 9 } }))
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body).toMatchObject({ name: 'Same name', priority: 9 })
  })

  it('an empty update is accepted and changes nothing', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Empty update', priority: 8 } }), 201)
    const before = (await c.api('GET', `${BASE}/${id}`, { token })).body
    expectNoBody(await c.api('POST', `${BASE}/${id}`, { token, json: {} }))
    expect((await c.api('GET', `${BASE}/${id}`, { token })).body).toEqual(before)
  })

  it('accepts a one-extension range, a day explicitly off, and adjacent-free ranges', async () => {
    const office_hours = {
      mode: 'CUSTOM',
      monday: { enabled: false, ranges: [] },
      tuesday: { enabled: true, ranges: [{ from: '00:00', to: '06:00' }, { from: '07:00', to: '23:59' }] },
    }
    const id = expectId(
      await c.api('POST', BASE, { token, json: { name: 'Edge values', number_mask: '100-100;7', office_hours } }),
      201,
    )
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.body.number_mask).toBe('100-100;7')
    expect(res.body.office_hours.tuesday).toEqual(office_hours.tuesday)
    expect(res.body.office_hours.monday?.enabled ?? false).toBe(false)
  })

  it('refuses id in the create body (400)', async () => {
    const res = await c.api('POST', BASE, { token, json: { id: 'my-id', name: 'With id on create' } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'id')
  })

  it.each([
    ['priority -1', { priority: -1 }, 'priority'],
    ['name empty', { name: '' }, 'name'],
    ['name of 65 characters', { name: 'x'.repeat(65) }, 'name'],
    ['routing_strategy bad', { routing_strategy: 'ROUND_ROBIN' }, 'routing_strategy'],
    ['number_length 0', { number_length: '0' }, 'number_length'],
    ['routes without provider', { routes: [{ strip_digits: 1 }] }, 'routes.0.provider_id'],
    ['unknown holiday', { holidays: ['no-such-holiday'] }, 'holidays'],
  ])('an update with %s answers 400 and changes nothing', async (_label, body, field) => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: `Update check ${field} ${_label}`.slice(0, 64), priority: 3 } }), 201)
    expectError(await c.api('POST', `${BASE}/${id}`, { token, json: body }), 400, 'VALIDATE_FAILED', field)
    const res = await c.api('GET', `${BASE}/${id}`, { token })
    expect(res.body.priority).toBe(3)
  })

  it('an update with an unknown field answers 400', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Unknown field upd' } }), 201)
    const res = await c.api('POST', `${BASE}/${id}`, { token, json: { colour: 'red' } })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, 'colour')
  })

  it('destroys a rule: 204 with no body, then 404, gone from the list; a second destroy is 404', async () => {
    const id = expectId(await c.api('POST', BASE, { token, json: { name: 'Doomed' } }), 201)
    expectNoBody(await c.api('POST', `${BASE}/${id}/destroy`, { token }), 204)
    expectError(await c.api('GET', `${BASE}/${id}`, { token }), 404, 'NOT_FOUND')
    const list = await c.api('GET', BASE, { token })
    expect(list.body.items.map((r: Json) => r.id)).not.toContain(id)
    expectError(await c.api('POST', `${BASE}/${id}/destroy`, { token }), 404, 'NOT_FOUND')
    expectError(await c.api('POST', `${BASE}/${id}`, { token, json: { priority: 1 } }), 404, 'NOT_FOUND')
    // the name is free again
    expectId(await c.api('POST', BASE, { token, json: { name: 'Doomed' } }), 201)
  })
})

describe('outbound rules: every limit and enum on create', () => {
  let pbx: DemoPbx
  let c: Client
  let token = ''
  let providerId = ''
  let count = 0

  beforeAll(async () => {
    pbx = await start()
    c = client(pbx)
    token = await c.token('manager')
    const p = await c.api('GET', '/api/providers', { token })
    providerId = p.body.items[0].id
    count = (await c.api('GET', BASE, { token })).body.count
  })
  afterAll(async () => {
    await pbx.stop()
  })

  const day = (ranges: unknown, enabled: unknown = true): Json => ({ mode: 'CUSTOM', monday: { enabled, ranges } })
  const PROVIDER = '__provider__'
  const route = (extra: Record<string, unknown>): Json[] => [{ provider_id: PROVIDER, ...extra }]

  it.each<[string, Record<string, unknown>, string]>([
    ['name missing', { name: undefined }, 'name'],
    ['name empty', { name: '' }, 'name'],
    ['name of 65 characters', { name: 'x'.repeat(65) }, 'name'],
    ['name not a string', { name: 42 }, 'name'],
    ['number_prefix with letters', { number_prefix: '12a' }, 'number_prefix'],
    ['number_prefix with +', { number_prefix: '+49' }, 'number_prefix'],
    ['number_prefix of 65 characters', { number_prefix: '1'.repeat(65) }, 'number_prefix'],
    ['number_prefix not a string', { number_prefix: 0 }, 'number_prefix'],
    ['number_length 0', { number_length: '0' }, 'number_length'],
    ['number_length 65', { number_length: '10;65' }, 'number_length'],
    ['number_length not integers', { number_length: 'ten' }, 'number_length'],
    ['number_length with a decimal', { number_length: '1.5' }, 'number_length'],
    ['number_length comma-separated', { number_length: '10,11' }, 'number_length'],
    ['number_length of 65 characters', { number_length: '1;'.repeat(32) + '1' }, 'number_length'],
    ['number_length not a string', { number_length: 10 }, 'number_length'],
    ['number_mask with letters', { number_mask: '100;abc' }, 'number_mask'],
    ['number_mask range from > to', { number_mask: '200-100' }, 'number_mask'],
    ['number_mask broken range', { number_mask: '1-2-3' }, 'number_mask'],
    ['number_mask not a string', { number_mask: 100 }, 'number_mask'],
    ['priority negative', { priority: -1 }, 'priority'],
    ['priority fractional', { priority: 1.5 }, 'priority'],
    ['priority a string', { priority: '5' }, 'priority'],
    ['priority above int32', { priority: 2147483648 }, 'priority'],
    ['enabled a string', { enabled: 'yes' }, 'enabled'],
    ['enabled null', { enabled: null }, 'enabled'],
    ['routing_strategy unknown', { routing_strategy: 'ROUND_ROBIN' }, 'routing_strategy'],
    ['routing_strategy lower case', { routing_strategy: 'prioritized' }, 'routing_strategy'],
    ['office_hours not an object', { office_hours: 'always' }, 'office_hours'],
    ['office_hours mode other than CUSTOM', { office_hours: { mode: 'ALWAYS' } }, 'office_hours.mode'],
    ['office_hours from 24:00', { office_hours: day([{ from: '24:00', to: '23:00' }]) }, 'office_hours.monday.ranges.0.from'],
    ['office_hours from not HH:MM', { office_hours: day([{ from: '8:00', to: '12:00' }]) }, 'office_hours.monday.ranges.0.from'],
    ['office_hours to 12:60', { office_hours: day([{ from: '08:00', to: '12:60' }]) }, 'office_hours.monday.ranges.0.to'],
    ['office_hours to missing', { office_hours: day([{ from: '08:00' }]) }, 'office_hours.monday.ranges.0.to'],
    ['office_hours second range bad', { office_hours: day([{ from: '08:00', to: '09:00' }, { from: '10:00', to: '99:00' }]) }, 'office_hours.monday.ranges.1.to'],
    ['office_hours from after to', { office_hours: day([{ from: '12:00', to: '08:00' }]) }, 'office_hours.monday.ranges.0'],
    ['office_hours from equal to', { office_hours: day([{ from: '12:00', to: '12:00' }]) }, 'office_hours.monday.ranges.0'],
    ['office_hours overlapping ranges', { office_hours: day([{ from: '08:00', to: '12:00' }, { from: '11:00', to: '13:00' }]) }, 'office_hours.monday.ranges'],
    ['office_hours enabled not boolean', { office_hours: day([], 'yes') }, 'office_hours.monday.enabled'],
    ['office_hours ranges not an array', { office_hours: day('08:00-12:00') }, 'office_hours.monday.ranges'],
    ['holidays not an array', { holidays: 'New Year' }, 'holidays'],
    ['holidays with an unknown id', { holidays: ['no-such-holiday'] }, 'holidays'],
    ['routes not an array', { routes: { provider_id: PROVIDER } }, 'routes'],
    ['route without provider_id', { routes: [{ strip_digits: 1 }] }, 'routes.0.provider_id'],
    ['route with an unknown provider_id', { routes: [{ provider_id: 'no-such-provider' }] }, 'routes.0.provider_id'],
    ['route strip_digits 65', { routes: route({ strip_digits: 65 }) }, 'routes.0.strip_digits'],
    ['route strip_digits -1', { routes: route({ strip_digits: -1 }) }, 'routes.0.strip_digits'],
    ['route strip_digits fractional', { routes: route({ strip_digits: 0.5 }) }, 'routes.0.strip_digits'],
    ['route prepend with letters', { routes: route({ prepend: '0a' }) }, 'routes.0.prepend'],
    ['route prepend of 65 characters', { routes: route({ prepend: '1'.repeat(65) }) }, 'routes.0.prepend'],
    ['route outbound_caller_id of 65 characters', { routes: route({ outbound_caller_id: '1'.repeat(65) }) }, 'routes.0.outbound_caller_id'],
    ['route enabled a string', { routes: route({ enabled: 'true' }) }, 'routes.0.enabled'],
    ['second route bad', { routes: [{ provider_id: PROVIDER }, { provider_id: PROVIDER, strip_digits: 99 }] }, 'routes.1.strip_digits'],
    ['33 routes', { routes: Array.from({ length: 33 }, () => ({ provider_id: PROVIDER })) }, 'routes'],
  ])('%s → 400 VALIDATE_FAILED naming %s', async (label, extra, field) => {
    // `name: undefined` in `extra` disappears in JSON: the "name missing" case
    const body = JSON.parse(JSON.stringify({ name: `Bad ${label}`.slice(0, 64), ...extra }).replaceAll(PROVIDER, providerId))
    const res = await c.api('POST', BASE, { token, json: body })
    expectError(res, 400, 'VALIDATE_FAILED', field)
  })

  it.each([
    ['an unknown top-level field', { name: 'Unknown top', colour: 'red' }, 'colour'],
    ['an unknown route field', { name: 'Unknown route', routes: [{ provider_id: PROVIDER, weight: 3 }] }, 'weight'],
    ['an unknown office_hours day', { name: 'Unknown day', office_hours: { mode: 'CUSTOM', funday: { enabled: true, ranges: [] } } }, 'funday'],
  ])('refuses %s with 400', async (_label, body, name) => {
    const json = JSON.parse(JSON.stringify(body).replaceAll(PROVIDER, providerId))
    const res = await c.api('POST', BASE, { token, json })
    expectError(res, 400, 'VALIDATE_FAILED')
    expectMessageMentions(res, name)
  })

  it('reports one entry per problem', async () => {
    const res = await c.api('POST', BASE, { token, json: { name: '', priority: -5, routing_strategy: 'NOPE' } })
    expectError(res, 400, 'VALIDATE_FAILED')
    const messages = (res.body.errors as Json[]).map((e) => e.message as string)
    for (const field of ['name', 'priority', 'routing_strategy']) {
      expect(messages.some((m) => m.startsWith(field)), `${field} in ${JSON.stringify(messages)}`).toBe(true)
    }
  })

  it('created nothing while refusing', async () => {
    expect((await c.api('GET', BASE, { token })).body.count).toBe(count)
  })
})
