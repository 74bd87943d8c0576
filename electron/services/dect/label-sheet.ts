import { LABEL_LAYOUTS, LABEL_TEXT, macForPeople, type LabelSizeName } from '../../contract/dect'
import type { LabelHandset } from '../../contract/handset-labels'
import { handsetLabelCss, handsetLabelHtml } from './handsets/handset-label'
import { qrSvg } from './qr-code'

/**
 * The printable label sheet: one label per phone (base) with its QR code (the auto-provisioning
 * URL), name, MAC and extension, then one per handset on the PBX (handset-label.ts), on the same
 * stock. The same HTML is printed to PDF by Electron (printToPDF) and rendered by the tests in
 * Chromium, so what is tested is what is printed. Sizes follow common label stock
 * (LABEL_LAYOUTS in the contract, which the preview on screen is drawn from too).
 */

export interface LabelPhone {
  name: string
  mac: string
  extension?: string
  url: string
}

/** What a sheet shows: the bases' labels first, then the handsets'. */
export interface LabelSheet {
  bases: readonly LabelPhone[]
  handsets: readonly LabelHandset[]
}

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export async function labelSheetHtml(sheet: LabelSheet, size: LabelSizeName, title = 'DECT labels'): Promise<string> {
  const s = LABEL_LAYOUTS[size]
  const t = LABEL_TEXT
  const labels = await Promise.all(
    sheet.bases.map(async (phone) => {
      const svg = await qrSvg(phone.url)
      return `<div class="label"><div class="qr" role="img" aria-label="QR code of ${escape(phone.url)}">${svg}</div>
<div class="text"><div class="name">${escape(phone.name)}</div><div class="mac">${escape(macForPeople(phone.mac))}</div>${
        phone.extension ? `<div class="ext">Ext. ${escape(phone.extension)}</div>` : ''
      }</div></div>`
    }),
  )
  labels.push(...sheet.handsets.map((handset) => handsetLabelHtml(handset, escape)))
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escape(title)}</title>
<style>
@page { size: ${s.page}; margin: 0 }
* { box-sizing: border-box }
body { margin: 0; font: 9pt system-ui, 'DejaVu Sans', sans-serif; color: #000 }
.sheet { display: grid; grid-template-columns: repeat(${s.columns}, ${s.width}mm); column-gap: ${s.gapX}mm; row-gap: ${s.gapY}mm;
  padding: ${s.marginTop}mm 0 0 ${s.marginLeft}mm }
.label { width: ${s.width}mm; height: ${s.height}mm; display: flex; align-items: center; gap: ${t.gapMm}mm; padding: ${t.paddingMm}mm; overflow: hidden;
  break-inside: avoid; page-break-inside: avoid }
.qr { flex: none; width: ${s.qr}mm; height: ${s.qr}mm }
.qr svg { width: 100%; height: 100% }
.text { min-width: 0 }
.name { font-weight: 700; font-size: ${t.namePt}pt; overflow-wrap: anywhere }
.mac, .ext { font-family: 'DejaVu Sans Mono', monospace; font-size: ${t.detailPt}pt; margin-top: 1mm; white-space: nowrap }
${handsetLabelCss(t.detailPt)}
</style></head>
<body><main class="sheet">
${labels.join('\n')}
</main></body></html>
`
}
