import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { Services } from '../../electron/services'
import { fixturePath, type DemoAccount } from './e2e-steps'
import { timedPart } from './a11y-times'
import { expect } from './harness'

/**
 * Steps of the accessibility pass: the demo PBX's accounts as saved PBXs, batches prepared
 * through the services (the DECT spec drives the wizard itself), and one axe-core run per screen.
 */

export const MANAGER: DemoAccount = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
export const OTHER_MANAGER: DemoAccount = { username: 'manager', password: 'manager', domain: 'other.pbx.example' }
export const ADMIN: DemoAccount = { username: 'admin', password: 'admin' }

/** The WCAG 2.0 and 2.1 A/AA rules, as issue 8 asks. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export type AxeExceptions = {
  /** selectors left out of the run, each for a reason written where it is passed */
  exclude?: string[]
  /** rules left out of the run, each for a reason written where it is passed */
  disableRules?: string[]
}

/**
 * The rules whose verdict a colour scheme can change: what a page shown again in the other scheme
 * is checked with. The DOM is the same in both (the scheme changes styles only), so the rules on
 * names, roles, structure and ARIA answer alike; colours are what differ.
 */
/** a screen's name as a file's: lower case, words joined by dashes */
export const fileNameOf = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')

export const SCHEME_RULES = ['color-contrast', 'link-in-text-block']

export type Finding = { rule: string; impact: string; help: string; targets: string[] }

/** For a colour-contrast finding, the colours and the ratio axe measured, to act on without a rerun. */
function contrastOf(data: unknown): string {
  if (typeof data !== 'object' || data === null || !('contrastRatio' in data)) return ''
  const { fgColor, bgColor, contrastRatio, expectedContrastRatio } = data as Record<string, unknown>
  return `  (${String(fgColor)} on ${String(bgColor)}: ${String(contrastRatio)}, needs ${String(expectedContrastRatio)})`
}

/**
 * Waits two frames, then until no animation or transition runs (a dialog fading in would be
 * judged half-drawn). The frames: a resize is answered by ResizeObserver in the next frame, and
 * the table that fits its columns to its width (lib/column-fit.ts) is drawn again after it; the
 * check read the table before that, now and then (the IVR list at 1024 px, 2026-12-03).
 */
export async function settle(app: Page): Promise<void> {
  // a function, not a string: the app's CSP allows no eval (this file has no DOM types, hence the cast)
  type AnimatedDocument = { getAnimations(): { playState: string }[] }
  type Frames = { requestAnimationFrame(callback: () => void): number }
  await app.evaluate(() => new Promise<void>((done) => {
    const frames = globalThis as unknown as Frames
    frames.requestAnimationFrame(() => frames.requestAnimationFrame(() => done()))
  }))
  await app.waitForFunction(() =>
    (globalThis as unknown as { document: AnimatedDocument }).document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
}

/**
 * axe-core as its package ships it for browsers (axe.min.js, 0.6 MB), of the axe-core
 * @axe-core/playwright depends on (the project does not depend on axe-core itself). The builder
 * evaluated the same code unminified (its `source`, 1.3 MB): the same axe, half the text to parse.
 */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8')

/** What axe.run answers that the pass reads: its violations. */
type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; any: { data?: unknown }[] }[] }
type AxeWindow = {
  axe?: {
    configure(spec: object): void
    run(context: object, options: object): Promise<{ violations: AxeViolation[] }>
  }
}

/**
 * axe-core in the page's document, put there once a document (a reload brings a new one), and
 * configured as @axe-core/playwright's legacy mode configures it (same-origin frames only). The
 * builder evaluated axe's 1.3 MB source twice a run, in the page and again in each of its frames,
 * and configured it again: about 2.5 of the 4 s a run took on this machine (issue 41). Frames
 * other than the main one get it the builder's way: tried for a second, a frame refusing scripts
 * (the email preview's, sandboxed) left without.
 */
