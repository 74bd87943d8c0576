import { axeFindings } from './a11y-steps'
import { expectVisibleFocus } from './focus-walk'
import { checkLayout } from './layout-checks'
import { expect, showApp, test } from './harness'

/**
 * The accessibility pass itself (accessibility.spec.ts), shown to catch what it is there for after
 * it was made faster (issue 41): the saved-PBX list, as the pass sees it, with a stylesheet that
 * breaks it on purpose added to the running page (the scratch build of a careless change):
 * - text made too faint on its background: axe reports a serious colour-contrast violation;
 * - the focus indicators taken away: the focus walk fails, naming the controls;
 * - a long name cut to its two lines with its full text taken away: the layout audit names it.
 * Without the stylesheet the same screen passes both (the pass's own visit of it).
 */

test.use({ appLoadedAtStart: false })

const LONG_LABEL = 'Zahnarztpraxis Dr. Müller-Lüdenscheidt & Partner, Zweigstelle Süd'

test.beforeEach(async ({ app, services }) => {
  for (const label of ['Branch North', LONG_LABEL]) {
    await services.handlers.saveProfile({
      fields: { label, baseUrl: 'https://pbx.example', username: 'installer', domain: '', signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false },
    })
  }
  await showApp(app)
  await expect(app.locator('tr[data-profile-id]')).toHaveCount(2)
})

test('a colour made too faint fails the pass: axe reports the contrast as serious, naming where', async ({ app }) => {
  expect((await axeFindings(app, 'the saved PBXs, as shipped')).filter((f) => f.rule === 'color-contrast')).toEqual([])
  await app.addStyleTag({ content: 'tr[data-profile-id] td, tr[data-profile-id] td * { color: #d4d4d4 !important; }' })
  const contrast = (await axeFindings(app, 'the saved PBXs, text made faint')).find((f) => f.rule === 'color-contrast')
  expect(contrast?.impact).toBe('serious')
  expect(contrast?.targets.some((target) => target.includes('(#d4d4d4 on '))).toBe(true)
})

test('focus indicators taken away fail the pass: the focus walk names the controls that look the same focused', async ({ app }) => {
  await expectVisibleFocus(app, 'the saved PBXs, as shipped')
  await app.addStyleTag({
    content: '*:focus, *:focus-visible, *:focus-within { outline: none !important; box-shadow: none !important; } .n-button__state-border, .n-button__border { display: none !important; }',
  })
  await expect(expectVisibleFocus(app, 'the saved PBXs, indicators removed')).rejects.toThrow(/look the same focused and not/)
})

test('a long name cut to two lines fails the layout audit once its full text is nowhere to hover or focus', async ({ app }) => {
  await app.setViewportSize({ width: 1024, height: 700 })
  const name = app.locator('tr[data-profile-id] strong', { hasText: 'Zahnarztpraxis' })
  // as shipped: two lines, its full text in its title and in its row's name
  await expect.poll(async () => (await name.evaluate((element) => (element as unknown as { scrollHeight: number; clientHeight: number }).scrollHeight > (element as unknown as { clientHeight: number }).clientHeight + 1))).toBe(true)
  const clipped = async () => (await app.evaluate(checkLayout, { keyColumns: [] })).filter((finding) => finding.check === 'clipped')
  expect(await clipped()).toEqual([])
  // a careless change: the title and the row's name dropped
  await name.evaluate((element) => {
    const strong = element as unknown as { removeAttribute(name: string): void; closest(selector: string): { removeAttribute(name: string): void } | null }
    strong.removeAttribute('title')
    strong.closest('tr')?.removeAttribute('aria-label')
  })
  expect(await clipped()).toContainEqual(expect.objectContaining({ element: expect.stringContaining('Zahnarztpraxis'), detail: expect.stringMatching(/^shows 2 lines/) }))
})
