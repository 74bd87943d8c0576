import type { Argv, CommandModule } from 'yargs'
import { NumberTestCallSchema, type NumberTestResult, type RouteVerdict, type RuleVerdict } from '../../contract/number-test'
import type { CliContext } from '../context'
import { openKept } from '../sign-in'
import { action, checkedArgs, jsonOption, namedPbx, type BaseArgs, type AreaCommandModule, areaCommand, areaOf } from './common'

interface TestNumberArgs extends BaseArgs {
  pbx: string
  number: string
  from: string
  at?: string
}

/** `outbound …`: a PBX's outbound rules. */
export function outboundCommand(ctx: CliContext): AreaCommandModule {
  return areaOf(
    'outbound',
    [areaCommand(testNumberCommand(ctx))],
    [
      ['$0 outbound test "Demo Company" 112 --from 1001', 'Which rule an emergency call uses'],
    ],
  )
}

function testNumberCommand(ctx: CliContext): CommandModule<BaseArgs, TestNumberArgs> {
  return {
    command: 'test <pbx> <number>',
    describe: "Which rule a call would use, why each rule before it did not apply, and what each route sends",
    builder: (yargs) =>
      yargs
        .positional('pbx', { type: 'string', demandOption: true, describe: 'A saved PBX, by name or id' })
        .positional('number', { type: 'string', demandOption: true, describe: 'The number as dialled' })
        .option('from', { type: 'string', demandOption: true, describe: 'The calling extension (the rules\' masks match it)' })
        .option('at', { type: 'string', describe: "When the call is made, YYYY-MM-DDTHH:MM on the PBX's clock (default: now on this computer's clock)" })
        .option('json', jsonOption)
        .example('$0 outbound test "Demo Company" 0301234567 --from 1001', 'A local call, now')
        .example('$0 outbound test "Demo Company" 0044207946000 --from 1001 --at 2025-12-25T10:00 --json', 'An international call on Christmas Day, as JSON') as Argv<TestNumberArgs>,
    handler: action(ctx, async (argv) => {
      // yargs reads a number-like argument as a number: the dialled text is what counts
      const call = checkedArgs(
        NumberTestCallSchema,
        { number: String(argv.number), extension: String(argv.from), at: argv.at ?? localDateTime(new Date()) },
        { number: '<number>', extension: '--from', at: '--at' },
      )
      const open = await ctx.open(argv, 'needed')
      const profile = await namedPbx(open, argv.pbx)
      await openKept(open, profile)
      const result = await open.must('testNumber', { profileId: profile.id, call })
      if (argv.json) return ctx.out.json({ pbx: { profileId: profile.id, name: profile.label }, ...result })
      for (const text of decisionLines(result)) ctx.out.line(text)
    }),
  }
}

/** `YYYY-MM-DDTHH:MM` of this computer's clock. */
function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

const OUTCOME_WORDS: Record<RuleVerdict['outcome'], string> = { matched: 'MATCHED', skipped: 'skipped', 'not-reached': 'not reached' }

/** The decision in words: the call, the rule that applies, why each rule did or did not, the routes. */
export function decisionLines(result: NumberTestResult): string[] {
  const { call } = result
  const weekday = call.weekday.charAt(0).toUpperCase() + call.weekday.slice(1)
  const lines = [`Call to ${call.number} from extension ${call.extension}, ${weekday} ${call.at.replace('T', ' ')} on the PBX's clock.`]
  lines.push(result.matched ? `Decision: rule "${result.matched.name}" applies.` : 'Decision: no enabled rule applies, so the PBX would not route this call out.')
  if (result.rules.length > 0) {
    lines.push('', 'Rules, in the order the PBX tries them:')
    const width = Math.max(...result.rules.map((rule) => OUTCOME_WORDS[rule.outcome].length))
    for (const rule of result.rules) lines.push(`  ${OUTCOME_WORDS[rule.outcome].padEnd(width)}  ${rule.name} (priority ${rule.priority})${why(rule)}`)
  }
  if (result.routeOrder !== 'none') {
    const order = result.routeOrder === 'in-order' ? 'the first usable one is tried first, the next ones when it fails' : 'one usable route is picked at random'
    lines.push('', `Routes (${order}):`)
    for (const route of result.routes) lines.push(`  ${route.position}. ${routeText(route)}`)
  }
  return lines
}

/** A skipped rule: the check that failed; the matched rule: every check it passed. */
function why(rule: RuleVerdict): string {
  if (rule.outcome === 'not-reached' || rule.checks.length === 0) return ''
  if (rule.outcome === 'skipped') return `: ${rule.checks.at(-1)?.text ?? ''}`
  return `: ${rule.checks.map((check) => check.text).join('; ')}`
}

function routeText(route: RouteVerdict): string {
  const provider = route.providerName ?? route.providerId
  const changes = [route.stripDigits > 0 ? `strips ${route.stripDigits}` : '', route.prepend ? `prepends ${route.prepend}` : ''].filter(Boolean).join(', ')
  const sends = route.sent === null ? 'not used' : `sends ${route.sent}`
  return `${provider}: ${sends}${changes ? ` (${changes})` : ''}${route.note ? ` — ${route.note}` : ''}`
}
