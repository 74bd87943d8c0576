import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelOf, OPERATION_NAMES } from '../../electron/contract/operations'
import { SECURE_WEB_PREFERENCES } from '../../electron/main/window-options'
import { DISABLED_CHROMIUM_FEATURES } from '../../electron/services/desktop/chromium-features'
import { RENDERER_PAGE } from '../../electron/services/desktop/renderer-files'
import { BUILT_MAIN, BUILT_PRELOAD, ELECTRON_STUB, ROOT, runNode, type NodeRun } from './built'

// The app's start as the packaged binary runs it (out/main/index.js), as far as the missing
// Electron binary allows: Electron is the stub of electron-stub/electron.cjs, which gets the app
// ready, records what the app asks of it, plays the page's first calls and the user's attempts to
// leave, and quits. test/electron/app.spec.ts checks the same in the real binary where one exists.

interface Recorded {
  event: string
  [key: string]: unknown
}

const dirs: string[] = []
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** `node out/main/index.js <args>` with Electron stood in; what it asked of Electron, in order. */
async function startBuiltApp(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ run: NodeRun; recorded: Recorded[] }> {
  const recordFile = join(tempDir('pbx-stub-record-'), 'record.jsonl')
  const run = await runNode(['--import', ELECTRON_STUB, BUILT_MAIN, ...args], {
    env: { ELECTRON_STUB_RECORD: recordFile, ELECTRON_STUB_USER_DATA: tempDir('pbx-stub-user-data-'), ...env },
  })
  const text = existsSync(recordFile) ? readFileSync(recordFile, 'utf8') : ''
  return { run, recorded: text.trim() === '' ? [] : text.trim().split('\n').map((line) => JSON.parse(line) as Recorded) }
}

describe('out/main/index.js starts the desktop app', () => {
  let run: NodeRun
  let recorded: Recorded[]
  const first = (event: string) => recorded.findIndex((entry) => entry.event === event)
  const all = (event: string) => recorded.filter((entry) => entry.event === event)
  const the = (event: string) => {
    const found = all(event)
    expect(found, `one "${event}" in ${JSON.stringify(recorded.map((entry) => entry.event))}`).toHaveLength(1)
    return found[0]!
  }

  beforeAll(async () => {
    ;({ run, recorded } = await startBuiltApp([], { ELECTRON_STUB_INVOKE: [channelOf('getAbout'), channelOf('listProfiles')].join(',') }))
  }, 60_000)

  it('runs to its end and quits when asked, with nothing on stderr but the keychain it found', () => {
    expect(recorded.find((entry) => entry.event === 'stub failed')).toBeUndefined()
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr.split('\n').filter((line) => line !== '' && !line.includes('[keychain]'))).toEqual([])
  })

  it("sets Chromium's switches and registers the app's scheme before the app is ready", () => {
    const ready = first('ready')
    expect(ready).toBeGreaterThan(-1)
    const features = recorded.find((entry) => entry.event === 'commandLine.appendSwitch' && entry.name === 'disable-features')
    expect(String(features?.value).split(',')).toEqual(expect.arrayContaining([...DISABLED_CHROMIUM_FEATURES]))
    expect(recorded.indexOf(features!)).toBeLessThan(ready)
    expect(the('protocol.registerSchemesAsPrivileged').schemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, codeCache: true } }])
    expect(first('protocol.registerSchemesAsPrivileged')).toBeLessThan(ready)
  })

  it('binds every Bridge operation to IPC, once, and closes the logger’s own channel', () => {
    const bound = all('ipcMain.handle').map((entry) => entry.channel)
    const removed = all('ipcMain.removeHandler').map((entry) => entry.channel)
    const open = bound.filter((channel) => !removed.includes(channel))
    expect(open.sort()).toEqual(OPERATION_NAMES.map(channelOf).sort())
  })

  it('creates the services: the page’s first calls are answered, a stranger’s refused', () => {
    const answered = all('invoke')
    const about = answered.find((entry) => entry.channel === channelOf('getAbout') && entry.from === 'page')?.result as { ok: boolean; value: { name: string; version: string } }
    expect(about.ok).toBe(true)
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { productName: string; version: string }
    expect(about.value).toMatchObject({ name: pkg.productName, version: pkg.version })
    expect(answered.find((entry) => entry.channel === channelOf('listProfiles') && entry.from === 'page')?.result).toEqual({ ok: true, value: [] })
    for (const refused of answered.filter((entry) => entry.from === 'stranger')) {
      expect(refused.result).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message: 'Refused: the call does not come from a window of this app.' } })
    }
  })

  it("opens one window with the security checklist's options and the built preload", () => {
    const options = the('new BrowserWindow').options as { show: boolean; webPreferences: Record<string, unknown> }
    expect(options.webPreferences).toMatchObject(SECURE_WEB_PREFERENCES)
    expect(options.webPreferences.preload).toBe(BUILT_PRELOAD)
    expect(existsSync(options.webPreferences.preload as string)).toBe(true)
    // a packaged app: no developer tools, and shown once it has painted
    expect(options.webPreferences.devTools).toBe(false)
    expect(options.show).toBe(false)
    expect(first('window.show')).toBeGreaterThan(first('loadURL'))
  })

  it("loads the built page from the app's own scheme, which answers it", () => {
    expect(the('loadURL').url).toBe(RENDERER_PAGE)
    expect(the('protocol.handle').scheme).toBe('app')
    expect(the('scheme answered')).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', title: 'PBX Provisioner' })
  })

  it('refuses navigation away, new windows and permission requests', () => {
    expect(the('will-navigate').prevented).toBe(true)
    expect(the('will-redirect').prevented).toBe(true)
    expect(the('window.open').answer).toEqual({ action: 'deny' })
    expect(the('permission request')).toMatchObject({ granted: false, checked: false })
  })

  it('has its menu, and on quit signs out first, then lets Electron quit', () => {
    expect(the('Menu.setApplicationMenu').labels).toEqual(expect.arrayContaining(['&File', '&Edit', '&View', '&Go', '&Help']))
    const held = first('quit held back')
    expect(held).toBeGreaterThan(-1)
    expect(first('quit')).toBeGreaterThan(held)
  })
})

describe('out/main/index.js --cli runs the command line, not the app', () => {
  // two starts of the built app, each a node process: seconds on a loaded 2-core machine
  it('answers --version and pbx list with no window and no app start', { timeout: 20_000 }, async () => {
    const dataDir = tempDir('pbx-stub-cli-')
    const version = await startBuiltApp(['--cli', '--version'])
    expect(version.run.stdout.trim()).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version)
    expect(version.run.code).toBe(0)
    const list = await startBuiltApp(['--cli', 'pbx', 'list'], { PBX_PROVISIONER_DATA_DIR: dataDir })
    expect(list.run.stderr).toContain('No PBX is saved yet')
    expect(list.run.code).toBe(0)
    for (const { recorded } of [version, list]) {
      expect(recorded.map((entry) => entry.event)).not.toContain('ready')
      expect(recorded.map((entry) => entry.event)).not.toContain('new BrowserWindow')
    }
  })
})
