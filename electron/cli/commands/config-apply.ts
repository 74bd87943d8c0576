import type { Argv, CommandModule } from 'yargs'
import { applyText, changedOn, previewOutlook, rolloutCounts, type PreviewOutlook } from '../../contract/apply-outlook'
import { APPLY_CONCURRENCY, applicableItems, ApplyRequestSchema, type ApplyItemRef, type ApplyPreview, type ApplyRequest, type NameMapping, type Rollout } from '../../contract/config-apply'
import { checkMappingOptions, chosenItems, chosenTargets, hasMappingOptions, mappingsFor, type MappingOptions, type TargetOptions } from '../config-apply-args'
import { configSide, sideName, signInProblem, snapshotOf, sourceOf } from '../config-source'
import { finishOptions, itemText, outlookLine, previewCounts, previewLines, resultLines, rolloutResult, shortId, skipRefusal } from '../config-text'
import type { PbxProfile } from '../../contract/profiles'
import type { CliContext, OpenServices } from '../context'
import { EXIT, exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { confirmed } from '../confirm'
import { followRollout, namedRollout, rolloutCall, rolloutExitCode } from '../rollout-follow'
import { action, checkedArgs, jsonOption, localTime, savedPbxs, type BaseArgs } from './common'

interface ApplyArgs extends BaseArgs, TargetOptions, MappingOptions {
  source: string
  item?: string[]
  yes: boolean
  dryRun: boolean
  skipUnmapped: boolean
  concurrency?: number
}

/** What Ctrl-C does to a rollout, for the help of the commands that start one. */
export const STOP_NOTE = 'Ctrl-C stops the command line, not the rollout: it waits a few seconds for the PBXs being written, and the history keeps each PBX\'s result (config history).'

const repeatable = (describe: string) => ({ type: 'string', array: true, requiresArg: true, describe }) as const

/** `--map-provider`, `--map-holiday` and `--drop-holiday`: the names mapped on the PBXs that lack them (apply, finish). */
export const withMappingOptions = <T>(yargs: Argv<T>) =>
  yargs
    .option('map-provider', repeatable('"Source name=Name on the PBX": the provider a PBX without the source\'s provider uses instead'))
    .option('map-holiday', repeatable('"Source name=Name on the PBX": the holiday a PBX without the source\'s holiday uses instead'))
    .option('drop-holiday', repeatable('A source holiday left out of the rules on PBXs that have no holiday of that name'))

export function applyCommand(ctx: CliContext): CommandModule<BaseArgs, ApplyArgs> {
  return {
    command: 'apply <source>',
    describe: 'Apply a snapshot file or a saved PBX to other PBXs: a preview per PBX and item, a confirmation (or --yes), then the rollout with its results',
    builder: (yargs) =>
      withMappingOptions(yargs)
        .positional('source', { type: 'string', demandOption: true, describe: 'A snapshot file (a path that exists) or a saved PBX, read now' })
        .option('to', repeatable('A saved PBX to apply to (repeat it, or name several)'))
        .option('tag', repeatable('Every saved PBX with this tag'))
        .option('group', repeatable('Every saved PBX in this group'))
        .option('item', repeatable('An item of the source, part:name (outboundRules:Local, ivrServers:…, emailTemplates:…, notification, dectBases:<MAC>, rules:*); default: all'))
        .option('skip-unmapped', {
          type: 'boolean',
          default: false,
          describe: 'Apply to the PBXs that can take the items and skip the others (a provider or holiday they lack, not mapped; a part they do not offer), each kept as skipped with why; needed with --yes when the preview skips PBXs',
        })
        .option('yes', { alias: 'y', type: 'boolean', default: false, describe: 'Apply without asking (needed when not run in a terminal)' })
        .option('dry-run', { type: 'boolean', default: false, describe: 'Print the preview only; write nothing' })
        .option('concurrency', { type: 'number', describe: `How many PBXs are written at once (${APPLY_CONCURRENCY.min}..${APPLY_CONCURRENCY.max}, default ${APPLY_CONCURRENCY.default})` })
        .option('json', jsonOption)
        .example('$0 config apply demo.pbxconfig.json --to "Branch Office" --item outboundRules:Emergency', 'Shows the preview, then asks')
        .example('$0 config apply "Demo Company" --tag branch --item rule:Local --item rule:Emergency --yes', 'Two rules of a PBX to every PBX tagged "branch", unattended')
        .example('$0 config apply demo.pbxconfig.json --group North --map-provider "Telco One=Other Telco" --drop-holiday Christmas --yes', 'PBXs without "Telco One" use "Other Telco"')
        .example('$0 config apply demo.pbxconfig.json --group North --skip-unmapped --yes', 'The PBXs that lack a provider or holiday are skipped; config finish applies to them later')
        .example('$0 config apply demo.pbxconfig.json --to "Branch Office" --dry-run --json', 'The preview only, as JSON')
        .epilogue(
          `Exit codes: 0 every item applied or unchanged, 1 none (or the question answered no), 2 bad usage, or no --yes without a terminal, or PBXs the preview skips without --skip-unmapped (nothing applied), 3 some items failed or were skipped. ${STOP_NOTE}`,
        ) as unknown as Argv<ApplyArgs>,
    handler: action(ctx, (argv) => apply(ctx, argv)),
  }
}

async function apply(ctx: CliContext, argv: ApplyArgs): Promise<ExitCode> {
  const { out } = ctx
  checkMappingOptions(argv)
  const concurrency = argv.concurrency === undefined ? undefined : checkedArgs(ApplyRequestSchema.shape.concurrency, argv.concurrency, { '': '--concurrency' })
  const open = await ctx.open(argv, 'needed')
  const side = await configSide(open, argv.source, '<source>')
  const { targets, notes } = chosenTargets(await savedPbxs(open), argv, side.kind === 'pbx' ? side.profile.id : undefined)
  for (const note of notes) out.note(note)
  const snapshot = await snapshotOf(open, side)
  const items = chosenItems(argv.item, applicableItems(snapshot))
  if (items.length === 0) throw usageError(`The source has no items to apply (it could read none of its parts).`)
  if (!argv.item?.length) out.note(`No --item given: applying all ${plural(items.length, 'item')} of the source.`)

  const request: ApplyRequest = { source: sourceOf(side), items, targets: targets.map((t) => t.id), ...(concurrency !== undefined ? { concurrency } : {}) }
  const mapped = await withMappings(ctx, argv, await open.must('previewApply', request), (mappings) => open.must('previewApply', { ...request, mappings }))
  const preview = mapped.preview
  request.mappings = mapped.mappings
  const outlook = previewOutlook(preview)
  const report = (rollout: Rollout | null) => out.json({ preview, outlook: outlookCounts(outlook), rollout })
  if (!argv.json) {
    out.line(`Apply ${sideName(side, snapshot, localTime)} to ${plural(targets.length, 'PBX', 'PBXs')}, ${plural(items.length, 'item')}:`)
    await printPreview(ctx, open, preview, outlook, items, targets)
  }
  if (argv.dryRun || outlook.toWrite.length === 0) {
    if (argv.json) report(null)
    if (outlook.toWrite.length === 0 && !argv.dryRun) out.note('Nothing to apply: every item is unchanged or cannot be applied on the chosen PBXs.')
    return previewExitCode(preview)
  }
  // skipping is the user's choice: --skip-unmapped, or a yes to the question that names the skip
  const skips = outlook.skipped.length > 0
  if (skips && !argv.skipUnmapped && (argv.yes || !out.interactive())) throw usageError(skipRefusal(outlook, argv.yes))
  const go = await confirmed(ctx, `${applyText(outlook)}?`, argv.yes, 'add --yes to apply unattended (the preview above shows what it would do).')
  if (!go) {
    if (argv.json) report(null)
    out.note('Nothing was applied.')
    return EXIT.failed
  }
  request.skipCannot = argv.skipUnmapped || skips
  const rollout = await followRollout(ctx, open, () => open.must('startApply', request))
  return finished(ctx, rollout, argv.json, (r) => report(r))
}

/**
 * A preview with the names `--map-provider`, `--map-holiday` and `--drop-holiday` map on its
 * PBXs: previewed again (`again`) when they map any; notes say which map nowhere.
 */
export async function withMappings(
  ctx: CliContext,
  options: MappingOptions,
  preview: ApplyPreview,
  again: (mappings: Record<string, NameMapping>) => Promise<ApplyPreview>,
): Promise<{ preview: ApplyPreview; mappings: Record<string, NameMapping> }> {
  if (!hasMappingOptions(options)) return { preview, mappings: {} }
  const { mappings, notes } = mappingsFor(options, preview.targets)
  for (const note of notes) ctx.out.note(note)
  if (Object.keys(mappings).length === 0) return { preview, mappings }
  return { preview: await again(mappings), mappings }
}

/** The preview per PBX and item, then what it will do by PBX. */
export async function printPreview(ctx: CliContext, open: OpenServices, preview: ApplyPreview, outlook: PreviewOutlook, items: readonly ApplyItemRef[], targets: readonly PbxProfile[]): Promise<void> {
  const problems = await failedTargetProblems(open, preview, targets)
  for (const text of previewLines(preview.targets, problems)) ctx.out.line(text)
  ctx.out.line(outlookLine(outlook, items))
}

/** The outlook counted by PBX, for `--json`. */
export const outlookCounts = (outlook: PreviewOutlook) => ({
  ready: outlook.ready.length,
  skipped: outlook.skipped.length,
  unchanged: outlook.unchanged.length,
  unread: outlook.unread.length,
})

/** A preview's exit code, when nothing is applied: 0 every item applies or is unchanged, 1 none, 3 some cannot or PBXs were not read. */
export function previewExitCode(preview: ApplyPreview): ExitCode {
  const counts = previewCounts(preview.targets)
  return exitCodeOf(counts.unchanged + counts.create + counts.update, counts.cannot + counts.unread)
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

/** A rollout that ended: its results (or JSON), what can still be done with it, its exit code. */
export function finished(ctx: CliContext, rollout: Rollout, json: boolean | undefined, asJson: (rollout: Rollout) => void): ExitCode {
  if (json) asJson(rollout)
  else {
    ctx.out.line(`Rollout ${shortId(rollout.id)}:`)
    for (const text of resultLines(rollout)) ctx.out.line(text)
    ctx.out.line(`Result: ${rolloutResult(rollout)}.`)
  }
  if (rollout.kind === 'apply') {
    const next = nextSteps(rollout)
    if (next.length > 0) ctx.out.note(`${next.join('; ')}.`)
  }
  return rolloutExitCode(rollout)
}

/** What can still be done with an apply that ended: retry what failed, finish what was skipped for names, undo what changed. */
function nextSteps(rollout: Rollout): string[] {
  const counts = rolloutCounts(rollout)
  const id = shortId(rollout.id)
  const steps: string[] = []
  if (counts.failed + counts.waiting > 0) steps.push(`\`${PROGRAM} config retry ${id}\` runs the failed items again`)
  if (counts.finishable > 0) steps.push(`\`${PROGRAM} config finish ${id} ${finishOptions(rollout).join(' ')}\` finishes the ${plural(counts.finishable, 'skipped PBX', 'skipped PBXs')}`)
  if (counts.changed > 0) steps.push(`\`${PROGRAM} config undo ${id}\` takes the rollout back`)
  return steps
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
      const changed = original.targets.filter(changedOn)
      const pbxs = changed.length
      const lines = changed.flatMap((target) => [
        `"${target.label}"`,
        ...target.items.flatMap((item) => (item.createdId !== undefined ? [`  delete      ${itemText(item)}`] : item.before !== undefined ? [`  write back  ${itemText(item)}`] : [])),
      ])
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
