import { exposeServices, installBridge, installPreloadApi } from './bridge-binding'
import { expect, test } from './harness'

const AREAS = ['PBXs', 'DECT phones', 'IVR servers', 'Outbound rules', 'Email templates', 'Notifications']

test('the built renderer opens in Chromium and shows the app shell with every area', async ({ app }) => {
  await expect(app).toHaveTitle(/PBX Provisioner/)
  const menu = app.getByRole('menu')
  for (const area of AREAS) await expect(menu.getByText(area, { exact: true })).toBeVisible()
  // the keychain of the test session is real and answers
  await expect(app.getByText(/Keychain: available/i)).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/app-shell.png' })
})

test('the start frame: painted before any script runs, in the OS scheme, and replaced by the app', async ({ page, rendererUrl, app }) => {
  // no script ever arrives: what the browser paints from index.html alone
  const frameOnly = await page.context().newPage()
  await frameOnly.route('**/*.js', (route) => route.abort())
  for (const scheme of ['light', 'dark'] as const) {
    await frameOnly.emulateMedia({ colorScheme: scheme })
    await frameOnly.goto(rendererUrl)
    const frame = frameOnly.locator('.start-frame')
    await expect(frame).toBeVisible()
    await expect(frame).toHaveAttribute('aria-busy', 'true')
    await expect(frame.getByText('PBX Provisioner')).toBeVisible()
    await expect(frame.getByText('Starting…')).toBeVisible()
    await expect(frame).toHaveCSS('background-color', scheme === 'dark' ? 'rgb(16, 16, 20)' : 'rgb(255, 255, 255)')
  }
  await frameOnly.close()

  // the app, once mounted, takes its place
  await expect(app.getByRole('menu')).toBeVisible()
  await expect(app.locator('.start-frame')).toHaveCount(0)
  await expect(app.getByText('Starting…')).toHaveCount(0)
})

test('the start frame paints while the app’s stylesheet is on its way, and the app waits for the stylesheet', async ({ page, rendererUrl, services }) => {
  await installBridge(page, services, (error) => {
    throw error
  })
  let release = (): void => undefined
  const stylesheetHeld = new Promise<void>((done) => (release = done))
  await page.route('**/*.css', async (route) => {
    await stylesheetHeld
    await route.continue()
  })
  const scripts = page.waitForResponse(/\/index-[\w-]+\.js$/)
  await page.goto(rendererUrl, { waitUntil: 'commit' })
  await scripts

  // the frame is painted, and the app has not mounted: its scripts wait for its stylesheet
  await expect(page.locator('.start-frame')).toBeVisible()
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1)
  await page.waitForTimeout(500)
  await expect(page.locator('.start-frame')).toBeVisible()
  await expect(page.getByRole('menu')).toHaveCount(0)

  // the stylesheet arrives: the app mounts, with it (styles.css: #app fills the window)
  release()
  await expect(page.getByRole('menu')).toBeVisible()
  await expect(page.locator('.start-frame')).toHaveCount(0)
  await expect(page.locator('#app')).toHaveCSS('height', `${page.viewportSize()?.height}px`)
})

test('the first screen’s calls go out as the page starts, before its HTML is parsed, and once each: the stores take their answers', async ({ page, rendererUrl, services }) => {
  await exposeServices(page, services, (error) => {
    throw error
  })
  // counts what the page asks of the bridge, by operation, and whether the page had parsed a
  // script by then (put in before window.pbx, which asks as it is built)
  await page.addInitScript(() => {
    const page = globalThis as unknown as {
      __pbxInvoke(name: string, input: unknown): Promise<unknown>
      __asked: { name: string; scriptsParsed: number }[]
      document: { scripts: { length: number } }
    }
    const invoke = page.__pbxInvoke.bind(page)
    page.__asked = []
    page.__pbxInvoke = (name, input) => {
      page.__asked.push({ name, scriptsParsed: page.document.scripts.length })
      return invoke(name, input)
    }
  })
  await installPreloadApi(page)
  await page.goto(rendererUrl)
  await expect(page.getByRole('menu')).toBeVisible()
  await expect(page.getByText('Keychain: available')).toBeVisible()

  const asked = await page.evaluate(() => (globalThis as unknown as { __asked: { name: string; scriptsParsed: number }[] }).__asked)
  // the three calls came first, before the parser had met any of the page's scripts
  expect(asked.slice(0, 3)).toEqual(['listProfiles', 'listSessions', 'getAbout'].map((name) => ({ name, scriptsParsed: 0 })))
  // and the stores took their answers instead of asking again
  for (const name of ['listProfiles', 'listSessions', 'getAbout']) expect(asked.filter((call) => call.name === name), name).toHaveLength(1)
})

