import { setTimeout as sleep } from 'node:timers/promises'
import type { Argv, CommandModule } from 'yargs'
import type { SiteStatus } from '../../contract/bridge-handsets'
import { SITE_LATE_AFTER_MIN } from '../../contract/site-words'
import { namedBatch } from '../batch-names'
import type { CliContext } from '../context'
import { EXIT, usageError, type ExitCode } from '../exit-codes'
import { plural } from '../output'
import { openKept } from '../sign-in'
import { allFetched, handsetProblemLines, shownBases, siteCounts, siteSummary, siteTable, type SiteCounts } from '../site-text'
import { action, batchPbx, jsonOption, localTime, type BaseArgs } from './common'

interface SiteArgs extends BaseArgs {
  batch: string
  pbx?: string
  lateAfter: number
  wait?: number
}

/** How often `--wait` asks the PBX again: as the On site tab does. */
const POLL_MS = 5_000
/** The longest `--wait`, in minutes: as long as the tab watches. */
const WAIT_MAX_MIN = 30

/**
 * `batch site <batch>`: the On site tab in a terminal (issue 40). Each base of the batch as the
 * PBX's provisioned phones show it (fetched its configuration, with IP and firmware; waiting; not
 * seen yet N minutes after its push), not seen first, and its handsets on the PBX against the
 * batch. `--wait N` asks again every 5 s until every pushed base fetched its configuration (exit
 * 0) or N minutes pass (exit 3). A PBX that cannot tell (no list of provisioned phones) is said so,
 * exit 3.
 */
export function siteCommand(ctx: CliContext): CommandModule<BaseArgs, SiteArgs> {
  return {
    command: 'site <batch>',
    describe: 'On site: which bases fetched their configuration (IP, firmware), which not yet, and their handsets on the PBX',
    builder: (yargs) =>
      yargs
        .positional('batch', { type: 'string', demandOption: true, describe: 'A batch, by name or id' })
        .option('pbx', { type: 'string', describe: 'The saved PBX to read, by name or id', defaultDescription: 'the PBX the batch was pushed to' })
        .option('late-after', { type: 'number', default: SITE_LATE_AFTER_MIN, describe: 'Minutes after its push before a waiting base counts as not seen yet' })
        .option('wait', { type: 'number', describe: `Ask again every 5 s until every pushed base fetched its configuration, for at most this many minutes (1–${WAIT_MAX_MIN}); exit 3 if some have not` })
        .option('json', jsonOption)
        .example('$0 batch site "Site B"', 'After the push: the bases not seen yet first')
        .example('$0 batch site "Site B" --wait 15', 'Wait (up to 15 minutes) until every base fetched its configuration')
        .example(`$0 batch site "Site B" --json | jq '.bases[] | select(.shownState != "seen") | .name'`, 'The bases still to look at') as unknown as Argv<SiteArgs>,
    handler: action(ctx, async (argv): Promise<ExitCode> => {
      if (!Number.isInteger(argv.lateAfter) || argv.lateAfter < 1 || argv.lateAfter > 120) throw usageError('--late-after: give whole minutes from 1 to 120.')
      if (argv.wait !== undefined && (!Number.isFinite(argv.wait) || argv.wait <= 0 || argv.wait > WAIT_MAX_MIN)) throw usageError(`--wait: give minutes from 1 to ${WAIT_MAX_MIN}.`)
      const open = await ctx.open(argv, 'needed')
      const batch = await namedBatch(open, argv.batch)
      const profile = await batchPbx(open, batch, argv.pbx, `read for "${batch.name}"`)
      await openKept(open, profile)
      const started = Date.now()
      const read = (fresh: boolean) => open.must('siteStatus', { batchId: batch.id, profileId: profile.id, fresh })
      const lateAfterMs = argv.lateAfter * 60_000
      let status = await read(true)
      if (argv.wait !== undefined && status.supported) status = await waitForAll(status, read, started + argv.wait * 60_000, (text) => ctx.out.note(text), (s) => siteCounts(shownBases(s, Date.now(), started, lateAfterMs)))
      const bases = shownBases(status, Date.now(), started, lateAfterMs)
      const counts = siteCounts(bases)
      if (argv.json) ctx.out.json({ batch: { id: batch.id, name: batch.name }, pbx: { profileId: profile.id, name: profile.label }, checkedAt: status.checkedAt, supported: status.supported, membersSupported: status.membersSupported, counts, bases })
      else {
        ctx.out.line(`On site: "${batch.name}" on "${profile.label}", read at ${localTime(status.checkedAt)}: ${status.supported ? siteSummary(counts, status.membersSupported) : 'unknown'}.`)
        if (status.supported && bases.length > 0) {
          const table = siteTable(bases)
          ctx.out.table(table.header, table.rows)
          for (const text of handsetProblemLines(bases)) ctx.out.line(text)
        }
      }
      if (!status.supported) {
        ctx.out.note(`"${profile.label}" does not list provisioned phones (GET /api/phones): whether a base fetched its configuration cannot be told here.`)
        return EXIT.partly
      }
      if (argv.wait !== undefined && !allFetched(counts)) {
        const left = counts.bases - counts.notPushed - counts.seen
        ctx.out.note(`Waited ${argv.wait} min: ${plural(left, 'pushed base')} ${left === 1 ? 'has' : 'have'} not fetched ${left === 1 ? 'its' : 'their'} configuration yet.`)
        return EXIT.partly
      }
      return EXIT.done
    }),
  }
}

/** Asks again every POLL_MS until every pushed base is seen or `until`; a line on stderr each time the counts move. */
async function waitForAll(
  first: SiteStatus,
  read: (fresh: boolean) => Promise<SiteStatus>,
  until: number,
  note: (text: string) => void,
  countsOf: (status: SiteStatus) => SiteCounts,
): Promise<SiteStatus> {
  let status = first
  let said = ''
  for (;;) {
    const counts = countsOf(status)
    if (allFetched(counts) || counts.bases === counts.notPushed || Date.now() + POLL_MS > until) return status
    const line = `Waiting: ${siteSummary(counts, status.membersSupported)}…`
    if (line !== said) note(line)
    said = line
    await sleep(POLL_MS)
    status = await read(false)
  }
}
