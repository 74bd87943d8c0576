import { z } from 'zod'

/**
 * Shared pieces of the PBX contract: enums and limits of the API reference (the "seed") and of
 * `electron/demo-pbx/README.md`, the error map that turns zod issues into words a person
 * understands, and the generic list / error / create answers. Re-exported by `pbx.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

/** Error codes of the `{errors:[{code,message}]}` body (seed 7; demo PBX README "Errors"). */
export const ERROR_CODES = ['VALIDATE_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNKNOWN'] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** Built-in roles (seed 2.3); their names are reserved. */
export const BUILT_IN_ROLES = [
  'SystemAdmin',
  'OperationsAdmin',
  'SiteAdmin',
  'Dealer',
  'Admin',
  'StandardUser',
  'StandardInternationalUser',
  'QueueManager',
] as const
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number]

/** Permission strings answered in `capabilities` of GET /api/auth/user (demo PBX README). */
export const CAPABILITIES = [
  'outbound_rules:read',
  'outbound_rules:write',
  'providers:read',
  'holidays:read',
  'dect_phones:read',
  'dect_phones:write',
  'users:read',
  'phones:read',
  'phones:write',
  'email_templates:read',
  'email_templates:write',
  'ivr_servers:read',
  'ivr_servers:write',
  'notification:read',
  'notification:write',
] as const
export type Capability = (typeof CAPABILITIES)[number]

// ---------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------

export const INT32_MAX = 2_147_483_647

/** Limits a form will want; each schema below uses the same numbers. */
export const LIMITS = {
  username: { min: 1, max: 64 },
  domain: { min: 1, max: 280 },
  tenantName: { min: 1, max: 1024 },
  website: { max: 255 },
  roleName: { min: 1, max: 64 },
  newPassword: { min: 8, max: 64 },
  ruleName: { min: 1, max: 64 },
  numberPrefix: { max: 64 },
  numberLength: { max: 64 },
  /** each `;`-separated entry of number_length */
  numberLengthEntry: { min: 1, max: 64 },
  priority: { min: 0, max: INT32_MAX, default: 1000 },
  routes: { max: 32 },
  stripDigits: { min: 0, max: 64, default: 0 },
  prepend: { max: 64 },
  outboundCallerId: { max: 64 },
  ivrName: { min: 1, max: 64 },
  templateFrom: { max: 255 },
  templateSubject: { max: 255 },
  templateBody: { max: 65_536 },
  dectName: { min: 1, max: 64 },
  dectVendor: { min: 1, max: 64 },
  dectModel: { min: 1, max: 64 },
  dectTemplate: { min: 1, max: 255 },
  /** timezone, region, tone */
  dectText: { max: 64 },
  dectPassword: { max: 64 },
  notificationUsername: { min: 1, max: 128 },
  port: { min: 1, max: 65_535 },
  threshold: { min: 0, max: 100 },
  recipients: { min: 1, max: 15 },
} as const

export const MAX_RECIPIENTS = LIMITS.recipients.max
export const MAX_ROUTES = LIMITS.routes.max
export const DEFAULT_PRIORITY = LIMITS.priority.default
export const PAGE_TOP = { min: 1, max: 100, default: 100 } as const
export const PAGE_SKIP = { min: 0, default: 0 } as const

// ---------------------------------------------------------------------------------------------
// Human error messages
// ---------------------------------------------------------------------------------------------

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  never: 'absent',
}

const INT_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64'])

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address (e.g. name@example.com)',
  ipv4: 'an IPv4 address (e.g. 192.168.1.50)',
  ipv6: 'an IPv6 address (e.g. 2001:db8::1)',
  url: 'an http:// or https:// address',
  datetime: 'a date and time (RFC 3339)',
}

const quoteList = (values: readonly unknown[]): string => values.map((v) => String(v)).join(', ')

/**
 * The error map of the contract: plain-words messages for every kind of zod issue. Messages
 * written on a schema win over it. The field path is not part of the message; `problemsOf`
 * puts it in front. Use it per parse (`schema.safeParse(x, { error: pbxErrorMap })`, which
 * `checkInput` does) or once for an app (`z.config({ customError: pbxErrorMap })`).
 */
