import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundRuleListItemSchema, ProviderSchema } from '../../../electron/contract/pbx'
import { startDemoPbx, type DemoPbx } from '../../../electron/demo-pbx'
import { fetchPage, walkList } from '../../../electron/services/pbx-client/list'
import { createOutboundRulesClient } from '../../../electron/services/pbx-client/outbound-rules'
import { startFakeServer, type FakeServer } from './fake-server'
import { failure } from './helpers'
import { signedInCaller, testCaller, type TestCaller } from './test-caller'

const RULES = 'api/outbound_rules'

describe('walkList and fetchPage against the demo PBX', () => {
  let pbx: DemoPbx
  let caller: TestCaller
  beforeAll(async () => {
    pbx = await startDemoPbx({ port: 0 })
    caller = await signedInCaller(pbx.url, 'manager')
    const rules = createOutboundRulesClient(caller)
    // 3 seeded rules + 102 = 105: two pages of 100
    for (let i = 0; i < 102; i++) await rules.create({ name: `Bulk ${String(i).padStart(3, '0')}`, number_prefix: `9${i}` })
  })
  afterAll(async () => {
    await pbx.stop()
  })

  it('reads every page, 100 at a time, until count items are read', async () => {
    caller.calls.length = 0
    const all = await walkList(caller, RULES, OutboundRuleListItemSchema)
    expect(all.count).toBe(105)
    expect(all.items).toHaveLength(105)
    expect(new Set(all.items.map((r) => r.id)).size).toBe(105)
    expect(caller.calls.map((c) => c.query)).toEqual([
      { top: 100, skip: 0, filter: undefined, search: undefined, orderby: undefined },
      { top: 100, skip: 100, filter: undefined, search: undefined, orderby: undefined },
    ])
    // the default order of the demo: priority, then name; the seeded Emergency rule (priority 1) first
    expect(all.items[0]?.name).toBe('Emergency')
  })

  it('walks with a smaller page size and keeps search, filter and orderby on every page', async () => {
    caller.calls.length = 0
    const some = await walkList(caller, RULES, OutboundRuleListItemSchema, { search: 'Bulk 00', orderby: 'name desc', top: 3 })
    expect(some.items.map((r) => r.name)).toEqual(['Bulk 009', 'Bulk 008', 'Bulk 007', 'Bulk 006', 'Bulk 005', 'Bulk 004', 'Bulk 003', 'Bulk 002', 'Bulk 001', 'Bulk 000'])
    expect(some.count).toBe(10)
    expect(caller.calls).toHaveLength(4)
    expect(caller.calls.map((c) => c.query?.skip)).toEqual([0, 3, 6, 9])
    expect(caller.calls.every((c) => c.query?.search === 'Bulk 00' && c.query.orderby === 'name desc' && c.query.top === 3)).toBe(true)

    const enabled = await walkList(caller, RULES, OutboundRuleListItemSchema, { filter: 'priority eq 100' })
    expect(enabled.items.map((r) => r.name)).toEqual(['Local'])
  })

  it('reads one page with fetchPage: the total count and that page only', async () => {
    const page = await fetchPage(caller, RULES, OutboundRuleListItemSchema, { top: 2, skip: 1 })
    expect(page.count).toBe(105)
    expect(page.items.map((r) => r.name)).toEqual(['Local', 'International'])
    const numeric = await fetchPage(caller, RULES, OutboundRuleListItemSchema, { top: '5', skip: '100' })
    expect(numeric.items).toHaveLength(5)
  })

  it('answers an empty list as count 0 in one request', async () => {
    const empty = await startDemoPbx({ port: 0, seed: false })
    try {
      const c = await signedInCaller(empty.url, 'manager')
      expect(await walkList(c, 'api/providers', ProviderSchema)).toEqual({ count: 0, items: [] })
      expect(c.calls).toHaveLength(1)
    } finally {
      await empty.stop()
    }
  })

  it.each([
    [{ top: 101 }, 'top'],
    [{ top: 0 }, 'top'],
    [{ skip: -1 }, 'skip'],
    [{ top: 'ten' }, 'top'],
  ])('refuses the query %j before sending (field %s)', async (query, field) => {
    const before = pbx.requests
    const error = await failure(fetchPage(caller, RULES, OutboundRuleListItemSchema, query as never))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.field).toBe(field)
    expect(error.message).toMatch(new RegExp(`^${field}: `))
    expect(pbx.requests).toBe(before)
  })

  it('refuses a bad page size for a walk before the first page', async () => {
    const before = pbx.requests
    const error = await failure(walkList(caller, RULES, OutboundRuleListItemSchema, { top: 500 }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.field).toBe('top')
    expect(pbx.requests).toBe(before)
  })

  it('keeps the PBX error of a query the PBX refuses', async () => {
    const error = await failure(walkList(caller, RULES, OutboundRuleListItemSchema, { filter: 'colour eq 1' }))
    expect(error.code).toBe('PBX_ERROR')
    expect(error.status).toBe(400)
  })

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const before = pbx.requests
    const error = await failure(walkList(caller, RULES, OutboundRuleListItemSchema, {}, { signal: controller.signal }))
    expect(error.message).toBe('Cancelled.')
    expect(pbx.requests).toBe(before)
  })

  it('stops between pages when the signal is aborted during a walk', async () => {
    const controller = new AbortController()
    const aborting: TestCaller = {
      ...caller,
      calls: [],
      async call(path, options) {
        const response = await caller.call(path, options)
        controller.abort()
        return response
      },
    }
    const error = await failure(walkList(aborting, RULES, OutboundRuleListItemSchema, { top: 10 }, { signal: controller.signal }))
    expect(error.message).toBe('Cancelled.')
  })
})

describe('walkList against a PBX whose count lies', () => {
  let fake: FakeServer
  const item = (n: number) => ({ id: `p-${n}`, name: `Provider ${n}` })
  beforeAll(async () => {
    fake = await startFakeServer((_method, url) => {
      const skip = Number(url.searchParams.get('skip'))
      const top = Number(url.searchParams.get('top'))
      const real = [item(1), item(2), item(3)]
      if (url.pathname === '/api/high') return [200, { count: 1_000_000, items: real.slice(skip, skip + top) }]
      if (url.pathname === '/api/low') return [200, { count: 1, items: real.slice(skip, skip + top) }]
      if (url.pathname === '/api/bad') return [200, { count: 2, items: [{ name: 'no id' }] }]
      return undefined
    })
  })
  afterAll(async () => {
    await fake.stop()
  })

  it('stops on an empty page when count is too high, and answers what it read', async () => {
    const c = testCaller(fake.url, 'fake-token')
    const list = await walkList(c, 'api/high', ProviderSchema, { top: 2 })
    expect(list).toEqual({ count: 3, items: [item(1), item(2), item(3)] })
    expect(fake.seen.filter((s) => s.startsWith('GET /api/high'))).toEqual([
      'GET /api/high?top=2&skip=0',
      'GET /api/high?top=2&skip=2',
      'GET /api/high?top=2&skip=3',
    ])
  })

  it('keeps every item of a page when count is too low', async () => {
    const c = testCaller(fake.url, 'fake-token')
    expect(await walkList(c, 'api/low', ProviderSchema)).toEqual({ count: 3, items: [item(1), item(2), item(3)] })
  })

  it('refuses items that do not match the contract', async () => {
    const c = testCaller(fake.url, 'fake-token')
    const error = await failure(walkList(c, 'api/bad', ProviderSchema))
    expect(error.code).toBe('NOT_A_PBX')
    expect(error.message).toMatch(/GET \/api\/bad/)
  })
})
