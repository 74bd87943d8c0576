import type { HandsetOutcome } from '../../../contract/dect-handsets'
import type { DectMember, DectMemberWrite } from '../../../contract/pbx'
import { clashesOf } from './member-holders'

/**
 * A base's member list on the PBX merged with the batch's handsets for that base: the list to
 * write (everything that is there stays), and what happens to each handset.
 *
 * - A member with the handset's IPUI and extension is the handset: `matched` (a resume after a
 *   kill, or enrolled by hand), nothing written for it.
 * - A member with the handset's IPUI but another extension, or the handset's extension on another
 *   IPUI: the handset `failed`, saying which member is in the way and where (`clashesOf`; the push
 *   never takes a handset or an extension away from someone).
 * - Otherwise the handset is added at its own index when it gave one and that index is free, else
 *   at the lowest free index 1..lines; a base with no free index fails it ("full").
 */

export interface PlannedHandset {
  id: string
  ipui: string
  extension: string
  handsetIndex: number | undefined
}

export interface MergeResult {
  /** the whole list to write; undefined when nothing is added */
  items: DectMemberWrite[] | undefined
  /** handsets decided without a write: matched or failed */
  decided: Map<string, HandsetOutcome>
  /** handsets the write adds, with the index each gets */
  added: Map<string, number>
}

const writeOf = (m: Pick<DectMember, 'extension_number' | 'ipui' | 'handset_index'>): DectMemberWrite => ({
  extension_number: m.extension_number,
  ipui: m.ipui.toUpperCase(),
  handset_index: String(m.handset_index),
})

export function mergeMembers(
  existing: readonly DectMember[],
  handsets: readonly PlannedHandset[],
  base: { mac: string; name: string; lines: number | undefined },
  at: string,
): MergeResult {
  const byIpui = new Map(existing.map((m) => [m.ipui.toUpperCase(), m]))
  const byExtension = new Map(existing.map((m) => [m.extension_number, m]))
  const used = new Map<number, string>(existing.map((m) => [m.handset_index, m.extension_number]))
  const decided = new Map<string, HandsetOutcome>()
  const added = new Map<string, number>()
  const items = existing.map(writeOf)
  const fail = (h: PlannedHandset, error: string) => decided.set(h.id, { state: 'failed', baseMac: base.mac, error, at })
  const lines = base.lines ?? Infinity

  for (const h of handsets) {
    const same = byIpui.get(h.ipui)
    if (same && same.extension_number === h.extension) {
      decided.set(h.id, { state: 'matched', baseMac: base.mac, handsetIndex: same.handset_index, at })
      continue
    }
    const holder = byExtension.get(h.extension)
    if (same || holder) {
      fail(h, clashesOf(h, [{ mac: base.mac, name: base.name, members: [same, holder].filter((m) => m !== undefined) }]).join('; '))
      continue
    }
    let index = h.handsetIndex
    if (index !== undefined && index > lines) {
      fail(h, `handset index ${index} is past base ${base.name}'s ${lines} handsets`)
      continue
    }
    if (index !== undefined && used.has(index)) {
      fail(h, `handset index ${index} on base ${base.name} is taken by extension ${used.get(index)}`)
      continue
    }
    if (index === undefined) {
      index = 1
      while (used.has(index)) index++
    }
    if (items.length >= lines || index > lines) {
      fail(h, `base ${base.name} is full: it takes ${lines} handsets`)
      continue
    }
    used.set(index, h.extension)
    byIpui.set(h.ipui, { extension_number: h.extension, ipui: h.ipui, handset_index: index })
    byExtension.set(h.extension, { extension_number: h.extension, ipui: h.ipui, handset_index: index })
    items.push({ extension_number: h.extension, ipui: h.ipui, handset_index: String(index) })
    added.set(h.id, index)
  }
  return { items: added.size > 0 ? items : undefined, decided, added }
}

/** Two reads of a member list are the same list (order aside). */
export function sameMembers(a: readonly DectMember[], b: readonly DectMember[]): boolean {
  const key = (m: DectMember) => `${m.handset_index}/${m.extension_number}/${m.ipui.toUpperCase()}`
  if (a.length !== b.length) return false
  const keys = new Set(a.map(key))
  return b.every((m) => keys.has(key(m)))
}
