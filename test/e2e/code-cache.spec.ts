import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_PATH, chromiumArgsAsTheApp } from '../support/chromium'
import { installBridge } from './bridge-binding'
import { expect, test } from './harness'
import { RENDERER_OUT, startScripts } from './start-scripts'

/**
 * A later start of the app takes its start scripts compiled from V8's code cache instead of
 * parsing and compiling them again (issue 17, `startup_pbx_list_warm_ms`): the app's scheme asks
 * for the cache (`codeCache`, electron/services/desktop/renderer-files.ts), and the app turns off
 * the Chromium feature that kept it from being read back (chromium-features.ts; this Chromium
 * runs without it too, test/support/chromium.ts). Chromium writes a script's cache on its
 * second load, so the third start, in a browser started again on the same profile, is the one
 * that reads it.
 */

type Compiled = { url: string; consumedCacheSize?: number }

/** The start scripts index.html runs that V8 would cache (Chromium leaves out scripts under 1 kB). */
function cachedStartScripts(): string[] {
  return startScripts()
    .filter((source) => statSync(join(RENDERER_OUT, source)).size >= 1024)
    .map((source) => source.replace(/^assets\//, ''))
}

/** Ten idle periods: the views' chunks asked for after the first paint have run, and V8 has handed its code to the cache. */
const untilIdle = (page: Page) =>
  page.evaluate(async () => {
    for (let i = 0; i < 10; i++) await new Promise((done) => requestIdleCallback(done, { timeout: 5000 }))
  })

test('a later start takes the start scripts compiled from the code cache, not parsed again', async ({ rendererUrl, services }) => {
  test.setTimeout(120_000)
  const scripts = cachedStartScripts()
  const args = await chromiumArgsAsTheApp()
  expect(scripts.length).toBeGreaterThanOrEqual(3)
  const profileDir = mkdtempSync(join(tmpdir(), 'pbx-code-cache-'))
  const bugs: unknown[] = []
  try {
    let compiled: Compiled[] = []
    for (let start = 1; start <= 3; start++) {
      // a browser started again on the same profile, as each start of the app is a new process
      const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args })
      try {
        const page = context.pages()[0] ?? (await context.newPage())
        await installBridge(page, services, (error) => bugs.push(error))
        const trace = start === 3 ? await context.newCDPSession(page) : null
        const events: { name: string; args?: { data?: Compiled } }[] = []
        trace?.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as typeof events)))
        await trace?.send('Tracing.start', { traceConfig: { includedCategories: ['v8'] }, transferMode: 'ReportEvents' })
        await page.goto(rendererUrl)
        // drawn by Vue: the start scripts ran
        await expect(page.getByRole('button', { name: 'Add PBX' }).first()).toBeVisible()
        await untilIdle(page)
        if (trace) {
          const complete = new Promise((done) => trace.once('Tracing.tracingComplete', done))
          await trace.send('Tracing.end')
          await complete
          compiled = events.filter((event) => event.name === 'v8.compileModule').map((event) => event.args?.data ?? { url: '' })
        }
      } finally {
        await context.close()
      }
    }
    expect(bugs, 'services threw unexpected errors').toEqual([])
    for (const script of scripts) {
      const module = compiled.find((each) => each.url.endsWith(`/assets/${script}`))
      expect(module, `${script} compiled on the third start`).toBeDefined()
      expect(module?.consumedCacheSize ?? 0, `${script} taken from the code cache`).toBeGreaterThan(0)
    }
  } finally {
    rmSync(profileDir, { recursive: true, force: true })
  }
})
