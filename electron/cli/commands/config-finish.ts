import type { Argv, CommandModule } from 'yargs'
import { applyText, finishable, previewOutlook } from '../../contract/apply-outlook'
import type { ApplyItemRef, ApplyPreview, Rollout } from '../../contract/config-apply'
import { checkMappingOptions, type MappingOptions } from '../config-apply-args'
import { shortId } from '../config-text'
import type { CliContext } from '../context'
import { EXIT, type ExitCode } from '../exit-codes'
import { plural } from '../output'
import { confirmed } from '../confirm'
import { followRollout, namedRollout, rolloutCall } from '../rollout-follow'
import { action, jsonOption, localTime, savedPbxs, type BaseArgs } from './common'
import { finished, outlookCounts, previewExitCode, printPreview, STOP_NOTE, withMappingOptions, withMappings } from './config-apply'

interface FinishArgs extends BaseArgs, MappingOptions {
  rollout: string
  yes: boolean
  dryRun: boolean
}

/**
 * `config finish <rollout>`: an apply's PBXs skipped for a provider or holiday they lacked get
 * its items once the names are mapped, as `config apply` maps them; what stays unmapped stays
 * skipped, to be finished another time.
 */
export function finishCommand(ctx: CliContext): CommandModule<BaseArgs, FinishArgs> {
  return {
    command: 'finish <rollout>',
    describe: 'Finish an apply on the PBXs it skipped for a provider or holiday they lack: map the names, see what it would do, then apply (asks first, or --yes)',
    builder: (yargs) =>
      withMappingOptions(yargs)
        .positional('rollout', { type: 'string', demandOption: true, describe: 'An apply, by its id or the beginning of it (see config history)' })
        .option('yes', { alias: 'y', type: 'boolean', default: false, describe: 'Finish without asking (needed when not run in a terminal)' })
        .option('dry-run', { type: 'boolean', default: false, describe: 'Print what finishing would do only; write nothing' })
        .option('json', jsonOption)
        .example('$0 config finish 8c2e4f1a', 'What each skipped PBX lacks and lists: the names to map')
        .example('$0 config finish 8c2e4f1a --map-provider "Telco One=Other Telco" --yes', 'The skipped PBXs use their "Other Telco" instead, unattended')
        .epilogue(
          `Exit codes (of the whole rollout): 0 every item applied or unchanged, 1 none (or the question answered no), 2 bad usage, or no --yes without a terminal (nothing applied), 3 some items failed or are still skipped. PBXs whose names stay unmapped stay skipped: finish them another time. ${STOP_NOTE}`,
        ) as unknown as Argv<FinishArgs>,
    handler: action(ctx, (argv) => finish(ctx, argv)),
  }
}

/** The items a preview plans, each once: what a finish applies. */
const plannedItems = (preview: ApplyPreview): ApplyItemRef[] => {
  const items: ApplyItemRef[] = []
  for (const target of preview.targets) for (const { part, key } of target.items) if (!items.some((i) => i.part === part && i.key === key)) items.push({ part, key })
  return items
}

async function finish(ctx: CliContext, argv: FinishArgs): Promise<ExitCode> {
  const { out } = ctx
  checkMappingOptions(argv)
  const open = await ctx.open(argv, 'needed')
  const original = await namedRollout(open, argv.rollout)
  const { preview, mappings } = await withMappings(ctx, argv, await rolloutCall(open, 'previewFinish', original), (more) => rolloutCall(open, 'previewFinish', original, { mappings: more }))
  const outlook = previewOutlook(preview)
  const report = (rollout: Rollout | null) => out.json({ preview, outlook: outlookCounts(outlook), rollout })
  if (!argv.json) {
    out.line(`Finish rollout ${shortId(original.id)} (from "${original.source.label}", started ${localTime(original.startedAt)} by ${original.by}) on ${plural(preview.targets.length, 'PBX', 'PBXs')} it skipped:`)
    await printPreview(ctx, open, preview, outlook, plannedItems(preview), await savedPbxs(open))
  }
  if (argv.dryRun || outlook.toWrite.length === 0) {
    if (argv.json) report(null)
    if (outlook.toWrite.length === 0 && !argv.dryRun) out.note('Nothing to finish: map the names the PBXs lack with --map-provider, --map-holiday or --drop-holiday (each PBX above lists its own).')
    return previewExitCode(preview)
  }
  // a finish skips what stays unmapped, as the apply did: the question (or --yes) says so
  const go = await confirmed(ctx, `${applyText(outlook)}?`, argv.yes, 'add --yes to finish unattended (the preview above shows what it would do).')
  if (!go) {
    if (argv.json) report(null)
    out.note('Nothing was applied.')
    return EXIT.failed
  }
  const skipped = new Set(original.targets.filter((target) => finishable(target).length > 0).map((target) => target.profileId))
  const rollout = await followRollout(ctx, open, () => rolloutCall(open, 'finishRollout', original, { mappings }), skipped)
  return finished(ctx, rollout, argv.json, (r) => report(r))
}
