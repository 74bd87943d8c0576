import { HANDSET_LABEL_TEXT, handsetLabelLines, type LabelHandset } from '../../../contract/handset-labels'

/**
 * Handset labels of the printed sheet (label-sheet.ts prints them after the bases' labels, on the
 * same stock); what each line says comes from the contract's handsetLabelLines, which the preview on
 * screen draws from too.
 */

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
  const lines = handsetLabelLines(handset)
  const line = (cls: string, text: string | undefined) => (text ? `<div class="${cls}">${escape(text)}</div>` : '')
  return `<div class="label handset">${[
    line('h-ext', lines.extension),
    line('h-name', lines.name),
    line('h-id', lines.ipui),
    line('h-id', lines.ipei),
    line('h-base', lines.place),
  ].join('')}</div>`
}
