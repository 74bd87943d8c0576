import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { Services } from '../../electron/services'
import {
  ADMIN,
  batchFromFixture,
  expectNoSeriousViolation,
  expectNoSeriousViolationInFrame,
  expectNamedDialogs,
  expectScheme,
  fileNameOf,
  MANAGER,
  OTHER_MANAGER,
  pushBatch,
  SCHEME_RULES,
  rollOut,
  settle,
  signedInPbx,
  type AxeExceptions,
} from './a11y-steps'
import { FULL_BROWSER_TAG } from '../support/chromium'
import { closedPort } from '../support/closed-port'
import { choose, fixturePath, savePbx, openArea, openScanning, switchRuleOff, type DemoAccount } from './e2e-steps'
import { expect, showApp, test, type DemoPbx } from './harness'
import { expectVisibleFocus } from './focus-walk'
import { expectFormPixels, type FormPixels } from './form-pixels'
import { expectLayout, type LayoutOf } from './layout-audit'
import { countSandboxRefusals } from './mail-steps'
import { endScreen, printTotals, startScreen, timed, timedPart } from './a11y-times'

/**
 * Issue 8's accessibility pass: every screen, with real content from the demo PBX and signed in
 * as the user who may use it, checked by axe-core against WCAG 2.0/2.1 A and AA, in light and in
 * dark (the OS scheme, which the app follows). A serious or critical violation fails the test;
 * every violation found is printed with its selectors. Then a Tab walk through the screen checks
 * that every control the keyboard reaches looks different when focused (focus-walk.ts).
 *
 * One visit a screen (issue 41): it is brought up once and checked in both schemes on the same
 * loaded page, and in each scheme audited for its layout at 1024×700 and 1280×800 (issue 42,
 * layout-audit.ts). Each screen of the list says why it is there: a layout no other screen has.
 * accessibility-pass.spec.ts shows the pass still failing what it must. The screens are checked in
 * Chromium's headless shell, as the other end-to-end tests run; one where the shell would judge
 * otherwise than the app's window says why, and is checked in the full browser (`fullBrowser`).
 */

const SCHEMES = ['light', 'dark'] as const

// a customer's name as resellers type them: long, German, with an ampersand (issue 42: long names by design)
const DEMO = 'Zahnarztpraxis Dr. Müller-Lüdenscheidt & Partner'
const OTHER = 'Other Company'
/** a batch named as an installer names a site's part: long, with its wing in brackets */
const TYPED_BATCH = 'Erdgeschoss und Lager (Nordflügel), von Hand getippt'
const SYSTEM = 'Head office'

type Context = { app: Page; services: Services; pbx: DemoPbx; scheme: 'light' | 'dark' }
type Screen = {
  name: string
  /** why it is in the list: what it has that no other screen of the list has */
  why: string
  /** brings the screen up, with its content shown */
  show(context: Context): Promise<void>
  /** a shot of the screen into /tmp/e2e-shots/, to look at what axe cannot judge */
  shot?: true
  exceptions?: AxeExceptions
  /** a check of its own after the page's, for what the page's run leaves out */
  alsoCheck?(context: Context): Promise<void>
  /** where the Tab walk for visible focus starts: the screen's content (default) or the top of the page */
  focusWalk?: 'whole page'
  /** what the layout audit holds it to beyond what it holds every screen to (layout-audit.ts) */
  layout?: LayoutOf
  /** why it is checked in the full browser, where the headless shell would judge it otherwise (playwright.config.ts) */
  fullBrowser?: string
  /** a form whose look is held pixel for pixel in each scheme (form-pixels.ts) */
  pixels?: FormPixels
}

/** The areas a screen of the pass opens on, by the title the sidebar gives them, and their paths. */
const AREA_PATHS = { 'DECT phones': '/dect', 'IVR servers': '/ivr', 'Outbound rules': '/outbound', 'Email templates': '/templates', Notifications: '/notifications' } as const
type Area = keyof typeof AREA_PATHS

/**
 * Signed in through the services as `account`, then the app loaded where it was left: that PBX
 * open, on `area` (its first area without one). The app reopens the place it remembered, as after
 * a restart (composables/remembered-place.ts), without a click to get there (issue 41).
 * `beforeLoad` is done through the services once signed in, before the app is loaded.
 */
async function signedInAt(
  { app, services, pbx }: Context,
  label: string,
  account: DemoAccount,
  area?: Area,
  beforeLoad?: (profileId: string) => Promise<unknown>,
): Promise<string> {
  const profileId = await timedPart('set-up: signed in, through the services', () => signedInPbx(services, label, pbx.url, account))
  await beforeLoad?.(profileId)
  await services.handlers.saveUiState({ lastProfileId: profileId, lastPath: area ? AREA_PATHS[area] : null })
  await timedPart('set-up: the app loaded', () => showApp(app))
  await timedPart('set-up: the PBX opened', async () => {
    await expect(app.getByText(new RegExp(`signed in as ${account.username} · `))).toBeVisible()
    if (area) await expect(app).toHaveURL(new RegExp(`#${AREA_PATHS[area]}$`))
  })
  return profileId
}

/** The tenant admin on the demo tenant, with the PBX open in the app (on `area`). */
const asManager = (context: Context, area?: Area, beforeLoad?: (profileId: string) => Promise<unknown>): Promise<string> => signedInAt(context, DEMO, MANAGER, area, beforeLoad)

/** The system administrator, with the PBX open in the app (on `area`). */
const asAdmin = (context: Context, area?: Area): Promise<string> => signedInAt(context, SYSTEM, ADMIN, area)

/** A batch of the mixed-MAC fixture (two rows with errors), opened on its rows. */
async function batchWithErrors(context: Context): Promise<void> {
  const { app, services } = context
  await batchFromFixture(services, TYPED_BATCH, 'mixed-mac-forms.csv')
  await asManager(context, 'DECT phones')
  await app.getByRole('button', { name: `Open ${TYPED_BATCH}` }).click()
  await expect(app.getByText(/7 rows · 2 with errors/)).toBeVisible()
}

