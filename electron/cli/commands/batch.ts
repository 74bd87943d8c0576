import type { Argv, CommandModule } from 'yargs'
import { normalizeMac } from '../../contract/pbx'
import { listedBatch, namedBatch } from '../batch-names'
import { batchStateOf, stateSentence } from '../../contract/batch-state'
import { countsText, itemTables, problemLines, problemsOf, rowCounts, verdictWords } from '../batch-text'
import type { CliContext } from '../context'
import { damagedLine } from '../damaged-batch-text'
import { exitCodeOf, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { openKept } from '../sign-in'
import { showDamaged } from './batch-damaged'
import { exportResultsCommand, labelsCommand } from './batch-files'
import { importCommand } from './batch-import'
import { pushCommand, retryCommand } from './batch-push'
import { reportCommand } from './batch-report'
import { setCommand } from './batch-set'
import { siteCommand } from './batch-site'
import { moveCommand, renumberCommand, swapCommand } from './batch-handsets'
import { retireCommand } from './batch-retire'
import { action, jsonOption, localTime, namedPbx, pushedToPbx, savedPbxs, type BaseArgs, type AreaCommandModule, areaCommand, areaOf } from './common'

/**
 * `batch …`: DECT batches, as the desktop app's batches: a spreadsheet imported and checked
 * offline, pushed to a PBX with live progress (resumable), then the results and the labels.
 */
export function batchCommand(ctx: CliContext): AreaCommandModule {
  return areaOf(
    'batch',
    [areaCommand(importCommand(ctx)), areaCommand(listCommand(ctx)), areaCommand(showCommand(ctx)), areaCommand(checkCommand(ctx)), areaCommand(setCommand(ctx)), areaCommand(pushCommand(ctx)), areaCommand(retryCommand(ctx)), areaCommand(exportResultsCommand(ctx)), areaCommand(labelsCommand(ctx)), areaCommand(reportCommand(ctx)), areaCommand(siteCommand(ctx)), areaCommand(swapCommand(ctx)), areaCommand(moveCommand(ctx)), areaCommand(renumberCommand(ctx)), areaCommand(retireCommand(ctx)), areaCommand(deleteCommand(ctx))],
    [
      ['$0 batch import handsets.csv --vendor Yealink --model W70B', 'A batch from a spreadsheet'],
      ['$0 batch push handsets --pbx "Demo Company"', 'Push it; Ctrl-C pauses, the same command resumes'],
    ],
  )
}

interface BatchArgs extends BaseArgs {
  batch: string
  pbx?: string
}

const batchPositional = { type: 'string', demandOption: true, describe: 'A batch, by name or id' } as const

function listCommand(ctx: CliContext): CommandModule<BaseArgs, BaseArgs> {
  return {
    command: 'list',
    aliases: ['ls'],
    describe: 'The batches on this computer, newest first, with where each push stands',
    builder: (yargs) =>
      yargs
        .option('json', jsonOption)
        .example('$0 batch list', 'A table of the batches')
        .example(`$0 batch list --json | jq -r '.[] | select(.state.verdict == "paused") | .name'`, 'The pushes to resume')
        .example(`$0 batch list --json | jq '.[] | select(.damaged)'`, 'The batch files that cannot be read'),
    handler: action(ctx, async (argv) => {
      const open = await ctx.open(argv, 'not-needed')
      const batches = await open.must('listBatches')
      const damaged = await open.must('listDamagedBatches')
      // a damaged file is listed too, never dropped without a word: after the batches, marked `damaged: true`
      if (argv.json) return ctx.out.json([...batches, ...damaged.map((file) => ({ damaged: true, ...file }))])
      for (const file of damaged) ctx.out.note(damagedLine(file))
      if (batches.length === 0) return ctx.out.note(`There is no ${damaged.length > 0 ? 'readable ' : ''}batch yet: make one with \`${PROGRAM} batch import <file>\` (see --help).`)
      const pbxs = new Map((await savedPbxs(open)).map((p) => [p.id, p.label]))
      ctx.out.table(
        ['NAME', 'ID', 'STATE', 'BASES', 'HANDSETS', 'FAILED', 'NOT SENT', 'PBX', 'UPDATED'],
        batches.map((b) => {
          const { rows, handsets } = b.state
          return [
            b.name,
            b.id,
            verdictWords(b.state),
            // of the live ones: a retired base or handset is not to be sent
            `${rows.done}/${rows.total - rows.retired}`,
            handsets.total === 0 ? '-' : `${handsets.done}/${handsets.total - handsets.retired}`,
            String(rows.failed + handsets.failed),
            String(rows.not_sent + handsets.not_sent),
            b.targetProfileId === null ? '-' : (pbxs.get(b.targetProfileId) ?? 'removed'),
            localTime(b.updatedAt),
          ]
        }),
        ['left', 'left', 'left', 'right', 'right', 'right', 'right'],
      )
    }),
  }
}

function showCommand(ctx: CliContext): CommandModule<BaseArgs, BatchArgs> {
  return {
    command: 'show <batch>',
    describe: 'A batch row by row and handset by handset: its values, its state on the PBX, why',
    builder: (yargs) =>
      yargs
        .positional('batch', batchPositional)
        .option('json', jsonOption)
        .example('$0 batch show "Site B"', 'A table of the rows, then one of the handsets')
        .example(`$0 batch show "Site B" --json | jq '.rows[] | select(.outcome.state == "failed")'`, 'The whole batch, as saved, with its state') as Argv<BatchArgs>,
    handler: action(ctx, async (argv) => {
      const open = await ctx.open(argv, 'not-needed')
      const listed = await listedBatch(open, argv.batch)
      if (listed.damaged) return showDamaged(ctx, open, listed.damaged, argv.json ?? false)
      const batch = await open.must('getBatch', { batchId: listed.batch.id })
      const state = batchStateOf(batch)
      if (argv.json) return ctx.out.json({ ...batch, state })
      const pbx = await pushedToPbx(open, batch)
      ctx.out.line(`Batch "${batch.name}" (id ${batch.id}), from ${batch.source}: ${verdictWords(state)}${pbx ? `, pushed to "${pbx.label}"` : ''}.`)
      ctx.out.line(`${stateSentence(state)}.`)
      itemTables(ctx.out, batch)
    }),
  }
}

function checkCommand(ctx: CliContext): CommandModule<BaseArgs, BatchArgs> {
  return {
    command: 'check <batch>',
    describe: "Check the batch against a PBX: the MACs already on it (matched, not created) and its models",
    builder: (yargs) =>
      yargs
        .positional('batch', batchPositional)
        .option('pbx', { type: 'string', demandOption: true, describe: 'The saved PBX to check against, by name or id' })
        .option('json', jsonOption)
        .example('$0 batch check "Site B" --pbx "Demo Company"', 'Before the push: what the PBX has already, what it would refuse') as Argv<BatchArgs>,
    handler: action(ctx, async (argv): Promise<ExitCode> => {
      const open = await ctx.open(argv, 'needed')
      const summary = await namedBatch(open, argv.batch)
      const profile = await namedPbx(open, argv.pbx ?? '')
      await openKept(open, profile)
      const batch = await open.must('checkBatchOnPbx', { batchId: summary.id, profileId: profile.id })
      const counts = rowCounts(batch)
      const problems = problemsOf(batch)
      const macs = new Set((await open.must('listDectPhones', { profileId: profile.id })).flatMap((phone) => (phone.mac ? [normalizeMac(phone.mac.trim())] : [])))
      const onPbx = batch.rows.filter((row) => row.values.mac !== undefined && macs.has(normalizeMac(row.values.mac))).length
      if (argv.json) ctx.out.json({ batch: { id: batch.id, name: batch.name }, pbx: { profileId: profile.id, name: profile.label }, counts, onPbx, problems })
      else {
        ctx.out.line(`Checked "${batch.name}" against "${profile.label}": ${countsText(counts)}; ${plural(onPbx, 'MAC')} on the PBX already.`)
        for (const text of problemLines(problems)) ctx.out.line(text)
      }
      return exitCodeOf(counts.rows.valid + counts.handsets.valid, counts.rows.withErrors + counts.handsets.withErrors)
    }),
  }
}

function deleteCommand(ctx: CliContext): CommandModule<BaseArgs, BatchArgs> {
  return {
    command: 'delete <batch>',
    aliases: ['rm'],
    describe: 'Delete a batch from this computer (the phones pushed stay on the PBX)',
    builder: (yargs) => yargs.positional('batch', batchPositional).example('$0 batch delete "Site B"', 'Delete one batch') as Argv<BatchArgs>,
    handler: action(ctx, async (argv) => {
      const open = await ctx.open(argv, 'not-needed')
      const { batch, damaged } = await listedBatch(open, argv.batch)
      // a damaged file: moved aside to batches/damaged/, not erased (the deletion is whole: exit 0)
      if (damaged) {
        const { movedTo } = await open.must('deleteBatch', { batchId: damaged.id })
        return ctx.out.line(`Moved the damaged batch file ${damaged.fileName} aside to ${(movedTo ?? []).join(' and ')}.`)
      }
      await open.must('deleteBatch', { batchId: batch.id })
      ctx.out.line(`Deleted the batch "${batch.name}" (id ${batch.id}).${batch.counts.created + batch.counts.matched > 0 ? ' Its phones stay on the PBX.' : ''}`)
    }),
  }
}
