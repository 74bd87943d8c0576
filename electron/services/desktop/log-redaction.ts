/**
 * The one function every log message passes through before it is written: passwords, tokens,
 * one-time codes, cookies and Authorization headers are replaced by `[redacted]`, in objects at any
 * depth, in errors, and inside strings (URL query strings, `key=value` text, JSON text, headers,
 * the password part of a URL). It over-redacts rather than under-redacts: a log line loses a
 * harmless value sooner than it keeps a secret.
 */

export const REDACTED = '[redacted]'

/** the deepest an object is followed; deeper values are not written at all */
const MAX_DEPTH = 12

/** names of fields and parameters that hold secrets (compared without case, `-` and `_`) */
const SECRET_NAMES = new Set([
  'password',
  'newpassword',
  'oldpassword',
  'currentpassword',
  'passwd',
  'pwd',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'token',
  'code',
  'otp',
  'secret',
  'clientsecret',
  'apikey',
  'privatekey',
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'credentials',
  'credential',
])

const normalise = (name: string): string => name.toLowerCase().replace(/[-_\s]/g, '')

/** Whether a field of that name holds a secret: the names above, and any name with "password", "token" or "secret" in it. */
export function isSecretName(name: string): boolean {
  const key = normalise(name)
  return SECRET_NAMES.has(key) || key.includes('password') || key.includes('token') || key.includes('secret')
}

/** e.g. `UNREACHABLE`, `NOT_SIGNED_IN`: the code of an error, which the log needs and which is no secret */
const ERROR_CODE = /^[A-Z][A-Z0-9_]*$/

/** Redacts the value of a field named `name`. Flags (true/false) and absent values say nothing secret. */
function redactField(name: string, value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value
  if (!isSecretName(name)) return walk(value, seen, depth)
  // `code` is also the field of an error's code ({ code: 'UNREACHABLE' }), which stays readable
  if (normalise(name) === 'code' && typeof value === 'string' && ERROR_CODE.test(value)) return value
  return REDACTED
}

// key=value in query strings, form bodies and plain text (`?access_token=…&code=…`, `password=…`)
const KEY_VALUE = /(^|[?&;,\s#])([A-Za-z][\w.-]*)=([^&;,\s#"']*)/g
// "key": "value" in JSON text (a logged request body)
const JSON_FIELD = /("([A-Za-z][\w.-]*)"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g
// Authorization: Bearer …, Basic …
const AUTH_SCHEME = /\b(Bearer|Basic|Digest)\s+[^\s,;"']+/gi
// Cookie: … and Set-Cookie: … up to the end of the line
const COOKIE_HEADER = /\b((?:set-)?cookie)\s*:\s*[^\r\n]*/gi
// https://user:password@host
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*):[^\s@/?#]*@/gi

/** Redacts the secrets a string may carry. */
export function redactText(text: string): string {
  return text
    .replace(URL_PASSWORD, `$1:${REDACTED}@`)
    .replace(COOKIE_HEADER, `$1: ${REDACTED}`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
    .replace(JSON_FIELD, (whole, prefix: string, name: string, value: string) => {
      if (!isSecretName(name)) return whole
      if (normalise(name) === 'code' && ERROR_CODE.test(value.slice(1, -1))) return whole
      return `${prefix}"${REDACTED}"`
    })
    .replace(KEY_VALUE, (whole, before: string, name: string, value: string) =>
      isSecretName(name) && value !== '' && value !== REDACTED ? `${before}${name}=${REDACTED}` : whole,
    )
}

function redactError(error: Error, seen: WeakSet<object>, depth: number): Error {
  const copy = new Error(redactText(error.message))
  copy.name = error.name
  copy.stack = error.stack === undefined ? undefined : redactText(error.stack)
  // the extra fields of a ServiceError or a Node error (code, status, field, cause, ...)
  for (const [name, value] of Object.entries(error)) {
    Object.defineProperty(copy, name, { value: redactField(name, value, seen, depth + 1), enumerable: true, configurable: true, writable: true })
  }
  if (error.cause !== undefined && !Object.hasOwn(copy, 'cause')) copy.cause = walk(error.cause, seen, depth + 1)
  return copy
}

function walk(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > MAX_DEPTH) return '[too deep]'
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  try {
    if (value instanceof Error) return redactError(value, seen, depth)
    if (value instanceof Date) return value
    if (value instanceof URL) return redactText(value.href)
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`
    if (Array.isArray(value)) return value.map((item) => walk(item, seen, depth + 1))
    if (value instanceof Map) {
      return new Map([...value].map(([key, item]) => [key, typeof key === 'string' ? redactField(key, item, seen, depth + 1) : walk(item, seen, depth + 1)]))
    }
    if (value instanceof Set) return new Set([...value].map((item) => walk(item, seen, depth + 1)))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactField(key, item, seen, depth + 1)]))
  } finally {
    seen.delete(value)
  }
}

/**
 * A copy of `value` without secrets: strings are cleaned, objects, arrays, maps and errors are
 * copied with every secret field replaced by `[redacted]`. The value itself is never changed.
 */
export function redact(value: unknown): unknown {
  return walk(value, new WeakSet(), 0)
}
