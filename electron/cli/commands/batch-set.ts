import type { Argv, CommandModule } from 'yargs'
import { ITEM_STATES, itemState, type ItemState } from '../../contract/batch-state'
import { ONE_ROW_FIELDS, SETTABLE_FIELDS, settingEdits, type SettableField } from '../../contract/row-setting'
import { namedBatch } from '../batch-names'
import { countsText, problemsBlock, problemsOf, rowCounts } from '../batch-text'
import type { CliContext } from '../context'
import { exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { plural } from '../output'
import { action, jsonOption, type BaseArgs } from './common'

interface SetArgs extends BaseArgs {
  batch: string
  assignment: string
  rows?: string
  state?: ItemState
}

/**
 * `batch set <batch> field=value --rows 3-7,9 | --state not_sent`: one value on many rows (the
 * app's "Set a value…"): the model of the rows the PBX does not take, "Base {n}" as names. Every
 * row is checked again; the rows' problems and the batch's counts are printed.
 */
export function setCommand(ctx: CliContext): CommandModule<BaseArgs, SetArgs> {
  return {
    command: 'set <batch> <assignment>',
    describe: 'Set one value on many rows of a batch (field=value; {n} is each row\'s number), then check every row again',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('assignment', { type: 'string', demandOption: true, describe: `field=value, the field one of ${SETTABLE_FIELDS.join(', ')}; an empty value: the batch default applies` })
        .option('rows', { type: 'string', describe: 'The rows, by number: 5, or 3-7,9' })
        .option('state', { choices: ITEM_STATES, describe: 'The rows in this state: not_sent (kept out by errors), failed, ready, pending, done' })
        .option('json', jsonOption)
        .example('$0 batch set "Site B" model=W70B --state not_sent', 'The model of every row kept out by an error')
        .example('$0 batch set "Site B" name="Base {n}" --rows 1-12', 'Names from the row numbers')
        .example('$0 batch set "Site B" mac=00:15:65:AA:BB:09 --rows 9', 'A MAC, on one row') as Argv<SetArgs>,
    handler: action(ctx, (argv) => setRows(ctx, argv)),
  }
}

async function setRows(ctx: CliContext, argv: SetArgs): Promise<ExitCode> {
  // everything given is checked before anything is read or changed
  if ((argv.rows === undefined) === (argv.state === undefined)) throw usageError('Name the rows: --rows 3-7,9 or --state not_sent (one of them).')
  const { field, value } = parseAssignment(argv.assignment)
  const numbers = argv.rows === undefined ? undefined : parseRowList(argv.rows)
  const open = await ctx.open(argv, 'not-needed')
  const batch = await open.must('getBatch', { batchId: (await namedBatch(open, argv.batch)).id })
  const rows = numbers === undefined ? batch.rows.filter((row) => itemState(row, batch.status) === argv.state) : batch.rows.filter((row) => numbers.has(row.row))
  if (numbers !== undefined) {
    const missing = [...numbers].filter((n) => !batch.rows.some((row) => row.row === n))
    if (missing.length > 0) throw usageError(`--rows: "${batch.name}" has no row ${missing.join(', ')} (its rows are ${rangeText(batch.rows.map((row) => row.row))}).`)
  }
  if (rows.length === 0) throw usageError(`No row of "${batch.name}" is ${argv.state?.replace('_', ' ')}: nothing to set.`)
  if (ONE_ROW_FIELDS.includes(field) && rows.length > 1) throw usageError(`${field}: each phone has its own; set it on one row (--rows ${rows[0]!.row}), not ${rows.length}.`)

  const updated = await open.must('editBatchRows', { batchId: batch.id, edits: settingEdits(rows, field, value), add: [], remove: [] })
  const changed = new Set(rows.map((row) => row.id))
  const problems = problemsOf({ rows: updated.rows.filter((row) => changed.has(row.id)), handsets: [] })
  const counts = rowCounts(updated)
  const numbersSet = rows.map((row) => row.row)
  if (argv.json) ctx.out.json({ batch: { id: updated.id, name: updated.name }, field, value: value.trim(), rows: numbersSet, counts, problems })
  else {
    ctx.out.line(`Set ${field} to ${value.trim() === '' ? 'empty (the batch default)' : `"${value.trim()}"`} on ${plural(rows.length, 'row')} of "${updated.name}" (${rangeText(numbersSet)}).`)
    ctx.out.line(`The batch now has ${countsText(counts)}.`)
    for (const text of problemsBlock(problems, 'Problems of those rows')) ctx.out.line(text)
  }
  return exitCodeOf(counts.rows.valid + counts.handsets.valid, counts.rows.withErrors + counts.handsets.withErrors)
}

/** "model=W70B" → the field and the value; bad usage naming the fields otherwise. */
function parseAssignment(text: string): { field: SettableField; value: string } {
  const at = text.indexOf('=')
  if (at < 1) throw usageError(`${text}: write field=value, e.g. model=W70B.`)
  const field = text.slice(0, at).trim()
  if (!(SETTABLE_FIELDS as readonly string[]).includes(field)) throw usageError(`${field} is not a field to set; the fields are ${SETTABLE_FIELDS.join(', ')}.`)
  return { field: field as SettableField, value: text.slice(at + 1) }
}

/** "3-7,9" → {3,4,5,6,7,9}; bad usage for anything else. */
function parseRowList(text: string): Set<number> {
  const out = new Set<number>()
  for (const part of text.split(',').map((p) => p.trim())) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part)
    if (!range) throw usageError(`--rows ${text}: write row numbers and ranges, e.g. 3-7,9.`)
    const from = Number(range[1])
    const to = Number(range[2] ?? range[1])
    if (from < 1 || to < from || to - from > 20_000) throw usageError(`--rows ${text}: ${part} is not a range of rows.`)
    for (let n = from; n <= to; n++) out.add(n)
  }
  return out
}

/** [1,2,3,5] → "rows 1-3, 5" */
function rangeText(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]))
    i = j
  }
  return `${sorted.length === 1 ? 'row' : 'rows'} ${parts.join(', ')}`
}
