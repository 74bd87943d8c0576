import type { Argv, CommandModule } from 'yargs'
import { FLEET_CONCURRENCY, fleetOperations, type FleetEntry } from '../../contract/fleet'
import type { PbxProfile } from '../../contract/profiles'
import type { CliContext } from '../context'
import { exitCodeOf, type ExitCode } from '../exit-codes'
import { accessWords, certificateWords, figureWords, reachWords, warningWords, wasRead } from '../fleet-text'
import { plural, PROGRAM } from '../output'
import { action, checkedArgs, jsonOption, localTime, namedPbxs, type BaseArgs, type AreaCommandModule, areaCommand, areaOf } from './common'

interface StatusArgs extends BaseArgs {
  pbx?: string[]
  refresh: boolean
  concurrency?: number
}

/** `fleet …`: every saved PBX at a glance, as the desktop app's fleet overview. */
export function fleetCommand(ctx: CliContext): AreaCommandModule {
  return areaOf(
    'fleet',
    [areaCommand(statusCommand(ctx))],
    [
      ['$0 fleet status --json', 'Every PBX, for monitoring'],
    ],
  )
}

function statusCommand(ctx: CliContext): CommandModule<BaseArgs, StatusArgs> {
  return {
    command: 'status [pbx..]',
    describe: 'Read every saved PBX (or those named) and print one status line each',
    builder: (yargs) =>
      yargs
        .positional('pbx', { type: 'string', array: true, describe: 'Saved PBXs, by name or id (all when none)' })
        .option('refresh', { type: 'boolean', default: true, describe: 'Read the PBXs now; --no-refresh prints the figures kept from the last reading' })
        .option('concurrency', { type: 'number', describe: `How many PBXs are read at once (${FLEET_CONCURRENCY.min}..${FLEET_CONCURRENCY.max}, default ${FLEET_CONCURRENCY.default})` })
        .option('json', jsonOption)
        .example('$0 fleet status', 'A line per saved PBX: reached, access, certificate, counts, warnings')
        .example('$0 fleet status --json | jq \'.[] | select(.reach != "reachable") | .name\'', 'The PBXs that did not answer; exit code 3 when some did not') as Argv<StatusArgs>,
    handler: action(ctx, (argv) => status(ctx, argv)),
  }
}

async function status(ctx: CliContext, argv: StatusArgs): Promise<ExitCode> {
  const concurrency =
    argv.concurrency === undefined ? undefined : checkedArgs(fleetOperations.refreshFleet.input.shape.concurrency, argv.concurrency, { '': '--concurrency' })
  const open = await ctx.open(argv, argv.refresh ? 'needed' : 'not-needed')
  const profiles = await namedPbxs(open, argv.pbx)
  if (profiles.length === 0) {
    ctx.out.note(`No PBX is saved yet: add one with \`${PROGRAM} pbx add\`.`)
    if (argv.json) ctx.out.json([])
    return exitCodeOf(0, 0)
  }
  if (argv.refresh) {
    if (ctx.out.interactive()) ctx.out.note(`Reading ${plural(profiles.length, 'PBX', 'PBXs')}…`)
    await open.must('refreshFleet', { profileIds: profiles.map((p) => p.id), ...(concurrency !== undefined ? { concurrency } : {}) })
    await open.services.fleet.idle()
  }
  const kept = new Map((await open.must('fleetStatus')).entries.map((entry) => [entry.profileId, entry]))
  const rows = profiles.map((profile) => line(profile, kept.get(profile.id)))
  if (argv.json) ctx.out.json(rows)
  else {
    ctx.out.table(
      ['PBX', 'REACHED', 'ACCESS', 'CERTIFICATE', 'TENANT', 'BASES', 'HANDSETS', 'RULES', 'IVR', 'WARNINGS', 'READ'],
      rows.map((row) => [
        row.name,
        reachWords(row),
        accessWords(row.access),
        certificateWords(row.certificate),
        row.tenant ?? '-',
        figureWords(row.counts.dectBases),
        figureWords(row.counts.handsets),
        figureWords(row.counts.outboundRules),
        figureWords(row.counts.ivrServers),
        warningWords(row),
        localTime(row.checkedAt),
      ]),
      ['left', 'left', 'left', 'left', 'left', 'right', 'right', 'right', 'right'],
    )
  }
  const read = rows.filter(wasRead).length
  return exitCodeOf(read, rows.length - read)
}

/** A PBX's kept figures with its name, as `--json` prints them. */
function line(profile: PbxProfile, entry: FleetEntry | undefined) {
  const { refreshing: _refreshing, ...figures } = (entry ?? { profileId: profile.id, certificate: 'unknown', counts: {}, warnings: [], refreshing: false }) as FleetEntry & {
    refreshing?: boolean
  }
  return { name: profile.label, ...figures, profileId: profile.id }
}
