import { isRetired } from '../../../contract/batch-state'
import type { Batch, BatchRow } from '../../../contract/dect'
import type { HandsetRow } from '../../../contract/dect-handsets'
import { parseIpui } from '../../../contract/ipui'
import { normalizeMac, type DectMember } from '../../../contract/pbx'
import { ServiceError } from '../../errors'

/**
 * A handset or a base of a batch as an installer names it when it changes on site (issue 43: swap,
 * move, retire): a handset by its label scanned (IPUI or IPEI) or by its extension typed, a base
 * by its MAC or its name, and the words the refusals use.
 */

export const sameIpui = (a: string | undefined, b: string): boolean => a?.toUpperCase() === b.toUpperCase()

/** "handset row 3 (1101 Anna 00AD000001)" */
export const handsetText = (h: HandsetRow): string => `handset row ${h.row} (${[h.values.extension, h.values.name, h.values.ipui].filter(Boolean).join(' ')})`

/** The handset by IPUI or IPEI as scanned, else by extension (a live one before a retired one); undefined when none. */
export function handsetNamed(batch: Batch, code: string): HandsetRow | undefined {
  const read = parseIpui(code)
  const named = batch.handsets.filter((h) => (read.ok ? sameIpui(h.values.ipui, read.ipui) : h.values.extension === code.trim()))
  return named.find((h) => !isRetired(h)) ?? named[0]
}

/** The handset (`handsetNamed`); refused NOT_FOUND naming what was asked, on `field`. */
export function findHandset(batch: Batch, code: string, field = 'handset'): HandsetRow {
  const found = handsetNamed(batch, code)
  if (found) return found
  const read = parseIpui(code)
  const named = read.ok ? `IPUI ${read.ipui}` : `extension ${code.trim()}`
  throw new ServiceError('NOT_FOUND', `The batch "${batch.name}" has no handset with ${named}: scan the handset's label, or type its extension.`, { field })
}

/** "1101 00AD000001, 1102 00AD000002", or "no handsets" */
export const membersText = (members: readonly DectMember[]): string =>
  members.length === 0 ? 'no handsets' : members.map((m) => `${m.extension_number} ${m.ipui}`).join(', ')

/** A base row of a batch: one with a MAC. */
export type BaseRow = BatchRow & { values: { mac: string } }

/**
 * The base of the batch with this MAC (any spelling; a live row before a retired one of the same
 * MAC), else with this name (case ignored); undefined when none. Several of that name: refused,
 * on `field`.
 */
export function baseNamed(batch: Batch, code: string, field: string): BaseRow | undefined {
  const typed = code.trim()
  const hex = typed.replace(/[^0-9a-f]/gi, '')
  const withMac = hex.length === 12 ? batch.rows.filter((row) => row.values.mac === normalizeMac(hex)) : []
  const byMac = withMac.find((row) => !isRetired(row)) ?? withMac[0]
  const byName = batch.rows.filter((row) => row.values.mac !== undefined && row.values.name?.trim().toLowerCase() === typed.toLowerCase())
  if (!byMac && byName.length > 1) throw new ServiceError('INVALID_INPUT', `${field}: ${byName.length} bases of the batch are named "${typed}": scan the base's MAC instead.`, { field })
  const row = byMac ?? byName[0]
  return row?.values.mac === undefined ? undefined : (row as BaseRow)
}

/** The base of the batch by its MAC or its name (`baseNamed`); refused INVALID_INPUT naming what was asked, on `field`. */
export function findBase(batch: Batch, code: string, field = 'to'): BaseRow {
  const row = baseNamed(batch, code, field)
  if (!row) throw new ServiceError('INVALID_INPUT', `${field}: the batch "${batch.name}" has no base ${code.trim()}: scan the base's MAC, or type its name as the batch has it.`, { field })
  return row
}
