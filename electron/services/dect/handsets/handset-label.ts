import { macForPeople, type Batch } from '../../../contract/dect'
import { isHandsetOnPbx } from '../../../contract/dect-handsets'
import { formatIpei, IPUI_PATTERN, ipuiToIpei } from '../../../contract/ipui'

/**
 * Handset labels of the label sheet (label-sheet.ts prints them after the bases' labels, on the
 * same stock): the extension large, the handset's name, its IPUI and the IPEI some boxes print,
 * and the base it is enrolled on with its index. No QR code: the handset is found by its number.
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

/**
 * The handsets a label sheet shows: those on the PBX (enrolled or matched), by base (the batch's
 * row order) then handset index.
 */
export function labelHandsets(batch: Batch): LabelHandset[] {
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

/** The CSS of handset labels, added to the sheet's (`.label` gives the size and the padding). */
export function handsetLabelCss(detailPt: number): string {
  const t = HANDSET_LABEL_TEXT
  return `.handset { flex-direction: column; align-items: stretch; justify-content: center; gap: 0; line-height: 1.15 }
.handset > div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis }
.handset .h-ext { font-weight: 700; font-size: ${t.extensionPt}pt }
.handset .h-name { font-size: ${t.namePt}pt }
.handset .h-id, .handset .h-base { font-size: ${detailPt}pt; margin-top: 0.5mm }
.handset .h-id { font-family: 'DejaVu Sans Mono', monospace }`
}

/** One handset's label; every text goes through `escape`. */
export function handsetLabelHtml(handset: LabelHandset, escape: (text: string) => string): string {
  const ipei = IPUI_PATTERN.test(handset.ipui) ? formatIpei(ipuiToIpei(handset.ipui)) : undefined
  const base = handset.baseName || macForPeople(handset.baseMac)
  const place = [base ? `Base ${base}` : '', handset.handsetIndex === undefined ? '' : `handset ${handset.handsetIndex}`].filter(Boolean).join(' · ')
  const lines = [
    handset.extension ? `<div class="h-ext">Ext. ${escape(handset.extension)}</div>` : '',
    handset.name ? `<div class="h-name">${escape(handset.name)}</div>` : '',
    `<div class="h-id">IPUI ${escape(handset.ipui)}</div>`,
    ipei ? `<div class="h-id">IPEI ${escape(ipei)}</div>` : '',
    place ? `<div class="h-base">${escape(place)}</div>` : '',
  ]
  return `<div class="label handset">${lines.filter(Boolean).join('')}</div>`
}
