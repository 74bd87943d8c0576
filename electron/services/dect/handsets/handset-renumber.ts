import type { BridgeHandlers } from '../../../contract/bridge'
import type { HandsetRenumberAnswer } from '../../../contract/bridge-handsets'
import type { DectPhone } from '../../../contract/pbx'
import { messageOf, ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createUsersClient } from '../../pbx-client/users'
import type { BatchStore } from '../batch-store'
import { handsetText, memberOf, missingMember, pushedHandset } from './handset-find'
import { recheckHandsets, type LinesOf } from './handset-import'
import { clashesOf, type BaseMembers, type HandsetKey } from './member-holders'
import { handsetBaseOnPbx, membersOnPbx, writesOf } from './pbx-members'

/**
 * A handset given another extension on its base (issue 43): the base is the only one touched, so
 * one write of its members changes the handset's extension, at its index, and nothing else. The
 * extension is never on two bases, nor on none: the write replaces the old one with the new one.
 * A write the PBX refuses leaves the list as it was (the PBX checks a list before it writes it).
 *
 * Three steps, each saved before the next, so a process stopped between any two (SIGKILL, a power
 * cut) leaves a renumber the next call finishes, never one made twice or lost:
 * 1. the batch notes the renumber under way (`renumbering`: the new extension);
 * 2. the base's members are written with the handset on the new extension (skipped where the PBX
 *    has it so already: the write happened, the batch was not told);
 * 3. the batch takes the new extension, records the renumber, and its handsets are checked again
 *    (an extension twice in the batch, say, is said or cleared as at any edit).
 */

export interface HandsetRenumberOptions {
  store: BatchStore
  callerFor: (profileId: string) => Promise<PbxCaller>
  linesOf: () => Promise<LinesOf>
  now?: () => Date
}

/** Refused, naming what holds it, unless the PBX has a user for the extension and no base has it. */
async function checkFree(caller: PbxCaller, key: HandsetKey, own: BaseMembers, others: readonly DectPhone[]): Promise<void> {
  const users = await createUsersClient(caller).listAll()
  // a PBX with no list of users says itself, refusing the write, when it has no such extension
  if (users.supported && !users.items.some((u) => u.extension_number === key.extension)) {
    throw new ServiceError('INVALID_INPUT', `to: extension ${key.extension} has no user on the PBX: add the user there first, or choose another extension.`, { field: 'to' })
  }
  const blocks = clashesOf(key, [own, ...(await membersOnPbx(caller, others)).bases])
  if (blocks.length > 0) throw new ServiceError('INVALID_INPUT', `to: ${blocks.join('; ')}.`, { field: 'to' })
}

export function createHandsetRenumber({ store, callerFor, linesOf, now = () => new Date() }: HandsetRenumberOptions): Pick<BridgeHandlers, 'renumberHandset'> {
  return {
    async renumberHandset({ batchId, profileId, handset, to }) {
      const batch = await store.get(batchId)
      const { h, ipui, extension: from, baseMac } = pushedHandset(batch, handset, 'renumbering')
      if (from === to) throw new ServiceError('INVALID_INPUT', `to: ${handsetText(h)} rings for extension ${to} already.`, { field: 'to' })
      const other = batch.handsets.find((x) => x.id !== h.id && x.values.extension === to)
      if (other) throw new ServiceError('INVALID_INPUT', `to: extension ${to} is ${handsetText(other)} of this batch already.`, { field: 'to' })

      const caller = await callerFor(profileId)
      const { base, name: baseName, members, others } = await handsetBaseOnPbx(caller, h, baseMac)
      const current = memberOf(members, ipui, from)
      const done = memberOf(members, ipui, to)
      // a renumber to another extension that stopped after its write (the PBX no longer has the old
      // one) is finished first; one that stopped before its write gives way to this one
      const stopped = h.renumbering?.to
      if (!current && stopped !== undefined && stopped !== to) {
        throw new ServiceError('INVALID_INPUT', `to: a renumber of ${handsetText(h)} to extension ${stopped} stopped half-way: finish that one first (renumber it to ${stopped} again).`, { field: 'to' })
      }
      if (!current && !done) throw missingMember(baseName, ipui, from, members)

      if (current) {
        await checkFree(caller, { ipui, extension: to }, { mac: baseMac, name: baseName, members: members.filter((m) => m !== current) }, others)
        // noted once: a renumber asked again after it stopped keeps the time it was first asked
        if (stopped !== to) {
          const at = now().toISOString()
          await store.update(batchId, (draft) => {
            draft.handsets.find((x) => x.id === h.id)!.renumbering = { to, at }
          })
        }
        const client = createDectMembersClient(caller)
        try {
          await client.replace(base.id, writesOf(members.map((m) => (m === current ? { ...m, extension_number: to } : m))))
        } catch (error) {
          // refused, the PBX as it was: the renumber is not under way any more; else (no answer,
          // say) it may have been written, and the note stays for the next call to find out
          const after = await client.list(base.id).catch(() => [])
          if (!memberOf(after, ipui, from)) throw error
          await store.update(batchId, (draft) => {
            delete draft.handsets.find((x) => x.id === h.id)!.renumbering
          })
          throw new ServiceError('PBX_ERROR', `The PBX did not give ${handsetText(h)} extension ${to} (${messageOf(error)}); it still rings for ${from}.`, { field: 'to' })
        }
      }

      const index = (current ?? done)!.handset_index
      const at = now().toISOString()
      const lines = await linesOf()
      const saved = await store.update(batchId, (draft) => {
        const x = draft.handsets.find((y) => y.id === h.id)!
        x.values.extension = to
        x.renumbers = [...(x.renumbers ?? []), { from, to, at: x.renumbering?.at ?? at }]
        delete x.renumbering
        x.outcome = { ...x.outcome, handsetIndex: index, at }
        draft.handsets = recheckHandsets(draft, lines)
      })
      const renumber: HandsetRenumberAnswer = {
        handsetId: h.id,
        row: h.row,
        ipui,
        from,
        to,
        baseMac,
        baseName,
        handsetIndex: index,
        finished: current === undefined,
        message: `Handset ${ipui} rings for extension ${to} on '${baseName}' as handset ${index}, no longer for ${from}${current === undefined ? ' (the PBX had it already: the renumber that stopped is finished)' : ''}.`,
      }
      return { batch: saved, renumber }
    },
  }
}
