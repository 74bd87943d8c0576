import type { Batch } from '../../../contract/dect'
import type { HandsetRow } from '../../../contract/dect-handsets'
import { parseIpui } from '../../../contract/ipui'
import type { DectMember } from '../../../contract/pbx'
import { ServiceError } from '../../errors'

/**
 * A handset of a batch as an installer names it when it changes on site (issue 43: swap, move):
 * by its label scanned (IPUI or IPEI) or by its extension typed, and the words the refusals use.
 */

export const sameIpui = (a: string | undefined, b: string): boolean => a?.toUpperCase() === b.toUpperCase()

/** "handset row 3 (1101 Anna 00AD000001)" */
export const handsetText = (h: HandsetRow): string => `handset row ${h.row} (${[h.values.extension, h.values.name, h.values.ipui].filter(Boolean).join(' ')})`

/** The handset: by IPUI or IPEI as scanned, else by extension; refused NOT_FOUND naming what was asked, on `field`. */
export function findHandset(batch: Batch, code: string, field = 'handset'): HandsetRow {
  const read = parseIpui(code)
  const found = read.ok ? batch.handsets.find((h) => sameIpui(h.values.ipui, read.ipui)) : batch.handsets.find((h) => h.values.extension === code.trim())
  if (found) return found
  const named = read.ok ? `IPUI ${read.ipui}` : `extension ${code.trim()}`
  throw new ServiceError('NOT_FOUND', `The batch "${batch.name}" has no handset with ${named}: scan the handset's label, or type its extension.`, { field })
}

/** "1101 00AD000001, 1102 00AD000002", or "no handsets" */
export const membersText = (members: readonly DectMember[]): string =>
  members.length === 0 ? 'no handsets' : members.map((m) => `${m.extension_number} ${m.ipui}`).join(', ')
