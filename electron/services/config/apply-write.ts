import type { ApplyItemRef, ItemOutcome } from '../../contract/config-apply'
import type { EmailTemplateName } from '../../contract/pbx'
import { messageOf, ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createDectMembersClient } from '../pbx-client/dect-members'
import { createDectPhonesClient } from '../pbx-client/dect-phones'
import { createEmailTemplatesClient } from '../pbx-client/email-templates'
import { createIvrServersClient } from '../pbx-client/ivr-servers'
import { createNotificationClient } from '../pbx-client/notification'
import { createOutboundRulesClient } from '../pbx-client/outbound-rules'
import type { Write } from './apply-plan'

/**
 * The one request that applies an item (apply-plan.ts's Write), and the one that takes back an
 * item a rollout created. One request an item: a rule goes with its routes and holidays in its
 * create or update body, which the PBX takes whole or refuses whole, so a refused route never
 * leaves a rule without its routes behind. A DECT base with handsets is the one item of two
 * requests (the API writes members apart from the base): each undoes the other on a refusal.
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
    case 'createBase':
      return { outcome: 'created', createdId: await createBase(caller, write) }
    case 'updateBase':
      await updateBase(caller, write)
      return { outcome: 'updated' }
  }
}

/**
 * A base, then its handsets. When the PBX refuses the handsets (an extension it lacks, an IPUI on
 * another base), the base is deleted again, so a base is never left without the handsets it was
 * applied with; a PBX that cannot delete it is named in the error.
 */
async function createBase(caller: PbxCaller, write: Extract<Write, { kind: 'createBase' }>): Promise<string> {
  const phones = createDectPhonesClient(caller)
  const id = await phones.create(write.body)
  if (!write.members) return id
  try {
    await createDectMembersClient(caller).replace(id, write.members)
    return id
  } catch (error) {
    const refused = messageOf(error)
    try {
      await phones.destroy(id)
    } catch (cleanup) {
      throw new ServiceError('PBX_ERROR', `The PBX refused the base's handsets (${refused}), and the base it had just added could not be deleted again (${messageOf(cleanup)}): delete base ${write.body.mac} on the PBX before trying again.`)
    }
    throw new ServiceError('PBX_ERROR', `The PBX refused the base's handsets, so the base was not kept: ${refused}`)
  }
}

/**
 * The handsets first (the PBX takes or refuses the whole list), then the base's fields; when the
 * fields fail after the handsets were written, the handsets it had are put back.
 */
async function updateBase(caller: PbxCaller, write: Extract<Write, { kind: 'updateBase' }>): Promise<void> {
  const members = createDectMembersClient(caller)
  if (write.members) await members.replace(write.id, write.members)
  if (Object.keys(write.body).length === 0) return
  try {
    await createDectPhonesClient(caller).update(write.id, write.body)
  } catch (error) {
    if (write.members && write.membersBefore) await members.replace(write.id, write.membersBefore).catch(() => undefined)
    throw error
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
    else if (ref.part === 'dectBases') await createDectPhonesClient(caller).destroy(createdId)
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
