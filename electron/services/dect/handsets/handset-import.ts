import { isRetired } from '../../../contract/batch-state'
import { macForPeople, rowHasErrors, withDefaults, type Batch, type BatchDefaults, type BatchRow, type BatchRowValues } from '../../../contract/dect'
import type { HandsetRow } from '../../../contract/dect-handsets'
import type { DectModel } from '../../../contract/pbx'
import { findModel } from '../../../contract/pbx'
import type { RawRowValues } from '../column-mapping'
import { buildHandsetRow } from './handset-rows'
import { checkHandsets, type BaseSlot } from './handset-placement'
import { parseMac } from '../mac'
import { buildRow } from '../row-validation'

/**
 * A spreadsheet with one row per handset (it has an IPUI column): each record is a handset; the
 * first record of each base MAC also makes that base's row (its name from a Base name column,
 * else "Base <MAC>"; its model and the other base fields from that record's cells and the batch
 * defaults). Records without a base MAC are handsets for the batch's bases in order.
 */

/** The most handsets a base row's model takes, from a PBX's model list (undefined when unknown). */
export type LinesOf = (values: BatchRowValues) => number | undefined

export const linesFromModels =
  (models: readonly DectModel[] | undefined): LinesOf =>
  (values) =>
    models && findModel(models, values.vendor, values.model)?.lines

/** The batch's valid base rows as places for handsets, in batch order (a retired base is none). */
export function baseSlots(rows: readonly BatchRow[], defaults: BatchDefaults, linesOf: LinesOf): BaseSlot[] {
  return rows
    .filter((row) => !rowHasErrors(row) && !isRetired(row) && row.values.mac !== undefined)
    .map((row) => ({ mac: row.values.mac as string, name: row.values.name ?? macForPeople(row.values.mac), lines: linesOf(withDefaults(row.values, defaults)) }))
}

export function importHandsetRecords(
  raws: readonly RawRowValues[],
  defaults: BatchDefaults,
  linesOf: LinesOf,
): { rows: BatchRow[]; handsets: HandsetRow[] } {
  const rows: BatchRow[] = []
  const bases = new Set<string>()
  const handsets = raws.map((raw, i) => {
    const { mac, ipui, extension, handset_index, name, base_name, ...baseFields } = raw
    const parsed = mac === undefined || mac.trim() === '' ? undefined : parseMac(mac)
    if (parsed?.ok && !bases.has(parsed.mac)) {
      bases.add(parsed.mac)
      const baseName = base_name?.trim() || `Base ${macForPeople(parsed.mac)}`
      rows.push(buildRow({ ...baseFields, mac: parsed.mac, name: baseName }, defaults, i + 1))
    }
    return buildHandsetRow({ base_mac: mac, ipui, extension, handset_index, name }, i + 1)
  })
  return { rows, handsets: recheckHandsets({ rows, defaults, handsets }, linesOf) }
}

/** A batch's handsets checked again against its bases (after an edit of either). */
export function recheckHandsets(batch: Pick<Batch, 'rows' | 'defaults' | 'handsets'>, linesOf: LinesOf): HandsetRow[] {
  return checkHandsets(batch.handsets, baseSlots(batch.rows, batch.defaults, linesOf))
}
