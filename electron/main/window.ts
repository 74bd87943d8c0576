import { join } from 'node:path'
import { BrowserWindow } from 'electron'

/** Where the renderer comes from: the dev server while developing, the built file otherwise. */
export function rendererLocation(mainDir: string): { url: string; isOurPage(url: string): boolean } {
  const devUrl = process.env.ELECTRON_RENDERER_URL
  if (devUrl) {
    const origin = new URL(devUrl).origin
    return { url: devUrl, isOurPage: (url) => safeOrigin(url) === origin }
  }
  const file = join(mainDir, '../renderer/index.html')
  const fileUrl = new URL(`file://${file}`).href
  return { url: fileUrl, isOurPage: (url) => url.split('#')[0] === fileUrl }
}

/** The one window: isolated, sandboxed, no Node in the page; shown when it has painted. */
export function createMainWindow(mainDir: string, url: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'PBX Provisioner',
    webPreferences: {
      preload: join(mainDir, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  })
  window.once('ready-to-show', () => window.show())
  void window.loadURL(url)
  return window
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}
