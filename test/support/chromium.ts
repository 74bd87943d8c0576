import { chromium } from '@playwright/test'
import { withDisabledFeatures } from '../../electron/services/desktop/chromium-features'

/**
 * The Chromium the end-to-end tests and the benches run the renderer in: Debian's (Playwright's
 * own download is not reachable here), headless, with nothing of its own on the network.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium'

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
