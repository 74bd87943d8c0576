import { basename, extname } from 'node:path'
import type { Argv, CommandModule } from 'yargs'
import { summaryOf } from '../../contract/dect'
import { defaultsOf, defaultsOptions, type DefaultsArgs } from '../batch-mapping'
import { findListedBatch, freeBatchName } from '../batch-names'
import { countsText, problemsBlock, problemsOf, rowCounts } from '../batch-text'
import type { CliContext } from '../context'
import { EXIT, exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { PROGRAM } from '../output'
import { mapColumns, nothingImported, readJson, readLines, readSpreadsheetInput, type SpreadsheetArgs } from '../spreadsheet-input'
import { importIntoBatch } from './batch-import-into'
import { modelsNote, pbxModels } from '../pbx-models'
import { action, jsonOption, namedPbx, type BaseArgs } from './common'

interface ImportArgs extends BaseArgs, DefaultsArgs, SpreadsheetArgs {
  name?: string
  into?: string
  pbx?: string
}

/**
 * `batch import <file>`: a spreadsheet (CSV) → a saved batch, checked row by row without a PBX;
 * with `--into <batch>`, its bases and handsets join a batch that exists (batch-import-into.ts).
 */
export function importCommand(ctx: CliContext): CommandModule<BaseArgs, ImportArgs> {
  return {
    command: 'import <file>',
    describe: 'Make a batch from a spreadsheet (CSV): columns mapped (guessed, or --map), every row checked, the batch saved',
    builder: (yargs) =>
      defaultsOptions(
        yargs
          .positional('file', { type: 'string', demandOption: true, describe: 'A CSV file (UTF-8, UTF-16 or Windows-1252; comma, semicolon or tab)' })
          .option('name', { type: 'string', describe: "The batch's name", defaultDescription: "the file's name" })
          .option('into', {
            type: 'string',
            describe: 'Add the rows to this batch (name or id), pushed or not, instead of making a new one; its defaults apply',
            conflicts: 'name',
          })
          .option('pbx', {
            type: 'string',
            describe: "The saved PBX the batch is for: its DECT models check the rows (read now, or its list as remembered when it cannot be reached)",
            conflicts: 'into',
          })
          .option('map', {
            type: 'string',
            array: true,
            describe: 'field=Header: the column that fills a field (repeat it; ignore=Header leaves a column out)',
          })
          .option('mapping', { type: 'string', describe: 'A JSON file {"Header": "field", …} (the "mapping" that --json prints)' })
          .option('json', jsonOption),
      )
        .example('$0 batch import handsets.csv --vendor Yealink --model W70B', 'The columns guessed; the vendor and model for rows that leave them empty')
        .example('$0 batch import site.csv --name "Site B" --map mac="Geräte-ID" --map name=Mitarbeiter', 'Columns the guess does not know')
        .example('$0 batch import next.csv --mapping last.json --json', 'The mapping of an earlier import (saved from its --json)')
        .example('$0 batch import handsets.csv --into "Site B"', 'Handsets for a batch whose bases are pushed already')
        .example('$0 batch import site.csv --pbx "Kunde Süd"', "A model Kunde Süd does not have is an error now, not at the push") as Argv<ImportArgs>,
    handler: action(ctx, (argv) => importBatch(ctx, argv)),
  }
}

async function importBatch(ctx: CliContext, argv: ImportArgs): Promise<ExitCode> {
  if (argv.into !== undefined) return importIntoBatch(ctx, { ...argv, into: argv.into })
  // everything given is checked before anything is read or saved
  const defaults = defaultsOf(argv)
  const wantedName = argv.name?.trim()
  if (argv.name !== undefined && !wantedName) throw usageError('--name: enter a name for the batch.')
  const input = await readSpreadsheetInput(argv)
  const { fileName, base64 } = input

  const open = await ctx.open(argv, argv.pbx === undefined ? 'not-needed' : 'needed')
  const profile = argv.pbx === undefined ? undefined : await namedPbx(open, argv.pbx)
  const { preview, mapping, chosen } = await mapColumns(ctx, open, input)

  const batches = await open.must('listBatches')
  const damaged = await open.must('listDamagedBatches')
  // the names of damaged files are taken too: `batch list` prints them, and each must reach one batch
  const names = [...batches, ...damaged.flatMap((file) => (file.name === undefined ? [] : [{ name: file.name }]))]
  if (wantedName !== undefined && names.some((b) => b.name.toLowerCase() === wantedName.toLowerCase())) {
    const taken = findListedBatch(batches, damaged, wantedName)
    const { id, name } = taken.batch ?? { id: taken.damaged.id, name: taken.damaged.name ?? taken.damaged.id }
    throw usageError(
      `A batch named "${name}" exists already (id ${id}${taken.damaged ? ', damaged' : ''}): choose another --name, ${taken.damaged ? '' : 'add the file to it with --into, '}or delete it with \`${PROGRAM} batch delete ${JSON.stringify(id)}\`.`,
    )
  }
  const name = wantedName ?? freeBatchName(names, basename(fileName, extname(fileName)).trim() || 'Batch')
  const models = profile ? await pbxModels(open, profile) : undefined
  const batch = await open.must('createBatchFromCsv', { name, fileName, base64, mapping, defaults, ...(profile ? { profileId: profile.id } : {}) }).catch(nothingImported)
  if (profile && models) ctx.out.note(modelsNote(profile.label, models))

  const counts = rowCounts(batch)
  const problems = problemsOf(batch)
  if (argv.json) {
    ctx.out.json({
      batch: summaryOf(batch),
      ...readJson(fileName, preview, mapping),
      ...(profile && models ? { pbx: { profileId: profile.id, name: profile.label }, models: { source: models.answer.source, count: models.answer.models.length, fetchedAt: models.answer.fetchedAt ?? null } } : {}),
      counts,
      problems,
    })
  } else {
    for (const line of readLines(fileName, preview, mapping, chosen)) ctx.out.line(line)
    ctx.out.line(`Saved batch "${batch.name}" (id ${batch.id}): ${countsText(counts)}.`)
    for (const text of problemsBlock(problems)) ctx.out.line(text)
  }
  for (const warning of preview.warnings) ctx.out.note(`Warning: ${warning}.`)
  const ready = counts.rows.valid + counts.handsets.valid
  const broken = counts.rows.withErrors + counts.handsets.withErrors
  if (ready === 0) {
    ctx.out.note(
      broken === 0
        ? `Nothing to push: ${fileName} has no data row.`
        : `No row is ready to push: fix ${fileName} and import it again (the batch is saved; \`${PROGRAM} batch delete ${JSON.stringify(batch.name)}\` removes it).`,
    )
    return EXIT.failed
  }
  ctx.out.note(
    `${broken > 0 ? 'Rows with errors are not pushed; fix them in the file and import it again, or fix them in the desktop app. ' : ''}Next: \`${PROGRAM} batch push ${JSON.stringify(batch.name)} --pbx ${profile ? JSON.stringify(profile.label) : '<pbx>'}\`.`,
  )
  return exitCodeOf(ready, broken)
}
