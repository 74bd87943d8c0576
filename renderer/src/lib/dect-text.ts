import type { LabelSizeName } from '@contract/dect'

/**
 * Words for the DECT push, QR walk, labels and phones screens. Plain functions, tested through
 * the components.
 */

/** A MAC as people read it from a handset's sticker (one definition, in the contract). */
export { macForPeople as macText } from '@contract/dect'

/** The label stock each sheet size is laid out for, in words; `width`/`height` of one label in mm. */
export const LABEL_SIZES: Record<LabelSizeName, { text: string; width: number; height: number }> = {
  'a4-21': { text: 'A4, 21 labels (63.5 × 38.1 mm)', width: 63.5, height: 38.1 },
  'a4-14': { text: 'A4, 14 labels (99.1 × 38.1 mm)', width: 99.1, height: 38.1 },
  'letter-30': { text: 'US Letter, 30 labels (66.7 × 25.4 mm)', width: 66.7, height: 25.4 },
  'roll-89x36': { text: 'Label printer roll, 89 × 36 mm', width: 89, height: 36 },
}

/** "about 40 s left", "about 3 min left"; null (not known yet) says so. */
export function timeLeftText(etaMs: number | null): string {
  if (etaMs === null) return 'working out the time left…'
  const seconds = Math.max(1, Math.round(etaMs / 1000))
  if (seconds < 90) return `about ${seconds} s left`
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return `about ${minutes} min left`
  const hours = Math.floor(minutes / 60)
  return `about ${hours} h ${minutes % 60} min left`
}

/** "1 phone", "150 phones" */
export function phonesText(count: number): string {
  return `${count} ${count === 1 ? 'phone' : 'phones'}`
}

/**
 * A QR code main drew (an SVG document) as it may go into `v-html`: only an SVG element with
 * nothing active inside (no script, no foreign HTML, no event handler, no link); '' otherwise. The
 * SVG comes from main's QR code library, so this is a second line of defence, not a sanitiser.
 */
export function qrSvgMarkup(svg: string): string {
  const body = svg.replace(/^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!DOCTYPE[^>]*>\s*)?/i, '')
  if (!/^<svg[\s>]/i.test(body)) return ''
  if (/<\s*(?:script|foreignObject|iframe|object|embed|a|use)\b|\son[a-z]+\s*=|javascript:|href\s*=/i.test(body)) return ''
  return body
}