export const pbxErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required'
      const format = (issue.inst as { _zod?: { def?: { format?: unknown } } } | undefined)?._zod?.def?.format
      const expected = typeof format === 'string' && INT_FORMATS.has(format) ? 'int' : issue.expected
      const words = TYPE_WORDS[expected] ?? expected
      return issue.input === null ? `must be ${words}, not null` : `must be ${words}`
    }
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') return min <= 1 ? 'must not be empty' : `must be at least ${min} characters`
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${min} ${min === 1 ? 'entry' : 'entries'}`
      return issue.inclusive === false ? `must be greater than ${min}` : `must be at least ${min}`
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'string') return `must be at most ${max} characters`
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${max} ${max === 1 ? 'entry' : 'entries'}`
      return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`
    }
    case 'invalid_format':
      return `must be ${FORMAT_WORDS[issue.format] ?? `in ${issue.format} form`}`
    case 'invalid_value':
      if (issue.input === undefined) return 'is required'
      return issue.values.length === 1
        ? `must be ${quoteList(issue.values)}`
        : `must be one of ${quoteList(issue.values)}`
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`
    case 'invalid_union':
      return 'has a value of the wrong form'
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`
    default:
      return undefined
  }
}

/** One validation problem: the dotted field path (`''` for the whole value) and a message. */
export type FieldProblem = { path: string; message: string }

export const pathOf = (path: readonly PropertyKey[]): string => path.map((p) => String(p)).join('.')

/**
 * The problems of a failed parse, one per field. An unknown-fields issue becomes one problem per
 * field (`path` = that field, message `unknown field`).
 */
export const problemsOf = (error: z.ZodError): FieldProblem[] => {
  const out: FieldProblem[] = []
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: pathOf([...issue.path, key]), message: 'unknown field' })
      continue
    }
    out.push({ path: pathOf(issue.path), message: issue.message })
  }
  return out
}

/** `"<path>: <message>"`, or the message alone (prefixed by `root`) for the whole value. */
export const problemText = (p: FieldProblem, root = 'body'): string => `${p.path || root}: ${p.message}`

export type CheckResult<T> = { success: true; data: T } | { success: false; problems: FieldProblem[] }

/** Parse with the contract's error map and answer the data or the problems. */
export const checkInput = <S extends z.ZodType>(schema: S, value: unknown): CheckResult<z.output<S>> => {
  const r = schema.safeParse(value, { error: pbxErrorMap })
  return r.success ? { success: true, data: r.data } : { success: false, problems: problemsOf(r.error) }
}

// ---------------------------------------------------------------------------------------------
// Small building blocks
// ---------------------------------------------------------------------------------------------

/** A string of `min..max` characters. */
export const text = (limit: { min?: number; max?: number }): z.ZodString => {
  let s = z.string()
  if (limit.min !== undefined && limit.min > 0) s = s.min(limit.min)
  if (limit.max !== undefined) s = s.max(limit.max)
  return s
}

export const Int32Schema = z.int32()
export const EmailSchema = z.email()
/** An http:// or https:// address. */
export const HttpUrlSchema = z.url({ protocol: /^https?$/ })

/** SIP domain of a tenant: 1..280 characters (seed 2.2). */
export const DomainSchema = text(LIMITS.domain)

/** Reserved for the system administrator (seed 2.2), compared case-insensitively. */
export const RESERVED_USERNAMES = ['admin', 'system', 'administrator', 'root'] as const
export const isReservedUsername = (name: string): boolean =>
  (RESERVED_USERNAMES as readonly string[]).includes(name.toLowerCase())

const USERNAME_CHARS = /^[\p{L}0-9_\-'.]+$/u

/**
 * A user name as the seed allows it: 1..64 letters, digits and `_ - ' .`, not starting or ending
 * with a period. Reserved names are accepted (the system administrator signs in as `admin`).
 */
export const UsernameSchema = text(LIMITS.username)
  .regex(USERNAME_CHARS, { error: "may contain only letters, digits and the characters _ - ' ." })
  .refine((s) => !s.startsWith('.') && !s.endsWith('.'), { error: 'must not start or end with a period' })

/** A tenant user's name: as `UsernameSchema`, and not one of the reserved names. */
export const TenantUsernameSchema = UsernameSchema.refine((s) => !isReservedUsername(s), {
  error: `is reserved for the system administrator (${RESERVED_USERNAMES.join(', ')})`,
})

/**
 * An integer query parameter: a number, or a string of digits (as it comes from a URL). Anything
 * else (empty, `abc`, `1.5`) fails as "must be a whole number".
 */
const queryInt = () =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v), z.int())

// ---------------------------------------------------------------------------------------------
// Generic answers
// ---------------------------------------------------------------------------------------------

export const ApiErrorSchema = z.object({ code: z.string(), message: z.string() })
export type ApiError = z.infer<typeof ApiErrorSchema>
/** `{errors:[{code,message}]}` (seed 7.1): the body of every failure. */
export const ApiErrorBodySchema = z.object({ errors: z.array(ApiErrorSchema) })
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>

/** The answer of a create: `{id}`. */
export const CreatedSchema = z.object({ id: z.string() })
export type Created = z.infer<typeof CreatedSchema>

/** A paged list answer: `{count, items}`; count is the total before paging. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.int().min(0), items: z.array(item) })
/** A list answer without a count (custom email templates, DECT phones). */
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) })

export type ListOf<T> = { count: number; items: T[] }
export type ItemsOf<T> = { items: T[] }

/** The list query (seed 4): `top` 1..100 (default 100), `skip` ≥ 0 (default 0), filter, search, orderby. */
export const ListQuerySchema = z.object({
  top: queryInt().pipe(z.int().min(PAGE_TOP.min).max(PAGE_TOP.max)).default(PAGE_TOP.default),
  skip: queryInt().pipe(z.int().min(PAGE_SKIP.min).max(INT32_MAX)).default(PAGE_SKIP.default),
  filter: z.string().optional(),
  search: z.string().optional(),
  orderby: z.string().optional(),
})
export type ListQuery = z.output<typeof ListQuerySchema>
export type ListQueryInput = z.input<typeof ListQuerySchema>

/** The paging part alone (providers, holidays). */
export const PageQuerySchema = ListQuerySchema.pick({ top: true, skip: true })
export type PageQuery = z.output<typeof PageQuerySchema>
