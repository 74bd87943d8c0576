import { join } from 'node:path'
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron'
import { RENDERER_PAGE } from '../services/desktop/renderer-files'
import { MIN_WINDOW_SIZE, type WindowPlacement } from '../services/desktop/window-state'

// Plain data and functions (no Electron at run time), so the security settings are unit-tested.

/**
 * The main window's web preferences: Electron's security checklist. The page runs isolated from
 * the preload, sandboxed, with no Node, no <webview>, web security on and no insecure content.
 * test/unit/main/window-options.test.ts fails if any of these is switched off, and lint refuses
 * the unsafe values in electron/main (eslint.config.js).
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  spellcheck: false,
} as const satisfies WebPreferences

/** The options of the one window, placed where `placement` says (window-state.ts). */
export function mainWindowOptions(mainDir: string, placement: WindowPlacement, options: { devTools: boolean }): BrowserWindowConstructorOptions {
  return {
    ...placement.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'PBX Provisioner',
    webPreferences: {
      ...SECURE_WEB_PREFERENCES,
      preload: join(mainDir, '../preload/index.cjs'),
      devTools: options.devTools,
    },
  }
}

/**
 * Where the renderer comes from: the dev server (`devUrl`, electron-vite's ELECTRON_RENDERER_URL,
 * given only to an unpackaged app) while developing; otherwise the built files in `root`, which
 * the app serves at its own scheme (services/desktop/renderer-files.ts).
 */
export function rendererLocation(mainDir: string, devUrl: string | undefined): { url: string; isOurPage(url: string): boolean; root: string | null } {
  if (devUrl) {
    const origin = new URL(devUrl).origin
    return { url: devUrl, isOurPage: (url) => safeOrigin(url) === origin, root: null }
  }
  return { url: RENDERER_PAGE, isOurPage: (url) => url.split('#')[0] === RENDERER_PAGE, root: join(mainDir, '../renderer') }
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * The hidden window that holds a label sheet's PDF for the system's print dialog
 * (print-window.ts): the same checklist, no preload (it never talks to main), no developer tools,
 * and Chromium's PDF viewer (`plugins`), which is what prints the file. It loads only the PDF the
 * services just wrote.
 */
export function printWindowOptions(): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: 900,
    height: 1200,
    title: 'Print labels',
    webPreferences: { ...SECURE_WEB_PREFERENCES, devTools: false, plugins: true },
  }
}
