import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ApiErrorBodySchema,
  BUILT_IN_ROLES,
  CAPABILITIES,
  CreatedSchema,
  ERROR_CODES,
  itemsOf,
  LIMITS,
  ListQuerySchema,
  listOf,
  MAX_RECIPIENTS,
  PAGE_TOP,
  PageQuerySchema,
  pbxErrorMap,
  problemsOf,
  TenantUsernameSchema,
  UsernameSchema,
} from '../../../electron/contract/pbx'
import { parsed, passes, problems } from './helpers'

describe('enums and limits', () => {
  it('lists the error codes, roles and capabilities', () => {
    expect(ERROR_CODES).toEqual(['VALIDATE_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNKNOWN'])
    expect(BUILT_IN_ROLES).toHaveLength(8)
    expect(BUILT_IN_ROLES).toContain('SystemAdmin')
    expect(BUILT_IN_ROLES).toContain('StandardInternationalUser')
    expect(CAPABILITIES).toHaveLength(15)
    expect(CAPABILITIES).toEqual(expect.arrayContaining(['users:read', 'phones:read', 'phones:write']))
    expect(CAPABILITIES).toContain('notification:write')
  })

  it('holds the seed limits', () => {
    expect(LIMITS.ruleName).toEqual({ min: 1, max: 64 })
    expect(LIMITS.domain).toEqual({ min: 1, max: 280 })
    expect(LIMITS.tenantName).toEqual({ min: 1, max: 1024 })
    expect(LIMITS.notificationUsername.max).toBe(128)
    expect(LIMITS.port.max).toBe(65535)
    expect(MAX_RECIPIENTS).toBe(15)
    expect(PAGE_TOP).toEqual({ min: 1, max: 100, default: 100 })
  })
})

describe('user names', () => {
  it.each(['john', 'john.doe', "o'brien", 'a_b-c', '1001', 'Jürgen', 'x'.repeat(64), 'admin'])('accepts %s', (name) => {
    expect(passes(UsernameSchema, name)).toBe(true)
  })

  it.each([
    ['', 'must not be empty'],
    ['x'.repeat(65), 'at most 64'],
    ['.john', 'period'],
    ['john.', 'period'],
    ['john doe', 'only letters'],
    ['john@doe', 'only letters'],
  ])('refuses %j', (name, words) => {
    expect(problems(UsernameSchema, name).join()).toContain(words)
  })

  it.each(['admin', 'ADMIN', 'System', 'administrator', 'rOOt'])('reserves %s for the system administrator', (name) => {
    expect(problems(TenantUsernameSchema, name).join()).toContain('reserved')
  })

  it('lets a tenant user be called adminx', () => {
    expect(passes(TenantUsernameSchema, 'adminx')).toBe(true)
  })
})

describe('list query', () => {
  it('defaults top to 100 and skip to 0', () => {
    expect(parsed(ListQuerySchema, {})).toEqual({ top: 100, skip: 0 })
  })

  it('takes numbers from a URL query', () => {
    expect(parsed(ListQuerySchema, { top: '1', skip: '20', search: 'x', filter: 'enabled eq true', orderby: 'name desc' })).toEqual({
      top: 1,
      skip: 20,
      search: 'x',
      filter: 'enabled eq true',
      orderby: 'name desc',
    })
    expect(parsed(ListQuerySchema, { top: 100 }).top).toBe(100)
  })

  it.each([
    [{ top: '0' }, 'top: must be at least 1'],
    [{ top: '101' }, 'top: must be at most 100'],
    [{ top: 'abc' }, 'top: must be a whole number'],
    [{ top: '' }, 'top: must be a whole number'],
    [{ top: '1.5' }, 'top: must be a whole number'],
    [{ skip: '-1' }, 'skip: must be at least 0'],
  ])('refuses %j', (query, message) => {
    expect(problems(ListQuerySchema, query)).toEqual([message])
  })

  it('has a paging-only variant', () => {
    expect(parsed(PageQuerySchema, { top: '5' })).toEqual({ top: 5, skip: 0 })
  })
})

describe('generic answers', () => {
  it('reads the error body, the create answer and lists leniently', () => {
    expect(passes(ApiErrorBodySchema, { errors: [{ code: 'NOT_FOUND', message: 'x', extra: 1 }] })).toBe(true)
    expect(passes(ApiErrorBodySchema, { errors: [{ code: 'NOT_FOUND' }] })).toBe(false)
    expect(parsed(CreatedSchema, { id: 'a' })).toEqual({ id: 'a' })
    const list = listOf(z.object({ id: z.string() }))
    expect(passes(list, { count: 2, items: [{ id: 'a' }] })).toBe(true)
    expect(passes(list, { items: [] })).toBe(false)
    expect(passes(itemsOf(z.object({ id: z.string() })), { items: [{ id: 'a' }] })).toBe(true)
  })
})

describe('error messages', () => {
  const Schema = z.strictObject({ a: z.string(), b: z.object({ c: z.int().max(3) }), d: z.enum(['X', 'Y']) })

  it('names the path and the problem in words', () => {
    expect(problems(Schema, { b: { c: 4 }, d: 'Z', e: 1, f: 2 })).toEqual([
      'a: is required',
      'b.c: must be at most 3',
      'd: must be one of X, Y',
      'e: unknown field',
      'f: unknown field',
    ])
  })

  it('says what type was expected', () => {
    expect(problems(Schema, { a: 1, b: { c: 'x' }, d: 'X' })).toEqual(['a: must be text', 'b.c: must be a whole number'])
    expect(problems(Schema, 'nope')).toEqual(['body: must be an object'])
  })

  it('works as a per-parse error map and with problemsOf', () => {
    const r = z.object({ n: z.int() }).safeParse({ n: 1.5 }, { error: pbxErrorMap })
    expect(r.success).toBe(false)
    if (!r.success) expect(problemsOf(r.error)).toEqual([{ path: 'n', message: 'must be a whole number' }])
  })
})
