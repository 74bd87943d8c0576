import { stat } from 'node:fs/promises'
import type { Argv, CommandModule } from 'yargs'
import type { Rollout } from '../../contract/config-apply'
import type { PbxProfile } from '../../contract/profiles'
import { mapLimited } from '../../services/concurrency/map-limited'
import { configSide, fileSnapshot, mustBeSignedIn, sideName, signInProblem, sourceOf } from '../config-source'
import { comparisonLines, differs, itemText, resultLines, rolloutKind, rolloutResult, shortId, statusCounts } from '../config-text'
import { cliErrorOf, type CliContext } from '../context'
import { CliError, EXIT, exitCodeOf, usageError, type ExitCode } from '../exit-codes'
import { plural, PROGRAM } from '../output'
import { namedRollout } from '../rollout-follow'
import { writeOutputFile } from '../output-file'
import { destinationOf, pathAllocator } from '../snapshot-write'
import { action, jsonOption, localTime, namedPbxs, type BaseArgs, type AreaCommandModule, areaCommand, areaOf } from './common'
import { applyCommand, retryCommand, undoCommand } from './config-apply'
import { finishCommand } from './config-finish'

/** How many PBXs are read at once for snapshots. */
const AT_ONCE = 4

/** `config …`: a PBX's configuration as a file, two compared, one applied to many PBXs, the history. */
export function configCommand(ctx: CliContext): AreaCommandModule {
  return areaOf(
    'config',
    [areaCommand(snapshotCommand(ctx)), areaCommand(compareCommand(ctx)), areaCommand(applyCommand(ctx)), areaCommand(historyCommand(ctx)), areaCommand(undoCommand(ctx)), areaCommand(retryCommand(ctx)), areaCommand(finishCommand(ctx))],
    [
      ['$0 config snapshot --all --out backups/$(date +%F)', 'A snapshot file of every saved PBX (a nightly backup)'],
      ['$0 config compare "Demo Company" backups/demo.pbxconfig.json', 'What changed on a PBX since its snapshot'],
      ['$0 config apply demo.pbxconfig.json --tag branch --item rule:Emergency --yes', 'One rule to every PBX tagged "branch", unattended'],
      ['$0 config finish 8c2e4f1a --map-provider "Telco One=Other Telco" --yes', 'The PBXs an apply skipped for a provider they lack get the rule now'],
    ],
  )
}

interface SnapshotArgs extends BaseArgs {
  pbx?: string[]
  all: boolean
  out?: string
  force: boolean
}

/** One PBX's snapshot, as `--json` prints it. */
interface SnapshotResult {
  name: string
  profileId: string
  ok: boolean
  file?: string
  takenAt?: string
  error?: string
}

function snapshotCommand(ctx: CliContext): CommandModule<BaseArgs, SnapshotArgs> {
  return {
    command: 'snapshot [pbx..]',
    describe: "Read saved PBXs' configurations (outbound rules, IVR servers, templates, notification settings, DECT bases) into files",
    builder: (yargs) =>
      yargs
        .positional('pbx', { type: 'string', array: true, describe: 'Saved PBXs, by name or id' })
        .option('all', { type: 'boolean', default: false, describe: 'Every saved PBX' })
        .option('out', {
          type: 'string',
          describe: 'A folder (made when missing) for the files "<name> <day>.pbxconfig.json"; a name ending in .json for one PBX; - for stdout',
          defaultDescription: 'the current folder',
        })
        .option('force', { type: 'boolean', default: false, describe: 'Replace files that exist' })
        .option('json', jsonOption)
        .check((argv) => {
          const named = (argv.pbx ?? []).length > 0
          if (named && argv.all) throw usageError('Name PBXs or give --all, not both.')
          if (!named && !argv.all) throw usageError(`Name the PBXs to snapshot (see \`${PROGRAM} pbx list\`), or give --all.`)
          return true
        })
        .example('$0 config snapshot "Demo Company"', 'Writes "Demo Company 2025-06-02.pbxconfig.json" here')
        .example('$0 config snapshot --all --out backups/$(date +%F)', 'Every saved PBX; prints the files written; exit code 3 when some failed')
        .example('$0 config snapshot "Demo Company" --out - | jq .outboundRules', 'The snapshot on stdout') as Argv<SnapshotArgs>,
    handler: action(ctx, (argv) => snapshot(ctx, argv)),
  }
}

