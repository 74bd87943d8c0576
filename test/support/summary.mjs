// Adds up the JSON reports of vitest and Playwright into one closing line:
// "tests: N passed, N failed, N skipped". Exits 1 when a report is missing, or nothing ran, or any failed.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
let missing = false

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: no report (the runner did not finish)`)
    missing = true
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if ('numPassedTests' in report) {
    // vitest (jest-compatible JSON)
    passed += report.numPassedTests
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report)
    skipped += report.numPendingTests + (report.numTodoTests ?? 0)
    console.log(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`)
  } else if (report.stats) {
    // Playwright
    const s = report.stats
    passed += s.expected
    failed += s.unexpected + (s.flaky ?? 0)
    skipped += s.skipped
    console.log(`playwright: ${s.expected} passed, ${s.unexpected} failed, ${s.skipped} skipped${s.flaky ? `, ${s.flaky} flaky` : ''}`)
    if (report.errors?.length) {
      failed += report.errors.length
      console.log(`playwright: ${report.errors.length} error(s) outside tests`)
    }
  }
}

function countSuitesWithFailedTests(report) {
  return (report.testResults ?? []).filter(
    (suite) => suite.status === 'failed' && (suite.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(missing || failed > 0 || passed === 0 ? 1 : 0)
