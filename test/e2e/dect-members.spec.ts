import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { Services } from '../../electron/services'
import { demoApi, openArea, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, showApp, test, type DemoPbx } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

// A base's handsets in the DECT phones drawer, as a user does it, with the keyboard where it goes:
// the seeded Reception base (Yealink W70B, 10 lines) has 1001 = 00092263DD at index 1 and
// 1002 = 00092263DE at index 2. A line reassigned; a handset added by the IPEI printed on its box
// (first misread, named by its line); a duplicate named by its line with the PBX's list untouched;
// a line removed. Every result read back through the demo PBX's own API, not from the screen.

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
type Member = { extension_number: string; ipui: string; handset_index: string }
const SCREENS = 'test-results/screens'

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(app: Page, target: Locator, max: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 1; presses <= max; presses++) {
    await app.keyboard.press(key)
    if (await target.evaluate((el) => el.matches(':focus'))) return
  }
  throw new Error(`${target} did not get the focus within ${max} presses of ${key}`)
}

/**
 * Signs in, opens DECT phones → Phones on the PBX, checks the Reception base's row, and opens it
 * from the keyboard (Tab from the search field to the row, Enter). Answers the drawer, its
 * "Handsets on this base" region, and the base's members as the PBX's API lists them.
 */
async function openReceptionBase(app: Page, services: Services, pbx: DemoPbx) {
  mkdirSync(SCREENS, { recursive: true })
  await savePbx(services, 'Demo site', pbx.url, MANAGER)
  await showApp(app)
  await signInThroughTheApp(app, 'Demo site', MANAGER)
  const api = await demoApi(pbx.url, MANAGER)
  const reception = (await api.get<{ items: { id: string; name: string }[] }>('/api/dect_phones')).body.items.find((p) => p.name === 'Reception base')
  expect(reception, 'the seeded Reception base is on the demo PBX').toBeDefined()
  const members = async () =>
    (await api.get<{ items: Member[] }>(`/api/dect_phones/${reception!.id}/members`)).body.items.map((m) => [m.extension_number, m.ipui, m.handset_index])

  await openArea(app, 'DECT phones')
  await app.getByRole('tab', { name: 'Phones on the PBX' }).click()
  const panel = app.getByRole('region', { name: 'DECT phones on the PBX' })
  const row = panel.getByRole('row', { name: 'Reception base 80:5E:C0:A1:B2:C3: open' })
  await expect(row.getByRole('cell')).toHaveText(['Reception base', '80:5E:C0:A1:B2:C3', 'Yealink W70B', '10', /.*/, /.*/])

  await panel.getByRole('searchbox', { name: 'Search phones' }).focus()
  await tabTo(app, row, 3)
  await app.keyboard.press('Enter')
  const drawer = app.getByRole('dialog', { name: 'Reception base' })
  await expect(drawer).toBeVisible()
  const handsets = drawer.getByRole('region', { name: 'Handsets on this base' })
  await expect(handsets.getByRole('heading')).toHaveText('Handsets 2 of 10')
  return { members, drawer, handsets }
}

/** What a line's extension select shows: the extension picked and its user's name, nothing else. */
async function expectExtension(handsets: Locator, line: number, extension: string): Promise<void> {
  await expect(handsets.getByRole('row').nth(line).getByRole('cell').first()).toHaveText(new RegExp(`^${extension} \\S`))
}

/** The select's menu gone: until it has faded out (~0.3 s) Naive UI keeps the filter typed in the field. */
async function menuClosed(app: Page): Promise<void> {
  await expect(app.locator('.n-base-select-menu:visible')).toHaveCount(0)
}

/** Picks an extension in a line's filterable select (tag: any extension may be typed): click, type, Enter. */
async function pickExtension(app: Page, handsets: Locator, line: number, extension: string): Promise<void> {
  await handsets.getByRole('textbox', { name: `Extension, line ${line}` }).click()
  await app.keyboard.type(extension)
  await app.keyboard.press('Enter')
  await menuClosed(app)
  await expectExtension(handsets, line, extension)
}

