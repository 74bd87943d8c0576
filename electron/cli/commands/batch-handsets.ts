import type { Argv, CommandModule } from 'yargs'
import { namedBatch } from '../batch-names'
import { confirmed } from '../confirm'
import type { CliContext, OpenServices } from '../context'
import { EXIT, type ExitCode } from '../exit-codes'
import { PROGRAM } from '../output'
import { openKept } from '../sign-in'
import { action, batchPbx, jsonOption, type BaseArgs } from './common'

/**
 * A handset of a batch changed on site (issue 43), each through its service: `batch swap` (a broken
 * handset replaced, handset-swap.ts), `batch move` (to another base with its extension,
 * handset-move.ts) and `batch renumber` (another extension on its base, handset-renumber.ts).
 * Each asks first on a terminal (or takes --yes), prints the change's sentence (--json: its
 * answer), and a change that stopped half-way is finished by the same command.
 */

interface ChangeArgs extends BaseArgs {
  batch: string
  pbx?: string
  yes: boolean
  [positional: string]: unknown
}

/** what a change is asked for: the handset as typed, and what it changes to */
interface ChangeInput {
  batchId: string
  profileId: string
  handset: string
  to: string
}

interface HandsetChange {
  /** the verb ("swap") and its participle ("swapped") */
  verb: string
  done: string
  describe: string
  /** the two arguments after <batch>, as the usage names them, with their help: the handset, and what it changes to */
  handset: readonly [string, string]
  to: readonly [string, string]
  example: readonly [string, string]
  /** what it changes to, in the question asked first ("for 00AE2000FF", "to base Yard") */
  toWords: (to: string) => string
  /** runs it: the service's answer, with its sentence */
  run: (open: OpenServices, input: ChangeInput) => Promise<{ message: string }>
  /** a hint after it (on stderr) */
  hint?: (batchName: string) => string
}

function changeCommand(ctx: CliContext, change: HandsetChange): CommandModule<BaseArgs, ChangeArgs> {
  const [handsetArg, handsetHelp] = change.handset
  const [toArg, toHelp] = change.to
  const Verb = change.verb[0]!.toUpperCase() + change.verb.slice(1)
  return {
    command: `${change.verb} <batch> <${handsetArg}> <${toArg}>`,
    describe: change.describe,
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional(handsetArg, { type: 'string', demandOption: true, describe: handsetHelp })
        .positional(toArg, { type: 'string', demandOption: true, describe: toHelp })
        .option('pbx', { type: 'string', describe: 'The saved PBX, by name or id', defaultDescription: 'the PBX the batch was pushed to' })
        .option('yes', { type: 'boolean', default: false, describe: `${Verb} without asking (needed without a terminal)` })
        .option('json', jsonOption)
        .example(...change.example)
        .epilogue(`A ${change.verb} stopped half-way (Ctrl-C, a crash) is finished by running the same command again.`) as unknown as Argv<ChangeArgs>,
    handler: action(ctx, async (argv: ChangeArgs): Promise<ExitCode> => {
      const handset = String(argv[handsetArg])
      const to = String(argv[toArg])
      const open = await ctx.open(argv, 'needed')
      const batch = await namedBatch(open, argv.batch)
      const profile = await batchPbx(open, batch, argv.pbx, `${change.verb} a handset of "${batch.name}" on`)
      const question = `${Verb} handset ${handset} of "${batch.name}" ${change.toWords(to)} on "${profile.label}"?`
      if (!(await confirmed(ctx, question, argv.yes, `add --yes to ${change.verb} unattended.`))) {
        ctx.out.note(`Nothing was ${change.done}.`)
        return EXIT.failed
      }
      await openKept(open, profile)
      // the change is the PBX's business once asked: a reader of the output that goes away does not stop it
      const answer = await ctx.writingToPbxs(() => change.run(open, { batchId: batch.id, profileId: profile.id, handset, to }))
      if (argv.json) ctx.out.json(answer)
      else ctx.out.line(answer.message)
      if (change.hint) ctx.out.note(change.hint(batch.name))
      return EXIT.done
    }),
  }
}

/** the handset changed, as move and renumber name it */
const HANDSET = ['handset', 'The handset: its IPUI or IPEI, or its extension'] as const

export const swapCommand = (ctx: CliContext) =>
  changeCommand(ctx, {
    verb: 'swap',
    done: 'swapped',
    describe: "Swap a broken handset for a new one: the new IPUI takes the old one's extension and index on its base",
    handset: ['old', 'The broken handset: its IPUI or IPEI, or its extension'],
    to: ['new', "The new handset's IPUI or IPEI (as its box or label prints it)"],
    example: ['$0 batch swap "Site B" 1172 0278500002558', "Extension 1172's handset replaced by the one with that IPEI"],
    toWords: (to) => `for ${to}`,
    run: async (open, input) => (await open.must('swapHandset', input)).swap,
    hint: (name) => `Reprint its label: \`${PROGRAM} batch labels "${name}" labels.pdf\`.`,
  })

export const moveCommand = (ctx: CliContext) =>
  changeCommand(ctx, {
    verb: 'move',
    done: 'moved',
    describe: 'Move a handset to another base of the batch, keeping its extension',
    handset: HANDSET,
    to: ['base', 'The base it goes to: its MAC, or its name in the batch'],
    example: ['$0 batch move "Site B" 1172 Yard', "Extension 1172's handset moved to the base named Yard"],
    toWords: (to) => `to base ${to}`,
    run: async (open, input) => (await open.must('moveHandset', input)).move,
  })

export const renumberCommand = (ctx: CliContext) =>
  changeCommand(ctx, {
    verb: 'renumber',
    done: 'renumbered',
    describe: 'Give a handset another extension on its base (one the PBX has a user for and no base has)',
    handset: HANDSET,
    to: ['extension', 'Its new extension'],
    example: ['$0 batch renumber "Site B" 1172 1180', "Extension 1172's handset rings for 1180 from now on"],
    toWords: (to) => `to extension ${to}`,
    run: async (open, input) => (await open.must('renumberHandset', input)).renumber,
  })
