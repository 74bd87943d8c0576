import type { Argv, CommandModule } from 'yargs'
import { namedBatch } from '../batch-names'
import { confirmed } from '../confirm'
import type { CliContext } from '../context'
import { EXIT, type ExitCode } from '../exit-codes'
import { PROGRAM } from '../output'
import { openKept } from '../sign-in'
import { action, batchPbx, jsonOption, type BaseArgs } from './common'

interface SwapArgs extends BaseArgs {
  batch: string
  old: string
  new: string
  pbx?: string
  yes: boolean
}

/**
 * `batch swap <batch> <old> <new>`: a broken handset replaced by a new one (issue 43), the
 * services' swapHandset (handset-swap.ts): the new one takes the old one's extension and index in
 * one write of its base's members, the batch keeps the swap. It asks first on a terminal (or
 * takes --yes); a swap that stopped half-way is finished by the same command.
 */
export function swapCommand(ctx: CliContext): CommandModule<BaseArgs, SwapArgs> {
  return {
    command: 'swap <batch> <old> <new>',
    describe: "Swap a broken handset for a new one: the new IPUI takes the old one's extension and index on its base",
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('old', { type: 'string', demandOption: true, describe: "The broken handset: its IPUI or IPEI, or its extension" })
        .positional('new', { type: 'string', demandOption: true, describe: "The new handset's IPUI or IPEI (as its box or label prints it)" })
        .option('pbx', { type: 'string', describe: 'The saved PBX, by name or id', defaultDescription: 'the PBX the batch was pushed to' })
        .option('yes', { type: 'boolean', default: false, describe: 'Swap without asking (needed without a terminal)' })
        .option('json', jsonOption)
        .example('$0 batch swap "Site B" 1172 0278500002558', "Extension 1172's handset replaced by the one with that IPEI")
        .epilogue("A swap stopped half-way (Ctrl-C, a crash) is finished by running the same command again.") as unknown as Argv<SwapArgs>,
    handler: action(ctx, async (argv): Promise<ExitCode> => {
      const open = await ctx.open(argv, 'needed')
      const batch = await namedBatch(open, argv.batch)
      const profile = await batchPbx(open, batch, argv.pbx, `swap a handset of "${batch.name}" on`)
      const go = await confirmed(ctx, `Swap handset ${argv.old} of "${batch.name}" for ${argv.new} on "${profile.label}"?`, argv.yes, 'add --yes to swap unattended.')
      if (!go) {
        ctx.out.note('Nothing was swapped.')
        return EXIT.failed
      }
      await openKept(open, profile)
      // the swap is the PBX's business once asked: a reader of the output that goes away does not stop it
      const { swap } = await ctx.writingToPbxs(() => open.must('swapHandset', { batchId: batch.id, profileId: profile.id, handset: argv.old, to: argv.new }))
      if (argv.json) ctx.out.json(swap)
      else ctx.out.line(swap.message)
      ctx.out.note(`Reprint its label: \`${PROGRAM} batch labels "${batch.name}" labels.pdf\`.`)
      return EXIT.done
    }),
  }
}
