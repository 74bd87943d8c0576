import type { BridgeHandlers } from '../../../contract/bridge'
import type { BaseMembers, HandsetCells } from '../../../contract/bridge-handsets'
import type { Batch } from '../../../contract/dect'
import type { DectMemberWrite } from '../../../contract/pbx'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createDectModelsClient } from '../../pbx-client/dect-models'
import { createDectPhonesClient } from '../../pbx-client/dect-phones'
import { createProvisionedPhonesClient } from '../../pbx-client/provisioned-phones'
import { createUsersClient } from '../../pbx-client/users'
import { nextRowNumber } from '../batch-parts'
import type { BatchStore } from '../batch-store'
import { firstFreeRun } from './free-run'
import { flagHandsetsOnPbx } from './handset-check'
import { linesFromModels, recheckHandsets, type LinesOf } from './handset-import'
import { buildHandsetRow, type RawHandsetValues } from './handset-rows'
import { scanInto } from './handset-scan'
import { createHandsetMove } from './handset-move'
import { createHandsetRenumber } from './handset-renumber'
import { createHandsetRetire } from './handset-retire'
import { createHandsetSwap } from './handset-swap'
import { checkMemberList } from './member-list-check'
import { eachMember, membersOnPbx } from './pbx-members'
import { createSiteCheck } from './site-check'
import type { createModelCatalog } from './model-catalog'

type HandsetHandlers = Pick<
  BridgeHandlers,
  'listDectModels' | 'editBatchHandsets' | 'scanHandset' | 'checkHandsetsOnPbx' | 'siteStatus' | 'baseAction' | 'baseActions' | 'listBaseMembers' | 'saveBaseMembers' | 'freeExtensionRun' | 'swapHandset' | 'moveHandset' | 'renumberHandset' | 'previewRetire' | 'retire'
>

export interface HandsetServiceOptions {
  store: BatchStore
  catalog: ReturnType<typeof createModelCatalog>
  callerFor: (profileId: string) => Promise<PbxCaller>
}

const cellsOf = (cells: HandsetCells): RawHandsetValues => ({ ...cells })

/**
 * Handsets behind the Bridge: the PBX's models (remembered for offline use), a batch's handsets
 * edited or scanned, checked against the PBX, the on-site check of the bases (site-check.ts), a
 * base's members, a handset swapped for a new one (handset-swap.ts), moved to another base
 * (handset-move.ts) or given another extension (handset-renumber.ts), handsets or bases retired
 * (handset-retire.ts).
 * The work lives in the files beside this one; this one wires them to the Bridge operations.
 */
