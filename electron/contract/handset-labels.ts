import { macForPeople, type Batch } from './dect'
import { isHandsetOnPbx } from './dect-handsets'
import { formatIpei, IPUI_PATTERN, ipuiToIpei } from './ipui'

/**
 * What a handset's label says, shared by the printed sheet (services/dect/labels/label-pdf.ts) and the
 * preview on screen, so the two cannot drift: the extension large, the handset's name, its IPUI and
 * the IPEI some boxes print, and the base it is enrolled on with its index. No QR code: a handset
 * is found by its number.
 */

export interface LabelHandset {
  extension?: string
  name?: string
  /** IPUI-N, 10 hex digits */
  ipui: string
  /** the base it is on: its MAC, and its name when it has one */
  baseMac: string
  baseName?: string
  handsetIndex?: number
}

/** Type sizes of a handset label in pt; the details stay at LABEL_TEXT.detailPt. */
export const HANDSET_LABEL_TEXT = { extensionPt: 14, namePt: 10 } as const

/** The lines of one handset's label, top to bottom; a line left out is undefined. */
export interface HandsetLabelLines {
  extension?: string
  name?: string
  ipui: string
  ipei?: string
  place?: string
}

export function handsetLabelLines(handset: LabelHandset): HandsetLabelLines {
  const base = handset.baseName || macForPeople(handset.baseMac)
  const place = [base ? `Base ${base}` : '', handset.handsetIndex === undefined ? '' : `handset ${handset.handsetIndex}`].filter(Boolean).join(' · ')
  return {
    ...(handset.extension ? { extension: `Ext. ${handset.extension}` } : {}),
    ...(handset.name ? { name: handset.name } : {}),
    ipui: `IPUI ${handset.ipui}`,
    ...(IPUI_PATTERN.test(handset.ipui) ? { ipei: `IPEI ${formatIpei(ipuiToIpei(handset.ipui))}` } : {}),
    ...(place ? { place } : {}),
  }
}

/**
 * The handsets a label sheet shows: those on the PBX (enrolled or matched), by base (the batch's
 * row order) then handset index.
 */
export function labelHandsets(batch: Pick<Batch, 'rows' | 'handsets'>): LabelHandset[] {
  const bases = new Map<string, { order: number; name: string }>()
  batch.rows.forEach((row, order) => {
    const mac = row.values.mac
    if (mac && !bases.has(mac)) bases.set(mac, { order, name: row.values.name ?? '' })
  })
  const placed = batch.handsets
    .filter(isHandsetOnPbx)
    .map((handset) => {
      const baseMac = handset.outcome.baseMac ?? handset.values.base_mac ?? ''
      const base = bases.get(baseMac)
      const index = handset.outcome.handsetIndex ?? (Number(handset.values.handset_index) || undefined)
      const label: LabelHandset = {
        ipui: handset.values.ipui ?? '',
        baseMac,
        ...(handset.values.extension ? { extension: handset.values.extension } : {}),
        ...(handset.values.name ? { name: handset.values.name } : {}),
        ...(base?.name ? { baseName: base.name } : {}),
        ...(index === undefined ? {} : { handsetIndex: index }),
      }
      return { label, base: base?.order ?? Number.MAX_SAFE_INTEGER, index: index ?? Number.MAX_SAFE_INTEGER, row: handset.row }
    })
  placed.sort((a, b) => a.base - b.base || a.index - b.index || a.row - b.row)
  return placed.map((p) => p.label)
}
