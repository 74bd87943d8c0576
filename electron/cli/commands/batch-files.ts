import { stat } from 'node:fs/promises'
import type { Argv, CommandModule } from 'yargs'
import { LABEL_SIZE_NAMES, type LabelSizeName } from '../../contract/dect'
import { isHandsetOnPbx } from '../../contract/dect-handsets'
import { writeFileAtomic } from '../../services/files/atomic-write'
import { namedBatch } from '../batch-names'
import type { CliContext } from '../context'
import { failedError, usageError } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { action, type BaseArgs } from './common'

interface FileArgs extends BaseArgs {
  batch: string
  file?: string
  force: boolean
  size?: LabelSizeName
}

/** No file, or `-` (which yargs reads as an empty string): stdout. */
const toStdout = (file: string | undefined): file is undefined | '' | '-' => file === undefined || file === '' || file === '-'

/** A file is replaced only with --force. */
async function checkWritable(file: string | undefined, force: boolean): Promise<void> {
  if (toStdout(file) || force) return
  if (await stat(file).catch(() => null)) throw usageError(`${file} exists already: choose another file, or add --force to replace it.`)
}

async function write(file: string, text: string): Promise<void> {
  await writeFileAtomic(file, text).catch((error: unknown) => {
    throw failedError(`Could not write ${file} (${(error as Error).message}): choose a folder you may write to.`)
  })
}

/** `batch export-results <batch> [file]`: a line per row (and handset) with its outcome, as CSV. */
export function exportResultsCommand(ctx: CliContext): CommandModule<BaseArgs, FileArgs> {
  return {
    command: 'export-results <batch> [file]',
    describe: "The batch's results as CSV: row, MAC, name, extension, the PBX's id, provisioning URL, outcome, error",
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('file', { type: 'string', describe: 'The CSV file to write (none, or -, for stdout)' })
        .option('force', { type: 'boolean', default: false, describe: 'Replace the file if it exists' })
        .example('$0 batch export-results "Site B" site-b-results.csv', 'For the customer, or a spreadsheet')
        .example('$0 batch export-results "Site B" | grep failed', 'The failed rows') as Argv<FileArgs>,
    handler: action(ctx, async (argv) => {
      await checkWritable(argv.file, argv.force)
      const open = await ctx.open(argv, 'not-needed')
      const batch = await namedBatch(open, argv.batch)
      const { csv } = await open.must('exportResultsCsv', { batchId: batch.id })
      if (toStdout(argv.file)) process.stdout.write(csv)
      else {
        await write(argv.file, csv)
        ctx.out.note(`Wrote the results of "${batch.name}" (${plural(batch.counts.rows, 'row')}) to ${argv.file}.`)
      }
    }),
  }
}

/**
 * `batch labels <batch> [file]`: the label sheet (a QR code of each phone's provisioning URL,
 * its name, MAC and extension). The desktop app prints it to PDF with Chromium; the command line
 * has no Chromium, so it writes the same sheet as HTML, laid out for the label stock, to print
 * from a browser.
 */
export function labelsCommand(ctx: CliContext): CommandModule<BaseArgs, FileArgs> {
  return {
    command: 'labels <batch> [file]',
    describe: "The label sheet of the batch's phones on the PBX, as HTML to print from a browser (the desktop app makes the PDF)",
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('file', { type: 'string', describe: 'The .html file to write (- for stdout)' })
        .option('size', { choices: LABEL_SIZE_NAMES, default: 'a4-21' as LabelSizeName, describe: 'The label stock: Avery L7160 (a4-21), L7163 (a4-14), 5160 (letter-30), a 89×36 mm roll' })
        .option('force', { type: 'boolean', default: false, describe: 'Replace the file if it exists' })
        .example('$0 batch labels "Site B" site-b-labels.html --size a4-14', 'Then open it in a browser and print at 100 % scale, no margins')
        .epilogue(
          'The PDF is printed by Chromium, which only the desktop app carries: this command writes the same sheet as HTML. Print it from Chrome, Edge or Firefox with the scale at 100 % and the margins set to none, or use "Export labels (PDF)" in the desktop app.',
        ) as Argv<FileArgs>,
    handler: action(ctx, async (argv) => {
      const size = argv.size ?? 'a4-21'
      if (argv.file?.toLowerCase().endsWith('.pdf')) {
        throw usageError(
          `The command line cannot print a PDF (that needs the Chromium of the desktop app): write the sheet as HTML, e.g. \`${PROGRAM} batch labels ${JSON.stringify(argv.batch)} labels.html\`, and print it from a browser, or use "Export labels (PDF)" in the desktop app.`,
        )
      }
      if (argv.file === undefined && process.stdout.isTTY) throw usageError('Name the .html file to write (or - for stdout), e.g. labels.html.')
      await checkWritable(argv.file, argv.force)
      const open = await ctx.open(argv, 'not-needed')
      const summary = await namedBatch(open, argv.batch)
      const batch = await open.must('getBatch', { batchId: summary.id })
      const bases = batch.rows.filter((row) => row.outcome.url && row.values.mac).length
      const handsets = batch.handsets.filter(isHandsetOnPbx).length
      if (bases + handsets === 0) {
        throw failedError(`No phone of "${batch.name}" is on a PBX yet, so there is no label to print: push the batch first (\`${PROGRAM} batch push ${JSON.stringify(batch.name)} --pbx <pbx>\`).`)
      }
      const { html } = await open.must('labelSheet', { batchId: batch.id, size })
      const count = `${plural(bases + handsets, 'label')} on ${size} stock`
      if (toStdout(argv.file)) {
        process.stdout.write(html)
        ctx.out.note(`The label sheet of "${batch.name}": ${count}.`)
      } else {
        await write(argv.file, html)
        ctx.out.note(`Wrote the label sheet of "${batch.name}" (${count}) to ${argv.file}: open it in a browser and print it at 100 % scale with no margins.`)
      }
    }),
  }
}
