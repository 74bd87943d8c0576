import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { DemoPbx } from '../../electron/demo-pbx'
import type { Services } from '../../electron/services'
import { profileFields } from '../support/profile-fields'
import { openArea, switchRuleOff } from './e2e-steps'
import { expect, showApp, test as base } from './harness'

/**
 * The fleet screen (issue 15) in real Chromium: twelve saved PBXs spread over five demo PBXs started
 * here (three seeded, one with the legacy notification settings and no seed, one stopped), some with
 * a remembered password (the fleet signs in from the keychain by itself), some without (the row
 * offers "Sign in"), groups, tags, a favourite. "Refresh all" reads them all in the background.
 */

const SCREENS = 'test-results/screens'
const DEMO = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const OTHER = { username: 'manager', password: 'manager', domain: 'other.pbx.example' }
const ADMIN = { username: 'admin', password: 'admin' }

type Account = { username: string; password: string; domain?: string }
type Saved = { label: string; pbx: 'acme' | 'bravo' | 'charlie' | 'legacy' | 'gone'; account: Account; remember: boolean; more?: Parameters<typeof profileFields>[3] }

/** The twelve saved PBXs; "gold" on five of them. */
const SAVED: Saved[] = [
  { label: 'Acme head office', pbx: 'acme', account: DEMO, remember: true, more: { group: 'North', tags: ['gold'], customer: 'Acme Ltd' } },
  { label: 'Acme system', pbx: 'acme', account: ADMIN, remember: true, more: { group: 'North' } },
  { label: 'Acme branch', pbx: 'acme', account: OTHER, remember: false, more: { group: 'North' } },
  { label: 'Bravo Ltd', pbx: 'bravo', account: DEMO, remember: true, more: { group: 'South', tags: ['gold'], colour: 'blue', favourite: true } },
  { label: 'Bravo system', pbx: 'bravo', account: ADMIN, remember: false, more: { group: 'South' } },
  { label: 'Bravo annex', pbx: 'bravo', account: OTHER, remember: true, more: { group: 'South', tags: ['silver'] } },
  { label: 'Charlie Corp', pbx: 'charlie', account: DEMO, remember: true, more: { tags: ['gold', 'silver'], colour: 'green' } },
  { label: 'Charlie annex', pbx: 'charlie', account: OTHER, remember: false, more: { tags: ['silver'] } },
  { label: 'Charlie system', pbx: 'charlie', account: ADMIN, remember: true },
  { label: 'Legacy Hotel', pbx: 'legacy', account: ADMIN, remember: true, more: { tags: ['gold'] } },
  { label: 'Legacy front desk', pbx: 'legacy', account: DEMO, remember: false },
  { label: 'Gone Inc', pbx: 'gone', account: DEMO, remember: true, more: { tags: ['gold'], colour: 'red' } },
]

/** Saves the twelve PBXs through the services, remembering the passwords of some, and shows them. */
async function saveFleet(app: Page, services: Services, pbxs: Record<Saved['pbx'], DemoPbx>): Promise<Record<string, string>> {
  const ids: Record<string, string> = {}
  for (const saved of SAVED) {
    const { username, domain = '' } = saved.account
    const profile = await services.handlers.saveProfile({ fields: profileFields(saved.label, pbxs[saved.pbx].url, username, { domain, ...saved.more }) })
    ids[saved.label] = profile.id
  }
  // remembered, then signed out: the fleet signs in from the keychain on its own
  await Promise.all(
    SAVED.filter((saved) => saved.remember).map(async (saved) => {
      await services.handlers.signIn({ profileId: ids[saved.label]!, password: saved.account.password, remember: true })
      await services.handlers.signOut({ profileId: ids[saved.label]! })
    }),
  )
  await showApp(app)
  return ids
}

type Fleet = { ids: Record<string, string>; pbxs: Record<Saved['pbx'], DemoPbx> }

const test = base.extend<{ fleet: Fleet }>({
  fleet: async ({ app, services, startPbx }, use) => {
    const [acme, bravo, charlie, legacy, gone] = await Promise.all([
      startPbx({ users: 20 }),
      startPbx({ users: 20 }),
      startPbx({ users: 20 }),
      startPbx({ seed: false, notificationVariant: 'legacy' }),
      startPbx({ seed: false }),
    ])
    const pbxs = { acme, bravo, charlie, legacy, gone }
    const ids = await saveFleet(app, services, pbxs)
    await switchRuleOff(acme.url, DEMO, 'Emergency')
    // stopped: the saved PBXs pointing at it are not reached
    await gone.stop()
    await use({ ids, pbxs })
  },
})

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

