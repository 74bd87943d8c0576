import type { Argv, CommandModule } from 'yargs'
import type { z } from 'zod'
import { checkInput } from '../../contract/pbx-common'
import type { BatchSummary } from '../../contract/dect'
import type { PbxProfile } from '../../contract/profiles'
import type { CliContext, GlobalArgs, OpenServices } from '../context'
import { EXIT, usageError, type ExitCode } from '../exit-codes'
import { orList, PROGRAM } from '../output'
import { findPbx, findPbxs } from '../pbx-names'

/** `--json`, for every command whose output is data. */
export const jsonOption = {
  type: 'boolean',
  default: false,
  describe: 'Print the result as JSON on stdout (for scripts and monitoring)',
} as const

/** What every command's arguments carry. */
export type BaseArgs = GlobalArgs & { json?: boolean }

/** An area's commands (its name and its line in `--help` are in ../areas.ts, which loads it when named). */
export type AreaCommandModule = Omit<CommandModule<BaseArgs, BaseArgs>, 'command' | 'describe'> & {
  /** its commands' names and aliases, for the hint after bad usage (program.ts) */
  commandNames: readonly string[]
}

/** One command of an area, whatever its own arguments: how it is added to the area's parser, and its names. */
export interface AreaCommand {
  add(yargs: Argv<BaseArgs>): Argv<BaseArgs>
  /** the name it is given by, then its aliases */
  names: readonly string[]
}

/** A command of an area (each with arguments of its own type) as the area takes it. */
export function areaCommand<U>(module: CommandModule<BaseArgs, U>): AreaCommand {
  const name = String([module.command ?? ''].flat()[0]).split(' ')[0]!
  return { add: (yargs) => yargs.command(module), names: [name, ...[module.aliases ?? []].flat()] }
}

/**
 * An area of the command line from its commands, in the order `--help` lists them: each added to
 * the area's parser, their names said when none is given ("Name a fleet command: status.") and
 * known to the hint after bad usage, aliases too; then the area's examples.
 */
export function areaOf(area: string, commands: readonly AreaCommand[], examples: readonly (readonly [string, string])[]): AreaCommandModule {
  const names = commands.map((command) => command.names[0]!)
  return {
    builder: (yargs) => {
      let parser = yargs as Argv<BaseArgs>
      for (const command of commands) parser = command.add(parser)
      parser = parser.demandCommand(1, `Name ${/^[aeiou]/.test(area) ? 'an' : 'a'} ${area} command: ${orList(names)}.`)
      for (const [example, what] of examples) parser = parser.example(example, what)
      return parser
    },
    handler: () => {},
    commandNames: commands.flatMap((command) => command.names),
  }
}

/**
 * A command's handler: runs `work` and keeps its exit code for the end of the run (done when
 * it answers none, partly done when what it read was not whole). A thrown CliError or BridgeFailure ends the run with its own code.
 */
export function action<A>(ctx: CliContext, work: (argv: A) => Promise<ExitCode | void>): (argv: A) => Promise<void> {
  return async (argv) => {
    if (ctx.completing) return
    // a done run that read a damaged saved-PBX or batch file gave an incomplete answer
    ctx.exitCode = (await work(argv)) ?? (ctx.incomplete ? EXIT.partly : EXIT.done)
  }
}

/**
 * `value` checked against a contract schema; on failure bad usage naming the option or argument
 * the offending field came from (`flags` maps a field to it, e.g. baseUrl → --url).
 */
export function checkedArgs<S extends z.ZodType>(schema: S, value: unknown, flags: Record<string, string>): z.output<S> {
  const result = checkInput(schema, value)
  if (result.success) return result.data
  const first = result.problems[0] ?? { path: '', message: 'is not valid' }
  const field = first.path.split('.')[0] ?? ''
  const flag = flags[field] ?? (field || 'the arguments')
  throw usageError(`${flag}: ${first.message}.`)
}

/** The saved PBXs, most recently used first; a saved-PBX file found damaged (and moved aside) is said once. */
export async function savedPbxs(open: OpenServices): Promise<PbxProfile[]> {
  const list = await open.must('listProfiles')
  const notice = await open.must('savedPbxsNotice')
  if (notice) open.damagedProfiles(notice)
  return list
}

/** The saved PBX an argument names (id or name); unknown or ambiguous is bad usage. Plain http to it is warned of. */
export async function namedPbx(open: OpenServices, name: string): Promise<PbxProfile> {
  const pbx = findPbx(await savedPbxs(open), name)
  open.warnPlainHttp([pbx])
  return pbx
}

/** The saved PBX a batch was pushed to, while it is still saved. */
export async function pushedToPbx(open: OpenServices, batch: Pick<BatchSummary, 'targetProfileId'>): Promise<PbxProfile | undefined> {
  return batch.targetProfileId === null ? undefined : (await savedPbxs(open)).find((p) => p.id === batch.targetProfileId)
}

/**
 * The PBX a batch command works on: the one `--pbx` names, else the one the batch was pushed to;
 * neither is bad usage, asking to name it for `purpose` (`push "Site B" to`).
 */
export async function batchPbx(open: OpenServices, batch: Pick<BatchSummary, 'targetProfileId'>, named: string | undefined, purpose: string): Promise<PbxProfile> {
  if (named !== undefined) return namedPbx(open, named)
  const pushedTo = await pushedToPbx(open, batch)
  if (!pushedTo) throw usageError(`Name the PBX to ${purpose}: --pbx <name or id> (\`${PROGRAM} pbx list\` shows them).`)
  return pushedTo
}

/** The saved PBXs the arguments name, or all of them. Plain http to them is warned of. */
export async function namedPbxs(open: OpenServices, names: readonly string[] | undefined): Promise<PbxProfile[]> {
  const all = await savedPbxs(open)
  const named = names && names.length > 0 ? findPbxs(all, names) : all
  open.warnPlainHttp(named)
  return named
}

/** `2025-06-02 14:05` in this computer's time zone, or `never`. */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return 'never'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}
