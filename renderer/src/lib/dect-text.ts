import type { BatchState, StateCounts } from '@contract/batch-state'
import type { HandsetCounts, LabelSizeName, PushProgress } from '@contract/dect'

/**
 * Words for the DECT push, QR walk, labels and phones screens. Plain functions, tested through
 * the components.
 */

/** A MAC as people read it from a handset's sticker (one definition, in the contract). */
export { macForPeople as macText } from '@contract/dect'

/** The label stock each sheet size is laid out for, in words (its layout: LABEL_LAYOUTS in the contract). */
export const LABEL_SIZE_TEXT: Record<LabelSizeName, string> = {
  'a4-21': 'A4, 21 labels (63.5 × 38.1 mm)',
  'a4-14': 'A4, 14 labels (99.1 × 38.1 mm)',
  'letter-30': 'US Letter, 30 labels (66.7 × 25.4 mm)',
  'roll-89x36': 'Label printer roll, 89 × 36 mm',
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

/** "handsets: 20 of 25 · 18 enrolled · 2 matched · 0 failed"; '' for a batch without handsets. */
export function handsetsText(h: HandsetCounts | undefined): string {
  if (!h || h.total + h.withErrors === 0) return ''
  return `handsets: ${h.done} of ${h.total} · ${h.enrolled} enrolled · ${h.matched} matched · ${h.failed} failed`
}

/** ", 2 failed, 3 not sent (errors), 30 ready to push": what of a kind is not on the PBX, zeros left out. */
const notOnPbx = (c: StateCounts): string =>
  [c.failed > 0 ? `${c.failed} failed` : '', c.not_sent > 0 ? `${c.not_sent} not sent (errors)` : '', c.ready > 0 ? `${c.ready} ready to push` : '']
    .filter(Boolean)
    .map((part) => `, ${part}`)
    .join('')

/**
 * Where a push left the batch (its state, contract/batch-state.ts): "148 of 150 bases are on Acme
 * HQ: 146 created, 2 matched, 2 failed." then the handsets the same way, each with what is not on
 * the PBX (failed, not sent for errors, ready to push).
 */
export function pushSummaryText(p: PushProgress, target: string): string {
  const { rows, handsets } = p.state
  const parts = [`${rows.done} of ${rows.total} ${rows.total === 1 ? 'base is' : 'bases are'} on ${target}: ${p.created} created, ${p.matched} matched${notOnPbx(rows)}.`]
  if (handsets.total > 0) parts.push(`Handsets: ${handsets.done} of ${handsets.total} on the PBX: ${p.handsets?.enrolled ?? 0} enrolled, ${p.handsets?.matched ?? 0} matched${notOnPbx(handsets)}.`)
  return parts.join(' ')
}

/**
 * The next step after a push that put phones on the PBX: "Next: print labels (12 bases, 150
 * handsets)"; '' when nothing is on the PBX to label.
 */
export function nextLabelsText(state: BatchState): string {
  const { rows, handsets } = state
  const what = [rows.done > 0 ? `${rows.done} ${rows.done === 1 ? 'base' : 'bases'}` : '', handsets.done > 0 ? `${handsets.done} ${handsets.done === 1 ? 'handset' : 'handsets'}` : '']
    .filter(Boolean)
    .join(', ')
  return what ? `Next: print labels (${what})` : ''
}

/** After a retry: "2 bases failed again: the reasons are under "Failed". Fix them on the Rows tab, then retry."; '' when none did. */
export function failedAgainText(state: BatchState): string {
  const bases = state.rows.failed
  const handsets = state.handsets.failed
  if (bases + handsets === 0) return ''
  const what = [bases > 0 ? `${bases} ${bases === 1 ? 'base' : 'bases'}` : '', handsets > 0 ? `${handsets} ${handsets === 1 ? 'handset' : 'handsets'}` : ''].filter(Boolean).join(' and ')
  const where = bases > 0 && handsets > 0 ? 'the Rows and Handsets tabs' : bases > 0 ? 'the Rows tab' : 'the Handsets tab'
  return `${what} failed again: the reasons are under "Failed". Fix ${bases + handsets === 1 ? 'it' : 'them'} on ${where}, then retry.`
}

/** "1 phone", "150 phones" */
export function phonesText(count: number): string {
  return `${count} ${count === 1 ? 'phone' : 'phones'}`
}

/** "1 handset", "10 handsets" */
export function handsetCountText(count: number): string {
  return `${count} ${count === 1 ? 'handset' : 'handsets'}`
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

/** "Added 2 bases and 6 handsets from more.csv; 1 has errors and is not pushed." */
export function addedText(added: { fileName: string; rows: number; handsets: number; withErrors: number }): string {
  const parts = [added.rows > 0 ? `${added.rows} ${added.rows === 1 ? 'base' : 'bases'}` : '', added.handsets > 0 ? `${added.handsets} ${added.handsets === 1 ? 'handset' : 'handsets'}` : ''].filter(Boolean)
  if (parts.length === 0) return `Nothing was added from ${added.fileName}: it has no data row, or only bases the batch has.`
  const errors = added.withErrors === 0 ? '' : `; ${added.withErrors} ${added.withErrors === 1 ? 'has errors and is' : 'have errors and are'} not pushed`
  return `Added ${parts.join(' and ')} from ${added.fileName}${errors}.`
}
