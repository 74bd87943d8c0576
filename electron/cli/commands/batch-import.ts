import { readFile, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { Argv, CommandModule } from 'yargs'
import { MAX_CSV_FILE_BYTES, summaryOf, type CsvPreview } from '../../contract/dect'
import { chooseMapping, defaultsOf, defaultsOptions, mappingText, parseMapFlag, readMappingFile, type DefaultsArgs } from '../batch-mapping'
import { findBatch, freeBatchName } from '../batch-names'
import { countsText, problemLines, problemsOf, rowCounts } from '../batch-text'
import { BridgeFailure, type CliContext } from '../context'
import { EXIT, exitCodeOf, failedError, usageError, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { action, jsonOption, type BaseArgs } from './common'

/** How many problems the text output lists (--json lists them all). */
const SHOWN_PROBLEMS = 20

interface ImportArgs extends BaseArgs, DefaultsArgs {
  file: string
  name?: string
  map?: string[]
  mapping?: string
}

/** `batch import <file>`: a spreadsheet (CSV) → a saved batch, checked row by row without a PBX. */
export function importCommand(ctx: CliContext): CommandModule<BaseArgs, ImportArgs> {
  return {
    command: 'import <file>',
    describe: 'Make a batch from a spreadsheet (CSV): columns mapped (guessed, or --map), every row checked, the batch saved',
    builder: (yargs) =>
      defaultsOptions(
        yargs
          .positional('file', { type: 'string', demandOption: true, describe: 'A CSV file (UTF-8, UTF-16 or Windows-1252; comma, semicolon or tab)' })
          .option('name', { type: 'string', describe: "The batch's name", defaultDescription: "the file's name" })
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
        .example('$0 batch import next.csv --mapping last.json --json', 'The mapping of an earlier import (saved from its --json)') as Argv<ImportArgs>,
    handler: action(ctx, (argv) => importBatch(ctx, argv)),
  }
}

async function importBatch(ctx: CliContext, argv: ImportArgs): Promise<ExitCode> {
  // everything given is checked before anything is read or saved
  const flags = (argv.map ?? []).map(parseMapFlag)
  const defaults = defaultsOf(argv)
  const wantedName = argv.name?.trim()
  if (argv.name !== undefined && !wantedName) throw usageError('--name: enter a name for the batch.')
  const mappingFile = argv.mapping === undefined ? undefined : await readMappingFile(argv.mapping)
  const bytes = await readSpreadsheet(argv.file)
  const fileName = basename(argv.file)
  const base64 = bytes.toString('base64')

  const open = await ctx.open(argv, 'not-needed')
  const preview = await open.must('previewCsv', { fileName, base64 }).catch(nothingImported)
  const { mapping, unused } = chooseMapping(preview.headers, preview.mapping, { ...(mappingFile ? { file: mappingFile } : {}), flags })
  if (unused.length > 0) ctx.out.note(`Note: ${fileName} has no column ${unused.map((h) => `"${h}"`).join(', ')} of the --mapping file.`)

  const batches = await open.must('listBatches')
  if (wantedName !== undefined && batches.some((b) => b.name.toLowerCase() === wantedName.toLowerCase())) {
    const taken = findBatch(batches, wantedName)
    throw usageError(`A batch named "${taken.name}" exists already (id ${taken.id}): choose another --name, or delete it with \`${PROGRAM} batch delete ${JSON.stringify(taken.id)}\`.`)
  }
  const name = wantedName ?? freeBatchName(batches, basename(fileName, extname(fileName)).trim() || 'Batch')
  const batch = await open.must('createBatchFromCsv', { name, fileName, base64, mapping, defaults }).catch((error: unknown) => {
    // a mapping the flags made is bad usage; anything else about the file: nothing was imported
    if (error instanceof BridgeFailure && error.error.field === 'mapping') throw usageError(error.message)
    return nothingImported(error)
  })

  const counts = rowCounts(batch)
  const problems = problemsOf(batch)
  if (argv.json) {
    ctx.out.json({
      batch: summaryOf(batch),
      fileName,
      encoding: preview.encoding,
      delimiter: preview.delimiter,
      hasHeader: preview.hasHeader,
      headers: preview.headers,
      mapping,
      warnings: preview.warnings,
      counts,
      problems,
    })
  } else {
    ctx.out.line(`Read ${fileName}: ${readText(preview)}.`)
    const chosen = flags.length > 0 || mappingFile ? 'as given' : 'guessed; change with --map field=Header'
    ctx.out.line(`Columns (${chosen}): ${mappingText(preview.headers, mapping)}.`)
    ctx.out.line(`Saved batch "${batch.name}" (id ${batch.id}): ${countsText(counts)}.`)
    if (problems.length > 0) {
      const errors = problems.filter((p) => p.severity === 'error').length
      ctx.out.line(`Problems (${plural(errors, 'error')}, ${plural(problems.length - errors, 'warning')}):`)
      for (const text of problemLines(problems, SHOWN_PROBLEMS)) ctx.out.line(text)
    }
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
    `${broken > 0 ? 'Rows with errors are not pushed; fix them in the file and import it again, or fix them in the desktop app. ' : ''}Next: \`${PROGRAM} batch push ${JSON.stringify(batch.name)} --pbx <pbx>\`.`,
  )
  return exitCodeOf(ready, broken)
}

/** "utf-8, comma-separated, a header row, 200 data rows" */
function readText(preview: CsvPreview): string {
  const delimiter = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' }[preview.delimiter] ?? `"${preview.delimiter}"`
  return `${preview.encoding}, ${delimiter}-separated, ${preview.hasHeader ? 'a header row' : 'no header row'}, ${preview.rowCount} data rows`
}

/** The file's bytes; a file that cannot be read is bad usage, one too large failed. */
async function readSpreadsheet(file: string): Promise<Buffer> {
  const size = await stat(file).then(
    (s) => (s.isFile() ? s.size : -1),
    (error: NodeJS.ErrnoException) => {
      throw usageError(`Could not read ${file} (${error.code ?? error.message}): name a CSV file.`)
    },
  )
  if (size < 0) throw usageError(`${file} is not a file: name a CSV file.`)
  if (size > MAX_CSV_FILE_BYTES) throw failedError(`${file} is too large for a batch (at most 20 MB): split it into several files.`)
  return readFile(file)
}

/** The file could not be read as a spreadsheet: nothing was imported (exit 1), with the service's reason. */
function nothingImported(error: unknown): never {
  if (error instanceof BridgeFailure && error.error.code === 'INVALID_INPUT') throw failedError(`Nothing was imported: ${error.message.replace(/\.?$/, '.')}`)
  throw error
}
