import type { Argv, CommandModule } from 'yargs'
import { APPLY_CONCURRENCY, applicableItems, ApplyRequestSchema, type ApplyPreview, type ApplyRequest, type Rollout } from '../../contract/config-apply'
import { checkMappingOptions, chosenItems, chosenTargets, hasMappingOptions, mappingsFor, type MappingOptions, type TargetOptions } from '../config-apply-args'
import { configSide, sideName, signInProblem, snapshotOf, sourceOf } from '../config-source'
import { itemText, outcomeSummary, previewCounts, previewLines, previewSummary, resultLines, shortId } from '../config-text'
import type { PbxProfile } from '../../contract/profiles'
import type { CliContext, OpenServices } from '../context'
import { EXIT, exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { confirmed, followRollout, namedRollout, rolloutCall, rolloutExitCode } from '../rollout-follow'
import { action, checkedArgs, jsonOption, localTime, savedPbxs, type BaseArgs } from './common'

interface ApplyArgs extends BaseArgs, TargetOptions, MappingOptions {
  source: string
  item?: string[]
  yes: boolean
  dryRun: boolean
  concurrency?: number
}

/** What Ctrl-C does to a rollout, for the help of the commands that start one. */
const STOP_NOTE = 'Ctrl-C stops the command line, not the rollout: it waits a few seconds for the PBXs being written, and the history keeps each PBX\'s result (config history).'

const repeatable = (describe: string) => ({ type: 'string', array: true, requiresArg: true, describe }) as const

export function applyCommand(ctx: CliContext): CommandModule<BaseArgs, ApplyArgs> {
  return {
    command: 'apply <source>',
    describe: 'Apply a snapshot file or a saved PBX to other PBXs: a preview per PBX and item, a confirmation (or --yes), then the rollout with its results',
    builder: (yargs) =>
      yargs
        .positional('source', { type: 'string', demandOption: true, describe: 'A snapshot file (a path that exists) or a saved PBX, read now' })
        .option('to', repeatable('A saved PBX to apply to (repeat it, or name several)'))
        .option('tag', repeatable('Every saved PBX with this tag'))
        .option('group', repeatable('Every saved PBX in this group'))
        .option('item', repeatable('An item of the source, part:name (outboundRules:Local, ivrServers:…, emailTemplates:…, notification, dectBases:<MAC>, rules:*); default: all'))
        .option('map-provider', repeatable('"Source name=Name on the PBX": the provider a PBX without the source\'s provider uses instead'))
        .option('map-holiday', repeatable('"Source name=Name on the PBX": the holiday a PBX without the source\'s holiday uses instead'))
        .option('drop-holiday', repeatable("A source holiday left out of the rules on PBXs that have no holiday of that name"))
        .option('yes', { alias: 'y', type: 'boolean', default: false, describe: 'Apply without asking (needed when not run in a terminal)' })
        .option('dry-run', { type: 'boolean', default: false, describe: 'Print the preview only; write nothing' })
        .option('concurrency', { type: 'number', describe: `How many PBXs are written at once (${APPLY_CONCURRENCY.min}..${APPLY_CONCURRENCY.max}, default ${APPLY_CONCURRENCY.default})` })
        .option('json', jsonOption)
        .example('$0 config apply demo.pbxconfig.json --to "Branch Office" --item outboundRules:Emergency', 'Shows the preview, then asks')
        .example('$0 config apply "Demo Company" --tag branch --item rule:Local --item rule:Emergency --yes', 'Two rules of a PBX to every PBX tagged "branch", unattended')
        .example('$0 config apply demo.pbxconfig.json --group North --map-provider "Telco One=Other Telco" --drop-holiday Christmas --yes', 'PBXs without "Telco One" use "Other Telco"')
        .example('$0 config apply demo.pbxconfig.json --to "Branch Office" --dry-run --json', 'The preview only, as JSON')
        .epilogue(`Exit codes: 0 every item applied or unchanged, 1 none (or the question answered no), 2 bad usage, or no --yes without a terminal (nothing applied), 3 some items failed or were skipped. ${STOP_NOTE}`) as unknown as Argv<ApplyArgs>,
    handler: action(ctx, (argv) => apply(ctx, argv)),
  }
}

async function apply(ctx: CliContext, argv: ApplyArgs): Promise<ExitCode> {
  const { out } = ctx
  checkMappingOptions(argv)
  const concurrency = argv.concurrency === undefined ? undefined : checkedArgs(ApplyRequestSchema.shape.concurrency, argv.concurrency, { '': '--concurrency' })
  const open = await ctx.open(argv, 'needed')
  const side = await configSide(open, argv.source)
  const { targets, notes } = chosenTargets(await savedPbxs(open), argv, side.kind === 'pbx' ? side.profile.id : undefined)
  for (const note of notes) out.note(note)
  const snapshot = await snapshotOf(open, side)
  const items = chosenItems(argv.item, applicableItems(snapshot))
  if (items.length === 0) throw usageError(`The source has no items to apply (it could read none of its parts).`)
  if (!argv.item?.length) out.note(`No --item given: applying all ${plural(items.length, 'item')} of the source.`)

  const request: ApplyRequest = { source: sourceOf(side), items, targets: targets.map((t) => t.id), ...(concurrency !== undefined ? { concurrency } : {}) }
  let preview = await open.must('previewApply', request)
  if (hasMappingOptions(argv)) {
    const mapped = mappingsFor(argv, preview.targets)
    for (const note of mapped.notes) out.note(note)
    if (Object.keys(mapped.mappings).length > 0) {
      request.mappings = mapped.mappings
      preview = await open.must('previewApply', request)
    }
  }
  const problems = await failedTargetProblems(open, preview, targets)
  const counts = previewCounts(preview.targets)
  const report = (rollout: Rollout | null) => out.json({ preview, rollout })
  if (!argv.json) {
    out.line(`Apply ${sideName(side, snapshot, localTime)} to ${plural(targets.length, 'PBX', 'PBXs')}, ${plural(items.length, 'item')}:`)
    for (const text of previewLines(preview.targets, problems)) out.line(text)
    out.line(previewSummary(preview.targets))
  }
  const toWrite = preview.targets.filter((t) => t.items.some((i) => i.action === 'create' || i.action === 'update')).length
  if (argv.dryRun || toWrite === 0) {
    if (argv.json) report(null)
    if (toWrite === 0 && !argv.dryRun) out.note('Nothing to apply: every item is unchanged or cannot be applied on the chosen PBXs.')
    return exitCodeOf(counts.unchanged + counts.create + counts.update, counts.cannot + counts.unread)
  }
  const go = await confirmed(ctx, `Apply to ${plural(toWrite, 'PBX', 'PBXs')}?`, argv.yes, 'add --yes to apply unattended (the preview above shows what it would do).')
  if (!go) {
    if (argv.json) report(null)
    out.note('Nothing was applied.')
    return EXIT.failed
  }
  const rollout = await followRollout(ctx, open, () => open.must('startApply', request))
  return finished(ctx, rollout, argv.json, (r) => report(r))
}

/** The PBXs the preview could not read, each with a sentence that says what to do when it is a sign-in. */
async function failedTargetProblems(open: OpenServices, preview: ApplyPreview, targets: readonly PbxProfile[]): Promise<Map<string, string>> {
  const problems = new Map<string, string>()
  for (const target of preview.targets) {
    const profile = targets.find((t) => t.id === target.profileId)
    if (target.state !== 'failed' || !profile) continue
    const problem = await signInProblem(open, profile)
    if (problem) problems.set(target.profileId, problem)
  }
  return problems
}

/** A rollout that ended: its results (or JSON), how to take it back, its exit code. */
function finished(ctx: CliContext, rollout: Rollout, json: boolean | undefined, asJson: (rollout: Rollout) => void): ExitCode {
  if (json) asJson(rollout)
  else {
    ctx.out.line(`Rollout ${shortId(rollout.id)}:`)
    for (const text of resultLines(rollout)) ctx.out.line(text)
    ctx.out.line(`Result: ${outcomeSummary(rollout.targets)}.`)
  }
  const code = rolloutExitCode(rollout)
  if (rollout.kind === 'apply') {
    const retry = code === EXIT.done ? '' : `\`${PROGRAM} config retry ${shortId(rollout.id)}\` runs the failed items again; `
    ctx.out.note(`${retry}\`${PROGRAM} config undo ${shortId(rollout.id)}\` takes the rollout back.`)
  }
  return code
}

interface RolloutArgs extends BaseArgs {
  rollout: string
  yes?: boolean
}

export function undoCommand(ctx: CliContext): CommandModule<BaseArgs, RolloutArgs> {
  return {
    command: 'undo <rollout>',
    describe: 'Take a rollout back: delete what it created and write back what it updated, on each PBX (asks first, or --yes)',
    builder: (yargs) =>
      yargs
        .positional('rollout', { type: 'string', demandOption: true, describe: 'A rollout, by its id or the beginning of it (see config history)' })
        .option('yes', { alias: 'y', type: 'boolean', default: false, describe: 'Undo without asking (needed when not run in a terminal)' })
        .option('json', jsonOption)
        .example('$0 config undo 8c2e4f1a', 'Shows what it takes back, then asks')
        .example('$0 config undo 8c2e4f1a --yes --json', 'Unattended, the results as JSON')
        .epilogue(STOP_NOTE) as Argv<RolloutArgs>,
    handler: action(ctx, async (argv) => {
      const open = await ctx.open(argv, 'needed')
      const original = await namedRollout(open, argv.rollout)
      if (original.kind !== 'apply') throw usageError(`${shortId(original.id)} is an undo, which cannot itself be undone: apply the configuration again instead.`)
      if (original.undoneBy) throw usageError(`${shortId(original.id)} was undone already (by ${shortId(original.undoneBy)}).`)
      const lines: string[] = []
      let pbxs = 0
      for (const target of original.targets) {
        const changed = target.items.filter((item) => item.createdId !== undefined || item.before !== undefined)
        if (changed.length === 0) continue
        pbxs++
        lines.push(`"${target.label}"`)
        for (const item of changed) lines.push(`  ${item.createdId !== undefined ? 'delete    ' : 'write back'}  ${itemText(item)}`)
      }
      if (pbxs === 0) throw usageError(`${shortId(original.id)} changed nothing on any PBX: there is nothing to undo.`)
      if (!argv.json) {
        ctx.out.line(`Undo rollout ${shortId(original.id)} (started ${localTime(original.startedAt)} by ${original.by}):`)
        for (const text of lines) ctx.out.line(text)
      }
      const go = await confirmed(ctx, `Undo on ${plural(pbxs, 'PBX', 'PBXs')}?`, Boolean(argv.yes), 'add --yes to undo unattended.')
      if (!go) {
        ctx.out.note('Nothing was undone.')
        return EXIT.failed
      }
      const rollout = await followRollout(ctx, open, () => rolloutCall(open, 'undoRollout', original))
      return finished(ctx, rollout, argv.json, (r) => ctx.out.json(r))
    }),
  }
}

/** Whether a retry ran anything: a rollout with nothing failed is answered as it was, not run again. */
const rolloutRan = (before: Rollout, after: Rollout): boolean => after.finishedAt !== before.finishedAt

export function retryCommand(ctx: CliContext): CommandModule<BaseArgs, RolloutArgs> {
  return {
    command: 'retry <rollout>',
    describe: 'Run again the items of a rollout (or an undo) that failed, on the PBXs they failed on',
    builder: (yargs) =>
      yargs
        .positional('rollout', { type: 'string', demandOption: true, describe: 'A rollout, by its id or the beginning of it (see config history)' })
        .option('json', jsonOption)
        .example('$0 config retry 8c2e4f1a', 'The PBXs that were down get their items now')
        .epilogue(STOP_NOTE) as Argv<RolloutArgs>,
    handler: action(ctx, async (argv) => {
      const open = await ctx.open(argv, 'needed')
      const original = await namedRollout(open, argv.rollout)
      const failed = new Set(original.targets.filter((t) => t.items.some((i) => i.outcome === 'failed' || i.outcome === 'pending')).map((t) => t.profileId))
      const rollout = await followRollout(ctx, open, () => rolloutCall(open, 'retryRollout', original), failed)
      if (!rolloutRan(original, rollout)) {
        if (argv.json) ctx.out.json(rollout)
        ctx.out.note(`Nothing to retry: no item of ${shortId(rollout.id)} failed.`)
        return rolloutExitCode(rollout)
      }
      return finished(ctx, rollout, argv.json, (r) => ctx.out.json(r))
    }),
  }
}
