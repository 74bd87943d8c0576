import { randomUUID } from 'node:crypto'
import { hiddenCharacterNote } from '../../../contract/characters'
import type { RowProblem } from '../../../contract/dect'
import type { HandsetField, HandsetRow, HandsetValues } from '../../../contract/dect-handsets'
import { parseIpui } from '../../../contract/ipui'
import { EXTENSION_NUMBER_PATTERN, MAX_HANDSET_INDEX } from '../../../contract/pbx'
import { parseMac } from '../mac'
import { REPLACEMENT_CHARACTER, replacementWarning } from '../row-validation'

/**
 * One handset of a spreadsheet row or a scan → a handset row: cells trimmed, the base MAC
 * normalised, the IPUI read in either form a handset or its box prints (10-hex IPUI-N or the
 * 13-digit IPEI, kept as IPUI-N), the extension and the handset index checked. Every problem names
 * the value ("IPEI 00146 0156577 7: check digit should be 9"); the preview puts the row in front.
 */

export type RawHandsetValues = Partial<Record<HandsetField, string>>

const MAX_NAME = 64
const MAX_SHOWN = 40
const shown = (value: string): string => (value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value)

const trimmed = (raw: RawHandsetValues): RawHandsetValues => {
  const out: RawHandsetValues = {}
  for (const [key, value] of Object.entries(raw) as [HandsetField, string | undefined][]) {
    const v = value?.trim()
    if (v) out[key] = v
  }
  return out
}

export function buildHandsetRow(raw: RawHandsetValues, rowNumber: number, id: string = randomUUID()): HandsetRow {
  const cells = trimmed(raw)
  const values: HandsetValues = {}
  const problems: RowProblem[] = []
  const error = (field: HandsetField, message: string) => problems.push({ field, message, severity: 'error' })

  if (cells.base_mac !== undefined) {
    const mac = parseMac(cells.base_mac)
    values.base_mac = mac.ok ? mac.mac : cells.base_mac
    if (!mac.ok) error('base_mac', `base ${mac.message}`)
  }

  if (cells.ipui === undefined) error('ipui', 'IPUI is missing: scan or type the handset\'s IPUI (or the IPEI from its box)')
  else {
    const ipui = parseIpui(cells.ipui)
    values.ipui = ipui.ok ? ipui.ipui : cells.ipui
    if (!ipui.ok) error('ipui', ipui.message)
  }

  if (cells.extension === undefined) error('extension', 'extension is missing: the handset rings for an extension of the PBX')
  else {
    values.extension = cells.extension
    if (!EXTENSION_NUMBER_PATTERN.test(cells.extension)) error('extension', `extension '${shown(cells.extension)}' must be 3 to 64 digits${hiddenCharacterNote(cells.extension)}`)
  }

  if (cells.handset_index !== undefined) {
    values.handset_index = cells.handset_index
    const n = /^\d+$/.test(cells.handset_index) ? Number(cells.handset_index) : NaN
    if (!Number.isInteger(n) || n < 1 || n > MAX_HANDSET_INDEX) {
      error('handset_index', `handset index '${shown(cells.handset_index)}' must be a whole number from 1 (leave it empty for the next free one)`)
    } else values.handset_index = String(n)
  }

  if (cells.name !== undefined) {
    values.name = cells.name
    if (cells.name.length > MAX_NAME) error('name', `name '${shown(cells.name)}' is longer than ${MAX_NAME} characters`)
    if (cells.name.includes(REPLACEMENT_CHARACTER)) problems.push({ field: 'name', message: replacementWarning('name', cells.name), severity: 'warning' })
  }

  return { id, row: rowNumber, values, problems, outcome: { state: 'pending' } }
}

/**
 * A handset row rebuilt from its own values (after an edit), keeping its id, number, outcome and
 * what happened to it (swaps, moves, and a change noted under way, which the next call finishes).
 */
export function revalidateHandset(row: HandsetRow): HandsetRow {
  const raw: RawHandsetValues = { ...row.values }
  return { ...row, ...buildHandsetRow(raw, row.row, row.id), outcome: row.outcome }
}
