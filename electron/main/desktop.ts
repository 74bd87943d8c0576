import { join } from 'node:path'
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, protocol, screen, session, shell } from 'electron'
import { MENU_CHANNEL, type MenuCommand } from '../contract/menu-commands'
import { createServices, type Services } from '../services'
import { RENDERER_SCHEME, RENDERER_SCHEME_PRIVILEGES, rendererProtocolHandler } from '../services/desktop/renderer-files'
import { createWindowStateKeeper, loadWindowState, placeWindow, type WindowState } from '../services/desktop/window-state'
import { openKeytarStore } from '../services/keychain/keytar-store'
import { aboutBox, aboutText } from './about'
import { bridgeFailureEntry } from './bridge-log'
import { webAddressOnly } from './external-links'
import { denyPermissions, hardenWebContents } from './hardening'
import { bindBridge } from './ipc-binding'
import { startLogging } from './logging'
import { buildMenuTemplate } from './menu-template'
import { createTrustedSenders } from './trusted-senders'
import { printInHiddenWindow } from './print-window'
import { createMainWindow } from './window'
import { rendererLocation } from './window-options'

// The shell only wires the services to Electron; every decision lives in electron/services or in
// the plain functions beside this file (window-options, menu-template, about, bridge-log).

const mainDir = import.meta.dirname
const dev = !app.isPackaged
// a packaged app never loads (nor trusts) another page than its own, whatever the environment says
const renderer = rendererLocation(mainDir, dev ? process.env.ELECTRON_RENDERER_URL : undefined)
const trusted = createTrustedSenders()
// the OS's place for logs (~/Library/Logs/<app> on macOS, <userData>/logs elsewhere)
app.setAppLogsPath()
const logsDir = app.getPath('logs')
const log = startLogging(logsDir, { dev })
const appInfo = {
  name: app.getName(),
  version: app.getVersion(),
  versions: { node: process.versions.node, electron: process.versions.electron, chrome: process.versions.chrome },
  platform: process.platform,
}
const windowStateFile = join(app.getPath('userData'), 'window-state.json')
const windowState = createWindowStateKeeper({
  file: windowStateFile,
  onError: (error) => log.warn('[window] could not save the window size and place', error),
})
let lastWindowState: WindowState | null = null
let services: Services | undefined
let window: BrowserWindow | undefined

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore()
    window?.focus()
  })
  hardenWebContents(app, renderer.isOurPage)
  // the built renderer's own scheme (not file://), which may keep its scripts compiled between starts
  protocol.registerSchemesAsPrivileged([{ scheme: RENDERER_SCHEME, privileges: RENDERER_SCHEME_PRIVILEGES }])
  app.on('render-process-gone', (_event, _contents, details) => log.error(`[window] the page stopped: ${details.reason} (exit code ${details.exitCode})`))
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error('[app] could not start', error)
      app.quit()
    })
}

async function start(): Promise<void> {
  log.info(`[app] ${appInfo.name} ${appInfo.version} starting (Electron ${appInfo.versions.electron}, ${process.platform} ${process.arch})`)
  if (process.platform === 'win32') app.setAppUserModelId('com.pbxprovisioner.app')
  denyPermissions(session.defaultSession)
  if (renderer.root !== null) protocol.handle(RENDERER_SCHEME, rendererProtocolHandler(renderer.root))
  const keychain = await openKeytarStore()
  if (!keychain.available) log.warn(`[keychain] ${keychain.reason}`)
  services = createServices({
    dataDir: app.getPath('userData'),
    keychain,
    // the identity provider's sign-in page, in the user's browser: http(s) addresses only
    openExternal: webAddressOnly((url) => shell.openExternal(url)),
    // a damaged batch file, shown where it is so the user can deal with it (services ask by path)
    showItemInFolder: (path) => shell.showItemInFolder(path),
    // a label sheet through the system's print dialog: its PDF in a hidden window
    print: printInHiddenWindow,
    app: appInfo,
  })
  bindBridge(
    ipcMain,
    services.handlers,
    trusted,
    renderer.isOurPage,
    (error, operation) => log.error(`[bug] ${operation} threw`, error),
    (operation, error) => {
      const entry = bridgeFailureEntry(operation, error)
      log[entry.level](entry.text, entry.details)
    },
  )
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate(
        { platform: process.platform, appName: appInfo.name, devTools: dev },
        { send: sendCommand, showAbout: () => void showAbout(), openLogsFolder },
      ),
    ),
  )
  lastWindowState = await loadWindowState(windowStateFile)
  openWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

function openWindow(): BrowserWindow {
  const primary = screen.getPrimaryDisplay()
  const workAreas = [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)].map((display) => display.workArea)
  const opened = createMainWindow(mainDir, renderer.url, placeWindow(lastWindowState, workAreas), {
    devTools: dev,
    onState: (state) => {
      lastWindowState = state
      windowState.update(state)
    },
  })
  window = opened
  trusted.add(opened.webContents)
  opened.on('closed', () => {
    if (window === opened) window = undefined
    void windowState.flush()
  })
  return opened
}

/** A menu command for the renderer; with no window open (macOS), one is opened for it. */
function sendCommand(command: MenuCommand): void {
  const target = window ?? openWindow()
  const send = () => target.webContents.send(MENU_CHANNEL, command)
  if (target.webContents.isLoading()) target.webContents.once('did-finish-load', send)
  else send()
}

async function showAbout(): Promise<void> {
  const box = aboutBox(appInfo, process.arch)
  const { response } = window ? await dialog.showMessageBox(window, box) : await dialog.showMessageBox(box)
  if (response === 1) clipboard.writeText(aboutText(box))
}

function openLogsFolder(): void {
  void shell.openPath(logsDir).then((problem) => {
    if (problem) log.warn(`[logs] could not open ${logsDir}: ${problem}`)
  })
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

let disposed = false
app.on('will-quit', (event) => {
  if (disposed || !services) return
  event.preventDefault()
  disposed = true
  log.info('[app] quitting: signing out of every PBX')
  void Promise.allSettled([windowState.flush(), services.dispose()])
    .then(([, disposal]) => {
      if (disposal.status === 'rejected') log.error('[app] quitting did not finish cleanly', disposal.reason)
      log.info('[app] quit')
    })
    .finally(() => app.quit())
})
