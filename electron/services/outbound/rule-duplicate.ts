import { ruleDraftOf } from '../../contract/outbound-draft'
import type { OutboundRule } from '../../contract/pbx'
import type { OutboundRulesClient } from '../pbx-client/outbound-rules'
import { copySuffix, freeName } from './free-name'

/** Every rule name of the tenant (all pages). */
export async function ruleNames(client: OutboundRulesClient): Promise<Set<string>> {
  const { items } = await client.listAll()
  return new Set(items.flatMap((rule) => (rule.name === undefined ? [] : [rule.name])))
}

/**
 * A copy of a rule on the same PBX: every field of the original (routes, office hours, holidays),
 * named "<name> (copy)", or "(copy 2)" and so on where that name is taken. Answers the new rule as
 * the PBX reads it back.
 */
export async function duplicateRule(client: OutboundRulesClient, ruleId: string): Promise<OutboundRule> {
  const [original, taken] = await Promise.all([client.get(ruleId), ruleNames(client)])
  const draft = ruleDraftOf(original)
  draft.name = freeName(original.name ?? ruleId, taken, copySuffix)
  return client.get(await client.create(draft))
}