test('"Try the demo PBX" starts the demo PBX in the services and shows its metadata', async ({ app, services }) => {
  await app.getByRole('button', { name: /Try the demo PBX/i }).click()
  await expect(app.getByText('pbx.demo.example').first()).toBeVisible()
  await expect(app.getByText('203.0.113.10').first()).toBeVisible()
  // what the screen shows came from a real demo PBX over HTTP
  const status = await services.handlers.startDemo(undefined)
  await expect(app.getByText(status.baseUrl).first()).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/demo-pbx.png', fullPage: true })
})

test('each area says what it will hold, and that a PBX must be open first', async ({ app }) => {
  await app.goto(`${app.url().split('#')[0]}#/dect`)
  await expect(app.getByText(/QR/).first()).toBeVisible()
  await expect(app.getByText(/open a PBX first/i).first()).toBeVisible()
})

test('the OS scheme turning, both ways: every frame shows one scheme whole, never one part light and another dark or half-way', async ({ app }) => {
  // transitions as shipped (the harness turns them off for every other test: still-page.ts)
  await app.evaluate(() => {
    const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): Iterable<{ remove(): void }> } }).document
    for (const still of doc.querySelectorAll('style[data-a11y-still]')) still.remove()
  })
  await expect(app.getByRole('button', { name: 'Try the demo PBX' })).toBeVisible()
  for (const scheme of ['dark', 'light'] as const) {
    // every frame for 1.5 s: Naive UI's body colour, the header (the app's frame, in Naive UI's
    // colours) and the app's own error colour (styles.css), each light, dark or between
    const recording = app.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          type Win = {
            document: { body: unknown; documentElement: unknown; querySelector(selector: string): unknown }
            getComputedStyle(element: unknown): { backgroundColor: string; getPropertyValue(name: string): string }
            requestAnimationFrame(callback: () => void): void
            performance: { now(): number }
          }
          const win = globalThis as unknown as Win
          const shade = (colour: string): string => {
            const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number)
            const light = (r + g + b) / 3
            return light > 200 ? 'light' : light < 60 ? 'dark' : 'between'
          }
          const error = (): string => (win.getComputedStyle(win.document.documentElement).getPropertyValue('--app-text-error').trim() === '#e88080' ? 'dark' : 'light')
          const frames: string[] = []
          const start = win.performance.now()
          const sample = (): void => {
            const header = win.document.querySelector('.app-shell__header')
            frames.push([shade(win.getComputedStyle(win.document.body).backgroundColor), shade(win.getComputedStyle(header).backgroundColor), error()].join(' '))
            if (win.performance.now() - start < 1_500) win.requestAnimationFrame(sample)
            else resolve(frames)
          }
          win.requestAnimationFrame(sample)
        }),
    )
    await app.emulateMedia({ colorScheme: scheme })
    const frames = await recording
    const other = scheme === 'dark' ? 'light' : 'dark'
    expect(frames.at(-1), `the last frame after turning ${scheme}`).toBe(`${scheme} ${scheme} ${scheme}`)
    expect(
      frames.filter((frame) => frame !== `${scheme} ${scheme} ${scheme}` && frame !== `${other} ${other} ${other}`),
      `frames half-themed while turning ${scheme} (body, header, error colour)`,
    ).toEqual([])
  }
})
