import { ok, type RequestContext } from '../context'
import { applyPaging } from '../list-query'
import type { Router } from '../router'

/** GET /api/providers and GET /api/holidays of the signed-in user's tenant (`top`/`skip` paging). */

const providers = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('providers:read')
  const page = applyPaging(ctx, tenant.providers)
  return ok({ count: page.count, items: page.items.map((p) => ({ ...p })) })
}

const holidays = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('holidays:read')
  const page = applyPaging(ctx, tenant.holidays)
  return ok({ count: page.count, items: page.items.map((h) => ({ ...h })) })
}

export const registerProvidersHolidays = (router: Router): void => {
  router.get('/api/providers', providers).get('/api/holidays', holidays)
}
