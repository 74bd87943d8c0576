import { isRetired } from '../../../contract/batch-state'
import { SITE_HANDSET_PLACES, type SiteHandset } from '../../../contract/bridge-handsets'
import { isHandsetOnPbx, type HandsetRow } from '../../../contract/dect-handsets'
import type { DectMember } from '../../../contract/pbx'
import type { BaseSlot } from './handset-placement'
import { placeHandsets } from './handset-placement'

/**
 * The on-site check's handsets (issue 40): a base's members as the PBX has them, against the
 * batch's handsets for that base. A handset's base in the batch is where the push put it (its
 * outcome), else where the batch places it (its base MAC, or the batch's bases in order, as the
 * push would). Handsets are told apart by IPUI (case ignored), the one thing a handset cannot
 * change; the extension shown is the PBX's for a member.
 */

export interface BatchHandsetPlace {
  handset: HandsetRow
  /** the base MAC the batch puts it on (12 hex digits) */
  baseMac: string
}

const ipuiKey = (ipui: string): string => ipui.trim().toUpperCase()

/**
 * Every handset of the batch with a base, by IPUI; a handset with errors and no base of its own has
 * none, a retired one none (the batch does not have it on a base any more).
 */
export function batchHandsetPlaces(handsets: readonly HandsetRow[], bases: readonly BaseSlot[]): Map<string, BatchHandsetPlace> {
  const live = handsets.filter((h) => !isRetired(h))
  const valid = live.filter((h) => !h.problems.some((p) => p.severity === 'error'))
  const places = placeHandsets(valid, bases)
  const out = new Map<string, BatchHandsetPlace>()
  for (const handset of live) {
    if (handset.values.ipui === undefined) continue
    const placed = places.get(handset.id)
    const baseMac = isHandsetOnPbx(handset) && handset.outcome.baseMac ? handset.outcome.baseMac : placed?.ok ? placed.baseMac : handset.values.base_mac
    if (baseMac !== undefined) out.set(ipuiKey(handset.values.ipui), { handset, baseMac })
  }
  return out
}

const rank = (h: SiteHandset): number => SITE_HANDSET_PLACES.indexOf(h.place)
const order = (a: SiteHandset, b: SiteHandset): number =>
  rank(a) - rank(b) || (a.handsetIndex ?? Infinity) - (b.handsetIndex ?? Infinity) || (a.extension ?? '').localeCompare(b.extension ?? '') || a.ipui.localeCompare(b.ipui)

/**
 * One base's handsets: its members, each on the base (the batch has it here), on another base of
 * the batch, or not in the batch; then the batch's handsets for it that are no member ("missing").
 * Missing first, then not in the batch, then elsewhere, then the ones in place.
 */
export function compareMembers(baseMac: string, members: readonly DectMember[], places: ReadonlyMap<string, BatchHandsetPlace>, baseName: (mac: string) => string): SiteHandset[] {
  const onPbx = new Set<string>()
  const out: SiteHandset[] = members.map((member) => {
    const key = ipuiKey(member.ipui)
    onPbx.add(key)
    const inBatch = places.get(key)
    const common = { ipui: key, extension: member.extension_number, handsetIndex: member.handset_index }
    const name = inBatch?.handset.values.name ?? member.display_name
    const named = name ? { ...common, name } : common
    if (!inBatch) return { ...named, place: 'not_in_batch' as const }
    if (inBatch.baseMac !== baseMac) return { ...named, place: 'other_base' as const, batchBase: baseName(inBatch.baseMac) }
    return { ...named, place: 'on_base' as const }
  })
  for (const [key, { handset, baseMac: mac }] of places) {
    if (mac !== baseMac || onPbx.has(key)) continue
    const { extension, name } = handset.values
    out.push({ place: 'missing', ipui: key, ...(extension ? { extension } : {}), ...(name ? { name } : {}) })
  }
  return out.sort(order)
}
