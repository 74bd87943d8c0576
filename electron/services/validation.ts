import type { z } from 'zod'
import { checkInput, problemText } from '../contract/pbx'
import { ServiceError } from './errors'

/**
 * Checks `value` against a contract schema and answers the parsed value; on failure throws
 * INVALID_INPUT naming the first offending field (`"<field>: <message>"`, `field` set). `root`
 * names the value itself when the problem is with all of it (`body`, or `name` for a lone value).
 */
export function checked<S extends z.ZodType>(schema: S, value: unknown, root = 'body'): z.output<S> {
  const result = checkInput(schema, value)
  if (result.success) return result.data
  const first = result.problems[0] ?? { path: '', message: 'is not valid' }
  const field = first.path || (root === 'body' ? '' : root)
  throw new ServiceError('INVALID_INPUT', problemText(first, root), field ? { field } : {})
}