/** A batch pushed to the demo PBX (its five valid rows), opened on a tab. */
async function pushedBatch(context: Context, tab: string): Promise<void> {
  const { app, services } = context
  const batchId = await batchFromFixture(services, 'Site A handsets', 'mixed-mac-forms.csv')
  await asManager(context, 'DECT phones', (profileId) => pushBatch(services, batchId, profileId))
  await app.getByRole('button', { name: 'Open Site A handsets' }).click()
  await app.getByRole('tab', { name: tab }).click()
}

/** The labels exported as a PDF from the Labels tab: the toast that names the file, shown. */
async function exportLabels(app: Page): Promise<void> {
  const labels = app.getByRole('region', { name: 'Labels' })
  await Promise.all([app.waitForEvent('download'), labels.getByRole('button', { name: 'Export PDF' }).click()])
  await expect(app.locator('.n-message', { hasText: 'Exported the labels' }).last()).toContainText(/labels-[a-z0-9-]+\.pdf/)
}

/** The new-batch wizard with the German Excel fixture read, on its column mapping. */
async function wizardOnColumns(context: Context): Promise<void> {
  const { app } = context
  await asManager(context, 'DECT phones')
  await app.getByRole('button', { name: 'New batch from a spreadsheet' }).click()
  await app.getByLabel('Spreadsheet file').setInputFiles(fixturePath('excel-semicolon-bom.csv'))
  await expect(app.getByLabel('Field for column MAC-Adresse')).toBeVisible()
}

/** The value of some text box on the page is `value` (Vue sets the property, not the attribute). */
async function expectFieldWithValue(app: Page, value: string): Promise<void> {
  await expect
    .poll(async () => {
      const values = await Promise.all((await app.locator('input, textarea').all()).map((field) => field.inputValue()))
      return values.includes(value)
    })
    .toBe(true)
}

const PREVIEW_FRAME = 'iframe.template-preview__frame'

const CLOSED = 'Closed branch'
const fleetRows = (app: Page) => app.locator('.fleet-table tr[data-profile-id]')
const fleetCell = (app: Page, label: string, column: string) =>
  app.locator('.fleet-table').getByRole('row', { name: new RegExp(`^${label}[.,]`) }).locator(`td[data-col-key="${column}"]`)

/**
 * The fleet read once, with what each kind of row looks like: the demo tenant signed in (a rule
 * switched off on its PBX: an amber warning), the other tenant saved with nothing kept ("needs
 * password", "Sign in"), and a PBX that is not there any more (not reached: a red warning).
 */
async function fleetRead(context: Context): Promise<void> {
  const { app, services, pbx } = context
  await signedInPbx(services, DEMO, pbx.url, MANAGER)
  await savePbx(services, OTHER, pbx.url, OTHER_MANAGER)
  await switchRuleOff(pbx.url, MANAGER, 'Emergency')
  // a port nothing listens on any more: a demo PBX started and stopped
  await savePbx(services, CLOSED, `http://127.0.0.1:${await closedPort()}`, MANAGER)
  await showApp(app)
  await openArea(app, 'Fleet')
  await expect(fleetRows(app)).toHaveCount(3)
  await app.getByRole('button', { name: 'Refresh all' }).click()
  await expect(fleetRows(app).locator('td[data-col-key="checkedAt"]')).toHaveText(Array(3).fill('just now'))
  // each warnings cell a count, a button whose description is the list (shown on hover and focus)
  await expect(fleetCell(app, CLOSED, 'warnings').getByRole('button', { name: '1 warning' })).toBeVisible()
  await expect(fleetCell(app, CLOSED, 'warnings').locator('[data-kind="unreachable"]')).toHaveCount(1)
  await expect(fleetCell(app, DEMO, 'warnings').getByRole('button', { name: '1 warning' })).toBeVisible()
  await expect(fleetCell(app, DEMO, 'warnings').locator('[data-kind="rule_disabled"]')).toHaveCount(1)
}

/** The focused control is a select's box, named `name`, its menu closed. */
async function expectFocusedSelect(app: Page, name: string): Promise<void> {
  const focused = app.locator(':focus')
  await expect(focused).toHaveRole('combobox')
  await expect(focused).toHaveAccessibleName(name)
  await expect(focused).toHaveAttribute('aria-expanded', 'false')
}

/** Presses Tab until the focus is on `target` (a locator with `:focus` in it), ten times at most; answers the focused control. */
async function tabToFirst(app: Page, target: Locator): Promise<Locator> {
  for (let presses = 0; presses < 10 && (await target.count()) === 0; presses++) await app.keyboard.press('Tab')
  await expect(target, 'Tab reaches it').toHaveCount(1)
  return app.locator(':focus')
}

/** The demo tenant and the other tenant of the demo PBX, saved and both signed in. */
async function twoTenants({ app, services, pbx }: Context): Promise<{ demo: string; other: string }> {
  const demo = await signedInPbx(services, DEMO, pbx.url, MANAGER)
  const other = await signedInPbx(services, OTHER, pbx.url, OTHER_MANAGER)
  await showApp(app)
  return { demo, other }
}

/** Fleet in the sidebar, then one of its pages. */
async function openFleetPage(app: Page, page: 'Compare' | 'Roll out' | 'History'): Promise<void> {
  await openArea(app, 'Fleet')
  await app.getByRole('navigation', { name: 'Fleet pages' }).getByRole('link', { name: page }).click()
}

