import type { Page } from '@playwright/test'
import { expect, test } from './harness'

/**
 * The saved-PBX list from the keyboard, in Chromium with the real services: the table is one Tab
 * stop (its current row, then that row's buttons) that hides no row from a screen reader's browse
 * mode, a removed row's place takes the focus, and a row renamed so that it sorts elsewhere keeps
 * the focus in view. And how the list comes: its rows
 * first, its toolbar's controls a frame later, where their places were kept.
 */

const LABELS = Array.from({ length: 30 }, (_, i) => `Branch ${String(i + 1).padStart(2, '0')}`)

const focused = (app: Page) =>
  app.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: { tagName: string; getAttribute(name: string): string | null } | null } }).document.activeElement
    return active?.getAttribute('aria-label') ?? active?.tagName
  })

test.beforeEach(async ({ app, services }) => {
  for (const label of LABELS) {
    await services.handlers.saveProfile({
      fields: { label, baseUrl: 'https://pbx.example', username: 'installer', domain: '', signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false },
    })
  }
  await app.reload()
  await expect(app.locator('tr[data-profile-id]')).toHaveCount(LABELS.length)
})

test('one Tab stop: the current row and its buttons, then out of the table; Space does not scroll it away', async ({ app }) => {
  await app.getByRole('searchbox', { name: 'Search saved PBXs by label, customer or tag' }).focus()
  const stops: (string | undefined)[] = []
  for (let i = 0; i < 10; i++) {
    await app.keyboard.press('Tab')
    stops.push(await focused(app))
  }
  // past the toolbar's buttons: the first row, its three buttons, and out (no second row)
  const first = stops.findIndex((stop) => stop?.startsWith('Branch 01,'))
  expect(stops.slice(first, first + 4)).toEqual(['Branch 01, installer (system administrator), signed out. Enter opens it.', 'Open Branch 01', 'Edit Branch 01', 'Remove Branch 01'])
  expect(stops.slice(first + 4).some((stop) => stop?.startsWith('Branch') || stop?.endsWith('Branch 02'))).toBe(false)

  // the arrows move the stop; Tab then reaches that row's buttons
  await app.getByRole('row', { name: /^Branch 01,/ }).focus()
  await app.keyboard.press('PageDown')
  expect(await focused(app)).toMatch(/^Branch 11,/)
  const scrollTop = () => app.locator('.pbx-table').evaluate((table) => table.scrollTop)
  const before = await scrollTop()
  await app.keyboard.press('Space')
  expect(await scrollTop()).toBe(before)
  await app.keyboard.press('Tab')
  expect(await focused(app)).toBe('Open Branch 11')
})

test('a screen reader’s browse mode meets every row, not just the Tab stop: its cells under their column headers, its buttons named and pressable', async ({ app }) => {
  // the one Tab stop is the first row; the others are out of the Tab order (tabindex -1), which
  // hides nothing from a screen reader's virtual cursor: what it reads is this tree
  await expect(app.getByRole('row', { name: /^Branch 01,/ })).toHaveAttribute('tabindex', '0')
  const seventh = app.getByRole('row', { name: /^Branch 07,/ })
  await expect(seventh).toHaveAttribute('tabindex', '-1')
  await expect(app.getByRole('table', { name: 'Saved PBXs' })).toMatchAriaSnapshot(`
    - table "Saved PBXs":
      - rowgroup:
        - row:
          - columnheader "Label"
          - columnheader "Customer"
          - columnheader "Tags"
          - columnheader "Address and user"
          - columnheader "Session, last used"
          - columnheader "Actions"
  `)
  await expect(seventh).toMatchAriaSnapshot(`
    - row /^Branch 07, installer \\(system administrator\\), signed out\\. Enter opens it\\.$/:
      - cell "Branch 07"
      - cell
      - cell
      - cell /https:\\/\\/pbx\\.example/
      - cell /Signed out/
      - cell:
        - button "Open Branch 07"
        - button "Edit Branch 07"
        - button "Remove Branch 07"
  `)
  // every row's buttons, whichever row holds the Tab stop
  await expect(app.getByRole('button', { name: /^Open Branch \d\d$/ })).toHaveCount(LABELS.length)
  await expect(app.getByRole('button', { name: /^Remove Branch \d\d$/ })).toHaveCount(LABELS.length)
  // a button out of the Tab order still does what it says when the virtual cursor presses it (a click)
  await seventh.getByRole('button', { name: 'Edit Branch 07' }).click()
  await expect(app.getByRole('dialog').getByLabel('Label')).toHaveValue('Branch 07')
})

test('removing a PBX from the keyboard leaves the focus on the row that took its place', async ({ app, services }) => {
  await app.getByRole('row', { name: /^Branch 04,/ }).focus()
  await app.keyboard.press('Tab')
  await app.keyboard.press('Tab')
  await app.keyboard.press('Tab')
  expect(await focused(app)).toBe('Remove Branch 04')
  await app.keyboard.press('Enter')
  const dialog = app.getByRole('dialog')
  await expect(dialog).toContainText('Remove Branch 04?')
  await dialog.getByRole('button', { name: 'Remove' }).press('Enter')
  await expect(app.locator('tr[data-profile-id]')).toHaveCount(LABELS.length - 1)
  await expect.poll(() => focused(app)).toMatch(/^Branch 05,/)
  expect((await services.handlers.listProfiles(undefined)).map((profile) => profile.label)).not.toContain('Branch 04')
  // and the arrows go on from there
  await app.keyboard.press('ArrowUp')
  expect(await focused(app)).toMatch(/^Branch 03,/)
})

