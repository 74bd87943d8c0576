import type { Argv, CommandModule } from 'yargs'
import { namedBatch } from '../batch-names'
import { confirmed } from '../confirm'
import type { CliContext } from '../context'
import { EXIT, type ExitCode } from '../exit-codes'
import { openKept } from '../sign-in'
import { action, batchPbx, jsonOption, type BaseArgs } from './common'

interface RetireArgs extends BaseArgs {
  batch: string
  items: string[]
  pbx?: string
  yes: boolean
}

/**
 * `batch retire <batch> <handset-or-base...>`: handsets taken off their base, or bases deleted on
 * the PBX with their handsets (issue 43), the services' previewRetire and retire
 * (handset-retire.ts). It says what goes first, asks on a terminal (or takes --yes), then does
 * exactly that; the batch keeps what went. A retire that stopped half-way is finished by the same
 * command.
 */
export function retireCommand(ctx: CliContext): CommandModule<BaseArgs, RetireArgs> {
  return {
    command: 'retire <batch> <items..>',
    describe: 'Retire handsets (taken off their base) or bases (deleted on the PBX with their handsets), after saying what goes',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .positional('items', { type: 'string', array: true, demandOption: true, describe: "Handsets by IPUI, IPEI or extension; bases by MAC or by name in the batch" })
        .option('pbx', { type: 'string', describe: 'The saved PBX, by name or id', defaultDescription: 'the PBX the batch was pushed to' })
        .option('yes', { type: 'boolean', default: false, describe: 'Retire without asking (needed without a terminal)' })
        .option('json', jsonOption)
        .example('$0 batch retire "Site B" 1172 1173', "Extensions 1172's and 1173's handsets taken off their bases")
        .example('$0 batch retire "Site B" Yard --yes', 'The base named Yard deleted on the PBX, with every handset on it')
        .epilogue('A base another batch still holds is refused, naming that batch. A retire stopped half-way (Ctrl-C, a crash) is finished by running the same command again.') as unknown as Argv<RetireArgs>,
    handler: action(ctx, async (argv): Promise<ExitCode> => {
      const open = await ctx.open(argv, 'needed')
      const batch = await namedBatch(open, argv.batch)
      const profile = await batchPbx(open, batch, argv.pbx, `retire handsets or bases of "${batch.name}" on`)
      await openKept(open, profile)
      const request = { batchId: batch.id, profileId: profile.id, items: argv.items }
      const plan = await open.must('previewRetire', request)
      // what goes, before the question (on stderr: stdout is the answer's)
      if (!argv.yes) ctx.out.note(plan.message)
      const go = await confirmed(ctx, `Retire them on "${profile.label}"? This cannot be undone.`, argv.yes, 'add --yes to retire unattended.')
      if (!go) {
        ctx.out.note('Nothing was retired.')
        return EXIT.failed
      }
      // the retire is the PBX's business once asked: a reader of the output that goes away does not stop it
      const { retire } = await ctx.writingToPbxs(() => open.must('retire', { ...request, confirmed: plan.key }))
      if (argv.json) ctx.out.json(retire)
      else ctx.out.line(retire.message)
      return EXIT.done
    }),
  }
}
