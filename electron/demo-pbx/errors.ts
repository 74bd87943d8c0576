import type { ApiError, ErrorCode, FieldProblem } from '../contract/pbx'
import { problemText } from '../contract/pbx'

/**
 * A failure with the API's error shape. Handlers throw it; the server answers
 * `{errors:[{code,message}]}` with its status (and headers, e.g. `Allow` on 405).
 */
export class HttpError extends Error {
  readonly status: number
  readonly errors: ApiError[]
  readonly headers: Record<string, string>

  constructor(status: number, errors: ApiError[], headers: Record<string, string> = {}) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '))
    this.status = status
    this.errors = errors
    this.headers = headers
  }
}

const one = (status: number, code: ErrorCode, message: string, headers?: Record<string, string>): HttpError =>
  new HttpError(status, [{ code, message }], headers)

/** 400 for one field: `field` is its dotted path (or a header / `body`). */
export const invalid = (field: string, message: string): HttpError => one(400, 'VALIDATE_FAILED', `${field}: ${message}`)

/** 400 with one entry per problem; `root` names the whole value (`body`, `query`). */
export const invalidProblems = (problems: readonly FieldProblem[], root = 'body'): HttpError =>
  new HttpError(
    400,
    problems.map((p) => ({ code: 'VALIDATE_FAILED', message: problemText(p, root) })),
  )

export const unauthorized = (message: string): HttpError => one(401, 'UNAUTHORIZED', message)
export const forbidden = (message: string): HttpError => one(403, 'FORBIDDEN', message)
export const notFound = (message: string): HttpError => one(404, 'NOT_FOUND', message)
export const methodNotAllowed = (allow: readonly string[]): HttpError =>
  one(405, 'NOT_FOUND', 'method not allowed', { Allow: allow.join(', ') })
export const conflict = (message: string): HttpError => one(409, 'CONFLICT', message)
export const unknownFailure = (status: number, message: string): HttpError => one(status, 'UNKNOWN', message)
