import type { z } from 'zod'
import { checkInput, problemText } from '../contract/pbx-common'
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

/** As `checked`, for a value inside a larger one: the field named is its full path (`rows.3.values.mac`). */
export function checkedAt<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = checkInput(schema, value)
  if (result.success) return result.data
  const first = result.problems[0] ?? { path: '', message: 'is not valid' }
  const field = first.path ? `${where}.${first.path}` : where
  throw new ServiceError('INVALID_INPUT', `${field}: ${first.message}`, { field })
}

/**
 * JSON text (a file of ours read back) checked against a contract schema: the value, or why it is
 * not one, as "it is not JSON" or "<field>: <message>" (`root` names the whole value).
 */
export function parsedJson<S extends z.ZodType>(schema: S, text: string, root: string): { ok: true; data: z.output<S> } | { ok: false; why: string } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, why: 'it is not JSON' }
  }
  const result = checkInput(schema, data)
  if (result.success) return { ok: true, data: result.data }
  return { ok: false, why: problemText(result.problems[0] ?? { path: '', message: 'is not valid' }, root) }
}
