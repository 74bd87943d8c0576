import type { Argv, CommandModule } from 'yargs'
import { InstallerNameSchema, type HandoverReport } from '../../contract/handover-report'
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
 * `batch report <batch> <out> --json`: the hand-over report of a batch (issue 43) from a fresh read
 * of the PBX, as JSON (contract/handover-report.ts). The PDF comes later: without --json the
 * command says so and does nothing (exit 2). The installer's name is remembered for the next report.
 */
export function reportCommand(ctx: CliContext): CommandModule<BaseArgs, ReportArgs> {
  return {
    command: 'report <batch> <out>',
    describe: 'The hand-over report of the batch, read fresh from the PBX, as JSON (--json; the PDF comes later)',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('out', { type: 'string', demandOption: true, describe: 'The .json file to write (- for stdout)' })
        .option('json', { type: 'boolean', default: false, describe: 'Write the report as JSON (required for now: the PDF comes later)' })
        .option('pbx', { type: 'string', describe: 'The saved PBX to read, by name or id', defaultDescription: 'the PBX the batch was pushed to' })
        .option('installer', { type: 'string', describe: "The installer's name on the report (remembered for the next)", defaultDescription: 'the name given last' })
        .option('force', { type: 'boolean', default: false, describe: 'Replace the file if it exists' })
        .example('$0 batch report "Site B" site-b-handover.json --json --installer "Ines Meyer"', 'The report of what was installed, for the customer')
        .example(`$0 batch report "Site B" - --json | jq '.undone'`, 'What is left undone, and why')
        .epilogue('Only --json is written for now: the printable PDF of the report comes later.') as Argv<ReportArgs>,
    handler: action(ctx, async (argv) => {
      if (!argv.json) throw usageError('The hand-over report is written as JSON for now: add --json (the PDF comes later).')
      if (!toStdout(argv.out) && !argv.out.toLowerCase().endsWith('.json')) throw usageError(`<out>: the report is JSON: name a .json file, e.g. ${argv.out.replace(/\.[^./\\]*$/, '')}.json (or - for stdout).`)
      const installer = argv.installer === undefined ? undefined : checkedArgs(InstallerNameSchema, argv.installer, { '': '--installer' })
      if (!toStdout(argv.out)) await checkOutputFile({ name: '<out>', path: argv.out }, argv.force)
      const open = await ctx.open(argv, 'needed')
      const batch = await namedBatch(open, argv.batch)
      const profile = await batchPbx(open, batch, argv.pbx, `read for "${batch.name}"`)
      await openKept(open, profile)
      const report = await open.must('handoverReport', { batchId: batch.id, profileId: profile.id, ...(installer === undefined ? {} : { installer }) })
      const json = `${JSON.stringify(report, null, 2)}\n`
      for (const unread of report.cannotRead) ctx.out.note(`Could not read ${unread.field}: ${unread.reason}.`)
      if (toStdout(argv.out)) ctx.out.file(json)
      else await mustWriteOutputFile({ name: '<out>', path: argv.out }, json, argv.force)
      ctx.out.note(`${toStdout(argv.out) ? 'The' : 'Wrote the'} hand-over report of "${batch.name}" (${countsLine(report)})${toStdout(argv.out) ? '.' : ` to ${argv.out}.`}`)
    }),
  }
}
