import type { BridgeHandlers } from '../../../contract/bridge'
import type { HandsetMoveAnswer } from '../../../contract/bridge-handsets'
import { macForPeople, withDefaults } from '../../../contract/dect'
import type { DectMember } from '../../../contract/pbx'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createDectPhonesClient, findDectPhoneByMac } from '../../pbx-client/dect-phones'
import type { BatchStore } from '../batch-store'
import { findBase, handsetText, memberOf, missingMember, pushedHandset } from './handset-find'
import type { LinesOf } from './handset-import'
import { clashesOf } from './member-holders'
import { membersOnPbx, writesOf } from './pbx-members'

/**
 * A handset moved to another base of its batch, keeping its extension (issue 43): someone moved
 * office. One write of each base's members, in an order that never has the extension on two
 * bases: the old base without it first, then the new base with it (at the lowest free index). If
 * the new base refuses, the old base is written back as it was, and the move fails saying so.
 *
 * Saved in steps, so a process stopped between any two (SIGKILL, a power cut) leaves a move the
 * next call finishes, never one made twice or lost:
 * 1. the batch notes the move under way (`moving`: the new base's MAC);
 * 2. the old base's members without the handset, and the batch notes it `left`;
 * 3. the new base's members with it (2 and 3 each skipped where the PBX has it so already: the
 *    next call reads where the handset is);
 * 4. the batch takes the new base and index, and records the move.
 */

export interface HandsetMoveOptions {
  store: BatchStore
  callerFor: (profileId: string) => Promise<PbxCaller>
  /** the handsets each base's model takes (the PBX's DECT models) */
  linesOf: () => Promise<LinesOf>
  now?: () => Date
}

const lowestFreeIndex = (members: readonly DectMember[], lines: number | undefined): number => {
  const used = new Set(members.map((m) => m.handset_index))
  let index = 1
  while (used.has(index)) index++
  return lines === undefined || index <= lines ? index : -1
}

export function createHandsetMove({ store, callerFor, linesOf, now = () => new Date() }: HandsetMoveOptions): Pick<BridgeHandlers, 'moveHandset'> {
  return {
    async moveHandset({ batchId, profileId, handset, to }) {
      const [batch, lines] = await Promise.all([store.get(batchId), linesOf()])
      const { h: moved, ipui, extension, baseMac: fromMac } = pushedHandset(batch, handset, 'moving')
      const target = findBase(batch, to)
      const toMac = target.values.mac
      const toName = target.values.name ?? macForPeople(toMac)
      if (moved.moving && moved.moving.to !== toMac) {
        throw new ServiceError('INVALID_INPUT', `to: a move of ${handsetText(moved)} to ${macForPeople(moved.moving.to)} stopped half-way: finish that one first (move it there again).`, { field: 'to' })
      }
      if (fromMac === toMac && !moved.moving) throw new ServiceError('INVALID_INPUT', `to: ${handsetText(moved)} is on ${toName} already.`, { field: 'to' })

      const caller = await callerFor(profileId)
      const phones = (await createDectPhonesClient(caller).list()).items
      const fromBase = findDectPhoneByMac(phones, fromMac)
      const toBase = findDectPhoneByMac(phones, toMac)
      const fromName = batch.rows.find((row) => row.values.mac === fromMac)?.values.name ?? fromBase?.name ?? macForPeople(fromMac)
      if (!fromBase) throw new ServiceError('NOT_FOUND', `The base ${fromName} of ${handsetText(moved)} is not on the PBX any more.`, { field: 'handset' })
      if (!toBase) throw new ServiceError('INVALID_INPUT', `to: the base ${toName} is not on the PBX: push it first.`, { field: 'to' })

      const client = createDectMembersClient(caller)
      const [fromMembers, toMembers] = await Promise.all([client.list(fromBase.id), client.list(toBase.id)])
      const onOld = memberOf(fromMembers, ipui, extension)
      const onNew = memberOf(toMembers, ipui, extension)
      if (!onOld && !onNew && !moved.moving) throw missingMember(fromName, ipui, extension, fromMembers)

      let index = onNew?.handset_index
      if (index === undefined) {
        const modelLines = lines(withDefaults(target.values, batch.defaults))
        index = lowestFreeIndex(toMembers, modelLines)
        if (index < 0) throw new ServiceError('INVALID_INPUT', `to: the base ${toName} takes ${modelLines} handsets and has ${toMembers.length}: choose another base, or take one off it first.`, { field: 'to' })
        // the handset's IPUI or extension anywhere but its own base: named, nothing written
        const others = await membersOnPbx(caller, phones.filter((p) => p.id !== fromBase.id && p.id !== toBase.id))
        const blocks = clashesOf({ ipui, extension }, [{ mac: toMac, name: toName, members: toMembers }, ...others.bases])
        if (blocks.length > 0) throw new ServiceError('INVALID_INPUT', `to: ${blocks.join('; ')}.`, { field: 'to' })
      }

      if (!moved.moving) {
        const at = now().toISOString()
        await store.update(batchId, (draft) => {
          draft.handsets.find((h) => h.id === moved.id)!.moving = { to: toMac, at }
        })
      }
      if (onOld) {
        await client.replace(fromBase.id, writesOf(fromMembers.filter((m) => m !== onOld)))
        await store.update(batchId, (draft) => {
          const noted = draft.handsets.find((h) => h.id === moved.id)!.moving
          if (noted) noted.left = true
        })
      }
      if (!onNew) {
        try {
          await client.replace(toBase.id, [...writesOf(toMembers), { extension_number: extension, ipui, handset_index: String(index) }])
        } catch (error) {
          // the new base refused: the old one as it was before the move (with the handset, also
          // where a stopped move had taken it off), and the move not under way any more
          const back = onOld || moved.outcome.handsetIndex === undefined ? [] : [{ extension_number: extension, ipui, handset_index: String(moved.outcome.handsetIndex) }]
          await client.replace(fromBase.id, [...writesOf(fromMembers), ...back])
          await store.update(batchId, (draft) => {
            delete draft.handsets.find((h) => h.id === moved.id)!.moving
          })
          const why = error instanceof Error ? error.message : String(error)
          throw new ServiceError('PBX_ERROR', `The base ${toName} did not take ${handsetText(moved)} (${why}); it is back on ${fromName} as it was.`, { field: 'to' })
        }
      }

      const at = now().toISOString()
      const saved = await store.update(batchId, (draft) => {
        const h = draft.handsets.find((x) => x.id === moved.id)!
        h.values.base_mac = toMac
        h.moves = [...(h.moves ?? []), { from: fromMac, to: toMac, at: h.moving?.at ?? at }]
        delete h.moving
        h.outcome = { ...h.outcome, baseMac: toMac, handsetIndex: index, at }
      })
      const move: HandsetMoveAnswer = {
        handsetId: moved.id,
        row: moved.row,
        ipui,
        extension,
        fromMac,
        fromName,
        toMac,
        toName,
        handsetIndex: index,
        finished: onNew !== undefined,
        message: `Handset ${ipui} rings for extension ${extension} on '${toName}' as handset ${index}, no longer on '${fromName}'${onNew ? ' (the PBX had it there already: the move that stopped is finished)' : ''}.`,
      }
      return { batch: saved, move }
    },
  }
}
