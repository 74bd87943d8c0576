import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { NumberTestResult } from '../../../electron/contract/number-test'
import { WEEKDAYS, type DayHours, type Holiday, type OfficeHours, type OutboundRule, type Route, type Weekday } from '../../../electron/contract/pbx-outbound'
import { matchNumber } from '../../../electron/services/outbound/number-match'

// docs/test-a-number.md (the README's former "Test a number" section) shows example rules and
// what the matcher decides for a table of calls. This test reads both tables (and the worded
// answer below them) and checks every row against matchNumber, so the page cannot drift from the
// code. An unreadable cell fails.

const section = readFileSync('docs/test-a-number.md', 'utf8')

/** The rows of the table whose header line starts with `| <first> |`, cells trimmed, backticks gone. */
function table(first: string): string[][] {
  const lines = section.split('\n')
  const start = lines.findIndex((l) => l.startsWith(`| ${first} |`))
  if (start < 0) throw new Error(`docs/test-a-number.md: no table starting with | ${first} |`)
  const rows: string[][] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    rows.push(line.split('|').slice(1, -1).map((c) => c.trim().replaceAll('`', '')))
  }
  return rows
}

const PROVIDERS = [
  { id: 'telco-one', name: 'Telco One' },
  { id: 'backup-sip', name: 'Backup SIP' },
]
const DAY = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const unreadable = (what: string, cell: string): never => {
  throw new Error(`docs/test-a-number.md: cannot read ${what} "${cell}"`)
}

/** `every day off` or `Mon-Fri 08:00-18:00` (one day or a run of days, one range). */
function officeHours(cell: string): OfficeHours | undefined {
  if (cell === '') return undefined
  const off: Partial<Record<Weekday, DayHours>> = {}
  for (const day of WEEKDAYS) off[day] = { enabled: false, ranges: [] }
  if (cell === 'every day off') return { mode: 'CUSTOM', ...off }
  const m = /^(\w{3})(?:-(\w{3}))? (\d\d:\d\d)-(\d\d:\d\d)$/.exec(cell)
  const first = DAY.indexOf(m?.[1] ?? '')
  const last = m?.[2] === undefined ? first : DAY.indexOf(m[2])
  if (!m || first < 0 || last < first) return unreadable('office hours', cell)
  const days = { ...off }
  for (const day of WEEKDAYS.slice(first, last + 1)) days[day] = { enabled: true, ranges: [{ from: m[3] ?? '', to: m[4] ?? '' }] }
  return { mode: 'CUSTOM', ...days }
}

/** `31 Dec-2 Jan every year`, several joined by `;`. */
function holidays(cell: string): Holiday[] {
  if (cell === '') return []
  return cell.split(';').map((text, i) => {
    const m = /^(\d{1,2}) (\w{3})-(\d{1,2}) (\w{3}) every year$/.exec(text.trim())
    const [ms, me] = [MONTH.indexOf(m?.[2] ?? ''), MONTH.indexOf(m?.[4] ?? '')]
    if (!m || ms < 0 || me < 0) return unreadable('holiday', text)
    return { id: `holiday-${i + 1}`, name: text.trim(), every_year: true, month_start: ms + 1, day_start: Number(m[1]), month_end: me + 1, day_end: Number(m[3]) }
  })
}

/** `Telco One strip 1 prepend +49; Backup SIP disabled`. */
function routes(cell: string): Route[] {
  return cell.split(';').map((text) => {
    const m = /^(Telco One|Backup SIP)((?: strip \d+| prepend \S+| disabled)*)$/.exec(text.trim())
    const provider = PROVIDERS.find((p) => p.name === m?.[1])
    if (!m || !provider) return unreadable('route', text)
    const options = m[2] ?? ''
    const strip = / strip (\d+)/.exec(options)?.[1]
    const prepend = / prepend (\S+)/.exec(options)?.[1]
    return {
      provider_id: provider.id,
      enabled: !options.includes(' disabled'),
      ...(strip !== undefined ? { strip_digits: Number(strip) } : {}),
      ...(prepend !== undefined ? { prepend } : {}),
    }
  })
}

const yesNo = (cell: string): boolean => (cell === 'yes' ? true : cell === 'no' ? false : unreadable('enabled', cell))
const routing = (cell: string) =>
  cell === 'in order' ? ('PRIORITIZED' as const) : cell === 'at random' ? ('RANDOMLY' as const) : unreadable('routing', cell)

