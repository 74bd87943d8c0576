import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'

/**
 * The settings every fuzz property of this folder runs with (issue 18), from the environment:
 * - FUZZ_RUNS: cases per property (10,000 unless told);
 * - FUZZ_SEED: the seed (a new one each run unless told, printed below, so any run can be replayed);
 * - FUZZ_PATH: fast-check's path of a failure, to replay that one case and its shrinking.
 * A failure says how to replay it: the seed and runs reproduce the same cases in the same order.
 */

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not ${raw}`)
  return value
}

export const FUZZ_RUNS = wholeNumber('FUZZ_RUNS', 10_000)
/** a 31-bit seed from the clock: a new set of cases every run, the same set when replayed */
export const FUZZ_SEED = wholeNumber('FUZZ_SEED', Date.now() % 2 ** 31)
const FUZZ_PATH = process.env.FUZZ_PATH?.trim() || undefined

// printed once per file (vitest loads this module once per test file)
console.log(`fuzz: seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs a property${FUZZ_PATH ? `, path ${FUZZ_PATH}` : ''} (replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} npx vitest run test/unit/fuzz)`)

/** the parameters of `fc.assert` */
export const fuzzSettings = {
  numRuns: FUZZ_RUNS,
  seed: FUZZ_SEED,
  ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}),
  // the failed assertion in the message itself, not only in its `cause` (which vitest may not show)
  includeErrorInReport: true,
} as const

/** How to run one failure again, for the message of a failed property. */
function replayLine(failure: string, name: string): string {
  const path = /path: "([^"]*)"/.exec(failure)?.[1]
  const testPath = expect.getState().testPath
  const file = testPath ? relative(process.cwd(), testPath) : 'test/unit/fuzz'
  const seedAndRuns = `FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}`
  return [
    `Replay the run: ${seedAndRuns} npx vitest run ${file} -t ${JSON.stringify(name)}`,
    ...(path ? [`Replay this case only: ${seedAndRuns} FUZZ_PATH=${path} npx vitest run ${file} -t ${JSON.stringify(name)}`] : []),
  ].join('\n')
}

/**
 * A vitest test that checks `property` with the settings above. `msPerRun` is a generous guess of
 * one case's cost on a slow machine: the test's time limit grows with FUZZ_RUNS.
 */
export function fuzzTest<Ts>(name: string, property: () => fc.IRawProperty<Ts>, msPerRun = 1): void {
  const timeout = Math.max(60_000, Math.ceil(FUZZ_RUNS * msPerRun * 4))
  it(
    name,
    async () => {
      try {
        await fc.assert(property(), fuzzSettings)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new Error(`${message}\n\n${replayLine(message, name)}`, { cause: error })
      }
    },
    timeout,
  )
}

/**
 * A new folder for the properties that read and write files: in memory (/dev/shm) where the
 * system has it, since a write to a busy disk costs milliseconds and a property makes 10,000 of
 * them; the system's temp folder elsewhere. The code under test does the same either way.
 */
export function fuzzTempDir(prefix: string): string {
  try {
    if (process.platform === 'linux') return mkdtempSync(join('/dev/shm', prefix))
  } catch {
    // no /dev/shm (a container without it): the temp folder
  }
  return mkdtempSync(join(tmpdir(), prefix))
}
