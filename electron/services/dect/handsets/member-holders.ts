import { macForPeople } from '../../../contract/dect'
import type { DectMember, DectPhone } from '../../../contract/pbx'
import { sameIpui } from './handset-find'

/**
 * Where a handset's IPUI or extension is on the PBX already, in a sentence an installer acts on:
 * "extension 1208 is on 'Other base' (00:15:65:00:00:01) as handset 1; …". A member with both the
 * handset's IPUI and its extension is the handset itself (matched), never a clash.
 *
 * `createHolderFinder` answers it for handsets the PBX refused: first from the member lists the
 * push has read, then from the other DECT bases of the PBX, read only when a refusal asks (a push
 * without a clash reads nothing more).
 */

export interface HandsetKey {
  ipui: string
  extension: string
}

export interface BaseMembers {
  /** the base's MAC, as the PBX stores it (12 hex digits) */
  mac: string | undefined
  name: string
  members: readonly DectMember[]
}

const baseText = (base: BaseMembers): string => `'${base.name}'${base.mac ? ` (${macForPeople(base.mac)})` : ''}`

/** The sentences for what blocks `h` on these bases; [] when nothing does. */
export function clashesOf(h: HandsetKey, bases: Iterable<BaseMembers>): string[] {
  const found: string[] = []
  for (const base of bases) {
    for (const m of base.members) {
      const ipui = sameIpui(m.ipui, h.ipui)
      const extension = m.extension_number === h.extension
      if (ipui && !extension) found.push(`handset ${h.ipui} is on ${baseText(base)} as handset ${m.handset_index}, for extension ${m.extension_number}; take it off there on the PBX first`)
      if (extension && !ipui) found.push(`extension ${h.extension} is on ${baseText(base)} as handset ${m.handset_index} (${m.ipui}); give this handset another extension or take that one off on the PBX`)
    }
  }
  return found
}

export interface HolderFinder {
  /** what blocks each handset (by id), read from the PBX where the lists known do not tell; undefined: not found */
  find(handsets: ReadonlyMap<string, HandsetKey>): Promise<Map<string, string | undefined>>
}

/**
 * @param known the member lists the push has read (its own bases), by MAC; read when `find` runs,
 *   so a list the push has since read again counts
 * @param others the PBX's other DECT bases, whose lists are read once, when first asked
 * @param read reads a base's members; undefined when the push is stopping
 */
export function createHolderFinder(
  known: () => Iterable<BaseMembers>,
  others: readonly DectPhone[],
  read: (phoneId: string) => Promise<DectMember[] | undefined>,
): HolderFinder {
  const otherLists = new Map<string, BaseMembers>()
  return {
    async find(handsets) {
      const out = new Map<string, string | undefined>()
      const unknown = new Map<string, HandsetKey>()
      for (const [id, h] of handsets) {
        const seen = clashesOf(h, known())
        if (seen.length > 0) out.set(id, seen.join('; '))
        else unknown.set(id, h)
      }
      for (const phone of others) {
        if (unknown.size === 0) break
        let base = otherLists.get(phone.id)
        if (!base) {
          const members = await read(phone.id)
          if (members === undefined) break
          base = { mac: phone.mac, name: phone.name ?? phone.mac ?? phone.id, members }
          otherLists.set(phone.id, base)
        }
        for (const [id, h] of unknown) {
          const seen = clashesOf(h, [base])
          if (seen.length === 0) continue
          out.set(id, seen.join('; '))
          unknown.delete(id)
        }
      }
      for (const id of unknown.keys()) out.set(id, undefined)
      return out
    },
  }
}