test('the Reception base: its two handsets seen, line 2 reassigned to 1003, a handset added by the IPEI on its box', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  const { members, drawer, handsets } = await openReceptionBase(app, services, pbx)
  await app.screenshot({ path: `${SCREENS}/dect-members-drawer-page.png` })

  // the two seeded handsets, one line each
  await expect(handsets.getByRole('row')).toHaveCount(3) // the header and two lines
  for (const [line, extension, ipui, index] of [
    [1, '1001', '00092263DD', '1'],
    [2, '1002', '00092263DE', '2'],
  ] as const) {
    await expectExtension(handsets, line, extension)
    await expect(handsets.getByRole('textbox', { name: `IPUI, line ${line}` })).toHaveValue(ipui)
    await expect(handsets.getByRole('textbox', { name: `Index, line ${line}` })).toHaveValue(index)
    await expect(handsets.getByRole('button', { name: `Remove line ${line}` })).toBeEnabled()
  }
  await handsets.scrollIntoViewIfNeeded()
  await drawer.screenshot({ path: `${SCREENS}/dect-members-opened.png` })

  // line 2 goes to extension 1003; its handset and index stay
  await pickExtension(app, handsets, 2, '1003')
  await handsets.getByRole('button', { name: 'Save handsets' }).press('Enter')
  await expect(app.getByText('Handsets saved: 2 of 10 handsets', { exact: true })).toBeVisible()
  await app.screenshot({ path: `${SCREENS}/dect-members-saved-page.png` })
  await expect(handsets.getByRole('alert')).toHaveCount(0)
  expect(await members()).toEqual([
    ['1001', '00092263DD', '1'],
    ['1003', '00092263DE', '2'],
  ])

  // a third line: its index the first free one, its other fields empty
  await handsets.getByRole('button', { name: 'Add a handset' }).press('Enter')
  await expect(handsets.getByRole('heading')).toHaveText('Handsets 3 of 10')
  await expect(handsets.getByRole('textbox', { name: 'IPUI, line 3' })).toHaveValue('')
  await expect(handsets.getByRole('textbox', { name: 'Index, line 3' })).toHaveValue('3')
  // the new line's extension has the focus, ready for the keyboard
  await expect(handsets.getByRole('textbox', { name: 'Extension, line 3' })).toBeFocused()
  await drawer.screenshot({ path: `${SCREENS}/dect-members-new-line.png` })

  // extension 1004, then from the keyboard alone: Tab to the IPUI, the IPEI off the box misread
  // (its check digit 7 for 9), Tab past the index and Remove to Save, Enter: named by its line
  await pickExtension(app, handsets, 3, '1004')
  await app.keyboard.press('Tab')
  await expect(handsets.getByRole('textbox', { name: 'IPUI, line 3' })).toBeFocused()
  await app.keyboard.type('00146 0156577 7')
  await app.keyboard.press('Tab')
  await expect(handsets.getByRole('textbox', { name: 'Index, line 3' })).toBeFocused()
  await tabTo(app, handsets.getByRole('button', { name: 'Save handsets' }), 3)
  await app.keyboard.press('Enter')
  await expect(handsets.getByRole('alert')).toHaveText('Line 3: IPEI 00146 0156577 7: check digit should be 9')
  // the line it names is picked out, its fields invalid and described by the mistake
  const ipuiField = handsets.getByRole('textbox', { name: 'IPUI, line 3' })
  await expect(ipuiField).toHaveAttribute('aria-invalid', 'true')
  await expect(ipuiField).toHaveAccessibleDescription('Line 3: IPEI 00146 0156577 7: check digit should be 9')
  await expect(handsets.getByRole('textbox', { name: 'IPUI, line 2' })).not.toHaveAttribute('aria-invalid', 'true')
  await drawer.screenshot({ path: `${SCREENS}/dect-members-bad-ipei.png` })
  expect(await members(), 'nothing was sent').toHaveLength(2)

  // the IPEI read again, right this time: saved as the IPUI the PBX stores
  await handsets.getByRole('textbox', { name: 'IPUI, line 3' }).fill('00146 0156577 9')
  await handsets.getByRole('button', { name: 'Save handsets' }).press('Enter')
  await expect(app.getByText('Handsets saved: 3 of 10 handsets', { exact: true })).toBeVisible()
  await expect(handsets.getByRole('alert')).toHaveCount(0)
  expect(await members()).toEqual([
    ['1001', '00092263DD', '1'],
    ['1003', '00092263DE', '2'],
    ['1004', '00092263A1', '3'],
  ])
  // the list read back is what the drawer shows
  await expect(handsets.getByRole('textbox', { name: 'IPUI, line 3' })).toHaveValue('00092263A1')
  await drawer.screenshot({ path: `${SCREENS}/dect-members-saved.png` })
})