const SCREENS: Screen[] = [
  // --- PBXs ------------------------------------------------------------------------------------
  {
    name: 'PBXs: the saved PBXs',
    why: "the first screen: the list's rows, their buttons and the toolbar, the app's frame walked whole",
    layout: { keyColumns: ['Label', 'Session, last used'] },
    shot: true,
    // the app's frame (top bar, sidebar) is walked here, once
    focusWalk: 'whole page',
    async show({ app, services, pbx }) {
      await signedInPbx(services, DEMO, pbx.url, MANAGER)
      await savePbx(services, SYSTEM, pbx.url, ADMIN)
      await showApp(app)
      await expect(app.getByRole('button', { name: `Open ${DEMO}` })).toBeVisible()
      await expect(app.getByRole('button', { name: `Open ${SYSTEM}` })).toBeVisible()
    },
  },
  {
    name: 'PBXs: the edit PBX dialog',
    why: 'the form every saved PBX is edited in: its fields come from the contract',
    shot: true,
    // the address holds the demo PBX's port, new each run
    pixels: { form: (app) => app.getByRole('dialog'), mask: (app) => [app.getByRole('dialog').getByLabel('Address')] },
    async show({ app, services, pbx }) {
      await savePbx(services, DEMO, pbx.url, MANAGER)
      await showApp(app)
      await app.getByRole('button', { name: `Edit ${DEMO}` }).click()
      await expect(app.getByRole('dialog').getByLabel('Label')).toHaveValue(DEMO)
    },
  },
  {
    name: 'PBXs: the add PBX dialog, connection tested',
    why: "the same form empty, with the connection test's answer beside it",
    async show({ app, pbx }) {
      await showApp(app)
      await app.getByRole('button', { name: 'Add PBX' }).first().click()
      await app.getByLabel('Label').fill('Acme head office')
      await app.getByLabel('Address').fill(pbx.url)
      await app.getByLabel('User name').fill('manager')
      await app.getByLabel('Tenant domain').fill('demo.pbx.example')
      await app.getByRole('button', { name: 'Test connection' }).click()
      await expect(app.getByRole('dialog').getByText('Demo Company').first()).toBeVisible()
    },
  },
  {
    name: 'PBXs: the sign-in dialog',
    why: 'the password dialog every PBX opens with',
    shot: true,
    async show({ app, services, pbx }) {
      await savePbx(services, DEMO, pbx.url, MANAGER)
      await showApp(app)
      await app.getByRole('button', { name: `Open ${DEMO}` }).click()
      await expect(app.getByRole('dialog', { name: `Sign in to ${DEMO}` }).getByRole('textbox', { name: 'Password' })).toBeVisible()
    },
  },
  {
    name: 'PBXs: the remove confirmation',
    why: 'the confirmation dialog the app uses for every removal',
    async show({ app, services, pbx }) {
      await savePbx(services, DEMO, pbx.url, MANAGER)
      await showApp(app)
      await app.getByRole('button', { name: `Remove ${DEMO}` }).click()
      await expect(app.getByRole('dialog', { name: `Remove ${DEMO}?` })).toHaveAccessibleDescription(/nothing on the PBX itself changes/)
    },
  },
  {
    name: 'PBXs: add many, a list checked',
    why: 'the list import: a pasted list, its table of rows with a problem named by row and field, the passwords per account',
    async show({ app, pbx }) {
      await showApp(app)
      await app.getByRole('button', { name: 'Add many…' }).click()
      const dialog = app.locator('.pbx-list-import')
      const list = dialog.getByLabel('The list: a header row, then one PBX a row')
      await list.fill(`label,address,user,tenant\nAcme,${pbx.url},manager,demo.pbx.example\nBravo,https://admin:secret@pbx.bravo.example,manager,other.pbx.example`)
      await list.press('Control+Enter')
      await expect(dialog.getByText('Fix the 1 problem in the list, then check again.')).toBeVisible()
    },
    layout: { keyColumns: ['Row', 'Check, problems'] },
  },
  // --- DECT phones -----------------------------------------------------------------------------
  {
    name: 'DECT: the batches',
    why: 'the list of batches with their state tags',
    async show(context) {
      const { app, services } = context
      await batchFromFixture(services, TYPED_BATCH, 'mixed-mac-forms.csv')
      await batchFromFixture(services, 'Excel export', 'excel-semicolon-bom.csv')
      await asManager(context, 'DECT phones')
      await expect(app.getByRole('button', { name: 'Open Excel export' })).toBeVisible()
    },
    layout: { keyColumns: ['Name', 'Status', 'On the PBX', 'Actions'] },
  },
  {
    name: 'DECT: new batch, the spreadsheet step',
    why: "the wizard's first step: the drop zone and the file picker",
    async show(context) {
      const { app } = context
      await asManager(context, 'DECT phones')
      await app.getByRole('button', { name: 'New batch from a spreadsheet' }).click()
      await expect(app.getByLabel('Spreadsheet file')).toBeAttached()
    },
  },
  {
    name: 'DECT: new batch, the column mapping',
    why: "the mapping table: a select per column over the file's first rows",
    shot: true,
    show: wizardOnColumns,
  },
  {
    name: 'DECT: new batch, defaults and name',
    why: "the wizard's last step: the batch defaults form and the PBX picker",
    async show(context) {
      const { app } = context
      await wizardOnColumns(context)
      await app.getByRole('button', { name: 'Next' }).click()
      await expect(app.getByLabel('Batch name')).toHaveValue('excel-semicolon-bom')
    },
  },
  {
    name: 'DECT: a batch with errors, its rows',
    why: 'the rows table with errors and warnings in words, its filters and bulk actions',
    // the rows with errors, the last two, are below the window at both sizes: scrolled to, their reasons audited too
    layout: { keyColumns: ['Row', 'MAC', 'State', 'Problems'], alsoAt: ['.dect-rows tr[aria-rowindex="8"]'] },
    shot: true,
    show: batchWithErrors,
  },
  {
    name: 'DECT: a spreadsheet added to a batch, its columns',
    why: 'the mapping table again, in the dialog that adds a file to a batch (its own title, hint and buttons)',
    async show(context) {
      const { app } = context
      await batchWithErrors(context)
      await app.getByRole('button', { name: 'Add from a spreadsheet…' }).click()
      const dialog = app.getByRole('dialog', { name: `Add a spreadsheet to ${TYPED_BATCH}` })
      await dialog.getByLabel('Spreadsheet file').setInputFiles(fixturePath('excel-semicolon-bom.csv'))
      await expect(dialog.getByLabel('Field for column MAC-Adresse')).toBeVisible()
    },
  },
  {
    name: 'DECT: the batch defaults dialog',
    why: 'the defaults form in a dialog, over the rows',
    pixels: { form: (app) => app.getByRole('dialog', { name: 'Batch defaults' }) },
    async show(context) {
      const { app } = context
      await batchWithErrors(context)
      await app.getByRole('button', { name: 'Batch defaults…' }).click()
      await expect(app.getByRole('dialog', { name: 'Batch defaults' })).toBeVisible()
    },
  },
  {
    name: 'DECT: scan mode, the first question',
    why: "scan mode's question before the first scan: the base model (the PBX's list, its keys shown), the name pattern, the first extension",
    shot: true,
    async show(context) {
      const { app } = context
      await asManager(context, 'DECT phones')
      await app.getByRole('button', { name: 'New batch by scanning' }).click()
      await expect(app.getByRole('form', { name: 'Before the first scan: which bases?' })).toContainText('DECT models the PBX lists')
    },
  },
  {
    name: 'DECT: scan mode, scanning',
    why: 'the scan field with its line, the model of the next bases and the keys that change it, the count',
    shot: true,
    async show(context) {
      const { app } = context
      await asManager(context, 'DECT phones')
      await app.getByRole('button', { name: 'New batch by scanning' }).click()
      await expect(app.getByRole('form', { name: 'Before the first scan: which bases?' })).toContainText('DECT models the PBX lists')
      await app.keyboard.type('W80')
      await expect(app.locator('.scan-model__option').filter({ hasText: 'Yealink W80B' })).toBeVisible()
      await app.keyboard.press('Enter')
      await app.keyboard.press('Enter')
      const scan = app.getByRole('region', { name: 'Scan bases' })
      await expect(scan.getByRole('textbox', { name: 'Scan a MAC' })).toBeFocused()
      await app.keyboard.type('001565AABB01\n', { delay: 0 })
      await expect(scan.getByRole('status')).toHaveText('✓ Base 1 — 00:15:65:AA:BB:01')
    },
  },
  {
    name: 'DECT: the push panel, a target chosen',
    why: 'the push panel: its button naming what it sends, the concurrency, the progress',
    async show(context) {
      const { app } = context
      await batchWithErrors(context)
      await app.getByRole('tab', { name: 'Push' }).click()
      const panel = app.getByRole('region', { name: 'Push to a PBX' })
      await panel.getByRole('textbox', { name: 'Target PBX' }).click()
      await app.locator('.n-base-select-option', { hasText: DEMO }).click()
      await expect(panel.getByRole('button', { name: 'Push 5 bases' })).toBeVisible()
    },
  },
  {
    name: 'DECT: the push panel, the list of PBXs open',
    why: "the PBX picker's open list (a popup of its own), over the push panel",
    async show(context) {
      const { app } = context
      await batchWithErrors(context)
      await app.getByRole('tab', { name: 'Push' }).click()
      await app.getByRole('region', { name: 'Push to a PBX' }).getByRole('textbox', { name: 'Target PBX' }).click()
      await expect(app.locator('.n-base-select-option', { hasText: DEMO })).toBeVisible()
    },
  },
  {
    name: 'DECT: the QR codes after a push',
    why: "the QR walk: one phone's code at a time, its keys",
    shot: true,
    async show(context) {
      await pushedBatch(context, 'QR codes')
      await expect(context.app.getByRole('region', { name: 'QR code walk' }).getByText('1 of 5')).toBeVisible()
    },
  },
  {
    name: 'DECT: the labels after a push',
    why: "the label sheet settings and their preview; the labels exported, their toast over the screen (a file's long name in it)",
    // (brought up in the last scheme's audit only)
    layout: { toast: exportLabels },
    async show(context) {
      await pushedBatch(context, 'Labels')
      await expect(context.app.getByRole('region', { name: 'Labels' }).getByRole('button', { name: 'Export PDF' })).toBeVisible()
    },
  },
  {
    name: 'DECT: handsets enrolled by scanner',
    why: 'the Handsets tab enrolling by scanner: the free range read from the PBX, the scan field with its line, the table of handsets following the one scanned (issue 40); the enrol panel in one line at 1280 px (issue 42)',
    layout: { keyColumns: ['IPUI (IPEI)', 'Extension', 'Problems', 'State'], alsoAt: ['.handsets'] },
    async show(context) {
      const { app } = context
      await pushedBatch(context, 'Handsets (0)')
      const { enrol } = await openScanning(app)
      await app.keyboard.type('001565AABB02\n00AF000001\n', { delay: 0 })
      await expect(enrol.getByRole('status')).toHaveText(/^✓ Extension \d+: handset 00AF000001 on base /)
      await expect(enrol.getByText(/ · 1 handset · 1 added in this session$/)).toBeVisible()
      await expect(app.getByRole('tab', { name: 'Handsets (1)' })).toBeVisible()
    },
  },
  {
    name: 'DECT: on site after a push',
    why: "the bases' table of the on-site check: a checkbox, a state, a reason, the handsets and the actions in each row, the state filter and the actions on the selected bases (issue 40)",
    shot: true,
    async show(context) {
      const { app, services, pbx } = context
      await pushedBatch(context, 'On site')
      // one base fetches its configuration, so its row has its actions
      const listed = (await services.handlers.listBatches(undefined)).find((b) => b.name === 'Site A handsets')!
      const batch = await services.handlers.getBatch({ batchId: listed.id })
      expect((await fetch(new URL(new URL(batch.rows.find((row) => row.outcome.url)!.outcome.url!).pathname, pbx.url))).status).toBe(200)
      const site = app.getByRole('region', { name: 'On-site check' })
      await site.getByRole('button', { name: 'Check now' }).click()
      await expect(site.getByText('1 of 5 pushed bases have fetched their configuration')).toBeVisible()
      // one base selected: the actions on the selection are on offer
      await site.getByRole('checkbox', { name: /^Select (?!every)/ }).first().click()
      await expect(site.getByText('1 selected')).toBeVisible()
    },
  },
  {
    name: 'DECT: the phones on the PBX',
    why: "the PBX's own DECT phones, a table read from the PBX",
    async show(context) {
      const { app } = context
      await asManager(context, 'DECT phones')
      await app.getByRole('tab', { name: 'Phones on the PBX' }).click()
      await expect(app.getByRole('region', { name: 'DECT phones on the PBX' }).getByText('Reception base')).toBeVisible()
    },
    layout: { keyColumns: ['Name', 'MAC'] },
  },
  {
    name: 'DECT: a phone on the PBX, opened',
    why: "one phone's form, every field of the API's phone, and its members",
    shot: true,
    async show(context) {
      const { app } = context
      await asManager(context, 'DECT phones')
      await app.getByRole('tab', { name: 'Phones on the PBX' }).click()
      await app.getByRole('row', { name: /^Reception base .*: open$/ }).click()
      await expect(app.getByRole('dialog')).toBeVisible()
      await expectFieldWithValue(app, 'Reception base')
    },
  },
  // --- IVR servers -----------------------------------------------------------------------------
  {
    name: 'IVR servers: sign in as the system administrator, from a tenant entry',
    why: "the area's offer of the second sign-in and its dialog over it: one entry for both roles",
    shot: true,
    async show(context) {
      const { app } = context
      // (the tenant admin may not use the area: the app would not reopen it, it is clicked)
      await asManager(context)
      await openArea(app, 'IVR servers')
      await app.getByRole('button', { name: 'Sign in as the system administrator of this PBX' }).click()
      const dialog = app.getByRole('dialog', { name: /Sign in as the system administrator of this PBX/ })
      await expect(dialog.getByRole('textbox', { name: 'System administrator' })).toBeFocused()
    },
  },
  {
    name: 'IVR servers: the list',
    why: 'the IVR servers table',
    layout: { keyColumns: ['Name', 'Reachability', 'Actions'] },
    shot: true,
    async show(context) {
      const { app } = context
      await asAdmin(context, 'IVR servers')
      await expect(app.getByRole('region', { name: 'IVR servers' }).getByText('2 servers', { exact: true })).toBeVisible()
    },
  },
  {
    name: 'IVR servers: the new-server wizard, with the reasons beside the fields',
    why: "a step form with the PBX's refusals beside its fields",
    pixels: { form: (app) => app.getByRole('form', { name: 'New IVR server' }) },
    async show(context) {
      const { app } = context
      await asAdmin(context, 'IVR servers')
      await app.getByRole('button', { name: 'Add IVR server' }).click()
      await expect(app.getByRole('heading', { name: `New IVR server on ${SYSTEM}` })).toBeVisible()
      await app.getByRole('textbox', { name: /^Name\b/ }).fill('Branch office IVR')
      await app.getByRole('button', { name: 'Add server' }).click()
      const atLeastOne = 'give an IPv4 or an IPv6 address (at least one is needed)'
      await expect(app.getByText(atLeastOne).first()).toBeVisible()
      // what Naive UI leaves out and lib/naive-a11y.ts puts in (axe does not ask for it): the
      // required mark is not read as part of the name, the field says it is required, and the
      // reason below a field describes it and marks it invalid
      await expect(app.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-required', 'true')
      const ipv4 = app.getByRole('textbox', { name: 'IPv4 address', exact: true })
      await expect(ipv4).toHaveAccessibleDescription(new RegExp(atLeastOne.replace(/[()]/g, '\\$&')))
      await expect(ipv4).toHaveAttribute('aria-invalid', 'true')
    },
  },
  // --- Outbound rules --------------------------------------------------------------------------
  {
    name: 'Outbound rules: the list',
    why: 'the rules table, a rule switched off, the reasons beside the names',
    shot: true,
    async show(context) {
      const { app } = context
      await asManager(context, 'Outbound rules')
      await expect(app.getByRole('link', { name: 'International' })).toBeVisible()
    },
    layout: { keyColumns: ['Name', 'State', 'Actions'] },
  },
  {
    name: 'Outbound rules: the editor of a seeded rule',
    why: 'the largest form: routes, office hours, holidays, number tags (55 stops)',
    shot: true,
    pixels: { form: (app) => app.locator('.rule-editor__form') },
    // its routes, below the window: a switch in a row of fields
    layout: { alsoAt: ['.route-row'] },
    async show(context) {
      const { app } = context
      await asManager(context, 'Outbound rules')
      await app.getByRole('link', { name: 'International' }).click()
      await expect(app).toHaveURL(/#\/outbound\/rules\//)
      await expectFieldWithValue(app, 'International')
    },
  },
  {
    name: 'Outbound rules: a number tested',
    why: "the rule tester's answer, each rule's reason in words: one skipped, one applies, one not reached",
    shot: true,
    async show(context) {
      const { app } = context
      await asManager(context, 'Outbound rules')
      await app.getByRole('tab', { name: 'Test a number' }).click()
      // a national number: Emergency (priority 1) skipped for its prefix, Local (100, every hour)
      // applies, International (200) not reached, whatever the time of the run
      await app.getByLabel('Number dialled').fill('0301234567')
      await app.getByLabel('Calling extension').fill('201')
      await app.getByRole('button', { name: 'Test', exact: true }).click()
      await expect(app.locator('.number-test__answer')).toBeVisible()
      for (const outcome of ['skipped', 'matched', 'not-reached']) await expect(app.locator(`.number-test-verdicts__rule--${outcome}`)).toHaveCount(1)
    },
  },
  {
    name: 'Outbound rules: the copy preview',
    why: 'the dialog that copies rules to another PBX, its preview',
    shot: true,
    async show(context) {
      const { app, services, pbx } = context
      await signedInPbx(services, OTHER, pbx.url, OTHER_MANAGER)
      await asManager(context, 'Outbound rules')
      await app.getByRole('checkbox', { name: 'Select Local' }).click()
      await app.getByRole('button', { name: /^Copy to another PBX…/ }).click()
      const dialog = app.getByRole('dialog')
      await dialog.getByText(OTHER, { exact: true }).click()
      await expect(dialog.getByRole('radio', { name: new RegExp(OTHER) })).toBeChecked()
      await dialog.getByRole('button', { name: 'Next' }).click()
      await expect(dialog.getByRole('button', { name: 'Back' })).toBeVisible()
    },
  },
  // --- Email templates -------------------------------------------------------------------------
  {
    name: 'Email templates: the kinds and the editor with its preview',
    why: 'the template editor beside its sandboxed preview (checked on a page of its own)',
    fullBrowser: "the preview's sandboxed iframe: the headless shell stops Tab on it, where the app's window passes it by",
    shot: true,
    async show(context) {
      const { app } = context
      // the preview's sandboxed frame refuses the harness's init script: that is the sandbox working
      countSandboxRefusals(app)
      await asManager(context, 'Email templates')
      await app.getByRole('row', { name: /^New voicemail: / }).click()
      await expect(app.frameLocator(PREVIEW_FRAME).locator('main')).not.toBeEmpty()
    },
    // The preview frame is sandboxed with no scripts (the mail may run nothing), so axe-core cannot
    // run inside it; its document is checked on a page of its own instead (alsoCheck).
    exceptions: { exclude: [PREVIEW_FRAME] },
    async alsoCheck({ app, scheme }) {
      await expect(app.locator(PREVIEW_FRAME)).toHaveAttribute('title', 'Preview of the email')
      await expectNoSeriousViolationInFrame(app, PREVIEW_FRAME, `the email preview's document (${scheme})`)
    },
  },
  // --- Notifications ---------------------------------------------------------------------------
  {
    name: 'Notifications: the settings form',
    why: 'the mail settings form with its recipients tag box',
    shot: true,
    pixels: { form: (app) => app.getByRole('form', { name: 'Notification settings' }) },
    // the thresholds, below the window: a number box with a suffix
    layout: { alsoAt: ['.threshold-field'] },
    async show(context) {
      const { app } = context
      await asAdmin(context, 'Notifications')
      await expectFieldWithValue(app, 'smtp.demo.example')
    },
  },
  // --- Fleet -----------------------------------------------------------------------------------
  {
    name: 'Fleet: the overview, read',
    why: 'the fleet table: every kind of row (signed in, needs a password, not reached), its warnings',
    layout: { keyColumns: ['PBX', 'Warnings'] },
    shot: true,
    show: fleetRead,
    async alsoCheck({ app }) {
      // Tab from the search lands on each filter's box (Naive's, not its search field): it is named
      const search = app.getByRole('searchbox', { name: 'Search the fleet by label, customer, tenant, group or tag' })
      await search.focus()
      await app.keyboard.press('Tab') // Favourites first
      await app.keyboard.press('Tab') // Columns
      await app.keyboard.press('Tab') // Refresh all
      for (const name of ['Filter by group', 'Filter by tag', 'Filter by access']) {
        await app.keyboard.press('Tab')
        const focused = app.locator(':focus')
        await expect(focused).toHaveAccessibleName(name)
        await expect(focused).toHaveRole('combobox')
        await expect(focused).toHaveAttribute('aria-expanded', 'false')
      }
      // opened from the keyboard: the box says so, and names the menu it opened
      await app.keyboard.press('Shift+Tab')
      await app.keyboard.press('Enter')
      const tagBox = app.getByRole('combobox', { name: 'Filter by tag' })
      await expect(tagBox).toHaveAttribute('aria-expanded', 'true')
      const menu = await tagBox.getAttribute('aria-controls')
      await expect(app.locator(`[id="${menu}"]`)).toBeVisible()
      await app.keyboard.press('Escape')
      await expect(tagBox).toHaveAttribute('aria-expanded', 'false')
      // blank figures say why: nothing is read of a PBX without a kept password until the user signs in
      await expect(fleetCell(app, OTHER, 'access')).toHaveText('needs password')
      await expect(fleetCell(app, OTHER, 'dectBases')).toHaveText('Sign in to read')
      // at the window's default width the warnings are seen whole, not under the pinned actions
      expect(app.viewportSize()?.width).toBe(1280)
      for (const label of [CLOSED, DEMO]) {
        const warnings = await fleetCell(app, label, 'warnings').getByRole('button').boundingBox()
        const actions = await fleetCell(app, label, 'actions').boundingBox()
        expect(warnings && actions && warnings.x + warnings.width <= actions.x, `the warnings of ${label} end before its actions`).toBe(true)
      }
      // a screen reader hears a warnings count's list as its description
      await expect(fleetCell(app, DEMO, 'warnings').getByRole('button')).toHaveAccessibleDescription("1 outbound rule switched off: 'Emergency'")
    },
  },
  {
    name: 'Fleet: two PBXs compared',
    why: 'the comparison of two PBXs, side by side, the differences marked',
    shot: true,
    async show(context) {
      const { app } = context
      await twoTenants(context)
      await openFleetPage(app, 'Compare')
      await choose(app, 'Left', DEMO)
      await choose(app, 'Right', OTHER)
      await app.getByRole('button', { name: 'Compare', exact: true }).click()
      const comparison = app.getByRole('region', { name: 'Comparison' })
      await expect(comparison.getByRole('tab', { name: /^Outbound rules \d+ differences?$/ })).toBeVisible()
      // an item opened to its fields
      await comparison.locator('.n-collapse-item__header-main').first().click()
      await expect(comparison.locator('.n-collapse-item--active')).toHaveCount(1)
    },
    async alsoCheck({ app }) {
      // each part is a tab the keyboard reaches, not a row of plain text
      const comparison = app.getByRole('region', { name: 'Comparison' })
      const rulesTab = comparison.getByRole('tab', { name: /^Outbound rules \d+ differences?$/ })
      await expect(rulesTab).toHaveAttribute('tabindex', '0')
      // Tab lands on each side's select (Naive's box, not its search field): it is named as its label
      await app.getByRole('button', { name: 'Open a snapshot file…' }).first().focus()
      await app.keyboard.press('Shift+Tab')
      await expectFocusedSelect(app, 'Left')
      await app.getByRole('button', { name: 'Swap left and right' }).focus()
      await app.keyboard.press('Tab')
      await expectFocusedSelect(app, 'Right')
      // an item opens and closes from the keyboard: Tab on from the part's tab reaches its title, a
      // button saying whether it is open (the first item, opened by a click above)
      await rulesTab.focus()
      const title = await tabToFirst(app, comparison.locator('.n-collapse-item :focus'))
      await expect(title).toHaveRole('button')
      await expect(title).toHaveAttribute('aria-expanded', 'true')
      await expect(title).toHaveAccessibleDescription(/\S/)
      const item = comparison.locator('.n-collapse-item', { has: app.locator(':focus') })
      await app.keyboard.press('Enter')
      await expect(title).toHaveAttribute('aria-expanded', 'false')
      await expect(comparison.locator('.n-collapse-item--active')).toHaveCount(0)
      await app.keyboard.press('Space')
      await expect(title).toHaveAttribute('aria-expanded', 'true')
      await expect(item).toHaveClass(/n-collapse-item--active/)
      await expect(item.locator('.n-collapse-item__content-inner')).toBeVisible()
      await settle(app)
    },
  },
  {
    name: 'Fleet: a rollout previewed, a provider to map',
    why: "the rollout's preview: a PBX per collapsible item, a mapping select",
    shot: true,
    async show(context) {
      const { app } = context
      await twoTenants(context)
      await openFleetPage(app, 'Roll out')
      await choose(app, 'From', DEMO)
      await app.getByRole('checkbox', { name: 'Local', exact: true }).check()
      await app.getByRole('checkbox', { name: OTHER }).check()
      await app.getByRole('button', { name: 'Preview on 1 PBX' }).click()
      // the other tenant has no provider "Telco One": the rule cannot go until one is chosen
      await expect(app.locator('.rollout-preview__map')).toContainText(`Provider "Telco One" on ${OTHER}:`)
    },
    async alsoCheck({ app }) {
      // the choice of that provider is named where the keyboard lands on it, as its label says
      const mapping = app.locator('.rollout-preview__map .n-base-selection [tabindex="0"]')
      await expect(mapping).toHaveCount(1)
      await expect(mapping).toHaveAccessibleName(`Provider "Telco One" on ${OTHER}:`)
      // so are the source's select and the targets' tag select (Naive's box takes the focus, not its search field)
      await app.getByRole('button', { name: 'Open a snapshot file…' }).focus()
      await app.keyboard.press('Shift+Tab')
      await expectFocusedSelect(app, 'From')
      await app.getByRole('searchbox', { name: 'Search the PBXs to roll out to' }).focus()
      await app.keyboard.press('Tab')
      await expectFocusedSelect(app, 'Add every PBX of a tag or a group')
      // a PBX of the preview closes and opens again from the keyboard: Tab on from the preview's
      // button reaches its name, a button saying whether it is open, described by what is to do
      const preview = app.locator('.rollout-preview')
      await app.getByRole('button', { name: 'Preview on 1 PBX' }).focus()
      const title = await tabToFirst(app, preview.locator('.n-collapse-item :focus'))
      await expect(title).toHaveRole('button')
      await expect(title).toHaveAccessibleName(OTHER)
      await expect(title).toHaveAccessibleDescription('0 to do')
      await expect(title).toHaveAttribute('aria-expanded', 'true')
      await app.keyboard.press('Enter')
      await expect(title).toHaveAttribute('aria-expanded', 'false')
      await expect(preview.locator('.n-collapse-item--active')).toHaveCount(0)
      await expect(preview.locator('.rollout-preview__map')).toBeHidden()
      await app.keyboard.press('Space')
      await expect(title).toHaveAttribute('aria-expanded', 'true')
      await expect(preview.locator('.n-collapse-item--active')).toHaveCount(1)
      await expect(preview.locator('.rollout-preview__map')).toBeVisible()
      await settle(app)
    },
  },
  {
    name: 'Fleet: the history, a rollout opened',
    why: 'the history of rollouts, one opened with its undo',
    shot: true,
    async show(context) {
      const { app, services } = context
      const { demo, other } = await twoTenants(context)
      const refs = await services.handlers.outboundReferences({ profileId: other })
      const provider = refs.providers.items.find((item) => item.name === 'Other Telco')
      expect(provider, 'the other tenant has its provider').toBeDefined()
      await rollOut(services, {
        source: { profileId: demo },
        items: [{ part: 'outboundRules', key: 'Local' }],
        targets: [other],
        mappings: { [other]: { providers: { 'Telco One': provider!.id }, holidays: {} } },
        skipCannot: false,
      })
      await openFleetPage(app, 'History')
      const entry = app.locator('.n-collapse-item').first()
      await expect(entry).toContainText(`${DEMO} → 1 PBX`)
      await expect(entry).toContainText('1 PBX changed')
      // opened from the keyboard: the title is a button saying whether it is open, described by how it ended
      const title = entry.getByRole('button', { name: new RegExp(`^Rollout: .* · ${DEMO} → 1 PBX · Outbound rules: Local · by `) })
      await expect(title).toHaveAttribute('aria-expanded', 'false')
      await expect(title).toHaveAccessibleDescription(/1 PBX changed/)
      await title.focus()
      await app.keyboard.press('Enter')
      await expect(title).toHaveAttribute('aria-expanded', 'true')
      await expect(entry.getByRole('button', { name: 'Undo this rollout' })).toBeVisible()
    },
  },
  // --- the quick switcher ----------------------------------------------------------------------
  {
    name: 'the quick switcher',
    why: 'the Ctrl+K dialog over any screen',
    shot: true,
    async show(context) {
      const { app } = context
      await asManager(context)
      await app.keyboard.press('Control+K')
      await expect(app.getByRole('dialog')).toBeVisible()
      await expect(app.getByRole('dialog').getByText(DEMO)).toBeVisible()
    },
  },
]

/**
 * Where the focus is as the screen is shown (a dialog's first control, or nothing), and where its
 * scroll boxes stand, put back before each scheme's checks and before the layout audit: the walk
 * leaves the focus on the last control it met, and the boxes scrolled to it.
 */
async function focusAsShown(app: Page): Promise<{ restore: () => Promise<void> }> {
  // run in the page: no closure over this file's names (the tests' tsconfig has no DOM types)
  type El = {
    setAttribute(name: string, value: string): void
    getAttribute(name: string): string | null
    focus(): void
    blur(): void
    scrollTop: number
    scrollLeft: number
  }
  type Doc = { activeElement: El | null; body: El; querySelector(selector: string): El | null; querySelectorAll(selector: string): ArrayLike<El> }
  await app.evaluate(() => {
    const doc = (globalThis as unknown as { document: Doc }).document
    if (doc.activeElement && doc.activeElement !== doc.body) doc.activeElement.setAttribute('data-a11y-shown-focus', '')
    for (const box of Array.from(doc.querySelectorAll('*'))) {
      if (box.scrollTop !== 0 || box.scrollLeft !== 0) box.setAttribute('data-a11y-shown-scroll', `${box.scrollTop},${box.scrollLeft}`)
    }
  })
  return {
    restore: () =>
      app.evaluate(() => {
        const doc = (globalThis as unknown as { document: Doc }).document
        doc.activeElement?.blur()
        doc.querySelector('[data-a11y-shown-focus]')?.focus()
        for (const box of Array.from(doc.querySelectorAll('*'))) {
          const [top, left] = (box.getAttribute('data-a11y-shown-scroll') ?? '0,0').split(',').map(Number)
          if (box.scrollTop !== top) box.scrollTop = top ?? 0
          if (box.scrollLeft !== left) box.scrollLeft = left ?? 0
        }
      }),
  }
}

/** The page shown in `scheme`: the OS scheme switched under it (the app follows it, as it does the OS). */
async function showIn(app: Page, scheme: 'light' | 'dark'): Promise<void> {
  await app.emulateMedia({ colorScheme: scheme })
  await expectScheme(app, scheme)
}

// One visit per screen: it is brought up once, in the light scheme, then checked in each scheme
// in turn, the OS scheme switched under the running page (the app follows it, as it does the OS),
// and audited for its layout at each size in that scheme. Transitions and animations are off in
// the page from the start (still-page.ts, in every test): each check judges the screen as it ends up, without
// waiting for fades and colour slides (issue 41). The audit resizes the page for each scheme: a
// resize costs a quarter of what a scheme switch does (the theme recomputed and every component
// drawn again), so the sizes are not visited once for both schemes.
// each screen sets up the services, then loads the app once (showApp), not before and again after
test.use({ appLoadedAtStart: false })

for (const screen of SCREENS) {
  test(screen.name, { tag: screen.fullBrowser ? [FULL_BROWSER_TAG] : [] }, async ({ app, services, pbx }) => {
    // a screen with many controls (the rule editor) walked in two schemes takes a minute on a loaded machine
    test.setTimeout(120_000)
    startScreen()
    await timed('set-up: show the screen', async () => {
      await screen.show({ app, services, pbx, scheme: 'light' })
      await expectScheme(app, 'light')
    })
    const start = await timed('focus as shown, noted', () => focusAsShown(app))
    for (const scheme of SCHEMES) {
      const name = `${screen.name} (${scheme})`
      await timed(`focus as shown, put back (${scheme})`, () => start.restore())
      await timed(`scheme switch (${scheme})`, () => showIn(app, scheme))
      if (screen.shot) {
        await timed(`screen shot (${scheme})`, async () => {
          mkdirSync('/tmp/e2e-shots', { recursive: true })
          await settle(app)
          await app.screenshot({ path: `/tmp/e2e-shots/a11y-${scheme}-${fileNameOf(screen.name)}.png` })
        })
      }
      if (screen.pixels) await timed(`form pixels (${scheme})`, () => expectFormPixels(app, screen.name, scheme, screen.pixels!))
      // every WCAG rule in the first scheme; in the second, the rules its colours can change
      await timed(`axe (${scheme})`, () => expectNoSeriousViolation(app, name, screen.exceptions, scheme === SCHEMES[0] ? undefined : SCHEME_RULES))
      await timed(`named dialogs (${scheme})`, () => expectNamedDialogs(app))
      if (screen.alsoCheck) await timed(`the screen's own check (${scheme})`, () => screen.alsoCheck!({ app, services, pbx, scheme }))
      await timed(`focus walk (${scheme})`, () => expectVisibleFocus(app, name, { wholePage: screen.focusWalk === 'whole page' }))
      // the same loaded screen at 1024×700 and 1280×800 (issue 42), in this scheme
      await timed(`focus as shown, put back (${scheme})`, () => start.restore())
      // a toast stays seconds, over what the next scheme's checks judge: brought up in the visit's last audit only
      const layout = scheme === SCHEMES.at(-1) ? screen.layout : { ...screen.layout, toast: undefined }
      await expectLayout(app, screen.name, scheme, layout, start.restore)
    }
    endScreen(screen.name)
  })
}

test.afterAll(() => printTotals())
