import type { BridgeHandlers } from '../../../contract/bridge'
import type { HandsetSwapAnswer } from '../../../contract/bridge-handsets'
import { macForPeople, type Batch } from '../../../contract/dect'
import { isHandsetOnPbx, type HandsetRow } from '../../../contract/dect-handsets'
import { parseIpui } from '../../../contract/ipui'
import { normalizeMac, type DectMemberWrite } from '../../../contract/pbx'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createDectPhonesClient } from '../../pbx-client/dect-phones'
import type { BatchStore } from '../batch-store'
import { findHandset, handsetText, membersText, sameIpui } from './handset-find'
import { clashesOf } from './member-holders'
import { membersOnPbx } from './pbx-members'

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
      const old = findHandset(batch, handset)
      const from = old.values.ipui ?? ''
      const target = newIpui(batch, old, to)
      const extension = old.values.extension
      const baseMac = old.outcome.baseMac
      if (!isHandsetOnPbx(old) || baseMac === undefined || extension === undefined) {
        throw new ServiceError('INVALID_INPUT', `${handsetText(old)} is not on the PBX yet: change its IPUI in the batch instead, then push it.`, { field: 'handset' })
      }
      if (old.swapping && !sameIpui(old.swapping.to, target)) {
        throw new ServiceError('INVALID_INPUT', `to: a swap of ${handsetText(old)} for IPUI ${old.swapping.to} stopped half-way: finish that one first (swap it for ${old.swapping.to} again).`, { field: 'to' })
      }

      const caller = await callerFor(profileId)
      const phones = (await createDectPhonesClient(caller).list()).items
      const base = phones.find((p) => p.mac !== undefined && normalizeMac(p.mac.trim()) === baseMac)
      if (!base) throw new ServiceError('NOT_FOUND', `The base ${macForPeople(baseMac)} of ${handsetText(old)} is not on the PBX any more.`, { field: 'handset' })
      const baseName = base.name ?? macForPeople(baseMac)
      const client = createDectMembersClient(caller)
      const members = await client.list(base.id)
      const current = members.find((m) => sameIpui(m.ipui, from) && m.extension_number === extension)
      const done = members.find((m) => sameIpui(m.ipui, target) && m.extension_number === extension)
      if (!current && !done) {
        throw new ServiceError('PBX_ERROR', `The base '${baseName}' has no handset ${from} for extension ${extension} (the PBX shows ${membersText(members)}): check the base on the PBX (On site) first.`, { field: 'handset' })
      }

      if (current) {
        // the new IPUI anywhere else on the PBX: named, nothing written
        const elsewhere = await membersOnPbx(caller, phones.filter((p) => p.id !== base.id))
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
        const written: DectMemberWrite[] = members.map((m) => ({ extension_number: m.extension_number, ipui: m === current ? target : m.ipui, handset_index: String(m.handset_index) }))
        await client.replace(base.id, written)
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

