import type { BridgeHandlers } from '../../contract/bridge'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import type { SessionManager } from '../session/session-manager'
import { refuseSamePbx } from './copy-source'
import { referencesOf } from './references'
import { copyRules } from './rule-copy'
import { previewRuleCopy } from './rule-copy-preview'
import { duplicateRule } from './rule-duplicate'
import { testNumber } from './test-number'

type OutboundHandlers = Pick<
  BridgeHandlers,
  | 'listOutboundRules'
  | 'getOutboundRule'
  | 'outboundReferences'
  | 'createOutboundRule'
  | 'updateOutboundRule'
  | 'duplicateOutboundRule'
  | 'deleteOutboundRule'
  | 'previewRuleCopy'
  | 'copyRules'
  | 'testNumber'
>

/**
 * Outbound rules behind the Bridge (per tenant): one page of the list as the screen asks for it,
 * changes that answer the rule as the PBX reads it back, copies on the same PBX and to another
 * saved PBX, and "test a number".
 */
export function createOutboundService(options: { sessions: SessionManager }): { handlers: OutboundHandlers } {
  const callerOf = options.sessions.callerOf
  const rulesOf = async (profileId: string) => createOutboundRulesClient(await callerOf(profileId))

  return {
    handlers: {
      async listOutboundRules({ profileId, query }) {
        const { skip, top, search, orderby } = query
        return (await rulesOf(profileId)).list({ skip, top, ...(search ? { search } : {}), ...(orderby ? { orderby } : {}) })
      },
      async getOutboundRule({ profileId, ruleId }) {
        return (await rulesOf(profileId)).get(ruleId)
      },
      async outboundReferences({ profileId }) {
        return referencesOf(await callerOf(profileId))
      },
      async createOutboundRule({ profileId, rule }) {
        const client = await rulesOf(profileId)
        return client.get(await client.create(rule))
      },
      async updateOutboundRule({ profileId, ruleId, changes }) {
        const client = await rulesOf(profileId)
        // nothing changed: nothing to send, the rule is read back all the same
        if (Object.keys(changes).length > 0) await client.update(ruleId, changes)
        return client.get(ruleId)
      },
      async duplicateOutboundRule({ profileId, ruleId }) {
        return duplicateRule(await rulesOf(profileId), ruleId)
      },
      async deleteOutboundRule({ profileId, ruleId }) {
        await (await rulesOf(profileId)).destroy(ruleId)
        return { deleted: true as const }
      },
      async previewRuleCopy({ fromProfileId, toProfileId, ruleIds }) {
        refuseSamePbx(fromProfileId, toProfileId)
        return previewRuleCopy(await callerOf(fromProfileId), await callerOf(toProfileId), ruleIds)
      },
      async copyRules({ fromProfileId, toProfileId, rules, providerMap, holidayMap }) {
        refuseSamePbx(fromProfileId, toProfileId)
        return copyRules(await callerOf(fromProfileId), await callerOf(toProfileId), { rules, providerMap, holidayMap })
      },
      async testNumber({ profileId, call }) {
        return testNumber(await callerOf(profileId), call)
      },
    },
  }
}
