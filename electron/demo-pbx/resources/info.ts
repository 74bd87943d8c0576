import { InfoQuerySchema } from '../../contract/pbx'
import { ok, type RequestContext } from '../context'
import { notFound } from '../errors'
import type { Router } from '../router'
import { SYSTEM_INFO } from '../state'

/** GET /api/info: system metadata, and the tenant's with `?domain=` (no token needed). */

const info = (ctx: RequestContext) => {
  const q = ctx.parseQuery(InfoQuerySchema)
  if (q.domain === undefined) return ok({ ...SYSTEM_INFO })
  const tenant = ctx.state.tenantByDomain(q.domain)
  if (!tenant) throw notFound(`domain: no tenant with the domain ${q.domain}`)
  return ok({
    ...SYSTEM_INFO,
    name: tenant.name,
    domain: tenant.domain,
    website: tenant.website,
    avatar_url: tenant.avatar_url,
    enable_idp365_integration: tenant.idp,
    // empty for a tenant without the integration
    idp365_authorization_endpoint: tenant.idp ? new URL('/idp/authorize', ctx.state.baseUrl).toString() : '',
  })
}

export const registerInfo = (router: Router): void => {
  router.get('/api/info', info)
}
