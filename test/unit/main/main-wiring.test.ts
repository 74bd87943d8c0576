import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// electron/main/desktop.ts cannot run without Electron. The pieces it wires are tested one by one
// (hardening, ipc-binding, external-links, window-options); this guards the wiring itself: a line
// that switches one of them off fails here.
const source = readFileSync(new URL('../../../electron/main/desktop.ts', import.meta.url), 'utf8')

describe('electron/main/index.ts: the app binary is the desktop app, or with --cli the command line', () => {
  const index = readFileSync(new URL('../../../electron/main/index.ts', import.meta.url), 'utf8')

  it('chooses by --cli and loads the chosen entry by its path (the build makes both: packaging test)', () => {
    expect(index).toMatch(/process\.argv\.includes\('--cli'\) \? 'cli\.js' : 'desktop\.js'/)
    expect(index).not.toMatch(/from '\.\/desktop'|from '\.\.\/cli/)
  })
})

describe('electron/main/desktop.ts wires every safeguard', () => {
  it.each([
    ['every WebContents hardened (navigation, new windows, webview)', /hardenWebContents\(app, renderer\.isOurPage\)/],
    ['permission requests denied', /denyPermissions\(session\.defaultSession\)/],
    ['the Bridge bound with its sender check', /bindBridge\(\s*ipcMain,\s*services\.handlers,\s*trusted,\s*renderer\.isOurPage/],
    ['our window registered as the one trusted sender', /trusted\.add\(opened\.webContents\)/],
    ['the browser opened for http(s) addresses only', /openExternal: webAddressOnly\(/],
    ['one instance at a time', /app\.requestSingleInstanceLock\(\)/],
    ['logging started first, redacted', /const log = startLogging\(/],
    ['the services disposed on quit (signs out of every PBX)', /services\.dispose\(\)/],
    ['developer tools only in an unpackaged (development) build', /const dev = !app\.isPackaged/],
    ['the dev server only in an unpackaged build', /rendererLocation\(mainDir, dev \? process\.env\.ELECTRON_RENDERER_URL : undefined\)/],
    ["the renderer's own scheme registered before the app is ready, with its privileges", /protocol\.registerSchemesAsPrivileged\(\[\{ scheme: RENDERER_SCHEME, privileges: RENDERER_SCHEME_PRIVILEGES \}\]\)/],
    ['the built renderer served at that scheme, from its folder only', /protocol\.handle\(RENDERER_SCHEME, rendererProtocolHandler\(renderer\.root\)\)/],
  ])('%s', (_what, pattern) => {
    expect(source).toMatch(pattern)
  })

  it('asks before a window with unsaved changes closes or reloads (Electron would refuse silently)', () => {
    const window = readFileSync(new URL('../../../electron/main/window.ts', import.meta.url), 'utf8')
    expect(window).toMatch(/webContents\.on\('will-prevent-unload'/)
    expect(window).toMatch(/if \(choice === 0\) event\.preventDefault\(\)/)
  })

  it("registers the renderer's scheme before the app is ready (Electron refuses it later) and the privileges ask for the code cache", () => {
    expect(source.indexOf('protocol.registerSchemesAsPrivileged(')).toBeGreaterThan(-1)
    expect(source.indexOf('protocol.registerSchemesAsPrivileged(')).toBeLessThan(source.indexOf('.whenReady()'))
    expect(source.indexOf('protocol.handle(')).toBeGreaterThan(source.indexOf('async function start()'))
  })

  it('creates windows only through window.ts (the checklist options)', () => {
    expect(source).not.toMatch(/new BrowserWindow\(/)
    expect(source).not.toMatch(/webPreferences/)
  })

  it("closes electron-log's IPC channel (every channel main answers checks its sender)", () => {
    const logging = readFileSync(new URL('../../../electron/main/logging.ts', import.meta.url), 'utf8')
    expect(logging).toMatch(/ipcMain\.removeAllListeners\(ELECTRON_LOG_CHANNEL\)/)
    expect(logging).toMatch(/ipcMain\.removeHandler\(ELECTRON_LOG_CHANNEL\)/)
    expect(logging).toMatch(/const ELECTRON_LOG_CHANNEL = '__ELECTRON_LOG__'/)
    expect(logging).not.toMatch(/\.initialize\(/)
  })
})
