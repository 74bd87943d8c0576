import { summaryOf, type Batch } from '../../contract/dect'
import { defaultsOf, type DefaultsArgs } from '../batch-mapping'
import { namedBatch } from '../batch-names'
import { countsText, problemsBlock, problemsOf, rowCounts, type ProblemLine } from '../batch-text'
import type { CliContext } from '../context'
import { EXIT, exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { mapColumns, nothingImported, readJson, readLines, readSpreadsheetInput, type SpreadsheetArgs } from '../spreadsheet-input'
import type { BaseArgs } from './common'

/**
 * `batch import <file> --into <batch>`: the spreadsheet's bases and handsets join a batch that
 * exists, pushed or not (handsets enrolled after the bases' push, a base forgotten), with the
 * checks and messages of a new import. The batch's defaults apply; a batch another process is
 * pushing is refused and left as it was (exit 1). Problems name the batch's row and the file's.
 */
export interface IntoArgs extends BaseArgs, DefaultsArgs, SpreadsheetArgs {
  into: string
}

export async function importIntoBatch(ctx: CliContext, argv: IntoArgs): Promise<ExitCode> {
  // everything given is checked before anything is read or changed
  if (argv.into.trim() === '') throw usageError('--into: name the batch (its name or id) to add the rows to.')
  if (Object.keys(defaultsOf(argv)).length > 0) {
    throw usageError(`--into: the batch's own defaults apply to the rows added; leave out --vendor, --model and the other defaults (the desktop app changes a batch's defaults).`)
  }
  const input = await readSpreadsheetInput(argv)
  const { fileName, base64 } = input

  const open = await ctx.open(argv, 'not-needed')
  const target = await namedBatch(open, argv.into)
  const { preview, mapping, chosen } = await mapColumns(ctx, open, input)
  const { batch, added, offsets } = await open.must('importCsvIntoBatch', { batchId: target.id, fileName, base64, mapping }).catch(nothingImported)

  const rowIds = new Set(added.rows)
  const handsetIds = new Set(added.handsets)
  const parts: Pick<Batch, 'rows' | 'handsets'> = { rows: batch.rows.filter((r) => rowIds.has(r.id)), handsets: batch.handsets.filter((h) => handsetIds.has(h.id)) }
  const addedCounts = rowCounts(parts)
  const problems = problemsOf(parts).map((p): ProblemLine => ({ ...p, fileRow: p.row - (p.kind === 'handset' ? offsets.handsets : offsets.rows) }))
  if (argv.json) {
    ctx.out.json({
      batch: summaryOf(batch),
      ...readJson(fileName, preview, mapping),
      added: addedCounts,
      offsets,
      counts: rowCounts(batch),
      problems,
    })
  } else {
    for (const line of readLines(fileName, preview, mapping, chosen)) ctx.out.line(line)
    ctx.out.line(`Added to batch "${batch.name}" (id ${batch.id}): ${addedText(addedCounts)}.`)
    ctx.out.line(`The batch now has ${countsText(rowCounts(batch))}.`)
    for (const text of problemsBlock(problems, 'Problems of the rows added')) ctx.out.line(text)
  }
  for (const warning of preview.warnings) ctx.out.note(`Warning: ${warning}.`)
  const ready = addedCounts.rows.valid + addedCounts.handsets.valid
  const broken = addedCounts.rows.withErrors + addedCounts.handsets.withErrors
  if (ready === 0) {
    ctx.out.note(broken === 0 ? `Nothing was added: ${fileName} has no data row, or only bases the batch has.` : `No row added is ready to push: fix ${fileName}, or fix the rows in the desktop app.`)
    return EXIT.failed
  }
  ctx.out.note(
    `${broken > 0 ? 'Rows with errors are not pushed; fix them in the desktop app. ' : ''}Next: \`${PROGRAM} batch push ${JSON.stringify(batch.name)} --pbx <pbx>\` sends what is not on the PBX yet.`,
  )
  return exitCodeOf(ready, broken)
}

/** "2 bases (2 ready) and 30 handsets (29 ready, 1 with errors)" */
function addedText(counts: ReturnType<typeof rowCounts>): string {
  const part = (c: ReturnType<typeof rowCounts>['rows'], one: string) =>
    `${plural(c.total, one)} (${c.valid} ready${c.withErrors > 0 ? `, ${c.withErrors} with errors` : ''})`
  const shown = [counts.rows.total > 0 ? part(counts.rows, 'base') : '', counts.handsets.total > 0 ? part(counts.handsets, 'handset') : ''].filter(Boolean)
  return shown.length > 0 ? shown.join(' and ') : 'nothing'
}
