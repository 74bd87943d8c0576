// Electron's main-process module, stood in for in plain Node, so the built main bundle (out/main)
// is evaluated for real where no Electron binary exists (register.mjs puts it in place of
// 'electron' for `import` and `require` alike). Every name Electron exports is here
// (electron-names.cjs); the parts the app uses at start behave as Electron documents them, the
// rest are inert stand-ins that accept any call.
//
// Two modes, chosen by the environment:
// - loading (no ELECTRON_STUB_RECORD): `app.whenReady()` never settles, so a bundle is evaluated
//   and nothing more;
// - starting (ELECTRON_STUB_RECORD=<file>): the app gets ready, and what it asks of Electron is
//   written to that file, a JSON object a line. Once its window has loaded its page, the stub
//   plays the page and the user (see `afterLoad`): it calls the IPC handlers given in
//   ELECTRON_STUB_INVOKE (channels, comma-separated) from the window's main frame and from a
//   stranger, asks the app's scheme for the page, tries to navigate away and to open a window,
//   asks for a permission, then quits the app as the OS would; the process exits when the app
//   lets Electron quit.
const { EventEmitter } = require('node:events')
const { appendFileSync, mkdirSync, mkdtempSync, readFileSync } = require('node:fs')
const { tmpdir } = require('node:os')
const { join } = require('node:path')
const names = require('./electron-names.cjs')

const recordFile = process.env.ELECTRON_STUB_RECORD
const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'))

/** One line of the record (in loading mode, nothing). */
function record(event, details = {}) {
  if (recordFile) appendFileSync(recordFile, `${JSON.stringify({ event, ...details })}\n`)
}

/** A stand-in that accepts any property and any call, and answers with another stand-in. */
function inert(path) {
  return new Proxy(function () {}, {
    get(_target, property) {
      if (typeof property === 'symbol' || property === 'then') return undefined
      return inert(`${path}.${property}`)
    },
    apply: () => inert(`${path}()`),
    construct: () => inert(`new ${path}()`),
  })
}

/** `target`, with an inert stand-in for any property Electron has and the stub does not model. */
function withInertRest(target, path) {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object) return Reflect.get(object, property, receiver)
      return inert(`${path}.${String(property)}`)
    },
  })
}

let ready = false
const userData = process.env.ELECTRON_STUB_USER_DATA ?? mkdtempSync(join(tmpdir(), 'pbx-electron-stub-'))
const switches = new Map()

class App extends EventEmitter {
  isPackaged = process.env.ELECTRON_STUB_PACKAGED !== '0'
  commandLine = {
    appendSwitch: (name, value = '') => {
      switches.set(name, value)
      record('commandLine.appendSwitch', { name, value })
    },
    getSwitchValue: (name) => switches.get(name) ?? '',
    hasSwitch: (name) => switches.has(name),
  }
  getName = () => pkg.productName
  getVersion = () => pkg.version
  getPath = (name) => {
    const path = name === 'userData' ? userData : join(userData, name)
    mkdirSync(path, { recursive: true })
    return path
  }
  getAppPath = () => join(__dirname, '../../..')
  setAppLogsPath = () => {}
  setAppUserModelId = () => {}
  requestSingleInstanceLock = () => true
  isReady = () => ready
  whenReady = () => {
    if (!recordFile) return new Promise(() => {})
    return new Promise((resolve) =>
      setImmediate(() => {
        ready = true
        record('ready')
        this.emit('ready')
        resolve()
      }),
    )
  }
  quit = () => {
    record('app.quit')
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
    this.emit('before-quit', event)
    if (!event.defaultPrevented) this.emit('will-quit', event)
    if (event.defaultPrevented) return record('quit held back')
    record('quit')
    setImmediate(() => process.exit(0))
  }
}
const app = withInertRest(new App(), 'app')

let nextContentsId = 1
class WebContents extends EventEmitter {
  id = nextContentsId++
  mainFrame = { url: '' }
  windowOpenHandler = undefined
  setWindowOpenHandler = (handler) => (this.windowOpenHandler = handler)
  isLoading = () => false
  isDestroyed = () => false
  send = (channel, ...args) => record('webContents.send', { channel, args })
}

