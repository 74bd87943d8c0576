import { withDisabledFeatures } from '../../electron/services/desktop/chromium-features'

/**
 * The Chromium the end-to-end tests and the benches run the renderer in: Debian's (Playwright's
 * own download is not reachable here), headless, with nothing of its own on the network, and
 * without the Chromium features the app's window runs without (the app's own switch,
 * electron/services/desktop/chromium-features.ts), so that they run what the app runs.
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
  `--disable-features=${withDisabledFeatures('')}`,
]
