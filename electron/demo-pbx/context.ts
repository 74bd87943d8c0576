import type { IncomingHttpHeaders } from 'node:http'
import type { z } from 'zod'
import type { Capability } from '../contract/pbx'
import { checkInput } from '../contract/pbx'
import { checkAccess } from './auth/tokens'
import { forbidden, invalid, invalidProblems, unauthorized } from './errors'
import { hasCapability } from './permissions'
import type { AccessToken, DemoState, Tenant, User } from './state'

/**
 * What a handler answers: a status, an optional JSON body and optional headers. `html` is for
 * the identity provider's pages outside /api (README "Identity provider"), `xml` for a DECT base's
 * provisioning file (README "Provisioning file"), never with `body`.
 */
export interface Reply {
  status: number
  body?: unknown
  html?: string
  xml?: string
  headers?: Record<string, string | string[]>
}

export const ok = (body?: unknown): Reply => ({ status: 200, body })
export const created = (id: string): Reply => ({ status: 201, body: { id } })
export const noContent = (): Reply => ({ status: 204 })

/** The signed-in caller of a request. */
export interface Principal {
  user: User
  access: AccessToken
}

const mediaType = (headers: IncomingHttpHeaders): string =>
  (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

/** One request as the handlers see it: path params, query, body helpers, authentication. */
export class RequestContext {
  constructor(
    readonly state: DemoState,
    readonly method: string,
    readonly path: string,
    readonly query: URLSearchParams,
    readonly headers: IncomingHttpHeaders,
    readonly rawBody: Buffer,
    readonly params: Record<string, string>,
  ) {}

  param(name: string): string {
    return this.params[name] ?? ''
  }

  /** The query as a plain object (first value of each name), for a schema. */
  queryObject(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [k, v] of this.query) if (!(k in out)) out[k] = v
    return out
  }

  /** Validate the query against a schema (problems are reported with their parameter name). */
  parseQuery<S extends z.ZodType>(schema: S): z.output<S> {
    const r = checkInput(schema, this.queryObject())
    if (!r.success) throw invalidProblems(r.problems, 'query')
    return r.data
  }

  /**
   * The JSON body, unparsed by any schema. An empty body is `undefined`, or `{}` when `emptyIsObject`.
   * A body needs `Content-Type: application/json`; malformed JSON and non-objects are refused.
   */
  jsonBody(emptyIsObject = false): unknown {
    if (this.rawBody.length === 0) return emptyIsObject ? {} : undefined
    if (mediaType(this.headers) !== 'application/json') {
      throw invalid('Content-Type', 'must be application/json')
    }
    let value: unknown
    try {
      value = JSON.parse(this.rawBody.toString('utf8'))
    } catch {
      throw invalid('body', 'is not valid JSON')
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalid('body', 'must be a JSON object')
    }
    return value
  }

  /** The JSON body validated by a contract schema (400 with one entry per problem). */
  json<S extends z.ZodType>(schema: S, emptyIsObject = false): z.output<S> {
    const r = checkInput(schema, this.jsonBody(emptyIsObject))
    if (!r.success) throw invalidProblems(r.problems)
    return r.data
  }

  /** A form body (`application/x-www-form-urlencoded`) as a plain object. */
  form(): Record<string, string> {
    if (mediaType(this.headers) !== 'application/x-www-form-urlencoded') {
      throw invalid('Content-Type', 'must be application/x-www-form-urlencoded')
    }
    const out: Record<string, string> = {}
    for (const [k, v] of new URLSearchParams(this.rawBody.toString('utf8'))) if (!(k in out)) out[k] = v
    return out
  }

  cookie(name: string): string | undefined {
    const header = this.headers.cookie ?? ''
    for (const part of header.split(';')) {
      const eq = part.indexOf('=')
      if (eq < 0) continue
      if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
    }
    return undefined
  }

  /** The caller of a bearer-token request; 401 without a valid token. */
  principal(): Principal {
    const header = this.headers.authorization
    if (header === undefined || header.trim() === '') throw unauthorized('Authorization: a bearer token is required')
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!m || m[1] === undefined) throw unauthorized('Authorization: must be "Bearer <access token>"')
    const check = checkAccess(this.state, m[1])
    if (!check.ok) {
      const why = { unknown: 'is not known', expired: 'has expired', revoked: 'has been revoked' }[check.reason]
      throw unauthorized(`Authorization: the access token ${why}`)
    }
    return { user: check.access.session.user, access: check.access }
  }

  /** The caller, who must hold a capability (401 without a token, 403 without the capability). */
  need(capability: Capability): Principal {
    const p = this.principal()
    if (!hasCapability(p.user.role, capability)) {
      throw forbidden(`the role ${p.user.role} may not do this (needs ${capability})`)
    }
    return p
  }

  /** The caller's tenant, for a tenant resource (403 for the system administrator). */
  tenantFor(capability: Capability): Tenant {
    const p = this.need(capability)
    if (!p.user.tenant) throw forbidden(`${capability} is for tenant users; the system administrator has no tenant`)
    return p.user.tenant
  }
}
