import { app, BrowserWindow, ipcMain, session, shell } from 'electron'
import { createServices, type Services } from '../services'
import { openKeytarStore } from '../services/keychain/keytar-store'
import { webAddressOnly } from './external-links'
import { denyPermissions, hardenWebContents } from './hardening'
import { bindBridge } from './ipc-binding'
import { printHtmlToPdf } from './print-to-pdf'
import { createTrustedSenders } from './trusted-senders'
import { createMainWindow, rendererLocation } from './window'

// The shell only wires the services to Electron; every decision lives in electron/services.

const mainDir = import.meta.dirname
const renderer = rendererLocation(mainDir)
const trusted = createTrustedSenders()
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
  void app.whenReady().then(start)
}

async function start(): Promise<void> {
  denyPermissions(session.defaultSession)
  const keychain = await openKeytarStore()
  if (!keychain.available) console.warn(`[keychain] ${keychain.reason}`)
  services = createServices({
    dataDir: app.getPath('userData'),
    keychain,
    // the identity provider's sign-in page, in the user's browser: http(s) addresses only
    openExternal: webAddressOnly((url) => shell.openExternal(url)),
    printToPdf: printHtmlToPdf,
    app: {
      name: app.getName(),
      version: app.getVersion(),
      versions: { node: process.versions.node, electron: process.versions.electron, chrome: process.versions.chrome },
      platform: process.platform,
    },
  })
  bindBridge(ipcMain, services.handlers, trusted, renderer.isOurPage, (error) => console.error('[bug]', error))
  openWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

function openWindow(): void {
  window = createMainWindow(mainDir, renderer.url)
  trusted.add(window.webContents)
  window.on('closed', () => (window = undefined))
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

let disposed = false
app.on('will-quit', (event) => {
  if (disposed || !services) return
  event.preventDefault()
  disposed = true
  void services.dispose().finally(() => app.quit())
})

