import type { RuleCopyResult } from '../../contract/bridge-ivr-outbound'
import { ruleDraftOf, type OutboundRuleDraft } from '../../contract/outbound-draft'
import type { OutboundRule } from '../../contract/pbx'
import type { BridgeError } from '../../contract/result'
import { ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import { holidaysUsed, namesById, providersUsed, type Usage } from './copy-usage'
import { readRules } from './copy-source'
import { referencesOf } from './references'

export interface RuleCopyOrder {
  rules: readonly { ruleId: string; name: string }[]
  providerMap: Readonly<Record<string, string>>
  holidayMap: Readonly<Record<string, string | null>>
}

const has = (map: Readonly<Record<string, unknown>>, key: string): boolean => Object.prototype.hasOwnProperty.call(map, key)
/** a map's own entry only (never something of Object.prototype) */
const entry = <T>(map: Readonly<Record<string, T>>, key: string): T | undefined => (has(map, key) ? map[key] : undefined)

const named = (kind: string, used: Usage): string => (used.name === undefined ? `${kind} ${used.id}` : `"${used.name}" (${used.id})`)

/**
 * Every provider the rules use must have a target provider, and every holiday a target holiday
 * or null (left out): checked before anything is created. The source's lists are read only to
 * name what is missing in the message.
 */
async function checkMapping(source: PbxCaller, rules: readonly OutboundRule[], order: RuleCopyOrder): Promise<void> {
  const missingProvider = providersUsed(rules, new Map()).find((used) => !has(order.providerMap, used.id))
  const missingHoliday = holidaysUsed(rules, new Map()).find((used) => !has(order.holidayMap, used.id))
  if (missingProvider) {
    const names = namesById((await referencesOf(source)).providers.items)
    const used = providersUsed(rules, names).find((u) => u.id === missingProvider.id) ?? missingProvider
    const field = `providerMap.${used.id}`
    const text = `${field}: choose the provider on the target PBX for ${named('provider', used)}, used by ${used.usedBy.join(', ')}.`
    throw new ServiceError('INVALID_INPUT', text, { field })
  }
  if (missingHoliday) {
    const names = namesById((await referencesOf(source)).holidays.items)
    const used = holidaysUsed(rules, names).find((u) => u.id === missingHoliday.id) ?? missingHoliday
    const field = `holidayMap.${used.id}`
    const text = `${field}: choose the holiday on the target PBX for ${named('holiday', used)}, used by ${used.usedBy.join(', ')}, or leave it out.`
    throw new ServiceError('INVALID_INPUT', text, { field })
  }
}

/** The create body on the target: the rule's fields with the target's provider and holiday ids. */
function targetDraft(rule: OutboundRule, name: string, order: RuleCopyOrder): OutboundRuleDraft {
  const draft = ruleDraftOf(rule)
  draft.name = name
  draft.routes = draft.routes.map((route) => ({ ...route, provider_id: entry(order.providerMap, route.provider_id) ?? route.provider_id }))
  const holidays = draft.holidays.map((id) => entry(order.holidayMap, id)).filter((id): id is string => typeof id === 'string')
  draft.holidays = [...new Set(holidays)]
  return draft
}

/** A failure of one rule as the Bridge would answer it. */
const asBridgeError = (error: unknown): BridgeError =>
  error instanceof ServiceError
    ? error.toBridgeError()
    : { code: 'INTERNAL', message: 'Something went wrong inside the app while creating this rule.' }

/**
 * Creates the chosen rules on the target, one after another, each with the name given and the
 * confirmed mapping. A rule the target refuses (a name taken meanwhile: 409; a field it does not
 * accept: 400) is reported with its error and the next one is still created.
 */
export async function copyRules(source: PbxCaller, target: PbxCaller, order: RuleCopyOrder): Promise<RuleCopyResult> {
  const rules = await readRules(createOutboundRulesClient(source), order.rules.map((r) => r.ruleId))
  await checkMapping(source, [...rules.values()], order)

  const targetRules = createOutboundRulesClient(target)
  const results: RuleCopyResult['results'] = []
  for (const { ruleId, name } of order.rules) {
    try {
      const rule = rules.get(ruleId)
      // every chosen rule was read above (a read that failed failed the whole copy)
      if (!rule) throw new ServiceError('NOT_FOUND', `The outbound rule ${ruleId} was not read from the source PBX.`)
      results.push({ ruleId, name, createdId: await targetRules.create(targetDraft(rule, name, order)) })
    } catch (error) {
      results.push({ ruleId, name, error: asBridgeError(error) })
    }
  }
  return { results }
}