async function axeInPage(app: Page): Promise<void> {
  const configure = (frame: { evaluate: Page['evaluate'] }) =>
    frame.evaluate(() => (globalThis as unknown as AxeWindow).axe!.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }))
  const present = (frame: { evaluate: Page['evaluate'] }) => frame.evaluate(() => typeof (globalThis as unknown as AxeWindow).axe?.run === 'function')
  if (!(await present(app))) {
    await app.evaluate(AXE_SOURCE)
    await configure(app)
  }
  for (const frame of app.frames()) {
    if (frame === app.mainFrame()) continue
    const tried = (async () => {
      if (await present(frame)) return
      await frame.evaluate(AXE_SOURCE)
      await configure(frame)
    })()
    tried.catch(() => undefined)
    await Promise.race([tried, new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(() => undefined)
  }
}

/**
 * Runs axe-core on the page as it stands, prints every violation (minor and moderate too) with
 * the selectors of its nodes, and answers them all.
 */
export async function axeFindings(app: Page, screen: string, exceptions: AxeExceptions = {}, only?: readonly string[]): Promise<Finding[]> {
  await timedPart('axe: settle', () => settle(app))
  // the run as @axe-core/playwright's builder made it (withTags or withRules, exclude, disableRules),
  // in legacy mode: in the page itself, where the builder's default opens a blank page of its own
  // to gather the results of cross-origin frames, which the app has none of (its one frame, the
  // email preview, runs no script and is checked on a page of its own below). Half the time a run
  // took (about 3.3 -> 1.7 s a screen here, issue 41), the same rules and findings.
  const options: Record<string, unknown> = {
    runOnly: only ? { type: 'rule', values: [...only] } : { type: 'tag', values: WCAG_TAGS },
    // the violations in full, the passes and the rest left unprocessed (axe's resultTypes: it
    // finds the same, and skips building selectors for every node that passed; issue 41)
    resultTypes: ['violations'],
  }
  if (exceptions.disableRules?.length) options.rules = Object.fromEntries(exceptions.disableRules.map((rule) => [rule, { enabled: false }]))
  const context = { include: [], exclude: [...(exceptions.exclude ?? [])] }
  await timedPart('axe: put in the page', () => axeInPage(app))
  const violations = await timedPart('axe: analyze', () =>
    app.evaluate(({ context, options }) => (globalThis as unknown as AxeWindow).axe!.run(context, options).then((results) => results.violations), { context, options }),
  )
  const findings = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => `${node.target.map(String).join(' >>> ')}${contrastOf(node.any[0]?.data)}`),
  }))
  const lines = findings.flatMap((finding) => [
    `  [${finding.impact}] ${finding.rule}: ${finding.help} (${finding.targets.length})`,
    ...finding.targets.map((target) => `      ${target}`),
  ])
  console.log(findings.length === 0 ? `axe: ${screen}: no violation` : `axe: ${screen}: ${findings.length} rules violated\n${lines.join('\n')}`)
  return findings
}

/** Fails on a serious or critical violation (the bar); prints all of them first. `only`: these rules alone. */
export async function expectNoSeriousViolation(app: Page, screen: string, exceptions: AxeExceptions = {}, only?: readonly string[]): Promise<void> {
  const findings = await axeFindings(app, screen, exceptions, only)
  const serious = findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')
  expect(serious, `serious or critical axe violations on ${screen}`).toEqual([])
}

/**
 * Every dialog on screen has an accessible name (axe's aria-dialog-name is a best practice, not
 * one of the WCAG rules run above, so it is checked here).
 */
export async function expectNamedDialogs(app: Page): Promise<void> {
  for (const dialog of await app.getByRole('dialog').all()) {
    if (await dialog.isVisible()) await expect(dialog, 'a dialog without an accessible name').toHaveAccessibleName(/\S/)
  }
}

/**
 * A document shown in a sandboxed frame (`sandbox=""`, no scripts), where axe-core cannot run:
 * the same HTML is loaded into a page of its own, in the same colour scheme, and checked there.
 */
export async function expectNoSeriousViolationInFrame(app: Page, frameSelector: string, screen: string): Promise<void> {
  const html = await app.locator(frameSelector).getAttribute('srcdoc')
  expect(html, `${frameSelector} has a srcdoc`).toBeTruthy()
  const page = await app.context().newPage()
  try {
    // in the scheme the app is shown in now
    const dark = await app.evaluate<boolean>("matchMedia('(prefers-color-scheme: dark)').matches")
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
    await page.setContent(html ?? '')
    await expectNoSeriousViolation(page, screen)
  } finally {
    await page.close()
  }
}

