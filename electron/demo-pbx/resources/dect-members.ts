import { DectMemberListWriteSchema, EXTENSION_NUMBER_PATTERN, type ApiError } from '../../contract/pbx'
import { ok, type RequestContext } from '../context'
import { HttpError, invalid, notFound } from '../errors'
import type { Router } from '../router'
import type { StoredMember, StoredPhone, Tenant } from '../state'
import { phoneOf } from './dect-phones'

/**
 * The members of a DECT base (README "DECT members"): which handset (IPUI) rings for which
 * extension, at which handset index. `POST` replaces the whole list after every check passed;
 * nothing is written when one fails.
 */

const VALIDATE = 'VALIDATE_FAILED'
/** the 409 of a PBX started with `unnamedConflicts`: which item, and where, is for the client to find */
const UNNAMED_CONFLICT: ApiError = { code: 'CONFLICT', message: 'a handset or an extension in the list is a member of another DECT phone' }

/** A member as the API answers it: the user's id and display name, the index as text (the API's type). */
export const memberView = (tenant: Tenant, m: StoredMember) => {
  const user = tenant.extensionUsers.find((u) => u.extension_number === m.extension_number)
  return {
    id: user?.id ?? '',
    extension_number: m.extension_number,
    display_name: user?.display_name ?? '',
    ipui: m.ipui,
    handset_index: String(m.handset_index),
  }
}

const byIndex = (a: StoredMember, b: StoredMember): number => a.handset_index - b.handset_index

const list = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:read')
  const phone = phoneOf(ctx, tenant)
  return ok({ items: [...phone.members].sort(byIndex).map((m) => memberView(tenant, m)) })
}

const getOne = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:read')
  const phone = phoneOf(ctx, tenant)
  const extension = ctx.param('extension_number')
  if (!EXTENSION_NUMBER_PATTERN.test(extension)) throw invalid('extension_number', 'must be 3 to 64 digits')
  const member = phone.members.find((m) => m.extension_number === extension)
  if (!member) throw notFound(`extension_number: ${extension} is not a member of the DECT phone ${phone.id}`)
  return ok(memberView(tenant, member))
}

/** Repeats inside the list written: each value once per base. */
const repeats = (items: readonly StoredMember[]): ApiError[] => {
  const problems: ApiError[] = []
  const fields = ['extension_number', 'ipui', 'handset_index'] as const
  for (const field of fields) {
    const first = new Map<string, number>()
    items.forEach((m, i) => {
      const value = String(m[field])
      const earlier = first.get(value)
      if (earlier === undefined) first.set(value, i)
      else problems.push({ code: VALIDATE, message: `items.${i}.${field}: ${value} is given twice (also items.${earlier})` })
    })
  }
  return problems
}

/** Extensions the tenant has no user for, and what the base's model does not take. */
const limits = (tenant: Tenant, phone: StoredPhone, items: readonly StoredMember[]): ApiError[] => {
  const problems: ApiError[] = []
  const known = new Set(tenant.extensionUsers.map((u) => u.extension_number))
  items.forEach((m, i) => {
    if (!known.has(m.extension_number)) {
      problems.push({ code: VALIDATE, message: `items.${i}.extension_number: no user of this tenant has the extension ${m.extension_number}` })
    }
    if (m.handset_index > phone.lines) {
      problems.push({ code: VALIDATE, message: `items.${i}.handset_index: must be 1..${phone.lines} (a ${phone.model} base takes ${phone.lines} handsets)` })
    }
  })
  if (items.length > phone.lines) {
    problems.push({ code: VALIDATE, message: `items: ${items.length} members, but a ${phone.model} base takes at most ${phone.lines}` })
  }
  return problems
}

/** An IPUI or an extension that another base of the tenant holds already. */
const takenElsewhere = (tenant: Tenant, phone: StoredPhone, items: readonly StoredMember[]): ApiError[] => {
  const problems: ApiError[] = []
  const holder = new Map<string, StoredPhone>()
  for (const other of tenant.phones) {
    if (other === phone) continue
    for (const m of other.members) {
      holder.set(`ipui:${m.ipui}`, other)
      holder.set(`ext:${m.extension_number}`, other)
    }
  }
  items.forEach((m, i) => {
    const byIpui = holder.get(`ipui:${m.ipui}`)
    if (byIpui) problems.push({ code: 'CONFLICT', message: `items.${i}.ipui: the handset ${m.ipui} is a member of the DECT phone ${byIpui.name} (${byIpui.id})` })
    const byExt = holder.get(`ext:${m.extension_number}`)
    if (byExt) problems.push({ code: 'CONFLICT', message: `items.${i}.extension_number: ${m.extension_number} is a member of the DECT phone ${byExt.name} (${byExt.id})` })
  })
  return problems
}

const replace = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('dect_phones:write')
  const phone = phoneOf(ctx, tenant)
  const body = ctx.json(DectMemberListWriteSchema)
  const items: StoredMember[] = body.items.map((m) => ({ extension_number: m.extension_number, ipui: m.ipui, handset_index: Number(m.handset_index) }))
  const invalidOnes = [...repeats(items), ...limits(tenant, phone, items)]
  if (invalidOnes.length > 0) throw new HttpError(400, invalidOnes)
  const conflicts = takenElsewhere(tenant, phone, items)
  if (conflicts.length > 0) throw new HttpError(409, ctx.state.options.conflictsNamed ? conflicts : [UNNAMED_CONFLICT])
  phone.members = items
  return ok()
}

export const registerDectMembers = (router: Router): void => {
  router
    .get('/api/dect_phones/:id/members', list)
    .post('/api/dect_phones/:id/members', replace)
    .get('/api/dect_phones/:id/members/:extension_number', getOne)
}