const windows = []
class BrowserWindow extends EventEmitter {
  static getAllWindows = () => [...windows]
  static getFocusedWindow = () => windows[0] ?? null
  constructor(options = {}) {
    super()
    this.options = options
    this.webContents = withInertRest(new WebContents(), 'webContents')
    windows.push(this)
    record('new BrowserWindow', { options })
    app.emit('web-contents-created', {}, this.webContents)
  }
  loadURL = (url) => {
    this.webContents.mainFrame.url = url
    record('loadURL', { url })
    setImmediate(() => {
      this.emit('ready-to-show')
      this.webContents.emit('did-finish-load')
      void afterLoad(this).catch((error) => {
        record('stub failed', { message: String(error?.stack ?? error) })
        process.exit(70)
      })
    })
    return Promise.resolve()
  }
  show = () => record('window.show')
  focus = () => {}
  restore = () => {}
  maximize = () => {}
  isDestroyed = () => false
  isMinimized = () => false
  isMaximized = () => false
  isFullScreen = () => false
  getNormalBounds = () => ({ x: this.options.x ?? 0, y: this.options.y ?? 0, width: this.options.width, height: this.options.height })
}

const handlers = new Map()
const ipcMain = withInertRest(
  Object.assign(new EventEmitter(), {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
      handlers.set(channel, listener)
      record('ipcMain.handle', { channel })
    },
    removeHandler: (channel) => {
      handlers.delete(channel)
      record('ipcMain.removeHandler', { channel })
    },
  }),
  'ipcMain',
)

const schemes = new Map()
const protocol = withInertRest(
  {
    registerSchemesAsPrivileged: (list) => {
      if (ready) throw new Error('protocol.registerSchemesAsPrivileged must be called before the app is ready')
      record('protocol.registerSchemesAsPrivileged', { schemes: list })
    },
    handle: (scheme, handler) => {
      if (!ready) throw new Error('protocol.handle must be called once the app is ready')
      schemes.set(scheme, handler)
      record('protocol.handle', { scheme })
    },
  },
  'protocol',
)

const permissions = {}
const session = withInertRest(
  {
    defaultSession: withInertRest(
      {
        setPermissionRequestHandler: (handler) => (permissions.request = handler),
        setPermissionCheckHandler: (handler) => (permissions.check = handler),
      },
      'session.defaultSession',
    ),
  },
  'session',
)

const Menu = withInertRest(
  {
    buildFromTemplate: (template) => ({ template }),
    setApplicationMenu: (menu) => record('Menu.setApplicationMenu', { labels: menu.template.map((item) => item.label ?? item.role) }),
  },
  'Menu',
)

const display = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 }, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, scaleFactor: 1 }
const screen = withInertRest({ getPrimaryDisplay: () => display, getAllDisplays: () => [display] }, 'screen')

/** After the window loaded its page: the page's calls, the user's attempts, and a quit. */
async function afterLoad(window) {
  const contents = window.webContents
  const fromPage = { sender: contents, senderFrame: contents.mainFrame }
  const stranger = { sender: { id: 999, mainFrame: { url: contents.mainFrame.url } }, senderFrame: { url: contents.mainFrame.url } }
  for (const channel of (process.env.ELECTRON_STUB_INVOKE ?? '').split(',').filter(Boolean)) {
    const handler = handlers.get(channel)
    record('invoke', { channel, from: 'page', result: handler ? await handler(fromPage, undefined) : 'no handler' })
    record('invoke', { channel, from: 'stranger', result: handler ? await handler(stranger, undefined) : 'no handler' })
  }
  const url = new URL(contents.mainFrame.url)
  const scheme = url.protocol.slice(0, -1)
  const served = schemes.get(scheme)
  if (served) {
    const response = await served(new Request(url.href))
    const text = await response.text()
    record('scheme answered', { url: url.href, status: response.status, type: response.headers.get('content-type'), title: /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? null })
  }
  for (const [name, target] of [['will-navigate', 'https://example.com/'], ['will-redirect', 'https://example.com/']]) {
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
    contents.emit(name, event, target)
    record(name, { url: target, prevented: event.defaultPrevented })
  }
  record('window.open', { answer: contents.windowOpenHandler?.({ url: 'https://example.com/' }) ?? null })
  const granted = await new Promise((resolve) => permissions.request?.(contents, 'media', resolve, {}) ?? resolve('no handler'))
  record('permission request', { permission: 'media', granted, checked: permissions.check?.(contents, 'media', url.origin, {}) ?? 'no handler' })
  app.quit()
}

const modelled = { app, BrowserWindow, ipcMain, protocol, session, Menu, screen }
const electron = {}
for (const name of names.main) electron[name] = modelled[name] ?? inert(name)
module.exports = electron