const exampleRules: OutboundRule[] = table('rule').map(
  ([name = '', priority = '', enabled = '', prefix = '', length = '', mask = '', hours = '', days = '', how = '', via = ''], i) => ({
    id: `rule-${i + 1}`,
    name,
    ...(priority !== '' ? { priority: Number(priority) } : {}),
    enabled: yesNo(enabled),
    number_prefix: prefix,
    number_length: length,
    number_mask: mask,
    ...(hours !== '' ? { office_hours: officeHours(hours) } : {}),
    holidays: holidays(days),
    routing_strategy: routing(how),
    routes: routes(via),
  }),
)

/** `Wed 2025-03-05 10:00` → the call's `at` and the weekday it names. */
function time(cell: string): { at: string; day: string } {
  const m = /^(\w{3}) (\d{4}-\d\d-\d\d) (\d\d:\d\d)$/.exec(cell)
  if (!m) return unreadable('time', cell)
  return { at: `${m[2]}T${m[3]}`, day: m[1] ?? '' }
}

function rulesOf(cell: string): OutboundRule[] {
  if (cell === 'all') return exampleRules
  return cell.split(',').map((name) => exampleRules.find((r) => r.name === name.trim()) ?? unreadable('rule name', name))
}

// --- the answer in the page's notation ----------------------------------------------------------

const skippedText = (result: NumberTestResult): string => {
  const skipped = result.rules
    .filter((r) => r.outcome === 'skipped')
    .map((r) => {
      const check = r.checks.at(-1)?.check ?? '?'
      return `${r.name} (${check === 'enabled' ? 'disabled' : check.replace('-', ' ')})`
    })
  return skipped.length ? skipped.join(', ') : '—'
}

const sendsText = (result: NumberTestResult): string => {
  if (result.routeOrder === 'none') return '—'
  const each = result.routes.map((r) => (r.sent !== null ? r.sent : r.enabled ? '— (nothing left)' : '— (disabled)'))
  return `${result.routeOrder === 'random' ? 'one of' : 'in order'}: ${each.length ? each.join(', ') : 'no routes'}`
}

const wordedAnswer = (result: NumberTestResult): string =>
  [
    ...result.rules.map((r) =>
      r.outcome === 'skipped' ? `${r.name}: skipped, ${r.checks.at(-1)?.text ?? ''}` : `${r.name}: ${r.outcome.replace('-', ' ')}`,
    ),
    ...result.routes.map(
      (r) => `route ${r.position} (${r.providerName ?? r.providerId}): ${r.sent !== null ? `sends ${r.sent}` : `not used, ${r.note ?? ''}`}`,
    ),
  ].join('\n')

const cases = table('#').map(([n = '', number = '', extension = '', when = '', rules = '', uses = '', skipped = '', sends = '']) => ({
  n,
  number,
  extension,
  when,
  rules,
  uses,
  skipped,
  sends,
}))

const decide = (c: (typeof cases)[number]): NumberTestResult =>
  matchNumber(rulesOf(c.rules), { number: c.number, extension: c.extension, at: time(c.when).at }, { providers: PROVIDERS })

describe('the docs/test-a-number.md tables', () => {
  it('has its example rules and cases to check', () => {
    expect(exampleRules.map((r) => r.name)).toEqual(['Emergency', 'Switched off', 'Sales abroad', 'Service desk', 'Fallback'])
    expect(cases.length).toBeGreaterThanOrEqual(10)
    expect(cases.map((c) => c.n)).toEqual(cases.map((_, i) => String(i + 1)))
  })

  it.each(cases)('case $n: $number from $extension at $when → $uses', (c) => {
    const result = decide(c)
    expect(DAY[WEEKDAYS.indexOf(result.call.weekday)]).toBe(time(c.when).day)
    expect(result.matched?.name ?? 'none').toBe(c.uses)
    expect(skippedText(result)).toBe(c.skipped)
    expect(sendsText(result)).toBe(c.sends)
  })

  it('words the answer of its example as the matcher does', () => {
    const m = /The answer for case (\d+), as the app words it:\n\n```text\n([\s\S]*?)\n```/.exec(section)
    if (!m) throw new Error('docs/test-a-number.md: no worded answer')
    const c = cases.find((x) => x.n === m[1])
    if (!c) throw new Error(`docs/test-a-number.md: no case ${m[1]}`)
    expect(wordedAnswer(decide(c))).toBe(m[2])
  })
})
