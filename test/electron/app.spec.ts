import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'
import type { PbxApi } from '../../electron/contract/bridge'
import { OPERATION_NAMES } from '../../electron/contract/operations'
import { findElectronBinary } from '../../electron/tools/electron-binary.mjs'

const binary = findElectronBinary()
const reason = 'missing' in binary ? `no Electron binary here (${binary.missing}); the app window cannot be launched` : ''
if (reason) console.log(`test/electron skipped: ${reason}`)

test.describe('the Electron app itself', () => {
  test.skip(!!reason, reason)

  test('opens one isolated, sandboxed window whose only way out is window.pbx', async () => {
    const app = await electron.launch({ executablePath: 'path' in binary ? binary.path : '', args: ['.'] })
    const page = await app.firstWindow()
    await expect(page.getByText('PBX Provisioner').first()).toBeVisible()
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
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
})
