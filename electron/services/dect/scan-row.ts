import { formatIpei, parseIpui } from '../../contract/ipui'
import { nextExtension, type ScanModel } from '../../contract/dect-scan'
import type { BatchRow } from '../../contract/dect'
import { ServiceError } from '../errors'
import type { RawRowValues } from './column-mapping'
import { parseMac, parseMacForm } from './mac'

/** What a scan asks of a base row: the code scanned, the name pattern, the model, the first extension. */
export interface BaseScan {
  mac: string
  namePattern: string
  model?: ScanModel | undefined
  extensionStart?: string | undefined
}

/**
 * The MAC a scan of a base gave, or INVALID_INPUT naming what was scanned: a handset's IPUI or
 * IPEI (not twelve hex digits) is named as such, scanned in the wrong place; anything else as a
 * MAC that is not one.
 */
export function scannedMac(code: string): string {
  const parsed = parseMac(code)
  if (parsed.ok) return parsed.mac
  // twelve hex digits are a MAC, whatever it says of it (all zeros, multicast): only a code of another form may be a handset's
  const handset = parseMacForm(code).ok ? undefined : parseIpui(code)
  if (handset?.ok) {
    throw new ServiceError(
      'INVALID_INPUT',
      `mac: “${code.trim()}” is a handset's IPUI ${handset.ipui} (IPEI ${formatIpei(handset.ipei)}), not a base's MAC: handsets are scanned in the Handsets tab`,
      { field: 'mac' },
    )
  }
  throw new ServiceError('INVALID_INPUT', `mac: ${parsed.message}`, { field: 'mac' })
}

/** The cells of the base row a scan adds as row `number` of a batch holding `rows`. */
export function scannedRowCells(scan: BaseScan, mac: string, number: number, rows: readonly BatchRow[]): RawRowValues {
  const cells: RawRowValues = { mac, name: scan.namePattern.replaceAll('{n}', String(number)) }
  if (scan.model) {
    cells.vendor = scan.model.vendor
    cells.model = scan.model.model
    if (scan.model.template !== undefined) cells.template = scan.model.template
  }
  if (scan.extensionStart !== undefined) cells.extension = nextExtension(scan.extensionStart, rows.map((row) => row.values.extension))
  return cells
}
