import { isPlainHttpOffLoopback, PLAIN_HTTP_RISK } from '../contract/pbx-address'
import type { PbxProfile } from '../contract/profiles'
import type { Output } from './output'

/**
 * The command line's plain-http warning (issue 39), by the app's rule (contract
 * `isPlainHttpOffLoopback`: http to an address not on this computer): on stderr, once per PBX in a
 * run, however many times the command names it. Several at once are one warning.
 */
export function plainHttpWarner(out: Pick<Output, 'note'>): (pbxs: readonly Pick<PbxProfile, 'label' | 'baseUrl'>[]) => void {
  const warned = new Set<string>()
  return (pbxs) => {
    const fresh = pbxs.filter((pbx) => isPlainHttpOffLoopback(pbx.baseUrl) && !warned.has(pbx.baseUrl))
    if (fresh.length === 0) return
    for (const pbx of fresh) warned.add(pbx.baseUrl)
    const [one] = fresh
    const who =
      fresh.length === 1 && one
        ? `"${one.label}" is reached over plain http (${one.baseUrl})`
        : `${fresh.length} PBXs are reached over plain http (${fresh.map((pbx) => `"${pbx.label}"`).join(', ')})`
    out.note(`Warning: ${who}: ${PLAIN_HTTP_RISK}`)
  }
}
