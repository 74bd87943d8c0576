import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import type { Services } from '../../electron/services'
import { installBridge } from './bridge-binding'
import { expect, test } from './harness'
import { RENDERER_OUT, startScripts } from './start-scripts'
import { serveRenderer } from './static-server'

/**
 * A first start compiles the start scripts' functions as the files stream in, off the main
 * thread, instead of one by one on it as each is first called (issue 17): the build puts V8's
 * compile hint `//# allFunctionsCalledOnLoad` first in the start's files and in no other
 * (electron.vite.config.ts, compileStartEagerly). The same built renderer with the hints taken
 * out is the measure: until the list's first row is in the page, the main thread compiles at
 * least twice as many functions without them.
 */

const HINT = '//# allFunctionsCalledOnLoad\n'

/** Marks, in the page's timeline, when the PBX list's first row is in the page. */
const MARK_LIST = `new MutationObserver((_, observer) => {
  if (!document.querySelector('tr[data-profile-id]')) return
  performance.mark('pbx-list-shown')
  observer.disconnect()
}).observe(document, { childList: true, subtree: true })`

type TraceEvent = { name: string; ph: string; tid: number; ts: number }

/** How many functions the page's main thread compiled from the navigation until the list was shown, in a fresh context. */
async function mainThreadCompilesUntilList(browser: Browser, services: Services, url: string): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const bugs: unknown[] = []
    await installBridge(page, services, (error) => bugs.push(error))
    await page.addInitScript(MARK_LIST)
    const trace = await context.newCDPSession(page)
    const events: TraceEvent[] = []
    trace.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
    await trace.send('Tracing.start', {
      traceConfig: { includedCategories: ['v8', 'disabled-by-default-v8.compile', 'blink.user_timing'] },
      transferMode: 'ReportEvents',
    })
    await page.goto(url)
    await expect(page.locator('tr[data-profile-id]').first()).toBeAttached()
    const complete = new Promise((done) => trace.once('Tracing.tracingComplete', done))
    await trace.send('Tracing.end')
    await complete
    expect(bugs, 'services threw unexpected errors').toEqual([])
    // the mark is the list in the page, made by the page's script: its thread is the main thread
    // (the first module's compile, taken for it before, may run on a streaming thread: a run
    // then counted 0 main-thread compiles without the hints)
    const mark = events.find((event) => event.name === 'pbx-list-shown')
    expect(mark, 'the list was marked').toBeDefined()
    const mainThread = mark!.tid
    const shown = mark!.ts
    return events.filter((event) => event.name === 'V8.CompileCode' && event.ph === 'X' && event.tid === mainThread && event.ts < shown!).length
  } finally {
    await context.close()
  }
}

test('a first start compiles the start scripts as they stream in, not function by function on the main thread', async ({ browser, rendererUrl, services }) => {
  test.setTimeout(60_000)
  await services.handlers.saveProfile({
    fields: {
      label: 'Customer PBX',
      baseUrl: 'https://pbx.example.net',
      username: 'installer',
      domain: 'customer.example.net',
      signInMethod: 'sign_in',
      customer: 'Customer',
      tags: [],
      notes: '',
      group: '',
      colour: '',
      favourite: false,
    },
  })

  // the start's files begin with the hint; the screens' files, loaded later, do not
  const scripts = startScripts()
  expect(scripts.length).toBeGreaterThanOrEqual(3)
  for (const script of scripts) expect(readFileSync(join(RENDERER_OUT, script), 'utf8').startsWith(HINT), `${script} begins with the hint`).toBe(true)
  const later = readdirSync(join(RENDERER_OUT, 'assets'))
    .map((file) => `assets/${file}`)
    .filter((file) => file.endsWith('.js') && !scripts.includes(file))
  expect(later.length).toBeGreaterThan(10)
  for (const file of later) expect(readFileSync(join(RENDERER_OUT, file), 'utf8').startsWith(HINT), `${file} begins with the hint`).toBe(false)

  // the same renderer without the hints
  const plainDir = mkdtempSync(join(tmpdir(), 'pbx-no-hints-'))
  cpSync(RENDERER_OUT, plainDir, { recursive: true })
  for (const script of scripts) writeFileSync(join(plainDir, script), readFileSync(join(RENDERER_OUT, script), 'utf8').slice(HINT.length))
  const plain = await serveRenderer(plainDir)
  try {
    const hinted = await mainThreadCompilesUntilList(browser, services, rendererUrl)
    const withoutHints = await mainThreadCompilesUntilList(browser, services, plain.url)
    test.info().annotations.push({ type: 'main-thread compiles until the list', description: `with the hints ${hinted}, without ${withoutHints}` })
    expect(hinted * 2, `functions compiled on the main thread: with the hints ${hinted}, without ${withoutHints}`).toBeLessThan(withoutHints)
  } finally {
    await plain.close()
    rmSync(plainDir, { recursive: true, force: true })
  }
})
