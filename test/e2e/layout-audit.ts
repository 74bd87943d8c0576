import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { fileNameOf, settle } from './a11y-steps'
import { timed } from './a11y-times'
import { expect } from './harness'
import { checkLayout, type LayoutFinding } from './layout-checks'
import { LAYOUT_KNOWN } from './layout-known'

/**
 * The layout audit (issue 42), run in the accessibility pass's visits (issue 41): the screen
 * already shown is resized to each size, checked from the DOM's boxes (layout-checks.ts), and
 * given its size back, without loading it again.
 *
 * Every finding is printed with the screen, the size, the element and what was found. What
 * today's code still gets wrong is listed, finding by finding, in layout-known.ts: a finding not
 * listed fails the test and saves a screenshot; a listed one no longer found fails it too, so the
 * list only shrinks as the fixes land. With LAYOUT_SHOTS=1 in the environment every screen is
 * photographed at every size and in both schemes, to be looked at.
 */

export const LAYOUT_SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
] as const

export type LayoutOf = {
  /** the header texts of the columns that must stay on screen: what the row is, its state, why */
  keyColumns?: readonly string[]
  /**
   * parts further down the screen, each scrolled into view and checked too (a selector, its first
   * match): the audit sees only what the window shows
   */
  alsoAt?: readonly string[]
  /**
   * brings up a toast over the screen, for the audit to judge where toasts land (no toast over the
   * header's controls, no word of it broken): called at each size, as a toast lasts seconds, and
   * the audit fails when it has gone before the size was checked
   */
  toast?: (app: Page) => Promise<void>
}

const sizeName = (size: { width: number; height: number }): string => `${size.width}×${size.height}`
/** the words a finding is listed by in layout-known.ts */
export const keyOf = (size: string, finding: LayoutFinding): string => `${size} ${finding.check}: ${finding.element}`

/**
 * Audits the screen at every size, as shown, then scrolled to each of `layout.alsoAt`; the page
 * gets its size back after, and `restore` (the screen's scroll as shown) is called after each part.
 */
export async function expectLayout(app: Page, screen: string, scheme: string, layout: LayoutOf = {}, restore?: () => Promise<unknown>): Promise<void> {
  const before = app.viewportSize()
  const found: string[] = []
  const unlisted: string[] = []
  const known = LAYOUT_KNOWN[screen] ?? []
  try {
    for (const size of LAYOUT_SIZES) {
      await timed(`layout ${sizeName(size)}: resize (${scheme})`, () => app.setViewportSize(size))
      if (layout.toast) await timed(`layout ${sizeName(size)}: toast (${scheme})`, () => layout.toast!(app))
      for (const [part, at] of [undefined, ...(layout.alsoAt ?? [])].entries()) {
        if (at !== undefined) await app.locator(at).first().scrollIntoViewIfNeeded()
        await timed(`layout ${sizeName(size)}: settle (${scheme})`, () => settle(app))
        const findings = await timed(`layout ${sizeName(size)}: checks (${scheme})`, () => app.evaluate(checkLayout, { keyColumns: layout.keyColumns ?? [] }))
        if (layout.toast) expect(await app.locator('.n-message').count(), `the toast on ${screen} went before the audit at ${sizeName(size)} was done`).toBeGreaterThan(0)
        const fresh = findings.filter((finding) => !known.some((entry) => keyOf(sizeName(size), finding).includes(entry)))
        for (const finding of findings) found.push(`${keyOf(sizeName(size), finding)} (${finding.detail})`)
        const file = `test-results/layout/${fileNameOf(screen)}-${sizeName(size)}-${scheme}${part === 0 ? '' : `-${part}`}.png`
        if (fresh.length > 0 || process.env.LAYOUT_SHOTS) {
          mkdirSync('test-results/layout', { recursive: true })
          await app.screenshot({ path: file })
        }
        if (fresh.length > 0) {
          unlisted.push(...fresh.map((finding) => `${keyOf(sizeName(size), finding)} (${finding.detail}); see ${file}`))
        }
        if (at !== undefined) await restore?.()
      }
    }
  } finally {
    if (before) await timed(`layout: size given back (${scheme})`, () => app.setViewportSize(before))
  }
  console.log(`layout: ${screen} (${scheme}): ${found.length} findings${found.map((line) => `\n      ${line}`).join('')}`)
  expect(unlisted, `layout findings on ${screen} (${scheme}) that layout-known.ts does not list`).toEqual([])
  const gone = known.filter((entry) => !found.some((line) => line.includes(entry)))
  expect(gone, `fixed on ${screen} (${scheme}): take them out of layout-known.ts`).toEqual([])
}
