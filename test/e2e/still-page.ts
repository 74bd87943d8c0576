import type { Page } from '@playwright/test'

/**
 * CSS transitions and animations off in the page, in this document and every one loaded after it
 * (a test reloads), in every test (harness.ts): a test checks each screen as it ends up, and
 * waited for every fade, for a dialog to slide in, for the theme's colours to slide over after a
 * scheme switch (issue 41: the functional tests 22 % faster, the accessibility pass a quarter).
 * What is checked is the same: the state they end in. Vue's transitions end at once when their
 * duration is none.
 */
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }'

export async function stillPage(app: Page): Promise<void> {
  type Doc = { head: unknown; documentElement: unknown; createElement(tag: string): { textContent: string; setAttribute(n: string, v: string): void }; addEventListener(event: string, listener: () => void): void }
  const install = (css: string): void => {
    const doc = (globalThis as unknown as { document: Doc }).document
    const add = (): void => {
      const style = doc.createElement('style')
      style.setAttribute('data-a11y-still', '')
      style.textContent = css
      const parent = (doc.head ?? doc.documentElement) as { appendChild(child: unknown): void } | null
      parent?.appendChild(style)
    }
    if (doc.head ?? doc.documentElement) add()
    else doc.addEventListener('DOMContentLoaded', add)
  }
  await app.addInitScript(install, STILL)
  await app.evaluate(install, STILL)
}
