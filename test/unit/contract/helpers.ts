import type { z } from 'zod'
import { checkInput, problemText } from '../../../electron/contract/pbx'

/** The problems of a parse as "path: message" strings (empty when it passes). */
export const problems = (schema: z.ZodType, value: unknown): string[] => {
  const r = checkInput(schema, value)
  return r.success ? [] : r.problems.map((p) => problemText(p))
}

export const passes = (schema: z.ZodType, value: unknown): boolean => checkInput(schema, value).success

/** The parsed value; throws with the problems when it fails. */
export const parsed = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const r = checkInput(schema, value)
  if (!r.success) throw new Error(r.problems.map((p) => problemText(p)).join('; '))
  return r.data
}
