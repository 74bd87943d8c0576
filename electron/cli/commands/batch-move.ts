import type { Argv, CommandModule } from 'yargs'
import { namedBatch } from '../batch-names'
import { confirmed } from '../confirm'
import type { CliContext } from '../context'
import { EXIT, type ExitCode } from '../exit-codes'
import { openKept } from '../sign-in'
import { action, batchPbx, jsonOption, type BaseArgs } from './common'

interface MoveArgs extends BaseArgs {
  batch: string
  handset: string
  base: string
  pbx?: string
  yes: boolean
}

/**
 * `batch move <batch> <handset> <base>`: a handset moved to another base of the batch with its
 * extension (issue 43), the services' moveHandset (handset-move.ts): one write of each base's
 * members, the old base first, the old base put back when the new one refuses. It asks first on
 * a terminal (or takes --yes); a move that stopped half-way is finished by the same command.
 */
export function moveCommand(ctx: CliContext): CommandModule<BaseArgs, MoveArgs> {
  return {
    command: 'move <batch> <handset> <base>',
    describe: 'Move a handset to another base of the batch, keeping its extension',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('handset', { type: 'string', demandOption: true, describe: 'The handset: its IPUI or IPEI, or its extension' })
        .positional('base', { type: 'string', demandOption: true, describe: 'The base it goes to: its MAC, or its name in the batch' })
        .option('pbx', { type: 'string', describe: 'The saved PBX, by name or id', defaultDescription: 'the PBX the batch was pushed to' })
        .option('yes', { type: 'boolean', default: false, describe: 'Move without asking (needed without a terminal)' })
        .option('json', jsonOption)
        .example('$0 batch move "Site B" 1172 Yard', "Extension 1172's handset moved to the base named Yard")
        .epilogue('A move stopped half-way (Ctrl-C, a crash) is finished by running the same command again.') as unknown as Argv<MoveArgs>,
    handler: action(ctx, async (argv): Promise<ExitCode> => {
      const open = await ctx.open(argv, 'needed')
      const batch = await namedBatch(open, argv.batch)
      const profile = await batchPbx(open, batch, argv.pbx, `move a handset of "${batch.name}" on`)
      const go = await confirmed(ctx, `Move handset ${argv.handset} of "${batch.name}" to base ${argv.base} on "${profile.label}"?`, argv.yes, 'add --yes to move unattended.')
      if (!go) {
        ctx.out.note('Nothing was moved.')
        return EXIT.failed
      }
      await openKept(open, profile)
      // the move is the PBX's business once asked: a reader of the output that goes away does not stop it
      const { move } = await ctx.writingToPbxs(() => open.must('moveHandset', { batchId: batch.id, profileId: profile.id, handset: argv.handset, to: argv.base }))
      if (argv.json) ctx.out.json(move)
      else ctx.out.line(move.message)
      return EXIT.done
    }),
  }
}
