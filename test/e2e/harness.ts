import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { startDemoPbx, type DemoPbx, type DemoPbxOptions } from '../../electron/demo-pbx'
import { createServices, type Services } from '../../electron/services'
import type { LabelPrintJob, PrintAnswer } from '../../electron/services/dect/labels/label-print'
import { openKeytarStore } from '../../electron/services/keychain/keytar-store'
import { installBridge } from './bridge-binding'
import { serveRenderer } from './static-server'
import { stillPage } from './still-page'

/**
 * The renderer in real Chromium with the real services behind it. Only the transport differs from
 * the shipped app: instead of ipcRenderer → ipcMain, window.pbx calls a Playwright binding that runs
 * the same `dispatch` (contract validation included) on services living in this test process, which
 * talk to the demo PBX over real HTTP and keep secrets in the real keychain of the test session.
 */
type Fixtures = {
  app: Page
  services: Services
  dataDir: string
  /** the addresses the app asked the system browser to open (the test plays the browser) */
  browserOpened: string[]
  /**
   * the system's print dialog, played by the test: the label sheets the app asked it to print
   * (`jobs`), and how it answers (`answer`: printed, unless a test sets a failure such as no printer)
   */
  printer: { jobs: LabelPrintJob[]; answer: PrintAnswer }
  /** how the demo PBX starts; a spec or describe sets them with `test.use({ pbxOptions: … })` */
  pbxOptions: Omit<DemoPbxOptions, 'port'>
  /**
   * the app loaded before the test begins (the default), or only when the test calls `showApp`:
   * a spec whose every test sets up the services first loads the page once, after (issue 41)
   */
  appLoadedAtStart: boolean
  /** a demo PBX of this test alone, started only for a test that asks for it, stopped after it */
  pbx: DemoPbx
  /**
   * More demo PBXs, for a test of several at once (a fleet, an older variant): each started on any
   * free port when the test asks, all stopped after it (one the test stopped itself too: stop is safe twice)
   */
  startPbx: (options?: Omit<DemoPbxOptions, 'port'>) => Promise<DemoPbx>
}
type WorkerFixtures = { rendererUrl: string }

/** How Chromium says it refused a script in a sandboxed frame (see the console listener). */
export const SANDBOX_REFUSAL = "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed"

export type { DemoPbx }

export const test = base.extend<Fixtures, WorkerFixtures>({
  rendererUrl: [
    async ({}, use) => {
      const server = await serveRenderer()
      await use(server.url)
      await server.close()
    },
    { scope: 'worker' },
  ],
  dataDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'pbx-provisioner-e2e-'))
    await use(dir)
    rmSync(dir, { recursive: true, force: true })
  },
  browserOpened: async ({}, use) => {
    await use([])
  },
  printer: async ({}, use) => {
    await use({ jobs: [], answer: { success: true } })
  },
  pbxOptions: [{}, { option: true }],
  appLoadedAtStart: [true, { option: true }],
  pbx: async ({ pbxOptions }, use) => {
    // always any free port: a fixed one could be taken by another run on the same machine
    const pbx = await startDemoPbx({ ...pbxOptions, port: 0 })
    await use(pbx)
    await pbx.stop()
  },
  startPbx: async ({}, use) => {
    const started: DemoPbx[] = []
    await use(async (options = {}) => {
      const pbx = await startDemoPbx({ ...options, port: 0 })
      started.push(pbx)
      return pbx
    })
    await Promise.all(started.map((pbx) => pbx.stop()))
  },
  services: async ({ dataDir, browserOpened, printer }, use) => {
    const services = createServices({
      dataDir,
      openExternal: async (url) => void browserOpened.push(url),
      print: async (job) => {
        printer.jobs.push(job)
        return printer.answer
      },
      keychain: await openKeytarStore(),
      app: { name: 'PBX Provisioner', version: 'test', versions: { node: process.versions.node }, platform: process.platform },
    })
    await use(services)
    await services.dispose()
  },
  app: async ({ page, services, rendererUrl, appLoadedAtStart }, use) => {
    const bugs: unknown[] = []
    await installBridge(page, services, (error) => bugs.push(error))
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      // the init script that defines window.pbx is tried in every document, the email preview's
      // sandboxed frame too, where Chromium refuses it: that refusal is the sandbox working
      if (message.type() === 'error' && !message.text().startsWith(SANDBOX_REFUSAL)) consoleErrors.push(message.text())
    })
    page.on('pageerror', (error) => consoleErrors.push(error.message))
    page.on('response', (response) => {
      if (response.status() >= 400) consoleErrors.push(`${response.status()} ${response.url()}`)
    })
    await stillPage(page)
    rendererUrls.set(page, rendererUrl)
    if (appLoadedAtStart) await page.goto(rendererUrl)
    await use(page)
    expect(bugs, 'services threw unexpected errors').toEqual([])
    expect(consoleErrors, 'the page logged errors').toEqual([])
  },
})

/** the address each test's page loads the app from */
const rendererUrls = new WeakMap<Page, string>()

/**
 * The app loaded, or loaded again, so that it reads what the services hold now: a test that saves
 * PBXs, signs in or makes batches through the services calls it once when that is done (the app
 * reads them as it starts, as the desktop app does after a restart).
 */
export async function showApp(app: Page): Promise<void> {
  const url = rendererUrls.get(app)
  if (url === undefined) throw new Error('showApp takes the page of the app fixture')
  if (app.url() === 'about:blank') await app.goto(url)
  else await app.reload()
}

export { expect }
