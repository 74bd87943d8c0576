import type { CommandModule } from 'yargs'
import type { AreaCommandModule, BaseArgs } from './commands/common'
import type { CliContext } from './context'

/** An area's commands, as its file in commands/ builds them (the area's name and summary are here). */
type AreaCommands = (ctx: CliContext) => AreaCommandModule

interface Area {
  /** the line `--help` shows for it */
  describe: string
  /** its file, loaded only when a command line names the area (issue 39: a start in 150 ms) */
  load: () => Promise<AreaCommands>
}

/**
 * The command line's areas, each a file in commands/. A run loads the one it names: `--help`
 * loads none, `pbx list` the saved PBXs' (never the batches' PDF labels or the configurations'
 * diff). A later area is one more entry here.
 */
export const AREAS = {
  pbx: {
    describe: 'Saved PBXs: list, add, test, sign in, remove, export, import',
    load: async () => (await import('./commands/pbx')).pbxCommand,
  },
  fleet: {
    describe: "The fleet overview's figures of the saved PBXs",
    load: async () => (await import('./commands/fleet')).fleetCommand,
  },
  outbound: {
    describe: "A PBX's outbound rules",
    load: async () => (await import('./commands/outbound')).outboundCommand,
  },
  batch: {
    describe: 'DECT batches: import a spreadsheet, check, push to a PBX (resumable), results and labels',
    load: async () => (await import('./commands/batch')).batchCommand,
  },
  config: {
    describe: 'Configurations: snapshot PBXs to files, compare two, apply one to many PBXs, finish what it skipped, undo',
    load: async () => (await import('./commands/config')).configCommand,
  },
} satisfies Record<string, Area>

export type AreaName = keyof typeof AREAS

export const AREA_NAMES = Object.keys(AREAS) as AreaName[]

/** The global options that take a value: the word after one is not a command. */
const VALUE_OPTIONS = new Set(['--data-dir'])

/** The area a command line names: its first word that is not an option or an option's value. */
export function namedArea(args: readonly string[]): AreaName | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (VALUE_OPTIONS.has(arg)) i++
    else if (!arg.startsWith('-')) return arg in AREAS ? (arg as AreaName) : undefined
  }
  return undefined
}

/** An area as a command of the parser; one that was loaded knows its commands' names. */
export type AreaModule = CommandModule<BaseArgs, BaseArgs> & { command: AreaName; commandNames?: readonly string[] }

/**
 * Every area as a command of the parser: the areas in `load` with their commands, the others by
 * their name and summary only (enough for `--help`, and for "Did you mean pbx?").
 */
export async function areaCommands(ctx: CliContext, load: readonly AreaName[]): Promise<AreaModule[]> {
  const loaded = new Map(await Promise.all(load.map(async (name) => [name, await AREAS[name].load()] as const)))
  return AREA_NAMES.map((name) => {
    const commands = loaded.get(name)
    const summary = { command: name, describe: AREAS[name].describe }
    return commands ? { ...commands(ctx), ...summary } : { ...summary, handler: () => {} }
  })
}
