import { macForPeople } from '../../contract/dect'
import { qrSvg } from './qr-code'

/**
 * The printable label sheet: one label per phone with its QR code (the auto-provisioning URL),
 * name, MAC and extension. The same HTML is printed to PDF by Electron (printToPDF) and rendered
 * by the tests in Chromium, so what is tested is what is printed. Sizes follow common label stock.
 */
export const LABEL_SIZES = {
  /** Avery L7160 / 3x7 on A4: 63.5 × 38.1 mm */
  'a4-21': { page: 'A4', columns: 3, width: 63.5, height: 38.1, marginTop: 15.1, marginLeft: 7.2, gapX: 2.5, gapY: 0, qr: 30 },
  /** Avery L7163 / 2x7 on A4: 99.1 × 38.1 mm */
  'a4-14': { page: 'A4', columns: 2, width: 99.1, height: 38.1, marginTop: 15.1, marginLeft: 4.7, gapX: 2.5, gapY: 0, qr: 32 },
  /** Avery 5160 / 3x10 on US Letter: 66.7 × 25.4 mm */
  'letter-30': { page: 'Letter', columns: 3, width: 66.7, height: 25.4, marginTop: 12.7, marginLeft: 4.8, gapX: 3.2, gapY: 0, qr: 22 },
  /** one label per page, 89 × 36 mm (label printer rolls such as DYMO 99012) */
  'roll-89x36': { page: '89mm 36mm', columns: 1, width: 89, height: 36, marginTop: 0, marginLeft: 0, gapX: 0, gapY: 0, qr: 32 },
} as const
export type LabelSize = keyof typeof LABEL_SIZES

export interface LabelPhone {
  name: string
  mac: string
  extension?: string
  url: string
}


const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export async function labelSheetHtml(phones: readonly LabelPhone[], size: LabelSize, title = 'DECT labels'): Promise<string> {
  const s = LABEL_SIZES[size]
  const labels = await Promise.all(
    phones.map(async (phone) => {
      const svg = await qrSvg(phone.url)
      return `<div class="label"><div class="qr" role="img" aria-label="QR code of ${escape(phone.url)}">${svg}</div>
<div class="text"><div class="name">${escape(phone.name)}</div><div class="mac">${escape(macForPeople(phone.mac))}</div>${
        phone.extension ? `<div class="ext">Ext. ${escape(phone.extension)}</div>` : ''
      }</div></div>`
    }),
  )
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
.label { width: ${s.width}mm; height: ${s.height}mm; display: flex; align-items: center; gap: 2mm; padding: 1.5mm; overflow: hidden;
  break-inside: avoid; page-break-inside: avoid }
.qr { flex: none; width: ${s.qr}mm; height: ${s.qr}mm }
.qr svg { width: 100%; height: 100% }
.text { min-width: 0 }
.name { font-weight: 700; font-size: 10pt; overflow-wrap: anywhere }
.mac, .ext { font-family: 'DejaVu Sans Mono', monospace; font-size: 8.5pt; margin-top: 1mm }
</style></head>
<body><main class="sheet">
${labels.join('\n')}
</main></body></html>
`
}