test('the Reception base: a duplicate extension named by its line and nothing written, then a line removed', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  const { members, drawer, handsets } = await openReceptionBase(app, services, pbx)
  const seeded = [
    ['1001', '00092263DD', '1'],
    ['1002', '00092263DE', '2'],
  ]
  expect(await members()).toEqual(seeded)

  // the keyboard alone: the drawer opens with the focus on its Close button; Tab to line 2's
  // extension (Naive UI's select takes the focus on its box, not on its labelled input), Enter
  // opens it, type 1001, Enter picks it
  await expect(drawer.locator('.n-drawer-header').getByRole('button', { name: 'close' })).toBeFocused()
  await tabTo(app, handsets.getByRole('row').nth(2).locator('.n-base-selection-label'), 5)
  await app.keyboard.press('Enter')
  await expect(handsets.getByRole('textbox', { name: 'Extension, line 2' })).toBeFocused()
  await app.keyboard.type('1001')
  await app.keyboard.press('Enter')
  await menuClosed(app)
  await expectExtension(handsets, 2, '1001')
  // Tab past IPUI, Index, Remove and Add to Save, Enter: refused, the line named
  await tabTo(app, handsets.getByRole('button', { name: 'Save handsets' }), 5)
  await app.keyboard.press('Enter')
  await expect(handsets.getByRole('alert')).toHaveText('Line 2: 1001 is also on line 1')
  await expect(app.getByText(/^Handsets saved/)).toHaveCount(0)
  await drawer.screenshot({ path: `${SCREENS}/dect-members-duplicate.png` })
  expect(await members(), "the PBX's list is unchanged").toEqual(seeded)

  // line 1 removed: the duplicate's line (1001, handset 00092263DE at index 2) is left, now line 1
  await tabTo(app, handsets.getByRole('button', { name: 'Remove line 1' }), 6, 'Shift+Tab')
  await app.keyboard.press('Enter')
  await expect(handsets.getByRole('heading')).toHaveText('Handsets 1 of 10')
  await expect(handsets.getByRole('row')).toHaveCount(2)
  await expectExtension(handsets, 1, '1001')
  await expect(handsets.getByRole('textbox', { name: 'IPUI, line 1' })).toHaveValue('00092263DE')
  await expect(handsets.getByRole('textbox', { name: 'Index, line 1' })).toHaveValue('2')
  await handsets.getByRole('button', { name: 'Save handsets' }).press('Enter')
  await expect(app.getByText('Handsets saved: 1 of 10 handsets', { exact: true })).toBeVisible()
  await expect(handsets.getByRole('alert')).toHaveCount(0)
  expect(await members()).toEqual([['1001', '00092263DE', '2']])
  await drawer.screenshot({ path: `${SCREENS}/dect-members-removed.png` })
})
