import type { Reply, RequestContext } from '../context'
import { modelByTemplate } from '../dect-catalog'
import { notFound } from '../errors'
import type { Router } from '../router'
import { SYSTEM_INFO, type StoredPhone, type Tenant } from '../state'
import { memberView } from './dect-members'

/**
 * The auto-provisioning file a DECT base fetches from its `url` (README "Provisioning file"):
 * `GET /dect/<tenant domain>/<MAC>.xml`, without a token, as a base would. Serving it marks the
 * base seen (it then appears in `GET /api/phones`) with a made-up address and its model's firmware.
 */

const FILE = /^([0-9A-F]{12})\.xml$/

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

const attrs = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([k, v]) => `${k}="${escapeXml(String(v))}"`)
    .join(' ')

export const provisioningXml = (tenant: Tenant, phone: StoredPhone): string => {
  const handsets = [...phone.members]
    .sort((a, b) => a.handset_index - b.handset_index)
    .map((m) => {
      const v = memberView(tenant, m)
      return `    <handset ${attrs({ index: m.handset_index, ipui: m.ipui, extension: m.extension_number, display_name: v.display_name })}/>`
    })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<dect_base ${attrs({ mac: phone.mac, name: phone.name, vendor: phone.vendor, model: phone.model, template: phone.template })}>`,
    `  <sip_server ${attrs({ host: SYSTEM_INFO.web_domain, domain: tenant.domain, transport: phone.preferred_transport })}/>`,
    `  <handsets count="${phone.members.length}">`,
    ...handsets,
    '  </handsets>',
    '</dect_base>',
    '',
  ].join('\n')
}

const markSeen = (tenant: Tenant, phone: StoredPhone, now: number): void => {
  const fwver = modelByTemplate(phone.template)?.firmware ?? '1.0.0'
  if (phone.seen) {
    phone.seen = { ...phone.seen, fwver, fetches: phone.seen.fetches + 1, at: now }
    return
  }
  const n = tenant.seenCount++
  phone.seen = { ip: `192.168.${20 + Math.floor(n / 250)}.${2 + (n % 250)}`, fwver, fetches: 1, at: now }
}

const fetchFile = (ctx: RequestContext): Reply => {
  const tenant = ctx.state.tenantByDomain(ctx.param('domain'))
  const m = FILE.exec(ctx.param('file').toUpperCase().replace(/\.XML$/, '.xml'))
  const phone = m && tenant ? tenant.phones.find((p) => p.mac === m[1]) : undefined
  if (!tenant || !phone) throw notFound(`no provisioning file at ${ctx.path}`)
  markSeen(tenant, phone, ctx.state.now())
  return { status: 200, xml: provisioningXml(tenant, phone) }
}

export const registerProvisioningFile = (router: Router): void => {
  router.get('/dect/:domain/:file', fetchFile)
}