async function snapshot(ctx: CliContext, argv: SnapshotArgs): Promise<ExitCode> {
  const open = await ctx.open(argv, 'needed')
  const profiles = await namedPbxs(open, argv.all ? undefined : argv.pbx)
  if (profiles.length === 0) {
    ctx.out.note(`No PBX is saved yet: add one with \`${PROGRAM} pbx add\`.`)
    if (argv.json) ctx.out.json([])
    return EXIT.done
  }
  const destination = await destinationOf(argv.out, profiles.length, { force: argv.force, json: Boolean(argv.json) })
  const pathFor = destination.kind === 'stdout' ? undefined : pathAllocator(destination)
  const one = async (profile: PbxProfile): Promise<SnapshotResult> => {
    const base = { name: profile.label, profileId: profile.id }
    const problem = await signInProblem(open, profile)
    if (problem) return { ...base, ok: false, error: problem }
    const taken = await open.call('takeSnapshot', { profileId: profile.id })
    if (!taken.ok) return { ...base, ok: false, error: taken.error.message }
    const { fileName, json, snapshot } = taken.value
    if (!pathFor) {
      // the file's JSON, as exact JSON: a C1 control or DEL in a name is escaped as JSON escapes it
      ctx.out.json(snapshot)
      return { ...base, ok: true, takenAt: snapshot.takenAt }
    }
    const file = pathFor(fileName)
    // a file there already fails this PBX alone; a path the disk refuses (full, read-only) is bad usage and stops the run
    if (!(await writeOutputFile({ name: '--out', path: file }, json, argv.force))) {
      return { ...base, ok: false, error: `${file} exists already: add --force to replace it, or choose another --out.` }
    }
    return { ...base, ok: true, file, takenAt: snapshot.takenAt }
  }
  const results = (await mapLimited(profiles, AT_ONCE, one)) as SnapshotResult[]
  if (argv.json) ctx.out.json(results)
  for (const result of results) {
    if (!result.ok) ctx.out.error(`no snapshot of "${result.name}": ${result.error ?? 'failed'}`)
    else if (!argv.json && result.file) ctx.out.line(result.file)
  }
  const written = results.filter((result) => result.ok).length
  return exitCodeOf(written, results.length - written)
}

interface CompareArgs extends BaseArgs {
  left: string
  right: string
  exitCode: boolean
}

function compareCommand(ctx: CliContext): CommandModule<BaseArgs, CompareArgs> {
  return {
    command: 'compare <left> <right>',
    describe: 'Compare two configurations part by part (each a saved PBX, read now, or a snapshot file): counts, then each difference as - left / + right',
    builder: (yargs) =>
      yargs
        .positional('left', { type: 'string', demandOption: true, describe: 'A snapshot file (a path that exists) or a saved PBX' })
        .positional('right', { type: 'string', demandOption: true, describe: 'A snapshot file or a saved PBX' })
        .option('exit-code', { type: 'boolean', default: false, describe: 'Exit 1 when they differ, 0 when the same, 2 when the comparison failed (as diff and cmp)' })
        .option('json', jsonOption)
        .example('$0 config compare "Demo Company" "Demo Company 2025-06-02.pbxconfig.json"', 'What changed since the snapshot')
        .example('$0 config compare "Demo Company" "Branch Office" --exit-code >/dev/null || echo differ', 'Two PBXs, for a script') as unknown as Argv<CompareArgs>,
    handler: action(ctx, async (argv) => {
      if (!argv.exitCode) return compare(ctx, argv)
      try {
        return await compare(ctx, argv)
      } catch (error) {
        // --exit-code: 1 is "they differ", so a failure is 2, as diff and cmp answer
        const failure = cliErrorOf(error)
        throw failure.exitCode === EXIT.failed ? new CliError(EXIT.usage, failure.message) : failure
      }
    }),
  }
}

