import { macForPeople } from '../../../../contract/dect'
import type { HandoverBase, HandoverHandset, HandoverReport, HandoverUndone } from '../../../../contract/handover-report'

/**
 * The hand-over report in the words its PDF prints: the title block's facts, the counts, each
 * table's cells, what is left undone. A fact the PBX could not give is said so, with the report's
 * own reason (its `cannotRead`), never left blank as if it were none.
 */

const many = (n: number, one: string, more = `${one}s`): string => `${n} ${n === 1 ? one : more}`

/** "2026-12-03 09:41 UTC" */
export const timeWords = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

export function titleFacts(report: HandoverReport): [string, string][] {
  return [
    ['Customer', report.customer || 'not saved with the PBX'],
    ['PBX', report.pbx.label],
    ['Address', report.pbx.address],
    ['Tenant', report.tenant ?? 'none (signed in as the system administrator)'],
    ['Installer', report.installer ?? 'not given'],
    ['Date', report.date],
    ['PBX read at', timeWords(report.readAt)],
  ]
}

/** Why the PBX could not give `field`, from the report ("this PBX does not list provisioned devices"). */
function unreadReason(report: HandoverReport, field: string): string {
  return report.cannotRead.find((c) => c.field === field)?.reason ?? 'the PBX could not say'
}

/** The counts' boxes: a figure and what it counts. */
export interface CountBox {
  figure: string
  label: string
}

export function countBoxes(report: HandoverReport): CountBox[] {
  const { counts } = report
  const left = counts.notSent + counts.failed + counts.notSeen
  return [
    { figure: `${counts.basesOnPbx} of ${counts.bases}`, label: 'bases on the PBX' },
    { figure: counts.basesFetchedConfig === null ? 'unknown' : `${counts.basesFetchedConfig} of ${counts.basesOnPbx}`, label: 'fetched their configuration' },
    counts.handsets === 0
      ? { figure: 'none', label: 'handsets in the batch' }
      : { figure: counts.handsetsOnPbx === null ? 'unknown' : `${counts.handsetsOnPbx} of ${counts.handsets}`, label: 'handsets on the PBX' },
    { figure: String(left), label: 'left undone' },
  ]
}

/** The sentences under the counts: what is left undone by kind, and each figure the PBX could not give. */
export function countNotes(report: HandoverReport): string[] {
  const { counts } = report
  const left = counts.notSent + counts.failed + counts.notSeen
  const notes = [
    left === 0
      ? 'Nothing is left undone.'
      : `Left undone: ${[
          counts.notSent ? `${counts.notSent} not sent` : '',
          counts.failed ? `${counts.failed} refused by the PBX` : '',
          counts.notSeen ? `${counts.notSeen} not seen on the PBX` : '',
        ]
          .filter(Boolean)
          .join(', ')} (listed with their reasons below).`,
  ]
  if (counts.basesFetchedConfig === null) notes.push(`Bases that fetched their configuration: unknown, ${unreadReason(report, 'configuration fetched')}.`)
  if (counts.handsetsOnPbx === null) notes.push(`Handsets on the PBX: unknown, ${unreadReason(report, 'handsets on the PBX')}.`)
  if (counts.handsets === 0) notes.push('The batch has no handsets.')
  return notes
}

/** "firmware: this PBX does not list provisioned devices", each fact the PBX could not give. */
export const unreadLines = (report: HandoverReport): string[] => report.cannotRead.map((c) => `${c.field}: ${c.reason}`)

const unreadField = (report: HandoverReport, field: string): boolean => report.cannotRead.some((c) => c.field === field)

export const BASE_COLUMNS = [
  { title: 'Name', share: 2.2 },
  { title: 'MAC', share: 2.2, mono: true },
  { title: 'Model', share: 1.3 },
  { title: 'Firmware', share: 1.6 },
  { title: 'IP', share: 1.7, mono: true },
  { title: 'Fetched its configuration', share: 1.6 },
] as const

export function baseCells(report: HandoverReport, base: HandoverBase): string[] {
  const absent = (value: string | undefined, field: string): string => value ?? (unreadField(report, field) ? 'unknown' : '—')
  const fetched = base.fetchedConfig === null ? 'unknown' : base.fetchedConfig ? 'yes' : base.onPbx ? 'no' : 'no: not on the PBX'
  return [base.name || '—', macForPeople(base.mac), base.model ?? '—', absent(base.firmware, 'firmware'), absent(base.ip, 'IP address'), fetched]
}

export const HANDSET_COLUMNS = [
  { title: 'Ext.', share: 0.9 },
  { title: 'User', share: 2 },
  { title: 'IPUI', share: 1.65, mono: true },
  { title: 'IPEI', share: 2, mono: true },
  { title: 'Base', share: 2 },
  { title: 'Index', share: 0.8 },
  { title: 'On the PBX', share: 1.35 },
] as const

export function handsetCells(report: HandoverReport, handset: HandoverHandset): string[] {
  const onPbx = handset.onPbx === null ? 'unknown' : handset.onPbx ? (handset.inBatch ? 'yes' : 'yes, not in the batch') : 'no'
  const index = handset.handsetIndex !== undefined ? String(handset.handsetIndex) : unreadField(report, 'handset index') ? 'unknown' : '—'
  return [handset.extension ?? '—', handset.name ?? '—', handset.ipui, handset.ipei ?? '—', handset.baseName || macForPeople(handset.baseMac) || '—', index, onPbx]
}

export const UNDONE_COLUMNS = [
  { title: 'State', share: 2.1 },
  { title: 'Base or handset', share: 3 },
  { title: 'Reason', share: 4.6 },
] as const

const KIND_WORDS: Record<HandoverUndone['kind'], string> = { not_sent: 'not sent', failed: 'refused by the PBX', not_seen: 'not seen' }

export function undoneCells(undone: HandoverUndone): string[] {
  return [`${undone.what === 'base' ? 'Base' : 'Handset'} ${KIND_WORDS[undone.kind]}`, undone.item, undone.reason || 'no reason was recorded']
}

/** The report's subtitle: "Site B: 12 bases, 150 handsets" */
export const subtitle = (report: HandoverReport): string =>
  `DECT batch “${report.batch.name}”: ${many(report.counts.bases, 'base')}, ${many(report.counts.handsets, 'handset')}`

/** The footer of every page: the batch, the customer (else the PBX), the date. */
export const footerWords = (report: HandoverReport): string => `Hand-over report · ${report.batch.name} · ${report.customer || report.pbx.label} · ${report.date}`
