import { ok, type RequestContext } from '../context'
import { applyListQuery, byText, type ListSpec } from '../list-query'
import type { Router } from '../router'
import type { ExtensionUser } from '../state'

/** The tenant's users with their extensions (README "Users"): read only here. */

const byExtension = (a: ExtensionUser, b: ExtensionUser): number =>
  a.extension_number.length - b.extension_number.length || (a.extension_number < b.extension_number ? -1 : a.extension_number > b.extension_number ? 1 : 0)

const SPEC: ListSpec<ExtensionUser> = {
  search: (u) => [u.name, u.display_name, u.extension_number, u.email],
  filter: {
    enabled: { type: 'boolean', get: (u) => u.enabled },
    extension_number: { type: 'string', get: (u) => u.extension_number },
    name: { type: 'string', get: (u) => u.name },
  },
  orderby: {
    extension_number: byExtension,
    name: (a, b) => byText(a.name, b.name) || byExtension(a, b),
    display_name: (a, b) => byText(a.display_name, b.display_name) || byExtension(a, b),
  },
  defaultOrder: byExtension,
}

const view = (u: ExtensionUser) => ({
  id: u.id,
  name: u.name,
  display_name: u.display_name,
  extension_number: u.extension_number,
  email: u.email,
  enabled: u.enabled,
  role: 'StandardUser',
})

const list = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('users:read')
  const page = applyListQuery(ctx, tenant.extensionUsers, SPEC)
  return ok({ count: page.count, items: page.items.map(view) })
}

export const registerUsers = (router: Router): void => {
  router.get('/api/users', list)
}
