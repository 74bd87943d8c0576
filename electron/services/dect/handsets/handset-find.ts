import { isRetired } from '../../../contract/batch-state'
import type { Batch, BatchRow } from '../../../contract/dect'
import { isHandsetOnPbx, type HandsetRow } from '../../../contract/dect-handsets'
import { parseIpui } from '../../../contract/ipui'
import { normalizeMac, type DectMember } from '../../../contract/pbx'
import { ServiceError } from '../../errors'

/**
 * A handset or a base of a batch as an installer names it when it changes on site (issue 43: swap,
 * move, renumber, retire): a handset by its label scanned (IPUI or IPEI) or by its extension typed,
 * whether it may change (on the PBX, no other change of it stopped half-way), a base by its MAC or
 * its name, and the words the refusals use.
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

/** The changes of a handset noted under way: what each is called, what it changes, and how it is finished. */
const CHANGES = {
  swapping: { what: 'swap', changes: 'IPUI', finish: 'swap it again for the same new handset' },
  moving: { what: 'move', changes: 'base', finish: 'move it again to the same base' },
  renumbering: { what: 'renumber', changes: 'extension', finish: 'renumber it again to the same extension' },
} as const

/** A handset on the PBX, with its IPUI, extension and the base it is on. */
export interface PushedHandset {
  h: HandsetRow
  ipui: string
  extension: string
  baseMac: string
}

/**
 * The handset a change is asked of (found as `findHandset` finds it), refused, naming it, when it
 * is not on the PBX yet (it is changed in the batch then) or when another kind of change of it
 * stopped half-way (it is finished first, by asking it again).
 */
export function pushedHandset(batch: Batch, code: string, change: keyof typeof CHANGES): PushedHandset {
  const h = findHandset(batch, code)
  const { extension, ipui = '' } = h.values
  const baseMac = h.outcome.baseMac
  if (!isHandsetOnPbx(h) || baseMac === undefined || extension === undefined) {
    throw new ServiceError('INVALID_INPUT', `${handsetText(h)} is not on the PBX yet: change its ${CHANGES[change].changes} in the batch instead, then push it.`, { field: 'handset' })
  }
  const other = (Object.keys(CHANGES) as (keyof typeof CHANGES)[]).find((key) => key !== change && h[key] !== undefined)
  if (other !== undefined) {
    const { what, finish } = CHANGES[other]
    throw new ServiceError('INVALID_INPUT', `A ${what} of ${handsetText(h)} stopped half-way: finish it first (${finish}).`, { field: 'handset' })
  }
  return { h, ipui, extension, baseMac }
}

/** The member of a base that is handset `ipui` on `extension`, if it is one. */
export const memberOf = (members: readonly DectMember[], ipui: string, extension: string): DectMember | undefined =>
  members.find((m) => sameIpui(m.ipui, ipui) && m.extension_number === extension)

/** "1101 00AD000001, 1102 00AD000002", or "no handsets" */
const membersText = (members: readonly DectMember[]): string =>
  members.length === 0 ? 'no handsets' : members.map((m) => `${m.extension_number} ${m.ipui}`).join(', ')

/** The refusal of a change when the base on the PBX does not have the handset where the batch has it. */
export const missingMember = (baseName: string, ipui: string, extension: string, members: readonly DectMember[], field = 'handset'): ServiceError =>
  new ServiceError('PBX_ERROR', `The base '${baseName}' has no handset ${ipui} for extension ${extension} (the PBX shows ${membersText(members)}): check the base on the PBX (On site) first.`, { field })
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
