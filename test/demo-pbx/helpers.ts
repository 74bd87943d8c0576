// A tiny raw-HTTP client for the demo PBX conformance suite.
// Written from the API reference (the seed) and electron/demo-pbx/README.md only:
// plain `fetch` and literal JSON, no schema or code shared with the implementation.
import { expect } from 'vitest'
import { startDemoPbx } from '../../electron/demo-pbx'

export type DemoPbx = Awaited<ReturnType<typeof startDemoPbx>>
export type DemoPbxOptions = NonNullable<Parameters<typeof startDemoPbx>[0]>

/** Starts a fresh demo PBX on a free loopback port. */
export async function start(options: DemoPbxOptions = {}): Promise<DemoPbx> {
  return startDemoPbx({ ...options, port: 0 })
}

export const CLIENT_ID = '9d806019-75b2-4b3d-bb8b-f5a3a412cc0a'
export const DEMO = 'demo.pbx.example'
export const OTHER = 'other.pbx.example'

export type Who = 'system' | 'manager' | 'user' | 'otherManager'

export const ACCOUNTS: Record<Who, { username: string; password: string; domain?: string }> = {
  system: { username: 'admin', password: 'admin' },
  manager: { username: 'manager', password: 'manager', domain: DEMO },
  user: { username: '1001', password: '1001', domain: DEMO },
  otherManager: { username: 'manager', password: 'manager', domain: OTHER },
}

/** Parsed JSON bodies are inspected field by field in the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export interface Res {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: Json
}

export interface ReqOptions {
  token?: string
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>
  /** Sent verbatim (with `contentType`, if any). */
  raw?: string
  contentType?: string
  cookie?: string
  headers?: Record<string, string>
  query?: Record<string, string | number | boolean>
}

export function withQuery(path: string, query: Record<string, string | number | boolean>): string {
  const parts = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  return parts.length === 0 ? path : `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}`
}

export async function request(baseUrl: string, method: string, path: string, opts: ReqOptions = {}): Promise<Res> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) }
  let body: string | undefined
  if (opts.token !== undefined) headers['Authorization'] = `Bearer ${opts.token}`
  if (opts.cookie !== undefined) headers['Cookie'] = opts.cookie
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json)
    headers['Content-Type'] = 'application/json'
  } else if (opts.form !== undefined) {
    body = new URLSearchParams(opts.form).toString()
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
  } else if (opts.raw !== undefined) {
    body = opts.raw
  }
  if (opts.contentType !== undefined) headers['Content-Type'] = opts.contentType
  const url = baseUrl + (opts.query ? withQuery(path, opts.query) : path)
  const res = await fetch(url, { method, headers, body, redirect: 'manual' })
  const text = await res.text()
  let parsed: Json = undefined
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
  }
  return { status: res.status, headers: res.headers, text, body: parsed }
}

export interface Session {
  access_token: string
  refresh_token: string
  expires_in: number
  token_type: string
}

export interface Client {
  readonly url: string
  api(method: string, path: string, opts?: ReqOptions): Promise<Res>
  /** POST /api/auth/sign_in for one of the demo accounts; asserts 200. */
  signIn(who: Who): Promise<Session>
  /** The access token of a fresh sign-in. */
  token(who: Who): Promise<string>
}

export function client(pbx: { url: string }): Client {
  const c: Client = {
    get url() {
      return pbx.url
    },
    api: (method, path, opts) => request(pbx.url, method, path, opts),
    async signIn(who) {
      const res = await c.api('POST', '/api/auth/sign_in', { json: ACCOUNTS[who] })
      expect(res.status, `sign_in ${who}: ${res.text}`).toBe(200)
      return res.body as Session
    },
    async token(who) {
      return (await c.signIn(who)).access_token
    },
  }
  return c
}

export function isJsonContentType(res: Res): boolean {
  return /^application\/json\b/i.test(res.headers.get('content-type') ?? '')
}

/**
 * Asserts the README's error contract: the status, `Content-Type: application/json`,
 * a body `{errors:[{code,message}, …]}` with at least one entry, every entry carrying
 * `code` (all equal to `code`) and a non-empty `message`; when `field` is given, one
 * message starts with it (validation messages start with the field's dotted path).
 */
export function expectError(res: Res, status: number, code: string, field?: string): void {
  const ctx = `${res.status} ${res.text.slice(0, 500)}`
  expect(res.status, ctx).toBe(status)
  expect(res.headers.get('content-type') ?? '', ctx).toMatch(/^application\/json\b/i)
  expect(res.body, ctx).toBeTypeOf('object')
  const errors: unknown = res.body?.errors
  expect(Array.isArray(errors), ctx).toBe(true)
  const list = errors as Json[]
  expect(list.length, ctx).toBeGreaterThan(0)
  for (const e of list) {
    expect(typeof e?.code, ctx).toBe('string')
    expect(typeof e?.message, ctx).toBe('string')
    expect((e.message as string).length, ctx).toBeGreaterThan(0)
    expect(e.code, ctx).toBe(code)
  }
  if (field !== undefined) {
    expect(
      list.some((e) => (e.message as string).startsWith(field)),
      `a message starting with "${field}" in ${ctx}`,
    ).toBe(true)
  }
}

/** Some error message contains `text` (used for unknown fields, whose message names the field). */
export function expectMessageMentions(res: Res, text: string): void {
  const messages = ((res.body?.errors ?? []) as Json[]).map((e) => String(e?.message))
  expect(messages.some((m) => m.includes(text)), `a message mentioning "${text}" in ${JSON.stringify(messages)}`).toBe(
    true,
  )
}

/** A success with no body at all. */
export function expectNoBody(res: Res, status = 200): void {
  expect(res.status, res.text.slice(0, 500)).toBe(status)
  expect(res.text).toBe('')
}

/** A 200/201 `{id}` answer; returns the id. */
export function expectId(res: Res, status: number): string {
  expect(res.status, res.text.slice(0, 500)).toBe(status)
  expect(isJsonContentType(res)).toBe(true)
  expect(typeof res.body?.id).toBe('string')
  expect((res.body.id as string).length).toBeGreaterThan(0)
  return res.body.id as string
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The value of cookie `name` from the Set-Cookie headers, with its attributes. */
export function setCookie(res: Res, name: string): { value: string; attributes: string[]; raw: string } | undefined {
  for (const raw of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = raw.split(';').map((s) => s.trim())
    const eq = pair.indexOf('=')
    if (eq > 0 && pair.slice(0, eq) === name) {
      return { value: pair.slice(eq + 1), attributes: attrs, raw }
    }
  }
  return undefined
}

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const

export const TEMPLATE_KINDS = [
  'USER_CREATION',
  'QUEUE_CALL_LOST',
  'QUEUE_SLA',
  'QUEUE_CALLBACK',
  'QUEUE_CALLBACK_FAILED',
  'VOICEMAIL_RECEIVED',
  'CALL_REPORT_COMPLETED',
  'DISK_LOW',
  'EMERGENCY_CALL',
  'LICENSE_LIMITED',
  'RECHARGE',
  'CONFERENCE_INVITATION',
  'TRUNK_CONNECTED',
  'TRUNK_DISCONNECTED',
] as const
