import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app } from 'electron'
import { withDisabledFeatures } from '../services/desktop/chromium-features'

// Chromium reads its switches as the app starts, so they are set first: the features the app runs
// without (services/desktop/chromium-features.ts: one keeps V8's code cache from being read back).
// A --disable-features given on the command line is kept.
app.commandLine.appendSwitch('disable-features', withDisabledFeatures(app.commandLine.getSwitchValue('disable-features')))

// The packaged app's one binary is also its command line: `<app> --cli <area> <command> …` runs
// the command line (electron/cli, built beside this file as cli.js, which bin/pbx-provisioner.mjs
// also runs) with no window, no single-instance lock and no menu; anything else starts the desktop
// app (desktop.ts, built as desktop.js). Each is its own entry of the build, loaded by its path,
// so neither is bundled into the other and each finds its files from this folder.
const entry = process.argv.includes('--cli') ? 'cli.js' : 'desktop.js'
if (entry === 'cli.js') app.dock?.hide()
await import(/* @vite-ignore */ pathToFileURL(join(import.meta.dirname, entry)).href)
