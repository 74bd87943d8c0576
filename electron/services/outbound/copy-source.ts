import type { OutboundRule } from '../../contract/pbx'
import { ServiceError } from '../errors'
import type { OutboundRulesClient } from '../pbx-client/outbound-rules'
import { mapLimited } from '../concurrency/map-limited'

/** Rules read at once from the source: enough to be quick, few enough not to flood the PBX. */
const AT_ONCE = 4

/** Copying needs two PBXs: the same one on both sides is refused before anything is read. */
export function refuseSamePbx(fromProfileId: string, toProfileId: string): void {
  if (fromProfileId === toProfileId) {
    throw new ServiceError('INVALID_INPUT', 'toProfileId: the rules are on this PBX already; choose another PBX to copy them to.', {
      field: 'toProfileId',
    })
  }
}

/** The chosen rules read in full (with routes) on the source, by id, in the order given, each once. */
export async function readRules(client: OutboundRulesClient, ruleIds: readonly string[]): Promise<Map<string, OutboundRule>> {
  const ids = [...new Set(ruleIds)]
  const rules = await mapLimited(ids, AT_ONCE, (id) => client.get(id))
  const byId = new Map<string, OutboundRule>()
  ids.forEach((id, i) => {
    const rule = rules[i]
    if (rule) byId.set(id, rule)
  })
  return byId
}