/**
 * Light or dark as the page itself shows it: the body's background, from Naive UI's theme. Waited
 * for frame by frame (where a poll looked again after 100, 250, 500 ms: issue 41).
 */
export async function expectScheme(app: Page, scheme: 'light' | 'dark'): Promise<void> {
  type Styled = { document: { body: unknown }; getComputedStyle(element: unknown): { backgroundColor: string } }
  const shows = (want: string | null): boolean | string => {
    const page = globalThis as unknown as Styled
    const [r = 0, g = 0, b = 0] = (page.getComputedStyle(page.document.body).backgroundColor.match(/\d+/g) ?? []).map(Number)
    const shown = (r + g + b) / 3 < 128 ? 'dark' : 'light'
    return want === null ? shown : shown === want
  }
  const seen = await app
    .waitForFunction(shows, scheme, { timeout: 10_000 })
    .then(() => scheme)
    .catch(async () => String(await app.evaluate(shows, null)))
  expect(seen, 'the scheme the page shows').toBe(scheme)
}


export { signedInPbx } from './e2e-steps'


/** A batch from one of the CSV fixtures, with the mapping the app guesses (the rest ignored). */
export async function batchFromFixture(services: Services, name: string, fileName: string): Promise<string> {
  const base64 = readFileSync(fixturePath(fileName)).toString('base64')
  const preview = await services.handlers.previewCsv({ fileName, base64 })
  const mapping = Object.fromEntries(preview.headers.map((header) => [header, preview.mapping[header] ?? 'ignore'] as const))
  // the fixtures name the model only: the vendor comes from the batch's defaults
  const batch = await services.handlers.createBatchFromCsv({ name, fileName, base64, mapping, defaults: { vendor: 'Yealink' } })
  return batch.id
}

/** Pushes a batch's valid rows to a signed-in PBX and waits for the push to end. */
export async function pushBatch(services: Services, batchId: string, profileId: string): Promise<void> {
  await services.handlers.startPush({ batchId, profileId })
  await expect.poll(async () => (await services.handlers.getPushProgress({ batchId })).running, { timeout: 20_000 }).toBe(false)
  const progress = await services.handlers.getPushProgress({ batchId })
  expect(progress.created, 'the push created phones').toBeGreaterThan(0)
}

/**
 * Site H on the PBX: two W70B bases, Hall and Yard, and three handsets (Anna 1151 and Ben 1152 on
 * Hall, Clara 1153 on Yard) from a spreadsheet each, pushed and every handset enrolled.
 */
export async function pushedSiteH(services: Services, profileId: string): Promise<string> {
  const bases = 'MAC;Name;Model\n00:15:65:E4:00:01;Hall;W70B\n00:15:65:E4:00:02;Yard;W70B\n'
  const batch = await services.handlers.createBatchFromCsv({
    name: 'Site H',
    fileName: 'bases.csv',
    base64: Buffer.from(bases).toString('base64'),
    mapping: { MAC: 'mac', Name: 'name', Model: 'model' },
    defaults: { vendor: 'Yealink' },
  })
  const handsets = 'Base MAC;IPUI;Extension;Name\n00:15:65:E4:00:01;00AE000001;1151;Anna\n00:15:65:E4:00:01;00AE000002;1152;Ben\n00:15:65:E4:00:02;00AE000003;1153;Clara\n'
  await services.handlers.importCsvIntoBatch({
    batchId: batch.id,
    fileName: 'handsets.csv',
    base64: Buffer.from(handsets).toString('base64'),
    mapping: { 'Base MAC': 'mac', IPUI: 'ipui', Extension: 'extension', Name: 'name' },
  })
  await pushBatch(services, batch.id, profileId)
  await expect.poll(async () => (await services.handlers.getBatch({ batchId: batch.id })).handsets.filter((h) => h.outcome.state === 'enrolled').length).toBe(3)
  return batch.id
}

/** Rolls items out from one signed-in PBX to others through the services and waits for the rollout to end. */
export async function rollOut(services: Services, request: Parameters<Services['handlers']['startApply']>[0]): Promise<void> {
  const started = await services.handlers.startApply(request)
  await expect
    .poll(async () => (await services.handlers.getRollout({ rolloutId: started.id })).running, { timeout: 20_000 })
    .toBe(false)
}
