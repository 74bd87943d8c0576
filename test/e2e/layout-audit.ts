import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { settle } from './a11y-steps'
import { timed } from './a11y-times'
import { expect } from './harness'
import { checkLayout, type LayoutFinding } from './layout-checks'
import { LAYOUT_KNOWN } from './layout-known'

/**
 * The layout audit (issue 42), run in the accessibility pass's visits (issue 41): the screen
 * already shown is resized to each size, checked there in each scheme from the DOM's boxes
 * (layout-checks.ts), and given its size back, without loading it again.
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
}

const sizeName = (size: { width: number; height: number }): string => `${size.width}×${size.height}`
/** the words a finding is listed by in layout-known.ts */
export const keyOf = (size: string, finding: LayoutFinding): string => `${size} ${finding.check}: ${finding.element}`

/**
 * Audits the screen at every size in each scheme: resized once a size, and shown in each scheme
 * there (the schemes taken in turn, the one shown last first: a switch costs less than a resize,
 * issue 41). The page gets its size back after; it is left in the scheme it was checked in last.
 */
export async function expectLayout(
  app: Page,
  screen: string,
  schemes: readonly string[],
  showIn: (scheme: string) => Promise<void>,
  layout: LayoutOf = {},
): Promise<void> {
  const before = app.viewportSize()
  const found = new Map<string, string[]>(schemes.map((scheme) => [scheme, []]))
  const unlisted = new Map<string, string[]>(schemes.map((scheme) => [scheme, []]))
  const known = LAYOUT_KNOWN[screen] ?? []
  let order = [...schemes]
  try {
    for (const size of LAYOUT_SIZES) {
      await timed(`layout ${sizeName(size)}: resize, settle`, async () => {
        await app.setViewportSize(size)
        await settle(app)
      })
      for (const scheme of order) {
        await timed(`layout ${sizeName(size)}: scheme switch`, async () => {
          await showIn(scheme)
          await settle(app)
        })
        const findings = await timed(`layout ${sizeName(size)}: checks (${scheme})`, () => app.evaluate(checkLayout, { keyColumns: layout.keyColumns ?? [] }))
        const fresh = findings.filter((finding) => !known.some((entry) => keyOf(sizeName(size), finding).includes(entry)))
        for (const finding of findings) found.get(scheme)!.push(`${keyOf(sizeName(size), finding)} (${finding.detail})`)
        const file = `test-results/layout/${screen.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${sizeName(size)}-${scheme}.png`
        if (fresh.length > 0 || process.env.LAYOUT_SHOTS) {
          mkdirSync('test-results/layout', { recursive: true })
          await app.screenshot({ path: file })
        }
        if (fresh.length > 0) {
          unlisted.get(scheme)!.push(...fresh.map((finding) => `${keyOf(sizeName(size), finding)} (${finding.detail}); see ${file}`))
        }
      }
      order = order.reverse()
    }
  } finally {
    if (before) await timed('layout: size given back', () => app.setViewportSize(before))
  }
  for (const scheme of schemes) {
    const lines = found.get(scheme)!
    console.log(`layout: ${screen} (${scheme}): ${lines.length} findings${lines.map((line) => `\n      ${line}`).join('')}`)
  }
  for (const scheme of schemes) {
    const lines = found.get(scheme)!
    expect(unlisted.get(scheme), `layout findings on ${screen} (${scheme}) that layout-known.ts does not list`).toEqual([])
    const gone = known.filter((entry) => !lines.some((line) => line.includes(entry)))
    expect(gone, `fixed on ${screen} (${scheme}): take them out of layout-known.ts`).toEqual([])
  }
}
