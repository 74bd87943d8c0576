import { itemState, type BatchStatus, type BatchVerdict, type ItemState } from '@contract/batch-state'
import type { BatchField, BatchSummary, ColumnMapping, MappingField } from '@contract/dect'
import type { RowProblem } from '@contract/row-problem'

/**
 * Words for DECT batches (the list, the new-batch wizard, the rows table, scan mode). The push,
 * QR and label screens have theirs in `dect-text.ts`.
 */

/**
 * Where a batch stands (its verdict, contract/batch-state.ts) in words, and the colour of its tag:
 * green only when every row and handset is on the PBX. A stored status is a verdict's name too.
 */
export const STATUS_WORDS: Record<BatchVerdict, string> = {
  draft: 'Draft',
  pushing: 'Pushing',
  paused: 'Paused',
  done: 'Done',
  incomplete: 'Incomplete',
  partly_failed: 'Partly failed',
  failed: 'Failed',
}
export const STATUS_TAG: Record<BatchVerdict, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  pushing: 'info',
  paused: 'warning',
  done: 'success',
  incomplete: 'warning',
  partly_failed: 'error',
  failed: 'error',
}

/** A row's or a handset's state (contract/batch-state.ts) in words, and the colour of its tag. */
export const ITEM_STATE_WORDS: Record<ItemState, string> = {
  ready: 'ready',
  not_sent: 'not sent',
  pending: 'pending',
  done: 'on the PBX',
  failed: 'failed',
  retired: 'retired',
}
export const ITEM_STATE_TAG: Record<ItemState, 'default' | 'warning' | 'info' | 'success' | 'error'> = {
  ready: 'default',
  not_sent: 'warning',
  pending: 'info',
  done: 'success',
  failed: 'error',
  retired: 'default',
}

/**
 * Where a row or handset of a batch whose status is `status` stands, in a word: ready, not sent
 * (its errors keep it out), pending, failed; on the PBX, how it got there (created, matched,
 * enrolled), as the push said.
 */
export function itemStateText(item: { outcome: { state: string }; problems: readonly Pick<RowProblem, 'severity'>[] }, status: BatchStatus): { state: ItemState; text: string } {
  const state = itemState(item, status)
  return { state, text: state === 'done' ? item.outcome.state : ITEM_STATE_WORDS[state] }
}

/** The batch fields in words, for the mapping step and the rows table's headers. */
export const FIELD_WORDS: Record<BatchField, string> = {
  name: 'Name',
  mac: 'MAC address',
  extension: 'Extension',
  vendor: 'Vendor',
  model: 'Model',
  template: 'Template',
  language: 'Language',
  handset_language: 'Handset language',
  timezone: 'Timezone',
  region: 'Region',
  tone: 'Tone',
  interface: 'Interface',
  preferred_transport: 'Preferred transport',
  codecs: 'Codecs',
  rps: 'RPS',
  https: 'HTTPS',
}

/** The words of what a spreadsheet column may fill: a base's field, or a handset's. */
export const MAPPING_WORDS: Record<MappingField, string> = {
  ...FIELD_WORDS,
  ipui: 'Handset IPUI / IPEI',
  handset_index: 'Handset index',
  base_name: 'Base name',
}

/** "150 rows · 3 with errors · 120 created · 2 failed · 40 handsets (38 on the PBX)" (what is zero is left out, rows aside). */
export function countsText(counts: BatchSummary['counts']): string {
  const parts = [`${counts.rows} ${counts.rows === 1 ? 'row' : 'rows'}`]
  if (counts.withErrors > 0) parts.push(`${counts.withErrors} with errors`)
  if (counts.created > 0) parts.push(`${counts.created} created`)
  if (counts.matched > 0) parts.push(`${counts.matched} matched`)
  if (counts.failed > 0) parts.push(`${counts.failed} failed`)
  if (counts.handsets) parts.push(`${counts.handsets} ${counts.handsets === 1 ? 'handset' : 'handsets'}${counts.handsetsOnPbx ? ` (${counts.handsetsOnPbx} on the PBX)` : ''}`)
  return parts.join(' · ')
}

/** A file name without its extension ("Site A.csv" → "Site A"), a new batch's name. */
export const baseName = (fileName: string): string => fileName.replace(/\.[^.]+$/, '') || fileName

/** An error message from main without a leading "<field>: " ("mac: MAC … " → "MAC …"). */
export const withoutField = (message: string, field: string | undefined): string =>
  field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message

/** The codecs a DECT phone may list (demo README). */
export const DECT_CODECS = ['PCMU', 'PCMA', 'G722', 'G729', 'OPUS', 'iLBC', 'G726'] as const

/**
 * The fields a column mapping gives to more than one column, each with those columns. Empty when
 * every field has at most one column.
 */
export function repeatedFields(mapping: Readonly<ColumnMapping>): { field: MappingField; headers: string[] }[] {
  const byField = new Map<MappingField, string[]>()
  for (const [header, field] of Object.entries(mapping)) {
    if (field === 'ignore') continue
    byField.set(field, [...(byField.get(field) ?? []), header])
  }
  return [...byField].filter(([, headers]) => headers.length > 1).map(([field, headers]) => ({ field, headers }))
}

/** a file size as people read it: `50.0 MB` */
export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/** the file name endings of a spreadsheet saved as text, which the DECT import reads */
export const SPREADSHEET_ENDINGS = ['.csv', '.tsv', '.txt'] as const

export const isSpreadsheetName = (fileName: string): boolean => SPREADSHEET_ENDINGS.some((ending) => fileName.toLowerCase().endsWith(ending))

/** why a file offered as a spreadsheet was not taken, before anything was sent to main */
export const SPREADSHEET_REFUSALS: Record<'type' | 'size' | 'read', (file: { name: string; size: number }) => string> = {
  type: (file) => `${file.name} is not a spreadsheet saved as text: save it as .csv (or .tsv, .txt) and try again.`,
  size: (file) => `${file.name} is ${megabytes(file.size)}: a batch takes at most 20 MB. Split the spreadsheet into smaller files.`,
  read: (file) => `${file.name} could not be read. Check that the file is not open elsewhere and try again.`,
}
