import { fileURLToPath } from 'node:url'
import type { Locator, Page } from '@playwright/test'
import { fileNameOf, settle } from './a11y-steps'
import { expect } from './harness'

/**
 * A form's look held pixel for pixel (issue 44): when a form's markup is moved onto the contract's
 * fields (SchemaField), it must look as before. The accessibility pass compares the form, as its
 * visit shows it, in each scheme, with the picture kept in test/e2e/form-pixels/ (Playwright's
 * toHaveScreenshot: no pixel may differ beyond its anti-aliasing tolerance). A difference fails
 * the test and leaves the expected, actual and diff pictures in test-results/playwright/.
 *
 * A change meant to alter a form's look takes new pictures with
 * `bash test/support/in-keyring.sh npx playwright test test/e2e/accessibility.spec.ts -g '<screen>' --update-snapshots`,
 * and its commit says what changed and why.
 */
export type FormPixels = {
  /** the form, as the screen shows it */
  form: (app: Page) => Locator
  /** parts that differ from one run to the next (the demo PBX's port in an address), painted over */
  mask?: (app: Page) => Locator[]
}

/** tall enough for the longest form whole: a form scrolled in its pane shows only what the pane shows */
const PICTURE_VIEWPORT = { width: 1280, height: 1800 }

export async function expectFormPixels(app: Page, screen: string, scheme: 'light' | 'dark', pixels: FormPixels): Promise<void> {
  const before = app.viewportSize()
  await app.setViewportSize(PICTURE_VIEWPORT)
  try {
    await settle(app)
    await expect(pixels.form(app), `${screen} (${scheme}) looks as its kept picture`).toHaveScreenshot(`${fileNameOf(screen)}-${scheme}.png`, {
      animations: 'disabled',
      caret: 'hide',
      mask: pixels.mask?.(app) ?? [],
      maxDiffPixels: 0,
      stylePath: fileURLToPath(new URL('./form-pixels.css', import.meta.url)),
    })
  } finally {
    if (before) await app.setViewportSize(before)
  }
}
