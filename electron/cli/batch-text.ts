import { isRetired, itemState, type BatchState, type BatchStatus, type BatchVerdict, type ItemState } from '../contract/batch-state'
import { macForPeople, rowHasErrors, rowHasWarnings, type Batch, type RowProblem } from '../contract/dect'
import { plural, type Output } from './output'

/**
 * A batch's rows and problems in words, for `batch import`, `show`, `check` and `push`. Problems
 * name the row (the data row of the spreadsheet: 1 = the first after the header) and the field.
 */

/** How many problems a command's text lists (--json lists them all). */
export const SHOWN_PROBLEMS = 20

/** One problem of a row, flat, as `--json` prints it. */
export interface ProblemLine {
  kind: 'base' | 'handset'
  row: number
  /** rows added to a batch (`import --into`): the row's number in the file */
  fileRow?: number
  field: string
  severity: RowProblem['severity']
  message: string
}

/** Every problem of the batch's rows then handsets, errors before warnings within a row. */
export function problemsOf(batch: Pick<Batch, 'rows' | 'handsets'>): ProblemLine[] {
  const of = (kind: ProblemLine['kind'], rows: readonly { row: number; problems: readonly RowProblem[] }[]) =>
    rows.flatMap((row) =>
      [...row.problems]
        .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
        .map((p) => ({ kind, row: row.row, field: p.field, severity: p.severity, message: p.message })),
    )
  return [...of('base', batch.rows), ...of('handset', batch.handsets)]
}

/** "row 14, mac: error: MAC FF:FF:… is the broadcast address; no phone has it" */
export const problemText = (p: ProblemLine): string =>
  `${p.kind === 'handset' ? 'handset ' : ''}row ${p.row}${p.fileRow === undefined ? '' : ` (file row ${p.fileRow})`}, ${p.field}: ${p.severity}: ${p.message}`

/** The first `limit` problems as lines, then how many more. */
export function problemLines(problems: readonly ProblemLine[], limit = SHOWN_PROBLEMS): string[] {
  const lines = problems.slice(0, limit).map((p) => `  ${problemText(p)}`)
  if (problems.length > limit) lines.push(`  … and ${plural(problems.length - limit, 'more problem')} (--json lists them all)`)
  return lines
}

/** "Problems (1 error, 2 warnings):" and the first of them; nothing when there is none. */
export function problemsBlock(problems: readonly ProblemLine[], heading = 'Problems'): string[] {
  if (problems.length === 0) return []
  const errors = problems.filter((p) => p.severity === 'error').length
  return [`${heading} (${plural(errors, 'error')}, ${plural(problems.length - errors, 'warning')}):`, ...problemLines(problems)]
}

/** How many rows (and handsets) are ready, have errors, have warnings; the retired (issue 43) apart, never ready. */
export function rowCounts(batch: Pick<Batch, 'rows' | 'handsets'>) {
  const count = (all: readonly { problems: RowProblem[]; outcome: { state: string } }[]) => {
    const rows = all.filter((row) => !isRetired(row))
    return {
      total: all.length,
      valid: rows.filter((row) => !rowHasErrors(row)).length,
      withErrors: rows.filter(rowHasErrors).length,
      withWarnings: rows.filter((row) => !rowHasErrors(row) && rowHasWarnings(row)).length,
      retired: all.length - rows.length,
    }
  }
  return { rows: count(batch.rows), handsets: count(batch.handsets) }
}

/** "200 rows: 199 ready, 1 with errors (not pushed), 3 with warnings" (", 2 retired" where a retire took some: counted in the total, never ready) */
export function countsText(counts: ReturnType<typeof rowCounts>): string {
  const part = (c: ReturnType<typeof rowCounts>['rows'], one: string) =>
    `${plural(c.total, one)}: ${c.valid} ready${c.withErrors > 0 ? `, ${c.withErrors} with errors (not pushed)` : ''}${c.withWarnings > 0 ? `, ${c.withWarnings} with warnings` : ''}${c.retired > 0 ? `, ${c.retired} retired` : ''}`
  return counts.handsets.total > 0 ? `${part(counts.rows, 'row')}; ${part(counts.handsets, 'handset')}` : part(counts.rows, 'row')
}

/** A batch's verdict (contract/batch-state.ts) in words, as `batch list` and `show` print it. */
const VERDICT_WORDS: Record<BatchVerdict, string> = {
  draft: 'not pushed',
  pushing: 'pushing',
  paused: 'paused',
  done: 'done',
  incomplete: 'incomplete',
  partly_failed: 'partly failed',
  failed: 'failed',
}

