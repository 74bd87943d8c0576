import type { Argv, CommandModule } from 'yargs'
import { bridge } from '../../contract/bridge'
import { macForPeople, PUSH_CONCURRENCY, type BatchSummary, type PushProgress } from '../../contract/dect'
import type { PbxProfile } from '../../contract/profiles'
import { namedBatch } from '../batch-names'
import type { CliContext, OpenServices } from '../context'
import { EXIT, exitCodeOf, failedError, usageError, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { plainLines, progressBar, progressLine, pushFollower, type ProgressView } from '../push-progress'
import { openKept } from '../sign-in'
import { action, checkedArgs, jsonOption, namedPbx, savedPbxs, type BaseArgs } from './common'

/** How many failed rows the text output lists (--json lists them all). */
const SHOWN_FAILURES = 10

interface PushArgs extends BaseArgs {
  batch: string
  pbx?: string
  concurrency?: number
}

const pbxOption = { type: 'string', describe: 'The saved PBX to push to, by name or id', defaultDescription: 'the PBX the batch was pushed to' } as const

/** `batch push <batch> --pbx <pbx>`: the pending rows to a PBX, resuming where a push stopped. */
export function pushCommand(ctx: CliContext): CommandModule<BaseArgs, PushArgs> {
  return {
    command: 'push <batch>',
    describe: "Push the batch's rows to a saved PBX, with live progress; resumes where a push stopped (Ctrl-C pauses it)",
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .option('pbx', pbxOption)
        .option('concurrency', { type: 'number', describe: `How many phones are created at once (${PUSH_CONCURRENCY.min}..${PUSH_CONCURRENCY.max})`, defaultDescription: "the batch's, 4 at first" })
        .option('json', jsonOption)
        .example('$0 batch push "Site B" --pbx "Demo Company"', 'Push; Ctrl-C pauses, and the same command resumes')
        .example('$0 batch push "Site B" --json > result.json', 'Resume on the PBX it was pushed to; the outcome as JSON, exit code 3 when some rows failed') as Argv<PushArgs>,
    handler: action(ctx, async (argv) => {
      const concurrency = argv.concurrency === undefined ? undefined : checkedArgs(bridge.startPush.input.shape.concurrency, argv.concurrency, { '': '--concurrency' })
      const { open, batch, profile } = await target(ctx, argv)
      const { created, matched, failed, pending, withErrors, handsets = 0 } = batch.counts
      if (created + matched + failed + pending + handsets === 0) {
        throw failedError(
          withErrors > 0
            ? `No row of "${batch.name}" is ready to push: every row has errors (\`${PROGRAM} batch show ${JSON.stringify(batch.name)}\` names them).`
            : `"${batch.name}" has no row to push.`,
        )
      }
      return follow(ctx, open, batch, profile, argv.json ?? false, () =>
        open.must('startPush', { batchId: batch.id, profileId: profile.id, ...(concurrency === undefined ? {} : { concurrency }) }),
      )
    }),
  }
}

/** `batch retry <batch>`: the failed rows again, and only those (with any still pending). */
export function retryCommand(ctx: CliContext): CommandModule<BaseArgs, PushArgs> {
  return {
    command: 'retry <batch>',
    describe: 'Send the failed rows again (and only those, with any rows still pending), with live progress',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .option('pbx', pbxOption)
        .option('json', jsonOption)
        .example('$0 batch retry "Site B"', 'After fixing what the PBX refused (a model, a template)') as Argv<PushArgs>,
    handler: action(ctx, async (argv) => {
      const { open, batch, profile } = await target(ctx, argv)
      if (batch.counts.failed === 0 && batch.counts.pending === 0) {
        ctx.out.note(`Nothing to retry: no row of "${batch.name}" failed, and none is pending.`)
        return EXIT.done
      }
      return follow(ctx, open, batch, profile, argv.json ?? false, () => open.must('retryFailedRows', { batchId: batch.id, profileId: profile.id }))
    }),
  }
}

/** The batch, and the PBX named (or the one it was pushed to), signed in with what the keychain keeps. */
async function target(ctx: CliContext, argv: PushArgs): Promise<{ open: OpenServices; batch: BatchSummary; profile: PbxProfile }> {
  const open = await ctx.open(argv, 'needed')
  const batch = await namedBatch(open, argv.batch)
  let profile: PbxProfile
  if (argv.pbx !== undefined) profile = await namedPbx(open, argv.pbx)
  else {
    const pushedTo = batch.targetProfileId === null ? undefined : (await savedPbxs(open)).find((p) => p.id === batch.targetProfileId)
    if (!pushedTo) throw usageError(`Name the PBX to push "${batch.name}" to: --pbx <name or id> (\`${PROGRAM} pbx list\` shows them).`)
    profile = pushedTo
  }
  await openKept(open, profile)
  return { open, batch, profile }
}

/**
 * Starts the push, follows it to its end, and says how it ended. Ctrl-C pauses the push before
 * the services close (context.ts `undoOnStop`): the rows in flight finish and are saved, and the
 * same command resumes.
 */
async function follow(ctx: CliContext, open: OpenServices, batch: BatchSummary, profile: PbxProfile, json: boolean, start: () => Promise<PushProgress>): Promise<ExitCode> {
  const view: ProgressView = process.stderr.isTTY ? await progressBar() : plainLines((text) => (json ? ctx.out.note(text) : ctx.out.line(text)))
  const follower = pushFollower(open, batch.id, view)
  let ended = () => {}
  const end = new Promise<void>((resolve) => (ended = resolve))
  const dropUndo = ctx.undoOnStop(async () => {
    ctx.out.note('Pausing the push: the rows being sent finish first…')
    await follower.interrupt()
    await end
  })
  try {
    if (batch.counts.withErrors > 0) ctx.out.note(`${plural(batch.counts.withErrors, 'row')} with errors ${batch.counts.withErrors === 1 ? 'is' : 'are'} left out (\`${PROGRAM} batch show ${JSON.stringify(batch.name)}\` names the problems).`)
    const last = await follower.follow(await start())
    return await ending(ctx, open, batch, profile, last, follower.interrupted, json)
  } finally {
    dropUndo()
    ended()
  }
}

async function ending(ctx: CliContext, open: OpenServices, batch: BatchSummary, profile: PbxProfile, last: PushProgress, interrupted: boolean, json: boolean): Promise<ExitCode> {
  const finished = last.status === 'done' || last.status === 'partly_failed'
  const again = `${PROGRAM} batch push ${JSON.stringify(batch.name)} --pbx ${JSON.stringify(profile.label)}`
  const failedRows = last.failed > 0 ? await failures(open, batch.id) : []
  if (json) ctx.out.json({ batch: { id: batch.id, name: batch.name }, pbx: { profileId: profile.id, name: profile.label }, ...last, interrupted, failedRows })
  else {
    ctx.out.line(`${finished ? 'Pushed' : 'Stopped:'} ${progressLine(last).replace(/^pushed /, '')} to "${profile.label}".`)
    for (const row of failedRows.slice(0, SHOWN_FAILURES)) ctx.out.line(`  row ${row.row}, ${row.mac} ${row.name}: ${row.error}`)
    if (failedRows.length > SHOWN_FAILURES) ctx.out.line(`  … and ${plural(failedRows.length - SHOWN_FAILURES, 'more failed row')} (--json lists them all)`)
  }
  if (interrupted && !finished) {
    ctx.out.note(`Paused at ${last.done} of ${last.total}: run the same command to resume (\`${again}\`).`)
    return EXIT.interrupted
  }
  if (finished) {
    if (last.failed > 0 || (last.handsets?.failed ?? 0) > 0) ctx.out.note(`Fix what the PBX refused, then \`${PROGRAM} batch retry ${JSON.stringify(batch.name)}\` sends the failed rows again.`)
    else ctx.out.note(`Next: \`${PROGRAM} batch export-results ${JSON.stringify(batch.name)} results.csv\`, and \`${PROGRAM} batch labels ${JSON.stringify(batch.name)} labels.pdf\`.`)
    if (interrupted) return EXIT.interrupted
    const succeeded = last.created + last.matched + (last.handsets ? last.handsets.enrolled + last.handsets.matched : 0)
    return exitCodeOf(succeeded, last.failed + (last.handsets?.failed ?? 0))
  }
  // stopped by itself: the PBX could not be reached, the sign-in was lost, a permission is missing
  ctx.out.error(`The push stopped at ${last.done} of ${last.total}: ${(last.reason ?? 'the PBX did not go on').replace(/\.*$/, '.')} Run \`${again}\` to resume.`)
  return EXIT.failed
}

/** The failed rows: row, MAC, name and the PBX's reason. */
async function failures(open: OpenServices, batchId: string) {
  const batch = await open.must('getBatch', { batchId })
  return batch.rows
    .filter((row) => row.outcome.state === 'failed')
    .map((row) => ({ row: row.row, mac: macForPeople(row.values.mac), name: row.values.name ?? '', error: row.outcome.error ?? 'failed' }))
}
