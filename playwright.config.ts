import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_TEST_PATH } from './test/support/chromium'

/** The passes that judge how the app looks (contrast, focus rings): in the app's own browser. */
const LOOKS = ['e2e/accessibility.spec.ts', 'e2e/accessibility-pass.spec.ts']

/**
 * The renderer in Debian's Chromium (never a browser Playwright downloads), served by the test
 * process with window.pbx bound to the real services (test/e2e/harness.ts). The functional tests
 * run in its headless shell, about twice as fast a test; the passes that judge looks run in the
 * full browser the app's window is, because the two differ in what takes the focus: the shell
 * makes the email preview's sandboxed iframe a Tab stop whose document takes the focus (no ring
 * can show on the iframe then), where the full browser passes it by (2026-12-03). test/electron
 * holds the tests that launch the Electron app itself; they skip, saying why, where no Electron
 * binary exists.
 */
export default defineConfig({
  testDir: 'test',
  testMatch: ['e2e/**/*.spec.ts', 'electron/**/*.spec.ts'],
  outputDir: 'test-results/playwright',
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
    { name: 'app', testIgnore: LOOKS, use: { launchOptions: { executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_ARGS } } },
    { name: 'looks', testMatch: LOOKS, use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } } },
  ],
})
