import type { BridgeHandlers } from '../../../contract/bridge'
import type { HandsetSwapAnswer } from '../../../contract/bridge-handsets'
import type { Batch } from '../../../contract/dect'
import type { HandsetRow } from '../../../contract/dect-handsets'
import { parseIpui } from '../../../contract/ipui'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import type { BatchStore } from '../batch-store'
import { handsetText, memberOf, missingMember, pushedHandset, sameIpui } from './handset-find'
import { clashesOf } from './member-holders'
import { handsetBaseOnPbx, membersOnPbx, writesOf } from './pbx-members'

/**
 * Swapping a broken handset for a new one (issue 43): the new IPUI takes the old one's extension
 * and handset index on its base, in one write of the base's members, and the batch keeps the swap
 * (old → new, when).
 *
 * Three steps, each saved before the next, so a process stopped between any two (SIGKILL, a power
 * cut) leaves a swap the next call finishes, never one made twice or lost:
 * 1. the batch notes the swap under way (`swapping`: the new IPUI) — refused BUSY while another
 *    process pushes the batch;
 * 2. the base's members are written: the old IPUI's member becomes the new IPUI's, nothing else
 *    changes (the PBX had it so already: a swap that stopped after this step, the write skipped);
 * 3. the batch takes the new IPUI and records the swap.
 */

export interface HandsetSwapOptions {
  store: BatchStore
  callerFor: (profileId: string) => Promise<PbxCaller>
  /** the clock of the swap's time (tests) */
  now?: () => Date
}

/** The new handset's IPUI, refused when it is the old one or another handset of the batch. */
function newIpui(batch: Batch, old: HandsetRow, code: string): string {
  const read = parseIpui(code)
  if (!read.ok) throw new ServiceError('INVALID_INPUT', `to: ${read.message}.`, { field: 'to' })
  if (sameIpui(old.values.ipui, read.ipui)) throw new ServiceError('INVALID_INPUT', `to: IPUI ${read.ipui} is the old handset itself: scan the new handset's label.`, { field: 'to' })
  const other = batch.handsets.find((h) => h.id !== old.id && sameIpui(h.values.ipui, read.ipui))
  if (other) throw new ServiceError('INVALID_INPUT', `to: IPUI ${read.ipui} is ${handsetText(other)} of this batch already.`, { field: 'to' })
  return read.ipui
}

export function createHandsetSwap({ store, callerFor, now = () => new Date() }: HandsetSwapOptions): Pick<BridgeHandlers, 'swapHandset'> {
  return {
    async swapHandset({ batchId, profileId, handset, to }) {
      const batch = await store.get(batchId)
      const { h: old, ipui: from, extension, baseMac } = pushedHandset(batch, handset, 'swapping')
      const target = newIpui(batch, old, to)
      if (old.swapping && !sameIpui(old.swapping.to, target)) {
        throw new ServiceError('INVALID_INPUT', `to: a swap of ${handsetText(old)} for IPUI ${old.swapping.to} stopped half-way: finish that one first (swap it for ${old.swapping.to} again).`, { field: 'to' })
      }

      const caller = await callerFor(profileId)
      const { base, name: baseName, members, others } = await handsetBaseOnPbx(caller, old, baseMac)
      const client = createDectMembersClient(caller)
      const current = memberOf(members, from, extension)
      const done = memberOf(members, target, extension)
      if (!current && !done) throw missingMember(baseName, from, extension, members)

      if (current) {
        // the new IPUI anywhere else on the PBX: named, nothing written
        const elsewhere = await membersOnPbx(caller, others)
        const blocks = clashesOf({ ipui: target, extension }, [
          { mac: base.mac, name: baseName, members: members.filter((m) => m !== current) },
          ...elsewhere.bases,
        ]).filter((text) => text.startsWith('handset'))
        if (blocks.length > 0) throw new ServiceError('INVALID_INPUT', `to: ${blocks.join('; ')}.`, { field: 'to' })
        // noted once: a swap asked again after it stopped keeps the time it was first asked
        if (!old.swapping) {
          const at = now().toISOString()
          await store.update(batchId, (draft) => {
            draft.handsets.find((x) => x.id === old.id)!.swapping = { to: target, at }
          })
        }
        await client.replace(base.id, writesOf(members.map((m) => (m === current ? { ...m, ipui: target } : m))))
        const back = (await client.list(base.id)).find((m) => sameIpui(m.ipui, target))
        if (back?.extension_number !== extension) throw new ServiceError('PBX_ERROR', `The PBX took the members of '${baseName}' but does not show handset ${target} on extension ${extension}: check the base on the PBX.`)
      }

      const member = (current ?? done)!
      const at = now().toISOString()
      const saved = await store.update(batchId, (draft) => {
        const h = draft.handsets.find((x) => x.id === old.id)!
        h.values.ipui = target
        h.swaps = [...(h.swaps ?? []), { from, to: target, at: h.swapping?.at ?? at }]
        delete h.swapping
        h.outcome = { ...h.outcome, handsetIndex: member.handset_index, at }
      })
      const swap: HandsetSwapAnswer = {
        handsetId: old.id,
        row: old.row,
        from,
        to: target,
        extension,
        handsetIndex: member.handset_index,
        baseMac,
        baseName,
        finished: current === undefined,
        message: `Handset ${target} now rings for extension ${extension} on '${baseName}' as handset ${member.handset_index}, in place of ${from}${current === undefined ? ' (the PBX had it already: the swap that stopped is finished)' : ''}.`,
      }
      return { batch: saved, swap }
    },
  }
}

