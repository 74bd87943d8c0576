import type { ApplyItemRef, ItemOutcome } from '../../contract/config-apply'
import type { EmailTemplateName } from '../../contract/pbx'
import { ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createEmailTemplatesClient } from '../pbx-client/email-templates'
import { createIvrServersClient } from '../pbx-client/ivr-servers'
import { createNotificationClient } from '../pbx-client/notification'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import type { Write } from './apply-plan'

/**
 * The one request that applies an item (apply-plan.ts's Write), and the one that takes back an
 * item a rollout created. One request an item: a rule goes with its routes and holidays in its
 * create or update body, which the PBX takes whole or refuses whole, so a refused route never
 * leaves a rule without its routes behind.
 */

export type Written = { outcome: Extract<ItemOutcome, 'created' | 'updated'>; createdId?: string }

export async function writeItem(caller: PbxCaller, write: Write): Promise<Written> {
  switch (write.kind) {
    case 'createRule':
      return { outcome: 'created', createdId: await createOutboundRulesClient(caller).create(write.body) }
    case 'updateRule':
      await createOutboundRulesClient(caller).update(write.id, write.body)
      return { outcome: 'updated' }
    case 'createServer':
      return { outcome: 'created', createdId: await createIvrServersClient(caller).create(write.body) }
    case 'updateServer':
      await createIvrServersClient(caller).update(write.id, write.body)
      return { outcome: 'updated' }
    case 'createTemplate':
      return { outcome: 'created', createdId: await createEmailTemplatesClient(caller).create(write.body) }
    case 'updateTemplate':
      await createEmailTemplatesClient(caller).update(write.name, write.body)
      return { outcome: 'updated' }
    case 'updateNotification':
      await createNotificationClient(caller).update(write.body)
      return { outcome: 'updated' }
  }
}

export type Removed = { outcome: 'deleted' } | { outcome: 'updated'; note: string }

/**
 * Takes back an item a rollout created: deletes it where the PBX offers deleting. A PBX without
 * it keeps a rule switched off instead (said in the note); another kind of item it cannot take
 * back says so.
 */
export async function removeCreated(caller: PbxCaller, ref: ApplyItemRef, createdId: string): Promise<Removed> {
  try {
    if (ref.part === 'outboundRules') await createOutboundRulesClient(caller).destroy(createdId)
    else if (ref.part === 'ivrServers') await createIvrServersClient(caller).destroy(createdId)
    else if (ref.part === 'emailTemplates') await createEmailTemplatesClient(caller).destroy(ref.key as EmailTemplateName)
    else throw new ServiceError('NOT_SUPPORTED', 'Nothing of this kind is created by a rollout.')
    return { outcome: 'deleted' }
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') return { outcome: 'deleted' }
    if (!(error instanceof ServiceError && error.code === 'NOT_SUPPORTED')) throw error
    if (ref.part !== 'outboundRules') throw new ServiceError('NOT_SUPPORTED', 'This PBX does not offer deleting it: remove it on the PBX.')
    await createOutboundRulesClient(caller).update(createdId, { enabled: false })
    return { outcome: 'updated', note: 'this PBX does not offer deleting a rule: it was switched off instead' }
  }
}
