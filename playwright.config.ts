import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_TEST_PATH, FULL_BROWSER_TAG } from './test/support/chromium'

/**
 * The renderer in Debian's Chromium (never a browser Playwright downloads), served by the test
 * process with window.pbx bound to the real services (test/e2e/harness.ts). The tests run in its
 * headless shell: the same Blink and V8, without the browser around them, about twice as fast a
 * test (the accessibility pass too: 253 -> 202 s for 37 screens, 2026-12-03; issue 41). The two
 * differ in what takes the focus: the shell makes the email preview's sandboxed iframe a Tab stop
 * whose document takes the focus (no ring can show on the iframe then), where the full browser,
 * which the app's window is, passes it by. A test where they differ is tagged FULL_BROWSER_TAG and
 * runs in the full browser. test/electron holds the tests that launch the Electron app itself;
 * they skip, saying why, where no Electron binary exists.
 */
export default defineConfig({
  testDir: 'test',
  testMatch: ['e2e/**/*.spec.ts', 'electron/**/*.spec.ts'],
  outputDir: 'test-results/playwright',
  // the forms' kept pictures (test/e2e/form-pixels.ts): one per screen and scheme, whichever project runs it
  snapshotPathTemplate: '{testDir}/e2e/form-pixels/{arg}{ext}',
  // one at a time: each test has its own demo PBX, data folder and page (harness.ts), so two could
  // run side by side, but on two cores Chromium's renderer and compositor take both: two workers
  // doubled each test's time (the accessibility pass: 18 -> 38 s a screen, 2026-12-02)
  fullyParallel: false,
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // A trace is recorded only when a test is run again after failing: recording one on every test
  // (to keep it on failure) took a third of the run (two specs 56 -> 38 s without it, 2026-12-03;
  // issue 41). The second run is for the trace alone: a test that fails and then passes is flaky,
  // and flaky fails the run (here, and in test/support/summary.mjs).
  retries: 1,
  failOnFlakyTests: true,
  use: {
    browserName: 'chromium',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'app', grepInvert: new RegExp(FULL_BROWSER_TAG), use: { launchOptions: { executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_ARGS } } },
    { name: 'full browser', grep: new RegExp(FULL_BROWSER_TAG), use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } } },
  ],
})