test.use({ viewport: { width: 1280, height: 820 } }) // the app window's default size

const table = (app: Page) => app.locator('.fleet-table')
const rows = (app: Page) => table(app).locator('tr[data-profile-id]')
const labels = (app: Page) => rows(app).locator('.fleet-name__label')
const row = (app: Page, label: string) => table(app).getByRole('row', { name: new RegExp(`^${label}[.,]`) })
const cell = (r: Locator, column: string) => r.locator(`td[data-col-key="${column}"]`)
const shown = (app: Page) => app.locator('.fleet-toolbar__count')
const activePbx = (app: Page) => app.getByRole('group', { name: 'Active PBX' })

/** "Columns": ticks the columns named, then closes the list with Escape, the focus back on the button. */
async function showColumns(app: Page, titles: string[]): Promise<void> {
  const button = app.getByRole('button', { name: 'Columns' })
  await button.click()
  const list = app.getByRole('group', { name: 'Columns to show' })
  for (const title of titles) await list.getByRole('checkbox', { name: title, exact: true }).check()
  await app.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(button).toBeFocused()
}

const header = (app: Page, key: string) => table(app).locator(`th[data-col-key="${key}"]`)

/**
 * Fleet in the sidebar, "Refresh all", and the wait until every row was read. One PBX answers
 * slowly meanwhile: local PBXs are read in a few ms, and the progress must stay up long enough for
 * the test to see it, however busy the machine.
 */
async function refreshAll(app: Page, fleet: Fleet): Promise<void> {
  await openArea(app, 'Fleet')
  await expect(rows(app)).toHaveCount(12)
  // the screen's own refresh as it opens (the PBXs never read, or read over two minutes ago) ends first
  await expect(app.locator('.fleet-age--refreshing')).toHaveCount(0, { timeout: 15_000 })
  fleet.pbxs.acme.faults.setLatency(1_500)
  await app.getByRole('button', { name: 'Refresh all' }).click()
  // answered at once: every row being read, the progress above the table
  await expect(app.locator('.fleet-age--refreshing').first()).toBeVisible()
  await expect(app.locator('.fleet-toolbar__progress')).toHaveText(/^Refreshing \d+ of 12$/)
  fleet.pbxs.acme.faults.setLatency(0)
  await expect(app.locator('.fleet-toolbar__progress')).toHaveText('')
  await expect(app.locator('.fleet-age--refreshing')).toHaveCount(0)
  await expect(rows(app).locator('td[data-col-key="checkedAt"]')).toHaveText(Array(12).fill('just now'))
}

