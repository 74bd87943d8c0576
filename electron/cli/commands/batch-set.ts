import type { Argv, CommandModule } from 'yargs'
import { ITEM_STATES, itemState, type ItemState } from '../../contract/batch-state'
import type { Batch, BatchRow } from '../../contract/dect'
import type { HandsetField, HandsetRow } from '../../contract/dect-handsets'
import { HANDSET_SETTABLE_FIELDS, handsetSettingEdits } from '../../contract/handset-setting'
import { ONE_ROW_FIELDS, SETTABLE_FIELDS, settingEdits, type SettableField } from '../../contract/row-setting'
import { namedBatch } from '../batch-names'
import { countsText, problemsBlock, problemsOf, rowCounts } from '../batch-text'
import type { CliContext, OpenServices } from '../context'
import { exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { plural } from '../output'
import { action, jsonOption, type BaseArgs } from './common'

interface SetArgs extends BaseArgs {
  batch: string
  assignment: string
  rows?: string
  state?: ItemState
  handsets?: string
  handsetState?: ItemState
}

/**
 * `batch set <batch> field=value --rows 3-7,9 | --state not_sent`: one value on many rows (the
 * app's "Set a value…"): the model of the rows the PBX does not take, "Base {n}" as names.
 * `--handsets 1-30 | --handset-state not_sent` sets it on handsets instead: a base, extensions from
 * a range (extension=1201-1230, or 1201 and up), names ("DECT {extension}"). Every row and handset
 * is checked again; the problems of those set and the batch's counts are printed.
 */
export function setCommand(ctx: CliContext): CommandModule<BaseArgs, SetArgs> {
  return {
    command: 'set <batch> <assignment>',
    describe: 'Set one value on many rows or handsets of a batch (field=value; {n} is each one\'s number), then check every one again',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('assignment', {
          type: 'string',
          demandOption: true,
          describe: `field=value: for rows one of ${SETTABLE_FIELDS.join(', ')}; for handsets one of ${HANDSET_SETTABLE_FIELDS.join(', ')}; an empty value: the batch default applies`,
        })
        .option('rows', { type: 'string', describe: 'The rows, by number: 5, or 3-7,9' })
        .option('state', { choices: ITEM_STATES, describe: 'The rows in this state: not_sent (kept out by errors), failed, ready, pending, done' })
        .option('handsets', { type: 'string', describe: 'The handsets, by number: 5, or 1-30' })
        .option('handset-state', { choices: ITEM_STATES, describe: 'The handsets in this state' })
        .option('json', jsonOption)
        .example('$0 batch set "Site B" model=W70B --state not_sent', 'The model of every row kept out by an error')
        .example('$0 batch set "Site B" name="Base {n}" --rows 1-12', 'Names from the row numbers')
        .example('$0 batch set "Site B" mac=00:15:65:AA:BB:09 --rows 9', 'A MAC, on one row')
        .example('$0 batch set "Site B" extension=1201-1230 --handsets 1-30', 'Extensions from a range, each the lowest free one')
        .example('$0 batch set "Site B" base_mac=00:15:65:AA:BB:02 --handset-state failed', 'The failed handsets moved to another base') as Argv<SetArgs>,
    handler: action(ctx, (argv) => setValue(ctx, argv)),
  }
}

type Item = BatchRow | HandsetRow

/** the lines a setting is for: the rows or the handsets, named by number or by state */
function targetOf(argv: SetArgs): { kind: 'row' | 'handset'; numbers?: Set<number>; state?: ItemState } {
  const given = [argv.rows, argv.state, argv.handsets, argv.handsetState].filter((v) => v !== undefined).length
  if (given !== 1) throw usageError('Name what to set: --rows 3-7,9 or --state not_sent for rows, --handsets 1-30 or --handset-state not_sent for handsets (one of them).')
  if (argv.rows !== undefined) return { kind: 'row', numbers: parseNumberList('--rows', argv.rows) }
  if (argv.handsets !== undefined) return { kind: 'handset', numbers: parseNumberList('--handsets', argv.handsets) }
  return { kind: argv.state !== undefined ? 'row' : 'handset', state: (argv.state ?? argv.handsetState)! }
}

async function setValue(ctx: CliContext, argv: SetArgs): Promise<ExitCode> {
  // everything given is checked before anything is read or changed
  const target = targetOf(argv)
  const { field, value } = parseAssignment(argv.assignment, target.kind)
  const open = await ctx.open(argv, 'not-needed')
  const batch = await open.must('getBatch', { batchId: (await namedBatch(open, argv.batch)).id })
  const all: readonly Item[] = target.kind === 'row' ? batch.rows : batch.handsets
  const chosen = target.numbers === undefined ? all.filter((item) => itemState(item, batch.status) === target.state) : all.filter((item) => target.numbers!.has(item.row))
  const noun = target.kind === 'row' ? 'row' : 'handset'
  if (target.numbers !== undefined) {
    const missing = [...target.numbers].filter((n) => !all.some((item) => item.row === n))
    if (missing.length > 0) throw usageError(`--${noun}s: "${batch.name}" has no ${noun} ${missing.join(', ')} (${all.length === 0 ? `it has no ${noun}s` : `its ${noun}s are ${rangeText(noun, all.map((item) => item.row))}`}).`)
  }
  if (chosen.length === 0) throw usageError(`No ${noun} of "${batch.name}" is ${target.state?.replace('_', ' ')}: nothing to set.`)

  const updated = target.kind === 'row' ? await setRows(open, batch, chosen as BatchRow[], field as SettableField, value) : await setHandsets(open, batch, chosen as HandsetRow[], field as HandsetField, value)
  const changed = new Set(chosen.map((item) => item.id))
  const problems = problemsOf({ rows: updated.rows.filter((row) => changed.has(row.id)), handsets: updated.handsets.filter((h) => changed.has(h.id)) })
  const counts = rowCounts(updated)
  const numbers = chosen.map((item) => item.row)
  if (argv.json) ctx.out.json({ batch: { id: updated.id, name: updated.name }, field, value: value.trim(), [`${noun}s`]: numbers, counts, problems })
  else {
    ctx.out.line(`Set ${field} to ${value.trim() === '' ? 'empty (the batch default)' : `"${value.trim()}"`} on ${plural(chosen.length, noun)} of "${updated.name}" (${rangeText(noun, numbers)}).`)
    ctx.out.line(`The batch now has ${countsText(counts)}.`)
    for (const text of problemsBlock(problems, `Problems of those ${noun}s`)) ctx.out.line(text)
  }
  return exitCodeOf(counts.rows.valid + counts.handsets.valid, counts.rows.withErrors + counts.handsets.withErrors)
}

function setRows(open: OpenServices, batch: Batch, rows: BatchRow[], field: SettableField, value: string): Promise<Batch> {
  if (ONE_ROW_FIELDS.includes(field) && rows.length > 1) throw usageError(`${field}: each phone has its own; set it on one row (--rows ${rows[0]!.row}), not ${rows.length}.`)
  return open.must('editBatchRows', { batchId: batch.id, edits: settingEdits(rows, field, value), add: [], remove: [] })
}

function setHandsets(open: OpenServices, batch: Batch, handsets: HandsetRow[], field: HandsetField, value: string): Promise<Batch> {
  const setting = handsetSettingEdits(batch.handsets, handsets, field, value)
  if (!setting.ok) throw usageError(`${setting.message}.`)
  return open.must('editBatchHandsets', { batchId: batch.id, edits: setting.edits, add: [], remove: [] })
}

/** "model=W70B" → the field and the value; bad usage naming the fields otherwise. */
function parseAssignment(text: string, kind: 'row' | 'handset'): { field: SettableField | HandsetField; value: string } {
  const at = text.indexOf('=')
  if (at < 1) throw usageError(`${text}: write field=value, e.g. ${kind === 'row' ? 'model=W70B' : 'extension=1201-1230'}.`)
  const field = text.slice(0, at).trim()
  const fields: readonly string[] = kind === 'row' ? SETTABLE_FIELDS : HANDSET_SETTABLE_FIELDS
  if (!fields.includes(field)) throw usageError(`${field} is not a field of a ${kind} to set; the fields are ${fields.join(', ')}.`)
  return { field: field as SettableField | HandsetField, value: text.slice(at + 1) }
}

/** "3-7,9" → {3,4,5,6,7,9}; bad usage for anything else. */
function parseNumberList(option: string, text: string): Set<number> {
  const out = new Set<number>()
  for (const part of text.split(',').map((p) => p.trim())) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part)
    if (!range) throw usageError(`${option} ${text}: write numbers and ranges, e.g. 3-7,9.`)
    const from = Number(range[1])
    const to = Number(range[2] ?? range[1])
    if (from < 1 || to < from || to - from > 20_000) throw usageError(`${option} ${text}: ${part} is not a range.`)
    for (let n = from; n <= to; n++) out.add(n)
  }
  return out
}

/** [1,2,3,5] → "rows 1-3, 5" */
function rangeText(noun: string, numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]))
    i = j
  }
  return `${sorted.length === 1 ? noun : `${noun}s`} ${parts.join(', ')}`
}
