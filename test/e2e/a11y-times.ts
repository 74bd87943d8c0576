import { appendFileSync } from 'node:fs'
import { loadavg } from 'node:os'

/**
 * Where the accessibility pass's time goes (issue 41), with A11Y_TIMES=1 in the environment: each
 * screen's phases (set-up, axe, focus walk, layout audit by size, scheme switch, ...) timed and
 * printed when the screen is done, and the phases summed over the run when the file is done, with
 * the machine's load beside them (other work shares the cores: compare phases within one run).
 * A11Y_TIMES=<file> also appends each screen's line to that file, as tab-separated values.
 * Without the variable nothing is timed and nothing printed.
 */

const setting = process.env.A11Y_TIMES
export const timing = setting !== undefined && setting !== '' && setting !== '0'

type Phases = Map<string, number>

let current: Phases | null = null
const totals: Phases = new Map()
let screens = 0
/** when the last screen's test body ended: the gap to the next one is Playwright's fixtures (tear-down and set-up) */
let lastEnd: number | null = null

const add = (phases: Phases, phase: string, ms: number): void => void phases.set(phase, (phases.get(phase) ?? 0) + ms)
const seconds = (ms: number): string => (ms / 1000).toFixed(2)

/** Runs `step`, its time added to `phase` of the screen being checked (when timing). */
export async function timed<T>(phase: string, step: () => Promise<T>): Promise<T> {
  if (!timing || !current) return step()
  const phases = current
  const start = performance.now()
  try {
    return await step()
  } finally {
    add(phases, phase, performance.now() - start)
  }
}

/**
 * A part of a phase (the focus walk's Tab keys, its captures): printed under the phases with a
 * leading dot, and left out of the sums (its phase counts it already).
 */
export function timedPart<T>(part: string, step: () => Promise<T>): Promise<T> {
  return timed(`· ${part}`, step)
}

/** The screen's timing begins (at the start of its test body). */
export function startScreen(): void {
  if (!timing) return
  current = new Map()
  if (lastEnd !== null) add(current, 'fixtures (between tests)', performance.now() - lastEnd)
  current.set('(start)', performance.now())
}

/** The screen is done: its phases printed, and added to the run's. */
export function endScreen(screen: string): void {
  if (!timing || !current) return
  const phases = current
  current = null
  lastEnd = performance.now()
  const body = lastEnd - (phases.get('(start)') ?? lastEnd)
  phases.delete('(start)')
  const named = [...phases].filter(([phase]) => !phase.startsWith('·')).reduce((sum, [, ms]) => sum + ms, 0) - (phases.get('fixtures (between tests)') ?? 0)
  add(phases, 'other (in the test body)', body - named)
  screens++
  for (const [phase, ms] of phases) add(totals, phase, ms)
  const load = loadavg()[0]!.toFixed(2)
  console.log(`times: ${screen}: ${seconds(body)} s (load ${load})${[...phases].map(([phase, ms]) => `\n      ${phase}: ${seconds(ms)}`).join('')}`)
  if (setting !== '1' && setting !== 'true') {
    appendFileSync(setting!, [screen, load, ...[...phases].map(([phase, ms]) => `${phase}=${seconds(ms)}`)].join('\t') + '\n')
  }
}

/** The run's phases summed over its screens, largest first. */
export function printTotals(): void {
  if (!timing || screens === 0) return
  const all = [...totals].sort((a, b) => b[1] - a[1])
  const sum = all.filter(([phase]) => !phase.startsWith('·')).reduce((total, [, ms]) => total + ms, 0)
  console.log(
    `times: ${screens} screens, ${seconds(sum)} s (load now ${loadavg().map((n) => n.toFixed(2)).join(' ')})` +
      all.map(([phase, ms]) => `\n      ${phase}: ${seconds(ms)} s (${((100 * ms) / sum).toFixed(1)}%)`).join(''),
  )
}