async function compare(ctx: CliContext, argv: CompareArgs): Promise<ExitCode> {
  const isFile = async (path: string) => Boolean((await stat(path).catch(() => null))?.isFile())
  const bothFiles = (await isFile(argv.left)) && (await isFile(argv.right))
  const open = await ctx.open(argv, bothFiles ? 'not-needed' : 'needed')
  const left = await configSide(open, argv.left, '<left>')
  const right = await configSide(open, argv.right, '<right>')
  const names = { left: sideName(left), right: sideName(right) }
  for (const [key, side] of [['left', left], ['right', right]] as const) {
    if (side.kind === 'pbx') await mustBeSignedIn(open, side.profile)
    else names[key] = sideName(side, await fileSnapshot(open, side), localTime)
  }
  const comparison = await open.must('compareConfig', { left: sourceOf(left), right: sourceOf(right) })
  const same = !differs(comparison)
  if (argv.json) ctx.out.json({ same, ...comparison, parts: comparison.parts.map((part) => ({ ...part, counts: statusCounts(part) })) })
  else for (const text of comparisonLines(comparison, names)) ctx.out.line(text)
  return argv.exitCode && !same ? EXIT.failed : EXIT.done
}

interface HistoryArgs extends BaseArgs {
  rollout?: string
  limit: number
}

function historyCommand(ctx: CliContext): CommandModule<BaseArgs, HistoryArgs> {
  return {
    command: 'history [rollout]',
    describe: 'The rollouts (newest first): who applied what to which PBXs, and each result; with an id, one rollout per PBX and item',
    builder: (yargs) =>
      yargs
        .positional('rollout', { type: 'string', describe: 'A rollout, by its id or the beginning of it' })
        .option('limit', { type: 'number', default: 20, describe: 'How many rollouts the list shows' })
        .option('json', jsonOption)
        .example('$0 config history', 'The last 20 rollouts')
        .example('$0 config history 8c2e4f1a', 'One rollout: each PBX and item, and how it ended') as Argv<HistoryArgs>,
    handler: action(ctx, async (argv) => {
      if (!Number.isInteger(argv.limit) || argv.limit < 1) throw usageError('--limit: give a whole number of 1 or more.')
      const open = await ctx.open(argv, 'not-needed')
      if (argv.rollout !== undefined) {
        const rollout = await namedRollout(open, argv.rollout)
        if (argv.json) return ctx.out.json(rollout)
        for (const text of rolloutLines(rollout)) ctx.out.line(text)
        return
      }
      const rollouts = (await open.must('listRollouts')).slice(0, argv.limit)
      if (argv.json) return ctx.out.json(rollouts)
      if (rollouts.length === 0) return ctx.out.note(`No rollout yet: \`${PROGRAM} config apply --help\` shows how to make one.`)
      ctx.out.table(
        ['ID', 'STARTED', 'KIND', 'FROM', 'PBXS', 'ITEMS', 'RESULT', 'BY'],
        rollouts.map((r) => [
          shortId(r.id),
          localTime(r.startedAt),
          rolloutKind(r),
          r.source.label,
          String(r.targets.length),
          String(r.items.length),
          r.running ? 'running' : rolloutResult(r),
          r.by,
        ]),
        ['left', 'left', 'left', 'left', 'right', 'right'],
      )
    }),
  }
}

/** One rollout in words: what, when, by whom, from what, then each PBX and item. */
export function rolloutLines(rollout: Rollout): string[] {
  const from = `"${rollout.source.label}" (${rollout.source.fromFile ? 'a snapshot file' : 'a saved PBX'}, taken ${localTime(rollout.source.takenAt)})`
  const when = `started ${localTime(rollout.startedAt)} by ${rollout.by}${rollout.finishedAt ? `, finished ${localTime(rollout.finishedAt)}` : ''}`
  return [
    `Rollout ${rollout.id}: ${rolloutKind(rollout)}, ${when}${rollout.running ? ' (running)' : ''}.`,
    ...(rollout.kind === 'apply' ? [`From ${from}: ${plural(rollout.items.length, 'item')} (${rollout.items.map(itemText).slice(0, 5).join('; ')}${rollout.items.length > 5 ? '; …' : ''}).`] : []),
    ...resultLines(rollout),
    `Result: ${rolloutResult(rollout)}.`,
  ]
}
