import { pbxErrorMap } from '@contract/pbx'
import type { BridgeError } from '@contract/result'
import type { FormItemRule } from 'naive-ui'
import type { z } from 'zod'

type Trigger = 'blur' | 'input' | 'change' | 'focus'

/**
 * The one adapter from the contract's schemas to Naive UI forms: a `FormItemRule` that parses
 * the field's value with `schema` (and the contract's error map) and fails with the schema's own
 * message, so a form says exactly what main would answer. `required` (the asterisk) is derived
 * from the schema: a field is required when it has no default and `undefined` does not pass.
 *
 * With no trigger the rule runs only when the whole form is validated (on submit).
 */
export function schemaRule(
  schema: z.ZodType,
  options: { key?: string; trigger?: Trigger | Trigger[] } = {},
): FormItemRule {
  const rule: FormItemRule = {
    required: !schema.safeParse(undefined).success,
    validator: (_rule, value: unknown) => {
      const problem = schemaProblem(schema, value)
      return problem === null ? true : new Error(problem)
    },
  }
  if (options.key !== undefined) rule.key = options.key
  if (options.trigger !== undefined) rule.trigger = options.trigger
  return rule
}

/**
 * What is wrong with `value` by `schema`, in the words main would answer (the contract's error
 * map, messages written on the schema first); null when it passes.
 */
export function schemaProblem(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value, { error: pbxErrorMap })
  return result.success ? null : issueText(result.error.issues[0], value)
}

/** An issue's message; for an entry of a list (a tag), the entry it is about in front. */
function issueText(issue: z.core.$ZodIssue | undefined, value: unknown): string {
  if (!issue) return 'is not valid'
  const index = issue.path[0]
  if (Array.isArray(value) && typeof index === 'number') {
    const entry: unknown = value[index]
    return `“${String(entry)}”: ${issue.message}`
  }
  return issue.message
}

/**
 * The form field an error from main is about, when it names one of `fields` (`field` may be a
 * dotted path, e.g. `fields.label`), with the message as it should stand beside that field
 * (a leading `<field>: ` is dropped). Null when the error is about the form as a whole.
 */
export function fieldError<K extends string>(
  error: BridgeError,
  fields: readonly K[],
): { field: K; message: string } | null {
  if (!error.field) return null
  const last = error.field.split('.').pop() ?? ''
  const field = fields.find((candidate) => candidate === last)
  if (!field) return null
  const prefix = new RegExp(`^(?:[\\w.]*\\.)?${field}: `)
  return { field, message: error.message.replace(prefix, '') }
}
