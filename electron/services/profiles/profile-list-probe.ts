import type { SystemInfo } from '../../contract/pbx'
import type { ProfileListCheck } from '../../contract/profile-list'
import { mapLimited } from '../concurrency/map-limited'
import { ServiceError } from '../errors'
import { getInfo } from '../pbx-client/info'

/**
 * "Is it there?" for the rows of a list: GET /api/info of each address, as the Add-PBX form's
 * "Test connection" asks it (no sign-in needed), then of each tenant at the addresses that
 * answered. Many addresses at once with a short limit each, so a list of PBXs out of reach
 * (prepared in the office) is checked in seconds, not minutes: PROFILE_LIST_MAX_ROWS rows at
 * 8 at once and 3 s each is about a minute at worst.
 */
export const PROBE_CONCURRENCY = 8
export const PROBE_TIMEOUT_MS = 3000

export type Probe = (baseUrl: string, options: { domain?: string; timeoutMs: number }) => Promise<SystemInfo>

const hostOf = (baseUrl: string): string => new URL(baseUrl).host

/** What a failed GET /api/info says about the address; anything but a ServiceError is a bug and is thrown. */
function failedCheck(baseUrl: string, error: unknown): ProfileListCheck {
  if (!(error instanceof ServiceError)) throw error
  switch (error.code) {
    case 'UNREACHABLE':
      return { result: 'unreachable', message: error.message }
    case 'UNTRUSTED_CERTIFICATE':
      return { result: 'untrusted_certificate', message: `${hostOf(baseUrl)} presents a certificate this computer does not trust (self-signed?): check and trust it when you first open this PBX` }
    case 'NOT_A_PBX':
      return { result: 'not_a_pbx', message: error.message }
    default:
      // it answered in the API's own error shape: a PBX, with something to say
      return { result: 'reachable', message: `answers, with an error: ${error.message}` }
  }
}

/**
 * The check of every target (address and tenant), in the order given. `targets` may repeat an
 * address (the tenants of one PBX): each address and each (address, tenant) is asked once.
 * `onProgress` hears how many of them are asked so far, out of how many.
 */
export async function probeTargets(
  targets: readonly { baseUrl: string; domain: string }[],
  probe: Probe = getInfo,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<ProfileListCheck[]> {
  const addresses = [...new Set(targets.map((t) => t.baseUrl))]
  // every address, then every tenant at the addresses that answered: the total grows once
  let done = 0
  let total = addresses.length
  const asked = () => onProgress(++done, total)
  onProgress(done, total)
  const byAddress = new Map<string, ProfileListCheck>()
  await mapLimited(addresses, PROBE_CONCURRENCY, async (baseUrl) => {
    try {
      await probe(baseUrl, { timeoutMs: PROBE_TIMEOUT_MS })
      byAddress.set(baseUrl, { result: 'reachable', message: `reachable at ${hostOf(baseUrl)}` })
    } catch (error) {
      byAddress.set(baseUrl, failedCheck(baseUrl, error))
    }
    asked()
  })

  const tenantKey = (t: { baseUrl: string; domain: string }) => `${t.baseUrl}\n${t.domain}`
  const tenants = [...new Map(targets.filter((t) => t.domain !== '' && byAddress.get(t.baseUrl)?.result === 'reachable').map((t) => [tenantKey(t), t])).values()]
  total += tenants.length
  onProgress(done, total)
  const byTenant = new Map<string, ProfileListCheck>()
  await mapLimited(tenants, PROBE_CONCURRENCY, async (target) => {
    try {
      const info = await probe(target.baseUrl, { domain: target.domain, timeoutMs: PROBE_TIMEOUT_MS })
      byTenant.set(tenantKey(target), { result: 'reachable', message: info.name ? `reachable: ${info.name}` : `reachable at ${hostOf(target.baseUrl)}` })
    } catch (error) {
      const unknown = error instanceof ServiceError && error.code === 'PBX_ERROR' && error.status === 404
      byTenant.set(
        tenantKey(target),
        unknown
          ? { result: 'unknown_tenant', message: `the PBX has no tenant ${target.domain} (yet): check the tenant, or create it before the first sign-in` }
          : failedCheck(target.baseUrl, error),
      )
    }
    asked()
  })

  return targets.map((t) => byTenant.get(tenantKey(t)) ?? (byAddress.get(t.baseUrl) as ProfileListCheck))
}