export const verdictWords = (state: BatchState): string => VERDICT_WORDS[state.verdict]

/** A row's or handset's state in one word; FAILED stands out in a table. */
const STATE_WORDS: Record<ItemState, string> = {
  ready: 'ready',
  not_sent: 'not sent',
  pending: 'pending',
  done: 'done',
  failed: 'FAILED',
  retired: 'retired',
}

/** What the PBX said of a failed item, else its own problems: why it is where it is. */
const whyOf = (item: { outcome: { error?: string }; problems: readonly RowProblem[] }): string =>
  item.outcome.error ?? item.problems.map((p) => `${p.field}: ${p.message}`).join('; ')

/** A row as `batch show` prints it: row, name, MAC, extension, state (and how: created, matched), the PBX's id, and why. */
export function rowCells(row: Batch['rows'][number], status: BatchStatus): string[] {
  const state = itemState(row, status)
  const how = state === 'done' ? ` (${row.outcome.state})` : ''
  return [String(row.row), row.values.name ?? '', macForPeople(row.values.mac), row.values.extension ?? '', `${STATE_WORDS[state]}${how}`, row.outcome.phoneId ?? '', whyOf(row)]
}

/** A handset as `batch show` prints it: row, name, IPUI, its base, index and extension, state, and why. */
export function handsetCells(handset: Batch['handsets'][number], status: BatchStatus): string[] {
  const state = itemState(handset, status)
  const how = state === 'done' ? ` (${handset.outcome.state})` : ''
  const index = handset.outcome.handsetIndex ?? handset.values.handset_index
  return [
    String(handset.row),
    handset.values.name ?? '',
    handset.values.ipui ?? '',
    macForPeople(handset.outcome.baseMac ?? handset.values.base_mac),
    index === undefined ? '' : String(index),
    handset.values.extension ?? '',
    `${STATE_WORDS[state]}${how}`,
    whyOf(handset),
  ]
}

/** The rows' table, then the handsets', each after an empty line (none for an empty list): `batch show`. */
export function itemTables(out: Output, batch: Pick<Batch, 'rows' | 'handsets' | 'status'>): void {
  if (batch.rows.length > 0) {
    out.line('')
    out.table(['ROW', 'NAME', 'MAC', 'EXT', 'STATE', 'PHONE ID', 'WHY'], batch.rows.map((row) => rowCells(row, batch.status)), ['right'])
  }
  if (batch.handsets.length > 0) {
    out.line('')
    out.table(['ROW', 'HANDSET', 'IPUI', 'BASE', 'INDEX', 'EXT', 'STATE', 'WHY'], batch.handsets.map((handset) => handsetCells(handset, batch.status)), ['right', 'left', 'left', 'left', 'right'])
  }
}

/** A failed or not-sent row or handset with its reason, as `--json` lists them. */
export interface LeftItem {
  kind: 'base' | 'handset'
  row: number
  state: 'failed' | 'not_sent'
  name: string
  /** the base's MAC; for a handset, its IPUI */
  mac?: string
  ipui?: string
  reason: string
}

/** The rows and handsets a push left: failed (the PBX's reason) or not sent (their errors). */
export function leftItems(batch: Pick<Batch, 'rows' | 'handsets' | 'status'>): LeftItem[] {
  const left: LeftItem[] = []
  for (const row of batch.rows) {
    const state = itemState(row, batch.status)
    if (state === 'failed' || state === 'not_sent') left.push({ kind: 'base', row: row.row, state, name: row.values.name ?? '', mac: macForPeople(row.values.mac), reason: whyOf(row) || 'failed' })
  }
  for (const handset of batch.handsets) {
    const state = itemState(handset, batch.status)
    if (state === 'failed' || state === 'not_sent') {
      left.push({ kind: 'handset', row: handset.row, state, name: handset.values.name ?? '', ipui: handset.values.ipui ?? '', reason: whyOf(handset) || 'failed' })
    }
  }
  return left
}

/** "handset row 4 (IPUI 0123456789), Anna: extension 1208 is on …" */
export function leftText(item: LeftItem): string {
  const what = item.kind === 'base' ? `row ${item.row}, ${item.mac} ${item.name}` : `handset row ${item.row}${item.ipui ? `, IPUI ${item.ipui}` : ''}${item.name ? ` ${item.name}` : ''}`
  return `${what.trimEnd()}: ${item.state === 'not_sent' ? 'not sent: ' : ''}${item.reason}`
}