test('a PBX added from the toolbar leaves the focus on its row\'s "Open", in view (issue 40)', async ({ app }) => {
  await app.getByRole('button', { name: 'Add PBX' }).focus()
  await app.keyboard.press('Enter')
  const form = app.getByRole('dialog', { name: 'Add PBX' })
  await expect(form.getByLabel('Label')).toBeFocused()
  // sorts among the others, below the rows in view
  await app.keyboard.type('Branch 25b')
  await form.getByLabel('Address').focus()
  await app.keyboard.type('https://pbx.example')
  await form.getByLabel('User name').focus()
  await app.keyboard.type('installer')
  await app.keyboard.press('Enter')
  await expect(form).toBeHidden()
  await expect.poll(() => focused(app)).toBe('Open Branch 25b')
  await expect(app.getByRole('button', { name: 'Open Branch 25b' })).toBeInViewport()
  // the row is the table's Tab stop now: the arrows go on from it
  await app.keyboard.press('Shift+Tab')
  expect(await focused(app)).toMatch(/^Branch 25b,/)
})

test('a PBX renamed so that it sorts last keeps the focus, in view', async ({ app }) => {
  await app.getByRole('row', { name: /^Branch 02,/ }).focus()
  await app.keyboard.press('Tab')
  await app.keyboard.press('Tab')
  await app.keyboard.press('Enter')
  const label = app.getByRole('dialog').getByLabel('Label')
  await expect(label).toHaveValue('Branch 02')
  await label.fill('Zulu branch')
  await label.press('Enter')
  await expect(app.getByRole('row', { name: /^Zulu branch,/ })).toBeVisible()
  await expect.poll(() => focused(app)).toBe('Edit Zulu branch')
  await expect(app.getByRole('button', { name: 'Edit Zulu branch' })).toBeInViewport()
})

/** What must not move or change size when the controls come: the list's toolbar, its search box's place then the box, its count, the table. */
const PLACES = ['.pbx-list-toolbar', '.pbx-list-toolbar__search', '.pbx-list-toolbar__count', '.pbx-table']

// run in the page before the app: where those are the moment the first rows are in the page, and
// whether the controls are there yet (a string: the page runs it as it is)
const NOTE_FIRST_ROWS = `(() => {
  const boxOf = (element) => {
    const rect = element.getBoundingClientRect()
    return [rect.x, rect.y, rect.width, rect.height].map(Math.round)
  }
  const box = (selector) => boxOf(document.querySelector(selector))
  new MutationObserver((_, observer) => {
    if (!document.querySelector('tr[data-profile-id]') || !document.querySelector('.pbx-list-toolbar__count')) return
    observer.disconnect()
    const table = document.querySelector('.pbx-table')
    window.__firstRows = {
      rows: document.querySelectorAll('tr[data-profile-id]').length,
      // the first rows are more than the table shows (it scrolls): no row in view is drawn later
      fillTheView: table.scrollHeight > table.clientHeight,
      searchBox: document.querySelector('input[type="search"]') !== null,
      buttons: [...document.querySelectorAll('.pbx-list-toolbar button')].length,
      places: ${JSON.stringify(PLACES)}.map(box),
      buttonPlaces: [...document.querySelectorAll('.pbx-list-toolbar__button-place')].map(boxOf),
    }
  }).observe(document, { childList: true, subtree: true })
})()`

for (const width of [1280, 900]) {
  test(`the rows in view and their count come first, the other rows, the search box and buttons after, moving nothing (${width} px wide)`, async ({ app }) => {
    await app.setViewportSize({ width, height: 700 })
    await app.addInitScript(NOTE_FIRST_ROWS)
    await app.reload()
    await expect(app.getByRole('searchbox', { name: 'Search saved PBXs by label, customer or tag' })).toBeVisible()
    await expect(app.getByRole('button', { name: 'Add PBX' })).toBeVisible()

    type Box = { getBoundingClientRect(): DOMRect }
    type Doc = { querySelector(selector: string): Box; querySelectorAll(selector: string): Iterable<Box> }
    const { first, now, buttons } = await app.evaluate((places) => {
      const page = globalThis as unknown as {
        document: Doc
        __firstRows: { rows: number; fillTheView: boolean; searchBox: boolean; buttons: number; places: number[][]; buttonPlaces: number[][] }
      }
      const boxOf = (element: Box) => {
        const rect = element.getBoundingClientRect()
        return [rect.x, rect.y, rect.width, rect.height].map(Math.round)
      }
      return {
        first: page.__firstRows,
        now: places.map((selector) => boxOf(page.document.querySelector(selector))),
        buttons: [...page.document.querySelectorAll('.pbx-list-toolbar button')].map(boxOf),
      }
    }, PLACES)
    // the first rows are those the table shows (not all 30), and the others come after
    expect(first.fillTheView).toBe(true)
    expect(first.rows).toBeLessThan(LABELS.length)
    await expect(app.locator('tr[data-profile-id]')).toHaveCount(LABELS.length)
    // with the first rows, none of the controls yet: only their places
    expect(first.searchBox).toBe(false)
    expect(first.buttons).toBe(0)
    // once they came, everything is where it was
    expect(Object.fromEntries(PLACES.map((place, index) => [place, now[index]]))).toEqual(Object.fromEntries(PLACES.map((place, index) => [place, first.places[index]])))
    // and each button where its place was, of its size
    expect(first.buttonPlaces).toHaveLength(5) // try the demo, import, export, add many, add
    expect(buttons).toEqual(first.buttonPlaces)
  })
}
