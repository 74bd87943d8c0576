import type { NumberTestCall, NumberTestResult } from '../../contract/number-test'
import type { OutboundRule } from '../../contract/pbx'
import type { PbxCaller } from '../pbx-client/caller'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import { matchNumber } from './number-match'
import { providersOf } from './references'

/**
 * "Test a number" on a PBX: every rule of the tenant (list items, which have no routes) goes
 * through the matcher; when a rule matches, it is read in full and the matcher runs again, so the
 * answer shows that rule's routes. Provider names come from the PBX's list where it has one.
 */
export async function testNumber(caller: PbxCaller, call: NumberTestCall): Promise<NumberTestResult> {
  const client = createOutboundRulesClient(caller)
  const [list, providers] = await Promise.all([client.listAll(), providersOf(caller)])
  const options = providers.supported ? { providers: providers.items } : {}
  const rules: OutboundRule[] = list.items
  const first = matchNumber(rules, call, options)
  if (!first.matched) return first
  const matchedId = first.matched.ruleId
  const full = await client.get(matchedId)
  return matchNumber(
    rules.map((rule) => (rule.id === matchedId ? full : rule)),
    call,
    options,
  )
}
