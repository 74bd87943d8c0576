// The ten slowest test files of a run, from the JSON reports of vitest and Playwright (issue 41:
// measure before making the suite faster). Prints "  93.1 s  test/e2e/accessibility.spec.ts
// (playwright)" lines, slowest first; a missing report is passed over (summary.mjs says so).
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const HOW_MANY = 10
const seconds = new Map()
const add = (file, ms, runner) => {
  const key = `${relative(process.cwd(), file)} (${runner})`
  seconds.set(key, (seconds.get(key) ?? 0) + ms / 1000)
}

/** Playwright's suites nest (a file, its describes); each test's results carry their durations. Files are named from its test folder. */
function walk(suite, file, root) {
  const here = suite.file ?? file
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) for (const result of test.results ?? []) add(join(root, here), result.duration ?? 0, 'playwright')
  for (const child of suite.suites ?? []) walk(child, here, root)
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if ('testResults' in report) for (const result of report.testResults) add(result.name, (result.endTime ?? 0) - (result.startTime ?? 0), 'vitest')
  else for (const suite of report.suites ?? []) walk(suite, suite.file, report.config?.rootDir ?? '')
}

console.log(`the ${HOW_MANY} slowest test files:`)
for (const [file, s] of [...seconds].sort((a, b) => b[1] - a[1]).slice(0, HOW_MANY)) console.log(`${s.toFixed(1).padStart(8)} s  ${file}`)
