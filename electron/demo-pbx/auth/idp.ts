import { IDP_PROVIDERS } from '../../contract/pbx'
import { invalid, notFound } from '../errors'
import type { DemoState, Tenant } from '../state'
import { randomToken } from '../state'

/** The one supported identity provider; any other name is 404. */
export const checkProvider = (provider: string): void => {
  if (!(IDP_PROVIDERS as readonly string[]).includes(provider)) {
    throw notFound(`unknown identity provider: ${provider} (supported: ${IDP_PROVIDERS.join(', ')})`)
  }
}

/** The tenant of an identity-provider sign-in: 404 when unknown, 400 when it has no integration. */
export const idpTenant = (state: DemoState, domain: string): Tenant => {
  const tenant = state.tenantByDomain(domain)
  if (!tenant) throw notFound(`domain: no tenant with the domain ${domain}`)
  if (!tenant.idp) throw invalid('domain', 'identity provider sign-in is not enabled for this tenant')
  return tenant
}

/** The address of this server's (pretend) identity-provider authentication page. */
export const idpAuthorizeUrl = (state: DemoState, tenant: Tenant, callbackUrl: string): string => {
  const url = new URL('/idp/authorize', state.baseUrl)
  url.searchParams.set('domain', tenant.domain)
  url.searchParams.set('redirect_uri', callbackUrl)
  url.searchParams.set('state', randomToken(12))
  return url.toString()
}
