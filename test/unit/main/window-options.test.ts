import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIN_WINDOW_SIZE } from '../../../electron/services/desktop/window-state'
import { mainWindowOptions, printWindowOptions, rendererLocation, SECURE_WEB_PREFERENCES } from '../../../electron/main/window-options'

// Electron's security checklist, as the windows are created with it: switching any of these off
// fails here (and lint refuses the unsafe literal in electron/main, see lint-security.test.ts).
const CHECKLIST = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
}

const placement = { bounds: { x: 10, y: 20, width: 1200, height: 800 }, maximized: false }

describe('the windows and their web preferences', () => {
  it('the main window is isolated, sandboxed, without Node or <webview>', () => {
    const options = mainWindowOptions('/app/out/main', placement, { devTools: false })
    expect(options.webPreferences).toMatchObject(CHECKLIST)
    expect(options.webPreferences?.preload).toBe('/app/out/preload/index.cjs')
    expect(options.webPreferences?.devTools).toBe(false)
    expect(SECURE_WEB_PREFERENCES).toMatchObject(CHECKLIST)
  })

  it('the main window opens where window-state placed it, hidden until painted, never below the minimum size', () => {
    const options = mainWindowOptions('/app/out/main', placement, { devTools: true })
    expect(options).toMatchObject({ x: 10, y: 20, width: 1200, height: 800, show: false, minWidth: MIN_WINDOW_SIZE.width, minHeight: MIN_WINDOW_SIZE.height })
    expect(options.webPreferences?.devTools).toBe(true)
  })
})

describe('rendererLocation: which pages are ours', () => {
  it("in the built app, only the renderer's page at the app's own scheme (any route), its files from out/renderer", () => {
    const { url, isOurPage, root } = rendererLocation('/app/out/main', undefined)
    expect(url).toBe('app://renderer/index.html')
    expect(root).toBe(join('/app/out/main', '../renderer'))
    expect(isOurPage('app://renderer/index.html#/dect')).toBe(true)
    expect(isOurPage('app://renderer/other.html')).toBe(false)
    expect(isOurPage('app://other/index.html')).toBe(false)
    expect(isOurPage('file:///app/out/renderer/index.html')).toBe(false)
    expect(isOurPage('file:///etc/passwd')).toBe(false)
    expect(isOurPage('https://evil.example/')).toBe(false)
  })

  it('while developing, the dev server origin only', () => {
    const { url, isOurPage } = rendererLocation('/app/out/main', 'http://localhost:5173/')
    expect(url).toBe('http://localhost:5173/')
    expect(rendererLocation('/app/out/main', 'http://localhost:5173/').root).toBeNull()
    expect(isOurPage('http://localhost:5173/#/pbxs')).toBe(true)
    expect(isOurPage('http://localhost:5174/')).toBe(false)
    expect(isOurPage('not a url')).toBe(false)
  })
})

describe('the hidden window a label sheet is printed from', () => {
  it('keeps the checklist, has no preload and no developer tools, and only the PDF viewer on top', () => {
    const options = printWindowOptions()
    expect(options.show).toBe(false)
    expect(options.webPreferences).toMatchObject({ ...CHECKLIST, devTools: false, plugins: true })
    expect(options.webPreferences?.preload).toBeUndefined()
  })
})
