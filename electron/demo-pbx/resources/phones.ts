import { MAC_PATTERN, normalizeMac } from '../../contract/pbx'
import { ok, type RequestContext } from '../context'
import { invalid, notFound } from '../errors'
import type { Router } from '../router'
import type { StoredPhone, Tenant } from '../state'

/**
 * Provisioned phones (README "Provisioned phones"): the tenant's DECT bases that have fetched their
 * configuration file, with the address and firmware they fetched it from; re-provision and reboot
 * by MAC.
 */

const view = (p: StoredPhone & { seen: NonNullable<StoredPhone['seen']> }) => ({
  mac: p.mac,
  vendor: p.vendor,
  model: p.model,
  fwver: p.seen.fwver,
  ip: p.seen.ip,
  name: p.name,
})

const isSeen = (p: StoredPhone): p is StoredPhone & { seen: NonNullable<StoredPhone['seen']> } => p.seen !== undefined

const list = (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('phones:read')
  return ok({ items: tenant.phones.filter(isSeen).map(view) })
}

const provisionedOf = (ctx: RequestContext, tenant: Tenant): StoredPhone => {
  const raw = ctx.param('mac')
  if (!MAC_PATTERN.test(raw)) throw invalid('mac', 'must be 12 hex digits, optionally in pairs separated by : or -')
  const mac = normalizeMac(raw)
  const phone = tenant.phones.find((p) => p.mac === mac && p.seen !== undefined)
  if (!phone) throw notFound(`mac: no provisioned phone with the MAC ${mac} (a phone is listed once it fetched its configuration)`)
  return phone
}

/** Counts the action on the phone and logs it (`phoneActions`); nothing else changes: the demo has no device. */
const act = (action: 'reprovision' | 'reboot') => (ctx: RequestContext) => {
  const tenant = ctx.tenantFor('phones:write')
  const phone = provisionedOf(ctx, tenant)
  if (action === 'reboot') phone.reboots++
  else phone.reprovisions++
  ctx.state.phoneActions.push({ domain: tenant.domain, mac: phone.mac, action, at: new Date().toISOString() })
  return ok()
}

export const registerPhones = (router: Router): void => {
  router.get('/api/phones', list).post('/api/phones/:mac/reprovision', act('reprovision')).post('/api/phones/:mac/reboot', act('reboot'))
}