test('Refresh all fills the table of 12 PBXs with their warnings, counts and access', async ({ app, fleet }) => {
  test.setTimeout(60_000)
  void fleet
  // a window wide enough for every column chosen below (narrower, those past its width fold
  // under the PBX's name: checked at the default size at the end)
  await app.setViewportSize({ width: 2048, height: 900 })
  await openArea(app, 'Fleet')
  // the figures beyond the default columns, chosen in "Columns" and still there after a restart
  await showColumns(app, ['Reached', 'IVR servers', 'Certificate', 'Tenant', 'Alert emails'])
  await app.reload()
  await openArea(app, 'Fleet')
  for (const key of ['reach', 'ivrServers', 'certificate', 'tenant', 'notifications']) await expect(header(app, key)).toHaveCount(1)
  // every saved PBX at once; the screen read them in the background as it first opened (issue
  // 38: it never opens on a sea of "not checked"), and read just now they are not asked again
  await expect(rows(app)).toHaveCount(12)
  await expect(shown(app)).toHaveText('12 PBXs')
  await expect(rows(app).locator('td[data-col-key="checkedAt"]')).toHaveText(Array(12).fill('just now'))
  await expect(cell(row(app, 'Gone Inc'), 'reach')).toHaveText('unreachable')
  await expect(app.locator('.fleet-toolbar__progress')).toHaveText('')

  await refreshAll(app, fleet)
  // favourites first, then by label
  await expect(labels(app)).toHaveText([
    'Bravo Ltd',
    'Acme branch',
    'Acme head office',
    'Acme system',
    'Bravo annex',
    'Bravo system',
    'Charlie annex',
    'Charlie Corp',
    'Charlie system',
    'Gone Inc',
    'Legacy front desk',
    'Legacy Hotel',
  ])

  // the stopped PBX: not reached, why in its warnings, the kept password still there
  const gone = row(app, 'Gone Inc')
  await expect(cell(gone, 'reach')).toHaveText('unreachable')
  await expect(cell(gone, 'access')).toHaveText('remembered')
  await expect(cell(gone, 'warnings').locator('[data-kind="unreachable"]')).toHaveText(/refused|not reach|did not answer/i)

  // a tenant admin whose password is remembered: signed in from the keychain, its figures read;
  // the Emergency rule switched off on the PBX is a warning
  const acme = row(app, 'Acme head office')
  await expect(cell(acme, 'reach')).toHaveText(/^reachable · \d+ ms$/)
  await expect(cell(acme, 'certificate')).toHaveText('plain http')
  await expect(cell(acme, 'access')).toHaveText('signed in')
  await expect(cell(acme, 'tenant')).toHaveText('Demo Company')
  await expect(cell(acme, 'dectBases')).toHaveText('3')
  await expect(cell(acme, 'handsets')).toHaveText('2')
  await expect(cell(acme, 'outboundRules')).toHaveText('3')
  await expect(cell(acme, 'ivrServers')).toHaveText('no access')
  await expect(cell(acme, 'warnings').locator('[data-kind]')).toHaveText(["1 outbound rule switched off: 'Emergency'"])
  // the warnings are a count (their list its description): red for not reached, amber for a rule
  // switched off; they do not look alike
  await expect(cell(gone, 'warnings').getByRole('button')).toHaveText('1 warning')
  await expect(cell(acme, 'warnings').getByRole('button')).toHaveAccessibleDescription("1 outbound rule switched off: 'Emergency'")
  const colour = (tag: Locator) => tag.evaluate((element) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(element).color)
  expect(await colour(cell(gone, 'warnings').getByRole('button'))).not.toBe(await colour(cell(acme, 'warnings').getByRole('button')))
  // the same tenant on another demo PBX, its rules all on: no warning
  await expect(cell(row(app, 'Bravo Ltd'), 'dectBases')).toHaveText('3')
  await expect(cell(row(app, 'Bravo Ltd'), 'warnings').locator('[data-kind]')).toHaveCount(0)

  // the system administrator reads the IVR servers and the alert emails
  const system = row(app, 'Acme system')
  await expect(cell(system, 'access')).toHaveText('signed in')
  await expect(cell(system, 'ivrServers')).toHaveText('2')
  await expect(cell(system, 'dectBases')).toHaveText('no access')
  await expect(cell(system, 'notifications')).toHaveText('recipients')
  // the legacy notification settings with no recipient: a warning
  const legacy = row(app, 'Legacy Hotel')
  await expect(cell(legacy, 'notifications')).toHaveText('none!')
  await expect(cell(legacy, 'warnings').locator('[data-kind="no_alert_recipients"]')).toHaveText('No one gets the alert emails: no recipients are set.')

  // no password kept: what /api/info says, no figures, and "Sign in" offered (only there)
  const branch = row(app, 'Acme branch')
  await expect(cell(branch, 'reach')).toHaveText(/^reachable/)
  await expect(cell(branch, 'access')).toHaveText('needs password')
  await expect(cell(branch, 'tenant')).toHaveText('Other Company')
  // blank on screen; what a screen reader hears: nothing is read until the user signs in
  await expect(cell(branch, 'dectBases')).toHaveText('Sign in to read')
  await expect(app.getByRole('button', { name: /^Sign in to / })).toHaveCount(4)
  for (const label of ['Acme branch', 'Bravo system', 'Charlie annex', 'Legacy front desk']) {
    await expect(row(app, label).getByRole('button', { name: `Sign in to ${label}` })).toBeVisible()
  }
  await expect(acme.getByRole('button', { name: 'Sign in to Acme head office' })).toHaveCount(0)

  mkdirSync(SCREENS, { recursive: true })
  await app.screenshot({ path: `${SCREENS}/fleet-table-wide.png` })
  // at the window's default size the chosen columns past its width fold under the PBX's name,
  // each with its title (issue 42): nothing off screen, no scrolling sideways
  await app.setViewportSize({ width: 1280, height: 820 })
  for (const key of ['reach', 'warnings', 'access', 'dectBases', 'handsets']) await expect(header(app, key)).toHaveCount(1)
  for (const key of ['outboundRules', 'ivrServers', 'checkedAt', 'certificate', 'tenant', 'notifications']) await expect(header(app, key)).toHaveCount(0)
  const folded = (r: Locator) => r.locator('.folded-titled > span')
  await expect(folded(acme)).toHaveText(['Outbound rules 3', 'IVR servers no access', 'Figures just now', 'Certificate plain http', 'Tenant Demo Company', /^Alert emails /])
  await app.screenshot({ path: `${SCREENS}/fleet-table.png` })
  // a row's warnings and its actions in view beside its name, down the list too
  await row(app, 'Gone Inc').scrollIntoViewIfNeeded()
  await expect(cell(gone, 'warnings')).toBeInViewport()
  await expect(row(app, 'Gone Inc').getByRole('button', { name: 'Open Gone Inc' })).toBeInViewport()

  // "Sign in" on a row: the sign-in dialog, and once signed in the row is read again, the fleet stays
  await branch.getByRole('button', { name: 'Sign in to Acme branch' }).click()
  await app.getByRole('textbox', { name: 'Password' }).fill(OTHER.password)
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(cell(branch, 'access')).toHaveText('signed in')
  await expect(cell(branch, 'dectBases')).toHaveText('0')
  await expect(branch.getByRole('button', { name: 'Sign in to Acme branch' })).toHaveCount(0)
  await expect(app).toHaveURL(/#\/fleet$/)
  await expect(activePbx(app)).toContainText('No PBX open')
})

test('search, the tag filter and a column header narrow and order the rows', async ({ app, fleet }) => {
  test.setTimeout(60_000)
  await refreshAll(app, fleet)
  const search = app.getByRole('searchbox', { name: 'Search the fleet by label, customer, tenant, group or tag' })

  // by label, customer and, once read, the tenant's name; every word must be found
  await search.fill('charlie')
  await expect(labels(app)).toHaveText(['Charlie annex', 'Charlie Corp', 'Charlie system'])
  await expect(shown(app)).toHaveText('3 of 12 shown')
  await search.fill('acme ltd')
  await expect(labels(app)).toHaveText(['Acme head office'])
  await search.fill('other company')
  await expect(labels(app)).toHaveText(['Acme branch', 'Bravo annex', 'Charlie annex'])
  await search.fill('south')
  await expect(labels(app)).toHaveText(['Bravo Ltd', 'Bravo annex', 'Bravo system'])
  await search.fill('nothing like this')
  await expect(rows(app)).toHaveCount(0)
  await expect(table(app)).toContainText('No PBX matches the search and the filters')
  await search.fill('')
  await expect(rows(app)).toHaveCount(12)

  // the tag "gold": the five PBXs wearing it
  await app.getByRole('group', { name: 'Filters' }).locator('.fleet-filters__tags').click()
  await expect(app.getByRole('textbox', { name: 'Filter by tag' })).toBeFocused()
  await app.keyboard.type('gol')
  await expect(app.locator('.n-base-select-option').filter({ visible: true })).toHaveText(['gold'])
  await app.keyboard.press('Enter')
  await app.keyboard.press('Escape')
  await expect(labels(app)).toHaveText(['Bravo Ltd', 'Acme head office', 'Charlie Corp', 'Gone Inc', 'Legacy Hotel'])
  await expect(shown(app)).toHaveText('5 of 12 shown')
  // and the search on top of it
  await search.fill('acme')
  await expect(labels(app)).toHaveText(['Acme head office'])
  await search.fill('')
  await app.getByRole('button', { name: 'Clear filters' }).click()
  await expect(rows(app)).toHaveCount(12)

  // a header sorts: DECT bases, ascending then descending (the favourite stays first), ties by label
  const bases = app.getByRole('button', { name: 'DECT bases: sort' })
  await bases.click()
  await expect(app.getByRole('button', { name: 'DECT bases, sorted ascending: sort' })).toBeVisible()
  await app.getByRole('button', { name: 'DECT bases, sorted ascending: sort' }).click()
  await expect(app.getByRole('button', { name: 'DECT bases, sorted descending: sort' })).toBeVisible()
  await expect(labels(app)).toHaveText([
    'Bravo Ltd',
    'Acme head office',
    'Charlie Corp',
    'Bravo annex',
    'Acme system',
    'Charlie system',
    'Legacy Hotel',
    'Acme branch',
    'Bravo system',
    'Charlie annex',
    'Gone Inc',
    'Legacy front desk',
  ])
  // blank: four need their password (nothing read until signed in), one was not reached
  await expect(rows(app).locator('td[data-col-key="dectBases"]')).toHaveText([
    '3',
    '3',
    '3',
    '0',
    'no access',
    'no access',
    'no access',
    'Sign in to read',
    'Sign in to read',
    'Sign in to read',
    'Not read yet',
    'Sign in to read',
  ])
  // without "Favourites first" the favourite takes its place among the others
  await app.getByRole('checkbox', { name: 'Favourites first' }).click()
  await expect(labels(app).first()).toHaveText('Acme head office')
  await expect(labels(app).nth(1)).toHaveText('Bravo Ltd')
})

test('a row opens its PBX: Enter on the focused row, or a double click', async ({ app, fleet }) => {
  test.setTimeout(60_000)
  await refreshAll(app, fleet)
  await expect(activePbx(app)).toContainText('No PBX open')

  // Enter on a focused row: signed in already by the fleet, so no password is asked
  await row(app, 'Charlie Corp').focus()
  await app.keyboard.press('Enter')
  await expect(activePbx(app)).toContainText('Charlie Corp: signed in as manager · Admin')
  await expect(app).toHaveURL(/#\/dect$/)

  // back to the fleet: the arrow keys move between rows, a double click opens another one
  await openArea(app, 'Fleet')
  await row(app, 'Charlie Corp').focus()
  await app.keyboard.press('ArrowDown')
  await expect(row(app, 'Charlie system')).toBeFocused()
  await row(app, 'Legacy Hotel').dblclick()
  await expect(activePbx(app)).toContainText('Legacy Hotel: signed in as admin')

  // a PBX without a kept password asks for it first
  await openArea(app, 'Fleet')
  await row(app, 'Bravo system').dblclick()
  await app.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password)
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(activePbx(app)).toContainText('Bravo system: signed in as admin')
})

test.describe('at 1280×800 (issue 38)', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the default columns show every figure without scrolling sideways; a warnings count lists them on keyboard focus', async ({ app, fleet }) => {
    test.setTimeout(60_000)
    await refreshAll(app, fleet)

    // the table is no wider than its place beside the sidebar: nothing to scroll to
    const scroller = table(app).locator('.n-data-table-base-table-body .n-scrollbar-container').first()
    expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
    // each figure's header whole in the window, left of the pinned actions (nothing under them)
    const actions = (await header(app, 'actions').boundingBox())!
    expect(actions.x + actions.width).toBeLessThanOrEqual(1280)
    for (const key of ['access', 'dectBases', 'handsets', 'outboundRules', 'checkedAt']) {
      const box = (await header(app, key).boundingBox())!
      expect(box.x + box.width, `the ${key} header ends before the actions`).toBeLessThanOrEqual(actions.x + 0.5)
      expect(box.x + box.width, `the ${key} header ends inside the window`).toBeLessThanOrEqual(1280)
    }

    // from the row, Tab: its star, then its warnings; the list shows while the count has the focus
    const gone = row(app, 'Gone Inc')
    await gone.focus()
    await app.keyboard.press('Tab')
    await app.keyboard.press('Tab')
    const count = cell(gone, 'warnings').getByRole('button')
    await expect(count).toBeFocused()
    await expect(count).toHaveText(/^\d+ warnings?$/)
    await expect(count).toHaveAccessibleDescription(/refused|not reach|did not answer/i)
    const list = app.locator('.n-popover .fleet-warnings')
    await expect(list.locator('[data-kind="unreachable"]')).toBeVisible()
    await expect(list.locator('[data-kind="unreachable"]')).toHaveText(/refused|not reach|did not answer/i)
    mkdirSync(SCREENS, { recursive: true })
    await app.screenshot({ path: `${SCREENS}/fleet-1280.png` })
    // Escape hides it, the focus staying
    await app.keyboard.press('Escape')
    await expect(list).toBeHidden()
    await expect(count).toBeFocused()
    // and a pointer over another count shows that one's
    await cell(row(app, 'Acme head office'), 'warnings').getByRole('button').hover()
    await expect(list.locator('[data-kind]')).toHaveText(["1 outbound rule switched off: 'Emergency'"])

    // "Columns" lists the optional ones, the default ones ticked; from the keyboard, Tab goes into it
    await app.getByRole('button', { name: 'Columns' }).focus()
    await app.keyboard.press('Enter')
    const choice = app.getByRole('group', { name: 'Columns to show' })
    await app.keyboard.press('Tab')
    await expect(choice.getByRole('checkbox', { name: 'Reached' })).toBeFocused()
    await expect(choice.getByRole('checkbox', { name: 'Handsets' })).toBeChecked()
    await expect(choice.getByRole('checkbox', { name: 'Reached' })).not.toBeChecked()
    await app.screenshot({ path: `${SCREENS}/fleet-1280-columns.png` })
  })
})
