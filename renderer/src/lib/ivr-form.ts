import { IvrServerCreateSchema, pbxErrorMap, type IvrServerCreate } from '@contract/pbx'
import { schemaRule } from '@renderer/lib/form-rules'
import type { FormItemRule, FormRules } from 'naive-ui'
import { z } from 'zod'

/**
 * The form of a new EXTERNAL IVR server (name, IPv4, IPv6, enabled): the rules that say beside
 * each field what main would say (the contract's own schemas and messages), and the body sent.
 */

export type IvrServerModel = { name: string; ipv4: string; ipv6: string; enabled: boolean }
export const IVR_FORM_FIELDS = ['name', 'ipv4', 'ipv6', 'enabled'] as const
export type IvrFormField = (typeof IVR_FORM_FIELDS)[number]

// the PBX's default for `enabled` on create (contract: default true)
export const blankServer = (): IvrServerModel => ({ name: '', ipv4: '', ipv6: '', enabled: true })

/**
 * The body of `createIvrServer`: the name without spaces around it, and only the addresses
 * typed (an empty field is left out, never sent as '').
 */
export function createBody(model: IvrServerModel): IvrServerCreate {
  const body: IvrServerCreate = { name: model.name.trim(), enabled: model.enabled }
  const ipv4 = model.ipv4.trim()
  const ipv6 = model.ipv6.trim()
  if (ipv4 !== '') body.ipv4 = ipv4
  if (ipv6 !== '') body.ipv6 = ipv6
  return body
}

const shape = IvrServerCreateSchema.shape
const trim = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value)
/** a field as `createBody` sends it: without spaces around it */
const trimmed = (schema: z.ZodType) => z.preprocess(trim, schema)
/** an address as `createBody` sends it: without spaces around it, and left out when empty */
const optionalAddress = (schema: z.ZodType) => z.preprocess((value) => (trim(value) === '' ? undefined : trim(value)), schema)

/**
 * The rules of the form of `model()`. IPv4 and IPv6 each carry the contract's "at least one"
 * check (its message, from the schema's own refinement), so it stands beside both fields.
 */
export function ivrServerRules(model: () => IvrServerModel, asked: () => boolean = () => true): FormRules {
  // judged on leaving the field too, so that Tab through the form keeps the reason beside it, but
  // only once asked for ("Add server" pressed): an empty address is no fault while the other is to come
  const atLeastOne = (key: string): FormItemRule => ({
    key,
    trigger: 'blur',
    validator: () => {
      if (!asked()) return true
      const result = IvrServerCreateSchema.safeParse(createBody(model()), { error: pbxErrorMap })
      const issue = result.success ? undefined : result.error.issues.find((candidate) => candidate.code === 'custom')
      return issue ? new Error(issue.message) : true
    },
  })
  return {
    name: schemaRule(trimmed(shape.name), { key: 'name', trigger: 'blur' }),
    ipv4: [schemaRule(optionalAddress(shape.ipv4), { key: 'ipv4', trigger: 'blur' }), atLeastOne('ipv4-at-least-one')],
    ipv6: [schemaRule(optionalAddress(shape.ipv6), { key: 'ipv6', trigger: 'blur' }), atLeastOne('ipv6-at-least-one')],
  }
}
