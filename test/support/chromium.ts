import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { withDisabledFeatures } from '../../electron/services/desktop/chromium-features'

/**
 * The Chromium the benches and the start tests run the renderer in: Debian's full browser
 * (Playwright's own download is not reachable here), headless, with nothing of its own on the
 * network. What measures the app's start runs in it: the app's window is a full Chromium.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * The functional end-to-end tests run in Debian's headless shell (package chromium-headless-shell,
 * which test/support/ensure-system.sh installs): the same Blink and V8 as CHROMIUM_PATH, without
 * the browser around them, and what Playwright itself runs headless tests in. A test took about
 * half the time it took in the full browser here (pbx-address.spec: 18 -> 9.5 s, 2026-12-02).
 * Where it is missing, the full browser does the same work, slower.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell'
export const CHROMIUM_TEST_PATH = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH

/**
 * The tag of an end-to-end test that runs in the full browser (CHROMIUM_PATH), not the headless
 * shell: where the two differ in what the test judges (the accessibility pass's email preview, a
 * sandboxed iframe the shell makes a Tab stop; playwright.config.ts).
 */
export const FULL_BROWSER_TAG = '@full-browser'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

let asTheApp: Promise<string[]> | null = null

/**
 * CHROMIUM_ARGS with the Chromium features the app's window runs without turned off too
 * (electron/services/desktop/chromium-features.ts), for what measures the app's start (the startup
 * bench, the code-cache test). Chromium takes only the last `--disable-features` it is given, and
 * Playwright gives one of its own (services a test has no use for, paint holding…): so this one
 * holds Playwright's list, read from a Chromium it started (chrome://version), and the app's.
 * The functional tests run on Playwright's list alone: the app's features only change how a later
 * start reads V8's code cache back.
 */
export function chromiumArgsAsTheApp(): Promise<string[]> {
  asTheApp ??= (async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    try {
      const page = await browser.newPage()
      await page.goto('chrome://version')
      const commandLine = (await page.locator('#command_line').textContent()) ?? ''
      const playwrights = commandLine
        .split(/\s+/)
        .filter((arg) => arg.startsWith('--disable-features='))
        .map((arg) => arg.slice('--disable-features='.length))
        .join(',')
      return [...CHROMIUM_ARGS, `--disable-features=${withDisabledFeatures(playwrights)}`]
    } finally {
      await browser.close()
    }
  })()
  return asTheApp
}
