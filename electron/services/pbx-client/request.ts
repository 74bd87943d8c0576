import type { z } from 'zod'
import { ApiErrorBodySchema, ERROR_CODES } from '../../contract/pbx'
import { normalisePbxAddress } from '../../contract/pbx-address'
import { cancelled, ServiceError } from '../errors'
import { errorCode, exchange, type ExchangeAnswer } from './transport'

export const DEFAULT_TIMEOUT_MS = 10_000

export interface RequestOptions {
  method?: 'GET' | 'POST'
  /** bearer access token */
  token?: string
  query?: Record<string, string | number | boolean | undefined>
  json?: unknown
  form?: Record<string, string>
  timeoutMs?: number
  signal?: AbortSignal
  /** SHA-256 fingerprint of a certificate the user trusted for this PBX (see transport.ts) */
  trustedFingerprint256?: string
  /** a Cookie header (the cookie-style session of /api/login) */
  cookie?: string
}

/** The request options that make a saved PBX's trusted certificate count (none when it has none). */
export const tlsOptionsOf = (profile: { trustedCertificate?: { fingerprint256: string } | null }): Pick<RequestOptions, 'trustedFingerprint256'> =>
  profile.trustedCertificate ? { trustedFingerprint256: profile.trustedCertificate.fingerprint256 } : {}

export interface PbxResponse {
  status: number
  body: unknown
  /** Set-Cookie headers, when the PBX sent any */
  setCookie?: string[]
}

/**
 * One HTTP request to a PBX of the seed's API. Answers the status and the parsed JSON body (or
 * `undefined` for an empty body) on 2xx; turns everything else into a ServiceError a person can act
 * on: the PBX did not answer in time, could not be reached, is not a PBX of this API, or answered
 * with the API's error shape (its code and message kept; a code we do not know counts as UNKNOWN).
 */
export async function pbxRequest(baseUrl: string, path: string, options: RequestOptions = {}): Promise<PbxResponse> {
  const url = pbxUrl(baseUrl, path)
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  const headers: Record<string, string> = { Accept: 'application/json' }
  let body: string | undefined
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.cookie) headers.Cookie = options.cookie

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const host = url.host

  let answer: ExchangeAnswer
  try {
    answer = await exchange(url, {
      method: options.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
      signal,
      ...(options.trustedFingerprint256 ? { trustedFingerprint256: options.trustedFingerprint256 } : {}),
    })
  } catch (error) {
    if (error instanceof ServiceError) throw error
    if (options.signal?.aborted) throw cancelled()
    if (timeout.aborted) {
      throw new ServiceError('UNREACHABLE', `The PBX at ${host} did not answer in ${timeoutMs / 1000} s. Check the address and that it is running.`)
    }
    throw new ServiceError('UNREACHABLE', networkMessage(url, error))
  }

  const { text, contentType } = answer
  const parsed = parseJson(text)
  const ok = answer.status >= 200 && answer.status < 300

  if (ok) {
    const cookies = answer.setCookie.length > 0 ? { setCookie: answer.setCookie } : {}
    if (text.trim() === '') return { status: answer.status, body: undefined, ...cookies }
    if (!contentType.includes('json') || parsed === INVALID) {
      throw notAPbx(host, contentType.includes('html') ? 'it answered with a web page, not the API' : 'its answer is not JSON')
    }
    return { status: answer.status, body: parsed, ...cookies }
  }

  const apiError = ApiErrorBodySchema.safeParse(parsed)
  if (apiError.success && apiError.data.errors.length > 0) {
    const first = apiError.data.errors[0]!
    const known = (ERROR_CODES as readonly string[]).includes(first.code)
    throw new ServiceError('PBX_ERROR', first.message, {
      status: answer.status,
      pbxCode: known ? first.code : 'UNKNOWN',
      ...fieldOf(first.message),
    })
  }
  if (contentType.includes('html')) throw notAPbx(host, `it answered ${answer.status} with a web page`)
  throw new ServiceError('PBX_ERROR', `The PBX at ${host} answered ${answer.status} ${answer.statusText}.`.trim(), {
    status: answer.status,
    pbxCode: 'UNKNOWN',
  })
}

/** Checks a 2xx body against the contract; a PBX that answers another shape is not one we speak to. */
export function parseBody<S extends z.ZodType>(schema: S, response: PbxResponse, what: string): z.output<S> {
  const result = schema.safeParse(response.body)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''
    throw new ServiceError('NOT_A_PBX', `The PBX answered ${what} in a form this app does not understand${where}.`)
  }
  return result.data
}

const INVALID = Symbol('invalid json')

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return INVALID
  }
}

/**
 * The URL of an API path (`api/info`) at a PBX: the address in the contract's one form (see
 * contract/pbx-address.ts), then the path. Every request is built here, so the connection test,
 * the sign-in and every later call go to the same place; an address the contract refuses (a saved
 * one from before it was checked: a password in it, a path) is never contacted.
 */
export function pbxUrl(baseUrl: string, path: string): URL {
  const base = normalisePbxAddress(baseUrl)
  if (!base.ok) throw new ServiceError('INVALID_INPUT', `This PBX's address cannot be used: ${base.message}. Edit the PBX to correct it.`, { field: 'baseUrl' })
  const url = new URL(`${base.address}/${path}`)
  // a path of ours is always below /api/ of that address; anything else is a bug, not a request to send
  if (`${url.protocol}//${url.host}` !== base.address || !url.pathname.startsWith('/api/') || url.search !== '' || url.hash !== '') {
    throw new ServiceError('INTERNAL', `A request to ${path} would leave the PBX's API; it was not sent.`)
  }
  return url
}

function notAPbx(host: string, why: string): ServiceError {
  return new ServiceError('NOT_A_PBX', `${host} does not look like a PBX of this API: ${why}. Check the address.`)
}

/** The PBX's validation messages start with the field's path ("name: ..."); keep it for the form. */
function fieldOf(message: string): { field?: string } {
  const match = /^([a-z_][a-z0-9_.]*):\s/i.exec(message)
  return match?.[1] ? { field: match[1] } : {}
}

/** Why a PBX could not be reached, in words an installer can act on. */
function networkMessage(url: URL, error: unknown): string {
  if (url.protocol === 'https:' && isPlainHttpAnswer(error)) {
    return `${url.host} answers plain http on this port, not https: change the address to http://${url.host} or use the PBX's https port.`
  }
  return `Could not reach ${url.host}: ${networkReason(error)}.`
}

/**
 * An https request to a port that speaks plain http: OpenSSL reads the http answer as a TLS record
 * and says "wrong version number" (node:https: EPROTO with it in the message; node:tls:
 * ERR_SSL_WRONG_VERSION_NUMBER; BoringSSL in Electron: WRONG_VERSION_NUMBER in the message).
 */
function isPlainHttpAnswer(error: unknown): boolean {
  const code = errorCode(error)
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') return true
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : ''
  return (code === 'EPROTO' || code === '') && /wrong[ _]version[ _]number/i.test(text)
}

function networkReason(error: unknown): string {
  const code = errorCode(error)
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (is the PBX running, and is the port right?)'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name is not known'
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before the PBX answered'
    default:
      return error instanceof Error ? error.message : 'network error'
  }
}
