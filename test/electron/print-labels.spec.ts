import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { _electron as electron, expect, test } from '@playwright/test'
import type { PbxApi } from '../../electron/contract/bridge'
import { startDemoPbx } from '../../electron/demo-pbx'
import { findElectronBinary } from '../../electron/tools/electron-binary.mjs'
import { csvBytes } from '../support/csv-bytes'

/**
 * The label sheet through the app's real print path (issue 40): main writes the PDF to a temporary
 * file, loads it in a hidden window with the security checklist and Chromium's PDF viewer, and
 * calls webContents.print. The system's print dialog cannot be driven from a test, so `print` of
 * the windows created from here on answers as a machine with no printer does; the test checks
 * the window it was called on, the error the page gets, and that the window and file are gone.
 */
const binary = findElectronBinary()
const reason = 'missing' in binary ? `no Electron binary here (${binary.missing}); the print window cannot be opened` : ''
if (reason) console.log(`test/electron/print-labels skipped: ${reason}`)

type Seen = { url: string; visible: boolean; node: string; options: Record<string, unknown> }

test.describe('printing labels in the Electron app', () => {
  test.skip(!!reason, reason)

  test('a hidden, sandboxed window holds the PDF for webContents.print; the dialog\'s failure reaches the page; the window and file go', async () => {
    test.setTimeout(120_000)
    test.skip(process.platform !== 'linux', 'the app data is kept apart through XDG_CONFIG_HOME, which only Linux reads')
    const demo = await startDemoPbx({ port: 0 })
    const home = mkdtempSync(join(tmpdir(), 'pbx-electron-print-'))
    let app: Awaited<ReturnType<typeof electron.launch>> | undefined
    try {
      app = await electron.launch({ executablePath: 'path' in binary ? binary.path : '', args: ['.'], env: { ...process.env, XDG_CONFIG_HOME: home } })
      const page = await app.firstWindow()
      await expect(page.getByText('PBX Provisioner').first()).toBeVisible()
      // the dialog of a machine with no printer, for every window opened from here on
      await app.evaluate(({ app: electronApp, BrowserWindow }) => {
        const seen: Seen[] = []
        ;(globalThis as unknown as { printSeen: Seen[] }).printSeen = seen
        electronApp.on('web-contents-created', (_event, contents) => {
          contents.print = ((options: Record<string, unknown>, callback?: (success: boolean, failureReason: string) => void) => {
            const window = BrowserWindow.fromWebContents(contents)
            // what the page holding the PDF can reach: no Node (sandboxed, isolated, no integration)
            void contents.executeJavaScript('[typeof require, typeof process].join()').then((node: string) => {
              seen.push({ url: contents.getURL(), visible: window?.isVisible() ?? true, node, options })
              callback?.(false, 'No printers available')
            })
          }) as typeof contents.print
        })
      })
      const csv = 'MAC,Name,Extension\n001565000001,Floor 1 base,1101\n001565000002,Floor 2 base,1102\n'
      const answer = await page.evaluate(
        async ({ baseUrl, base64 }) => {
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
          for (let i = 0; i < 300 && progress.running; i++) {
            await new Promise((done) => setTimeout(done, 100))
            progress = value(await api.getPushProgress({ batchId: batch.id }))
          }
          return api.printLabels({ batchId: batch.id, size: 'a4-21', start: { row: 2, column: 1 } })
        },
        { baseUrl: demo.url, base64: csvBytes(csv) },
      )
      expect(answer).toMatchObject({ ok: false, error: { code: 'PRINT_FAILED', message: expect.stringContaining('"No printers available"') } })
      const seen = await app.evaluate(() => (globalThis as unknown as { printSeen: Seen[] }).printSeen)
      expect(seen).toHaveLength(1)
      const [printed] = seen
      expect(printed!.url).toMatch(/^file:\/\/.*\/labels\.pdf$/)
      expect(printed!.visible).toBe(false)
      expect(printed!.node).toBe('undefined,undefined')
      expect(printed!.options).toMatchObject({ silent: false })
      // the hidden window is closed and its temporary file removed
      await expect.poll(() => app!.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
      expect(existsSync(fileURLToPath(printed!.url))).toBe(false)
    } finally {
      await app?.close()
      await demo.stop()
      rmSync(home, { recursive: true, force: true })
    }
  })
})
