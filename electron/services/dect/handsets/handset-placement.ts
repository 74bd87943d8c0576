import { isRetired } from '../../../contract/batch-state'
import { macForPeople, type RowProblem } from '../../../contract/dect'
import type { HandsetPlacement, HandsetRow } from '../../../contract/dect-handsets'
import { revalidateHandset } from './handset-rows'

/**
 * Handsets across a batch: which base each goes to, and the problems only the whole batch shows
 * (an IPUI or an extension twice, a base MAC that is no base of the batch, more handsets than a
 * base takes, one index twice on a base).
 *
 * Placement: a handset that names its base goes there; the others fill the batch's bases in
 * order, each up to its model's lines less the handsets that named it. A base whose lines are not
 * known (no model list from a PBX yet) takes any number: the push, which reads the lines from the
 * PBX, places them for good.
 */

/** A base of the batch a handset can go to: a valid base row. */
export interface BaseSlot {
  mac: string
  name: string
  /** the most handsets its model takes, when known */
  lines: number | undefined
}

const error = (field: string, message: string): RowProblem => ({ field, message, severity: 'error' })

const rowList = (rows: readonly number[]): string =>
  rows.length === 1 ? `row ${rows[0]}` : `rows ${rows.slice(0, 5).join(', ')}${rows.length > 5 ? ` and ${rows.length - 5} more` : ''}`

/** Each handset's place: its own base, or the next base with room, or why there is none. */
export function placeHandsets(handsets: readonly HandsetRow[], bases: readonly BaseSlot[]): Map<string, HandsetPlacement> {
  const byMac = new Map(bases.map((b) => [b.mac, b]))
  const used = new Map<string, number>(bases.map((b) => [b.mac, 0]))
  const places = new Map<string, HandsetPlacement>()
  const room = (b: BaseSlot): boolean => b.lines === undefined || (used.get(b.mac) ?? 0) < b.lines
  const take = (h: HandsetRow, b: BaseSlot): void => {
    used.set(b.mac, (used.get(b.mac) ?? 0) + 1)
    const index = h.values.handset_index === undefined ? undefined : Number(h.values.handset_index)
    places.set(h.id, { ok: true, baseMac: b.mac, handsetIndex: index })
  }
  for (const h of handsets) {
    const mac = h.values.base_mac
    if (mac === undefined) continue
    const base = byMac.get(mac)
    if (!base) places.set(h.id, { ok: false, message: `base MAC ${macForPeople(mac)} is not a base of this batch: add the base as a row, or leave the cell empty` })
    else if (!room(base)) places.set(h.id, { ok: false, message: `base ${base.name} (${macForPeople(mac)}) takes ${base.lines} handsets; this one is over` })
    else take(h, base)
  }
  let next = 0
  for (const h of handsets) {
    if (h.values.base_mac !== undefined) continue
    while (next < bases.length && !room(bases[next] as BaseSlot)) next++
    const base = bases[next]
    if (base) take(h, base)
    else places.set(h.id, { ok: false, message: bases.length === 0 ? 'the batch has no base to put this handset on: add the bases first' : `the batch's bases are full (they take ${bases.reduce((n, b) => n + (b.lines ?? 0), 0)} handsets)` })
  }
  return places
}

/** Every handset checked again on its own, then against the others and the bases (the retired on their own alone). */
export function checkHandsets(handsets: readonly HandsetRow[], bases: readonly BaseSlot[]): HandsetRow[] {
  const checked = handsets.map(revalidateHandset)
  const rows = checked.filter((h) => !isRetired(h))
  const valid = (h: HandsetRow, field: 'ipui' | 'extension'): string | undefined =>
    h.problems.some((p) => p.field === field && p.severity === 'error') ? undefined : h.values[field]
  const repeats = (field: 'ipui' | 'extension', label: string): void => {
    const seen = new Map<string, HandsetRow[]>()
    for (const h of rows) {
      const v = valid(h, field)
      if (v !== undefined) seen.set(v, [...(seen.get(v) ?? []), h])
    }
    for (const [value, same] of seen) {
      if (same.length < 2) continue
      for (const h of same) h.problems.push(error(field, `${label} ${value} is also in ${rowList(same.filter((o) => o !== h).map((o) => o.row))}`))
    }
  }
  repeats('ipui', 'IPUI')
  repeats('extension', 'extension')

  const places = placeHandsets(rows.filter((h) => !h.problems.some((p) => p.severity === 'error')), bases)
  const onBase = new Map<string, HandsetRow[]>()
  for (const h of rows) {
    const place = places.get(h.id)
    if (place === undefined) continue
    if (!place.ok) {
      h.problems.push(error(h.values.base_mac === undefined ? 'row' : 'base_mac', place.message))
      continue
    }
    const base = bases.find((b) => b.mac === place.baseMac)
    if (place.handsetIndex !== undefined && base?.lines !== undefined && place.handsetIndex > base.lines) {
      h.problems.push(error('handset_index', `handset index ${place.handsetIndex} is past base ${base.name}'s ${base.lines} handsets`))
    }
    if (place.handsetIndex !== undefined) onBase.set(`${place.baseMac}/${place.handsetIndex}`, [...(onBase.get(`${place.baseMac}/${place.handsetIndex}`) ?? []), h])
  }
  for (const [key, same] of onBase) {
    if (same.length < 2) continue
    const index = key.split('/')[1]
    for (const h of same) h.problems.push(error('handset_index', `handset index ${index} is also given to ${rowList(same.filter((o) => o !== h).map((o) => o.row))} on the same base`))
  }
  return checked
}
