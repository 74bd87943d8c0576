import type { Argv, CommandModule } from 'yargs'
import { bridge } from '../../contract/bridge'
import { stateSentence, toSend } from '../../contract/batch-state'
import { PUSH_CONCURRENCY, type BatchSummary, type PushProgress } from '../../contract/dect'
import type { PbxProfile } from '../../contract/profiles'
import { leftItems, leftText } from '../batch-text'
import { namedBatch } from '../batch-names'
import type { CliContext, OpenServices } from '../context'
import { EXIT, exitCodeOfBatch, failedError, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { plainLines, progressBar, progressLine, pushFollower, type ProgressView } from '../push-progress'
import { openKept } from '../sign-in'
import { action, batchPbx, checkedArgs, jsonOption, type BaseArgs } from './common'

/** How many failed or not-sent rows and handsets the text output lists (--json lists them all). */
const SHOWN_LEFT = 10

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
      const { rows, handsets } = batch.state
      if (rows.total + handsets.total === rows.not_sent + handsets.not_sent) {
        throw failedError(
          rows.not_sent + handsets.not_sent > 0
            ? `Nothing of "${batch.name}" is ready to push: every row and handset has errors (\`${PROGRAM} batch show ${JSON.stringify(batch.name)}\` names them).`
            : `"${batch.name}" has no row or handset to push.`,
        )
      }
      return follow(ctx, open, batch, profile, argv.json ?? false, () =>
        open.must('startPush', { batchId: batch.id, profileId: profile.id, ...(concurrency === undefined ? {} : { concurrency }) }),
      )
    }),
  }
}

/** `batch retry <batch>`: the failed rows and handsets again, and only those (with any still to send). */
export function retryCommand(ctx: CliContext): CommandModule<BaseArgs, PushArgs> {
  return {
    command: 'retry <batch>',
    describe: 'Send the failed rows and handsets again (and only those, with any still to send), with live progress',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .option('pbx', pbxOption)
        .option('json', jsonOption)
        .example('$0 batch retry "Site B"', 'After fixing what the PBX refused (a model, a template)') as Argv<PushArgs>,
    handler: action(ctx, async (argv) => {
      const { open, batch, profile } = await target(ctx, argv)
      const waiting = toSend(batch.state)
      if (batch.state.rows.failed + batch.state.handsets.failed + waiting.rows + waiting.handsets === 0) {
        ctx.out.note(`Nothing to retry: no row or handset of "${batch.name}" failed, and none is waiting to be sent.`)
        return exitCodeOfBatch(batch.state)
      }
      return follow(ctx, open, batch, profile, argv.json ?? false, () => open.must('retryFailedRows', { batchId: batch.id, profileId: profile.id }))
    }),
  }
}

/** The batch, and the PBX named (or the one it was pushed to), signed in with what the keychain keeps. */
async function target(ctx: CliContext, argv: PushArgs): Promise<{ open: OpenServices; batch: BatchSummary; profile: PbxProfile }> {
  const open = await ctx.open(argv, 'needed')
  const batch = await namedBatch(open, argv.batch)
  const profile = await batchPbx(open, batch, argv.pbx, `push "${batch.name}" to`)
  await openKept(open, profile)
  return { open, batch, profile }
}

/**
 * Starts the push, follows it to its end, and says how it ended. Ctrl-C pauses the push before
 * the services close (context.ts `undoOnStop`): the rows in flight finish and are saved, and the
 * same command resumes.
 */
function follow(ctx: CliContext, open: OpenServices, batch: BatchSummary, profile: PbxProfile, json: boolean, start: () => Promise<PushProgress>): Promise<ExitCode> {
  // a reader of the output that goes away does not stop the push: it ends, its outcomes saved
  return ctx.writingToPbxs(() => followPush(ctx, open, batch, profile, json, start))
}

async function followPush(ctx: CliContext, open: OpenServices, batch: BatchSummary, profile: PbxProfile, json: boolean, start: () => Promise<PushProgress>): Promise<ExitCode> {
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
    const notSent = batch.state.rows.not_sent + batch.state.handsets.not_sent
    if (notSent > 0) ctx.out.note(`${plural(notSent, 'row or handset', 'rows and handsets')} with errors ${notSent === 1 ? 'is' : 'are'} left out (\`${PROGRAM} batch show ${JSON.stringify(batch.name)}\` names the problems).`)
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
  const state = last.state
  // what the push left: failed (the PBX's reason) and not sent (their errors), rows and handsets
  const left = state.rows.failed + state.rows.not_sent + state.handsets.failed + state.handsets.not_sent > 0 ? leftItems(await open.must('getBatch', { batchId: batch.id })) : []
  const failedRows = left.filter((item) => item.kind === 'base' && item.state === 'failed')
  if (json) {
    ctx.out.json({
      batch: { id: batch.id, name: batch.name },
      pbx: { profileId: profile.id, name: profile.label },
      ...last,
      interrupted,
      failedRows,
      failedHandsets: left.filter((item) => item.kind === 'handset' && item.state === 'failed'),
      notSent: left.filter((item) => item.state === 'not_sent'),
    })
  } else {
    ctx.out.line(`${finished ? 'Pushed' : 'Stopped:'} ${progressLine(last).replace(/^pushed /, '')} to "${profile.label}".`)
    if (finished && state.verdict !== 'done') ctx.out.line(`${stateSentence(state)}.`)
    for (const item of left.slice(0, SHOWN_LEFT)) ctx.out.line(`  ${leftText(item)}`)
    if (left.length > SHOWN_LEFT) ctx.out.line(`  … and ${plural(left.length - SHOWN_LEFT, 'more')} (--json lists them all)`)
  }
  if (interrupted && !finished) {
    ctx.out.note(`Paused at ${last.done} of ${last.total}: run the same command to resume (\`${again}\`).`)
    return EXIT.interrupted
  }
  if (finished) {
    const name = JSON.stringify(batch.name)
    if (state.rows.failed + state.handsets.failed > 0) ctx.out.note(`Fix what the PBX refused, then \`${PROGRAM} batch retry ${name}\` sends the failed rows and handsets again.`)
    else if (state.rows.not_sent + state.handsets.not_sent > 0) ctx.out.note(`Fix the rows and handsets with errors (\`${PROGRAM} batch show ${name}\`), then push again.`)
    else ctx.out.note(`Next: \`${PROGRAM} batch export-results ${name} results.csv\`, and \`${PROGRAM} batch labels ${name} labels.pdf\`.`)
    if (interrupted) return EXIT.interrupted
    return exitCodeOfBatch(state)
  }
  // stopped by itself: the PBX could not be reached, the sign-in was lost, a permission is missing
  ctx.out.error(`The push stopped at ${last.done} of ${last.total}: ${(last.reason ?? 'the PBX did not go on').replace(/\.*$/, '.')} Run \`${again}\` to resume.`)
  return EXIT.failed
}
