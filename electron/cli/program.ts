import yargs, { type Argv } from 'yargs'
import { AREA_NAMES, areaCommands, namedArea, type AreaModule } from './areas'
import type { CliContext } from './context'
import { DATA_DIR_ENV } from './data-dir'
import { usageError } from './exit-codes'
import { orList, PROGRAM } from './output'

export interface ProgramHooks {
  /** a shell's Tab is being answered: called with the promise of the completions' being written */
  completing?: (written: Promise<void>) => void
}

/**
 * The command line's parser: global options, one command per area with its subcommands, help
 * with examples, shell completion (bash and zsh), and bad usage turned into exit code 2. Only the
 * area the arguments name is loaded with its commands (areas.ts); a Tab loads them all.
 */
export async function buildProgram(args: readonly string[], ctx: CliContext, hooks: ProgramHooks = {}): Promise<Argv> {
  const named = namedArea(args)
  const areas = await areaCommands(ctx, hooks.completing ? AREA_NAMES : named ? [named] : [])
  let program = yargs([...args])
    .scriptName(PROGRAM)
    .usage(`$0 <area> <command> [options]\n\nThe saved PBXs, the fleet and the outbound rules of PBX Provisioner, from a terminal:\nthe same data folder and keychain as the desktop app.`)
    .option('data-dir', {
      type: 'string',
      global: true,
      describe: `The data folder (saved PBXs, batches); also $${DATA_DIR_ENV}`,
      defaultDescription: "the desktop app's",
    })
    .option('debug', {
      type: 'boolean',
      global: true,
      describe: 'On an internal error, print where it happened (the stack), for a bug report',
    })
  for (const area of areas) program = program.command(area)
  const complete: typeof completeNames = (current, argv, defaults, done) => {
    const written = new Promise<void>((resolve) =>
      completeNames(current, argv, defaults, (completions) => {
        done(completions)
        resolve()
      }),
    )
    hooks.completing?.(written)
  }
  return program
    .completion('completion', 'Print a completion script for bash or zsh (follows $SHELL)', complete)
    .demandCommand(1, `Name an area: ${orList(AREA_NAMES)}.`)
    .recommendCommands()
    .strict()
    .help()
    .alias('help', 'h')
    .version(ctx.version)
    .example('$0 pbx list', 'The saved PBXs')
    .example('$0 fleet status --json', 'Every PBX at a glance, for monitoring')
    .example(`$0 completion >> ~/.bashrc`, 'Tab completion in bash (in zsh: >> ~/.zshrc)')
    .epilogue('Exit codes: 0 done, 1 failed, 2 bad usage, 3 partly failed (some PBXs of several, or read from a damaged file), 130 stopped (Ctrl-C), 141 stopped (output closed).')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((message, error) => {
      // completing an unfinished command line: its problems are not errors
      if (ctx.completing) return
      if (error) throw error
      throw usageError(`${message.replace(/\.?$/, '.')} Run \`${PROGRAM} ${commandPath(args, areas)}--help\` to see the options and examples.`)
    })
}

type Completions = (error: Error | null, completions: string[] | undefined) => void

/**
 * yargs' own completions (commands, options, choices), and the saved PBXs' or batches' names
 * where a command takes one.
 */
function completeNames(
  current: string,
  argv: { _: (string | number)[]; dataDir?: string },
  defaults: (onCompleted?: Completions) => void,
  done: (completions: string[]) => void,
): void {
  defaults((_error, completions) => {
    // the words typed: the program's name first, the word being completed last
    const words = argv._.slice(1).map(String)
    if (words.at(-1) === current) words.pop()
    const zsh = Boolean(process.env.SHELL?.includes('zsh') || process.env.ZSH_NAME?.includes('zsh'))
    // the completions' file (and the saved PBXs' schema it reads with) is loaded only for a Tab
    void import('./completion').then(({ nameCompletions }) => nameCompletions(words, argv.dataDir, zsh)).then(
      (names) => done([...(completions ?? []), ...names.filter((name) => name.startsWith(current))]),
      () => done(completions ?? []),
    )
  })
}

/** "pbx add " of `pbx add Foo --url …`: the commands typed, for the hint after bad usage (the area named was loaded, with its commands' names). */
function commandPath(args: readonly string[], areas: readonly AreaModule[]): string {
  const [area, command] = args.filter((arg) => !arg.startsWith('-'))
  const known = areas.find((module) => module.command === area)?.commandNames
  if (!known) return ''
  return command !== undefined && known.includes(command) ? `${area} ${command} ` : `${area} `
}
