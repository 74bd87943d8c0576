import type { Argv, CommandModule } from 'yargs'
import { LABEL_SIZE_NAMES, type LabelSizeName } from '../../contract/dect'
import { listedBatch, namedBatch } from '../batch-names'
import { labelStartOf } from '../label-start'
import { BridgeFailure, type CliContext } from '../context'
import { failedError, usageError } from '../exit-codes'
import { checkOutputFile, mustWriteOutputFile } from '../output-file'
import { plural, PROGRAM } from '../output'
import { damagedResults } from './batch-damaged'
import { action, type BaseArgs } from './common'

interface FileArgs extends BaseArgs {
  batch: string
  file?: string
  force: boolean
  size?: LabelSizeName
  start?: string
}

/** No file, or `-` (which yargs reads as an empty string): stdout. */
const toStdout = (file: string | undefined): file is undefined | '' | '-' => file === undefined || file === '' || file === '-'

/** The file named, checked before the batch is read (a file there is replaced only with --force). */
async function checkWritable(file: string | undefined, force: boolean): Promise<void> {
  if (!toStdout(file)) await checkOutputFile({ name: '[file]', path: file }, force)
}

const write = (file: string, content: string | Buffer, force: boolean): Promise<void> => mustWriteOutputFile({ name: '[file]', path: file }, content, force)

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
      const listed = await listedBatch(open, argv.batch)
      // a damaged batch: what still reads of it, the damage said (damagedResults)
      const { csv, what } = listed.damaged
        ? await damagedResults(open, listed.damaged)
        : { csv: (await open.must('exportResultsCsv', { batchId: listed.batch.id })).csv, what: `the results of "${listed.batch.name}" (${plural(listed.batch.counts.rows, 'row')})` }
      if (toStdout(argv.file)) ctx.out.file(csv)
      else {
        await write(argv.file, csv, argv.force)
        ctx.out.note(`Wrote ${what} to ${argv.file}.`)
      }
    }),
  }
}

/**
 * `batch labels <batch> <file.pdf>`: the label sheet as a PDF (a QR code of each phone's
 * provisioning URL, its name, MAC and extension; then the handsets on the PBX), the same file the
 * desktop app exports, laid out for the label stock. Written to a file or, piped, to stdout; never
 * to a terminal.
 */
export function labelsCommand(ctx: CliContext): CommandModule<BaseArgs, FileArgs> {
  return {
    command: 'labels <batch> [file]',
    describe: "The label sheet of the batch's phones (and handsets) on the PBX, as a PDF",
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('file', { type: 'string', describe: 'The .pdf file to write (- for stdout, piped)' })
        .option('size', { choices: LABEL_SIZE_NAMES, default: 'a4-21' as LabelSizeName, describe: 'The label stock: Avery L7160 (a4-21), L7163 (a4-14), 5160 (letter-30), a 89×36 mm roll' })
        .option('start', { type: 'string', describe: 'The first cell of a partly used sheet, as row,column counted from 1 (3,2)' })
        .option('force', { type: 'boolean', default: false, describe: 'Replace the file if it exists' })
        .example('$0 batch labels "Site B" site-b-labels.pdf --size a4-14', 'Then print it at 100 % ("actual size")')
        .example('$0 batch labels "Site B" rest.pdf --start 3,2', 'A sheet whose first 2 rows and 1 label are used')
        .epilogue('Print the PDF at 100 % ("actual size", not "fit to page") for the labels to meet the stock.') as Argv<FileArgs>,
    handler: action(ctx, async (argv) => {
      const size = argv.size ?? 'a4-21'
      const start = labelStartOf(argv.start, size)
      if (toStdout(argv.file) && process.stdout.isTTY) throw usageError('Name the .pdf file to write, e.g. labels.pdf (or pipe the output: - writes the PDF to stdout).')
      if (!toStdout(argv.file) && !argv.file.toLowerCase().endsWith('.pdf')) throw usageError(`The labels are a PDF: name a .pdf file, e.g. ${argv.file.replace(/\.[^./\\]*$/, '')}.pdf.`)
      await checkWritable(argv.file, argv.force)
      const open = await ctx.open(argv, 'not-needed')
      const summary = await namedBatch(open, argv.batch)
      const result = await open.call('exportLabelsPdf', { batchId: summary.id, size, ...(start ? { start } : {}) })
      if (!result.ok && result.error.code === 'INVALID_INPUT') {
        throw failedError(`No phone of "${summary.name}" is on a PBX yet, so there is no label to print: push the batch first (\`${PROGRAM} batch push ${JSON.stringify(summary.name)} --pbx <pbx>\`).`)
      }
      if (!result.ok) throw new BridgeFailure(result.error)
      const { base64, labels, pages, warnings } = result.value
      const pdf = Buffer.from(base64, 'base64')
      for (const warning of warnings) ctx.out.note(`Warning: ${warning}`)
      const count = `${plural(labels, 'label')} on ${plural(pages, 'page')} of ${size} stock`
      if (toStdout(argv.file)) {
        ctx.out.file(pdf)
        ctx.out.note(`The labels of "${summary.name}": ${count}.`)
      } else {
        await write(argv.file, pdf, argv.force)
        ctx.out.note(`Wrote the labels of "${summary.name}" (${count}) to ${argv.file}: print it at 100 % ("actual size").`)
      }
    }),
  }
}