export function createHandsetService({ store, catalog, callerFor }: HandsetServiceOptions) {
  const linesOf = async (): Promise<LinesOf> => linesFromModels(await catalog.models())

  /** the batch with its handsets checked again against its bases */
  const withHandsetsChecked = <B extends Pick<Batch, 'rows' | 'defaults' | 'handsets'>>(batch: B, lines: LinesOf): B => ({ ...batch, handsets: recheckHandsets(batch, lines) })

  async function baseFacts(caller: PbxCaller, phoneId: string): Promise<Omit<BaseMembers, 'members'>> {
    const [phone, models, users] = await Promise.all([
      createDectPhonesClient(caller).get(phoneId),
      createDectModelsClient(caller).list(),
      createUsersClient(caller).listAll(),
    ])
    const known = models.supported ? models.items : await catalog.models()
    const lines = phone.model === undefined ? undefined : linesFromModels(known)({ model: phone.model, ...(phone.vendor ? { vendor: phone.vendor } : {}) })
    const extensions = users.supported
      ? users.items.filter((u) => u.extension_number).map((u) => ({ extension: u.extension_number as string, name: u.display_name ?? u.name ?? '' }))
      : undefined
    return { ...(lines === undefined ? {} : { lines }), ...(extensions ? { extensions } : {}) }
  }

  const handlers: HandsetHandlers = {
    ...createSiteCheck({ store, callerFor, linesOf }),
    ...createHandsetSwap({ store, callerFor }),
    ...createHandsetMove({ store, callerFor, linesOf }),
    ...createHandsetRenumber({ store, callerFor, linesOf }),
    ...createHandsetRetire({ store, callerFor, linesOf }),
    async listDectModels({ profileId, offline }) {
      if (profileId === undefined) return catalog.remembered()
      if (offline) {
        const own = await catalog.ofPbx(profileId)
        return own ? { source: 'remembered', supported: true, models: own.models, fetchedAt: own.fetchedAt } : { source: 'none', supported: true, models: [] }
      }
      return catalog.learn(await createDectModelsClient(await callerFor(profileId)).list(), profileId)
    },

    async editBatchHandsets({ batchId, edits, add, remove }) {
      const lines = await linesOf()
      return store.update(batchId, (batch) => {
        const removed = new Set(remove)
        const changes = new Map(edits.map((edit) => [edit.handsetId, edit.values]))
        const missing = [...changes.keys(), ...removed].find((id) => !batch.handsets.some((h) => h.id === id))
        if (missing) throw new ServiceError('NOT_FOUND', `The batch has no handset ${missing} (it may have been removed meanwhile).`, { field: 'handsetId' })
        let next = nextRowNumber(batch.handsets)
        const handsets = batch.handsets
          .filter((h) => !removed.has(h.id))
          .map((h) => {
            const values = changes.get(h.id)
            return values ? { ...h, ...buildHandsetRow({ ...h.values, ...cellsOf(values) }, h.row, h.id), outcome: h.outcome } : h
          })
          .concat(add.map((cells) => buildHandsetRow(cellsOf(cells), next++)))
        return withHandsetsChecked({ ...batch, handsets }, lines)
      })
    },

    async scanHandset({ batchId, code, baseMac, switchBase, extensions, namePattern }) {
      const lines = await linesOf()
      let answer: Omit<Awaited<ReturnType<HandsetHandlers['scanHandset']>>, 'batch'> | undefined
      const batch = await store.update(batchId, (current) => {
        const scanned = scanInto(current, { code, baseMac, switchBase, extensions, namePattern }, lines)
        answer = scanned.answer
        return scanned.batch
      })
      return { batch, ...answer! }
    },

    async checkHandsetsOnPbx({ batchId, profileId }) {
      const caller = await callerFor(profileId)
      // the PBX's models are learnt on the way: the lines of each base, for this check and offline work after it
      const [users, phones] = await Promise.all([
        createUsersClient(caller).listAll(),
        createDectPhonesClient(caller).list(),
        handlers.listDectModels({ profileId }),
      ])
      const members = await membersOnPbx(caller, phones.items)
      const notes: string[] = []
      if (!users.supported) notes.push('This PBX has no list of users: extensions were not checked against it; the PBX refuses unknown ones at the push.')
      if (!members.supported) notes.push('This PBX does not offer handset enrolment (DECT phone members): the push will enrol no handset there.')
      const extensions = users.supported ? new Set(users.items.flatMap((u) => (u.extension_number ? [u.extension_number] : []))) : undefined
      const lines = await linesOf()
      const batch = await store.update(batchId, (current) => {
        const checkedBatch = withHandsetsChecked(current, lines)
        return { ...checkedBatch, handsets: flagHandsetsOnPbx(checkedBatch.handsets, { extensions, members: eachMember(members.bases) }) }
      })
      return { batch, notes }
    },

    async baseAction({ profileId, mac, action }) {
      await createProvisionedPhonesClient(await callerFor(profileId)).act(mac, action)
      return { done: true as const }
    },

    async listBaseMembers({ profileId, phoneId }) {
      const caller = await callerFor(profileId)
      const [members, facts] = await Promise.all([createDectMembersClient(caller).list(phoneId), baseFacts(caller, phoneId)])
      return { members, ...facts }
    },

    async freeExtensionRun({ profileId }) {
      const caller = await callerFor(profileId)
      const [users, phones] = await Promise.all([createUsersClient(caller).listAll(), createDectPhonesClient(caller).list()])
      if (!users.supported) return { supported: false, free: 0 }
      // a PBX without members holds no extension on a base
      const { bases } = await membersOnPbx(caller, phones.items)
      const extensions = users.items.flatMap((u) => (u.extension_number ? [u.extension_number] : []))
      return { supported: true, ...firstFreeRun(extensions, bases.flatMap((base) => base.members.map((m) => m.extension_number))) }
    },

    async saveBaseMembers({ profileId, phoneId, members }) {
      const caller = await callerFor(profileId)
      const facts = await baseFacts(caller, phoneId)
      const items: DectMemberWrite[] = checkMemberList(members, facts)
      const client = createDectMembersClient(caller)
      await client.replace(phoneId, items)
      return { members: await client.list(phoneId), ...facts }
    },
  }

  return { handlers, withHandsetsChecked }
}
