import { ServiceError } from '../errors'

/** How a push reads a failed request: worth another try, a conflict, the words to show. */

/** a lost network or a PBX that failed for now: worth another try */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return false
  if (error.code === 'UNREACHABLE') return true
  return error.code === 'PBX_ERROR' && error.status !== undefined && (error.status >= 500 || error.status === 408 || error.status === 429)
}

export function isConflict(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.code === 'PBX_ERROR' && (error.status === 409 || error.pbxCode === 'CONFLICT')
}
