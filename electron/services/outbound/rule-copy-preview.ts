import type { RuleCopyPreview } from '../../contract/bridge-ivr-outbound'
import type { PbxCaller } from '../pbx-client/caller'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import { holidaysUsed, matchByName, namesById, providersUsed } from './copy-usage'
import { readRules } from './copy-source'
import { freeNameOnTarget } from './free-name'
import { referencesOf } from './references'
import { ruleNames } from './rule-duplicate'

/**
 * What copying rules to another PBX would create there; nothing is sent to the target. Each rule
 * gets a name free on the target (its own where free), and each provider and holiday the rules
 * use is matched to the target's of the same name (null where none is, or the target lists none).
 */
export async function previewRuleCopy(source: PbxCaller, target: PbxCaller, ruleIds: readonly string[]): Promise<RuleCopyPreview> {
  const [read, sourceRefs, targetRefs, targetNames] = await Promise.all([
    readRules(createOutboundRulesClient(source), ruleIds),
    referencesOf(source),
    referencesOf(target),
    ruleNames(createOutboundRulesClient(target)),
  ])

  const rules = [...read.values()]
  // a rule that keeps its name holds it, so another rule's "(2)" does not take it
  const taken = new Set(targetNames)
  for (const rule of rules) if (rule.name !== undefined) taken.add(rule.name)
  const previewRules = rules.map((rule) => {
    const name = rule.name ?? rule.id
    const nameTaken = targetNames.has(name)
    const suggestedName = nameTaken ? freeNameOnTarget(name, taken) : name
    taken.add(suggestedName)
    return { ruleId: rule.id, name, nameTaken, suggestedName, routes: rule.routes?.length ?? 0, holidays: rule.holidays?.length ?? 0 }
  })

  const providers = providersUsed(rules, namesById(sourceRefs.providers.items)).map((used) => ({
    sourceId: used.id,
    ...(used.name === undefined ? {} : { sourceName: used.name }),
    usedBy: used.usedBy,
    matchId: matchByName(used.name, targetRefs.providers.items),
  }))
  const holidays = holidaysUsed(rules, namesById(sourceRefs.holidays.items)).map((used) => ({
    sourceId: used.id,
    ...(used.name === undefined ? {} : { sourceName: used.name }),
    usedBy: used.usedBy,
    matchId: matchByName(used.name, targetRefs.holidays.items),
  }))

  return { target: targetRefs, rules: previewRules, providers, holidays }
}
