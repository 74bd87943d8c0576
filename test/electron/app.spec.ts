import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'
import type { PbxApi } from '../../electron/contract/bridge'
import { startDemoPbx } from '../../electron/demo-pbx'
import { OPERATION_NAMES } from '../../electron/contract/operations'
import { DISABLED_CHROMIUM_FEATURES } from '../../electron/services/desktop/chromium-features'
import { findElectronBinary } from '../../electron/tools/electron-binary.mjs'
import { csvBytes } from '../support/csv-bytes'

const binary = findElectronBinary()
const reason = 'missing' in binary ? `no Electron binary here (${binary.missing}); the app window cannot be launched` : ''
if (reason) console.log(`test/electron skipped: ${reason}`)

test.describe('the Electron app itself', () => {
  test.skip(!!reason, reason)

  test('opens one isolated, sandboxed window whose only way out is window.pbx', async () => {
    const app = await electron.launch({ executablePath: 'path' in binary ? binary.path : '', args: ['.'] })
    const page = await app.firstWindow()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await expect(page.getByText('PBX Provisioner').first()).toBeVisible()
    // drawn by Vue, not the start frame of index.html: the scripts came through the app's scheme and ran
    await expect(page.getByRole('button', { name: 'Add PBX' }).first()).toBeVisible()
    expect(errors).toEqual([])
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
    // the built renderer comes from the app's own scheme, not file:// (services/desktop/renderer-files.ts)
    expect(page.url()).toMatch(/^app:\/\/renderer\/index\.html(#|$)/)
    const where = await page.evaluate(() => {
      const page = globalThis as unknown as { location: { origin: string }; isSecureContext: boolean }
      return { origin: page.location.origin, secure: page.isSecureContext }
    })
    expect(where).toEqual({ origin: 'app://renderer', secure: true })
    // the Chromium features the window runs without (one kept V8's code cache from being read back)
    const disabled = await app.evaluate(({ app }) => app.commandLine.getSwitchValue('disable-features').split(','))
    expect(disabled).toEqual(expect.arrayContaining([...DISABLED_CHROMIUM_FEATURES]))
    const exposed = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      pbx: Object.keys((globalThis as unknown as { pbx: object }).pbx).sort(),
      pbxMenu: Object.keys((globalThis as unknown as { pbxMenu: object }).pbxMenu),
    }))
    expect(exposed).toEqual({ require: 'undefined', process: 'undefined', pbx: [...OPERATION_NAMES].sort(), pbxMenu: ['onCommand'] })
    const about = await page.evaluate(() => (globalThis as unknown as { pbx: PbxApi }).pbx.getAbout())
    expect(about.ok).toBe(true)
    // navigation away from the app and new windows are refused
    await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('https://example.com'))
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
    await app.close()
  })

  test('has the application menu; its commands reach the page; the log is written', async () => {
    const app = await electron.launch({ executablePath: 'path' in binary ? binary.path : '', args: ['.'] })
    const page = await app.firstWindow()
    await expect(page.getByText('PBX Provisioner').first()).toBeVisible()
    const titles = await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label.replace('&', '')) ?? [])
    expect(titles).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Go', 'Help']))

    // Go → Switch PBX… opens the quick switcher in the page, through window.pbxMenu
    await app.evaluate(({ Menu }) => {
      const items = (menu: Electron.Menu | null | undefined): Electron.MenuItem[] =>
        (menu?.items ?? []).flatMap((item) => [item, ...items(item.submenu)])
      items(Menu.getApplicationMenu())
        .find((item) => item.label === 'Switch PBX…')
        ?.click()
    })
    await expect(page.getByText('Go to a PBX or an area')).toBeVisible()
    await page.keyboard.press('Escape')

    const log = await app.evaluate(({ app: electronApp }) => electronApp.getPath('logs'))
    await app.close()
    expect(readFileSync(join(log, 'main.log'), 'utf8')).toMatch(/\[app\] PBX Provisioner .* starting/)
  })

  test("exports a pushed batch's label PDF of 800 phones from the app's main process (pdfkit and the fonts it ships)", async () => {
    test.setTimeout(120_000)
    // a data folder of its own, so no saved PBX or batch of the user's is touched: userData is
    // $XDG_CONFIG_HOME/<app>, which only Linux reads
    test.skip(process.platform !== 'linux', 'the app data is kept apart through XDG_CONFIG_HOME, which only Linux reads')
    const demo = await startDemoPbx({ port: 0 })
    const home = mkdtempSync(join(tmpdir(), 'pbx-electron-'))
    let app: Awaited<ReturnType<typeof electron.launch>> | undefined
    try {
      app = await electron.launch({ executablePath: 'path' in binary ? binary.path : '', args: ['.'], env: { ...process.env, XDG_CONFIG_HOME: home } })
      const page = await app.firstWindow()
      await expect(page.getByText('PBX Provisioner').first()).toBeVisible()
      // 800 phones: 39 pages of A4 with 21 labels each
      const count = 800
      const csv = `MAC,Name,Extension\n${Array.from({ length: count }, (_, i) => `0015650${i.toString(16).toUpperCase().padStart(5, '0')},Handset ${i + 1},${1000 + i}`).join('\n')}\n`
      // through window.pbx, as the labels panel calls it: the PDF is drawn in main
      const pdf = await page.evaluate(
        async ({ baseUrl, base64, count }) => {
          const api = (globalThis as unknown as { pbx: PbxApi }).pbx
          const value = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
            if (!result.ok) throw new Error(result.error.message)
            return result.value
          }
          const fields = { label: 'Demo', baseUrl, username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in' as const, customer: '', tags: [], notes: '' }
          const profile = value(await api.saveProfile({ fields }))
          value(await api.signIn({ profileId: profile.id, password: 'manager', remember: false }))
          const mapping = { MAC: 'mac', Name: 'name', Extension: 'extension' } as const
          const batch = value(await api.createBatchFromCsv({ name: 'Labels', fileName: 'labels.csv', base64, mapping, defaults: { vendor: 'Yealink', model: 'W80B' } }))
          value(await api.startPush({ batchId: batch.id, profileId: profile.id }))
          let progress = value(await api.getPushProgress({ batchId: batch.id }))
          for (let i = 0; i < 600 && progress.running; i++) {
            await new Promise((done) => setTimeout(done, 100))
            progress = value(await api.getPushProgress({ batchId: batch.id }))
          }
          if (progress.status !== 'done' || progress.created !== count) throw new Error(`the push ended ${progress.status} with ${progress.created} phones created`)
          return value(await api.exportLabelsPdf({ batchId: batch.id, size: 'a4-21' }))
        },
        { baseUrl: demo.url, base64: csvBytes(csv), count },
      )
      expect(pdf).toMatchObject({ fileName: expect.stringMatching(/labels-a4-21\.pdf$/), labels: 800, pages: 39, warnings: [] })
      expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-')
    } finally {
      await app?.close()
      await demo.stop()
      rmSync(home, { recursive: true, force: true })
    }
  })

  test('the app binary with --cli is the command line: no window, its output and exit code', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pbx-electron-cli-'))
    try {
      const run = (args: string[]) =>
        spawnSync('path' in binary ? binary.path : '', ['.', '--cli', ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, PBX_PROVISIONER_DATA_DIR: dataDir } })
      const version = run(['--version'])
      expect(version.status).toBe(0)
      expect(version.stdout.trim()).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version)
      const list = run(['pbx', 'list', '--json'])
      expect([list.status, JSON.parse(list.stdout)]).toEqual([0, []])
      expect(run(['pbx', 'nonsense']).status).toBe(2)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
