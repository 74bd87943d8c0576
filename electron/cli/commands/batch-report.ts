import type { Argv, CommandModule } from 'yargs'
import { HANDOVER_PAPERS, InstallerNameSchema, type HandoverPaper, type HandoverReport } from '../../contract/handover-report'
import { namedBatch } from '../batch-names'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { checkOutputFile, mustWriteOutputFile } from '../output-file'
import { plural } from '../output'
import { openKept } from '../sign-in'
import { action, batchPbx, checkedArgs, type BaseArgs } from './common'

interface ReportArgs extends BaseArgs {
  batch: string
  out: string
  pbx?: string
  installer?: string
  paper?: HandoverPaper
  force: boolean
}

/** `-` (which yargs reads as an empty string): stdout. */
const toStdout = (file: string): boolean => file === '' || file === '-'

/** "2 of 3 bases on the PBX, 3 of 4 handsets; 3 left undone" */
function countsLine({ counts }: HandoverReport): string {
  const handsets = counts.handsets === 0 ? '' : `, ${counts.handsetsOnPbx === null ? 'handsets on the PBX unknown' : `${counts.handsetsOnPbx} of ${plural(counts.handsets, 'handset')}`}`
  const left = counts.notSent + counts.failed + counts.notSeen
  return `${counts.basesOnPbx} of ${plural(counts.bases, 'base')} on the PBX${handsets}; ${left === 0 ? 'nothing' : left} left undone`
}

/**
 * `batch report <batch> <out>`: the hand-over report of a batch (issue 43) from a fresh read of the
 * PBX, as a PDF to print and sign (`--paper a4|letter`), or with --json as JSON
 * (contract/handover-report.ts). `-` writes to stdout (the PDF only when piped). The installer's
 * name is remembered for the next report.
 */
export function reportCommand(ctx: CliContext): CommandModule<BaseArgs, ReportArgs> {
  return {
    command: 'report <batch> <out>',
    describe: 'The hand-over report of the batch, read fresh from the PBX: a PDF to print and sign, or JSON (--json)',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('out', { type: 'string', demandOption: true, describe: 'The .pdf file to write (.json with --json; - for stdout)' })
        .option('json', { type: 'boolean', default: false, describe: 'Write the report as JSON instead of the PDF' })
        .option('paper', { choices: HANDOVER_PAPERS, describe: 'The PDF\'s paper', defaultDescription: 'a4' })
        .option('pbx', { type: 'string', describe: 'The saved PBX to read, by name or id', defaultDescription: 'the PBX the batch was pushed to' })
        .option('installer', { type: 'string', describe: "The installer's name on the report (remembered for the next)", defaultDescription: 'the name given last' })
        .option('force', { type: 'boolean', default: false, describe: 'Replace the file if it exists' })
        .example('$0 batch report "Site B" site-b-handover.pdf --installer "Ines Meyer"', 'The report of what was installed, to print and sign with the customer')
        .example('$0 batch report "Site B" site-b-handover.pdf --paper letter', 'On US Letter paper')
        .example(`$0 batch report "Site B" - --json | jq '.undone'`, 'What is left undone, and why') as Argv<ReportArgs>,
    handler: action(ctx, async (argv) => {
      const kind = argv.json ? 'json' : 'pdf'
      if (argv.json && argv.paper !== undefined) throw usageError('--paper: only the PDF has a paper size: leave out --json for the PDF, or --paper for JSON.')
      if (!toStdout(argv.out) && !argv.out.toLowerCase().endsWith(`.${kind}`)) {
        const other = argv.json ? ' (or - for stdout)' : ', or add --json for the report as JSON'
        throw usageError(`<out>: the report is ${argv.json ? 'JSON' : 'a PDF'}: name a .${kind} file, e.g. ${argv.out.replace(/\.[^./\\]*$/, '')}.${kind}${other}.`)
      }
      if (!argv.json && toStdout(argv.out) && process.stdout.isTTY) throw usageError('<out>: name the .pdf file to write, e.g. handover.pdf (or pipe the output: - writes the PDF to stdout).')
      const installer = argv.installer === undefined ? undefined : checkedArgs(InstallerNameSchema, argv.installer, { '': '--installer' })
      if (!toStdout(argv.out)) await checkOutputFile({ name: '<out>', path: argv.out }, argv.force)
      const open = await ctx.open(argv, 'needed')
      const batch = await namedBatch(open, argv.batch)
      const profile = await batchPbx(open, batch, argv.pbx, `read for "${batch.name}"`)
      await openKept(open, profile)
      const request = { batchId: batch.id, profileId: profile.id, ...(installer === undefined ? {} : { installer }) }
      let content: string | Buffer
      let report: HandoverReport
      let made = ''
      if (argv.json) {
        report = await open.must('handoverReport', request)
        content = `${JSON.stringify(report, null, 2)}\n`
      } else {
        const paper = argv.paper ?? 'a4'
        const file = await open.must('handoverReportPdf', { ...request, paper })
        report = file.report
        content = Buffer.from(file.base64, 'base64')
        made = `, ${plural(file.pages, 'page')} of ${paper === 'a4' ? 'A4' : 'Letter'}`
        for (const warning of file.warnings) ctx.out.note(`Warning: ${warning}`)
      }
      for (const unread of report.cannotRead) ctx.out.note(`Could not read ${unread.field}: ${unread.reason}.`)
      if (toStdout(argv.out)) ctx.out.file(content)
      else await mustWriteOutputFile({ name: '<out>', path: argv.out }, content, argv.force)
      ctx.out.note(`${toStdout(argv.out) ? 'The' : 'Wrote the'} hand-over report of "${batch.name}" (${countsLine(report)}${made})${toStdout(argv.out) ? '.' : ` to ${argv.out}.`}`)
    }),
  }
}
