import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { OutboundRule, OutboundRuleListItem, Provider } from '../../electron/contract/pbx'
import { demoApi, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

// the demo PBX's seed: Demo Company has providers Telco One and Backup SIP and rules Emergency (1),
// Local (100), International (200); Other Company has the provider Other Telco and the rule Other Local

const DEMO = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const OTHER = { username: 'manager', password: 'manager', domain: 'other.pbx.example' }
const NAME = 'Branch office calls'
const SHOTS = '/tmp/e2e-shots'

type Page1<T> = { count: number; items: T[] }

/**
 * Adds entries to a tag list (number lengths, calling extensions) from the keyboard: "Add a …",
 * then type and Enter per entry (the box stays open, with the cursor in it), Escape at the end.
 */
async function addTags(app: Page, noun: string, entries: string[]): Promise<void> {
  await app.getByRole('button', { name: `Add ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}` }).click()
  const box = app.getByRole('textbox', { name: `New ${noun}` })
  for (const entry of entries) {
    await expect(box).toBeFocused()
    await box.fill(entry)
    await box.press('Enter')
    await expect(app.getByRole('button', { name: `Remove ${noun} ${entry}` })).toBeVisible()
  }
  await box.press('Escape')
}

/** Waits until no select menu is on screen (one closing fades out while the next opens). */
async function menusClosed(app: Page): Promise<void> {
  await expect(app.locator('.n-base-select-menu').filter({ visible: true })).toHaveCount(0)
}

/** Picks a route's provider from the PBX's list, typing part of its name and Enter, as a keyboard user does. */
async function pickProvider(app: Page, route: number, provider: string): Promise<void> {
  const select = app.getByRole('group', { name: new RegExp(`^Route ${route}\\b`) }).locator('.n-base-selection')
  await select.click()
  await app.keyboard.type(provider.slice(0, 5))
  // the option Enter takes is the one the filter highlights, in the menu now open
  await expect(app.locator('.n-base-select-option--pending').filter({ visible: true })).toHaveText(provider)
  await app.keyboard.press('Enter')
  await expect(app.getByRole('group', { name: `Route ${route}: ${provider}` })).toBeVisible()
  await menusClosed(app)
}

/** Looks at the whole screen in one picture (the app scrolls inside its layout, so a tall window). */
async function shoot(app: Page, name: string, height = 1800): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  const before = app.viewportSize()
  await app.setViewportSize({ width: 1280, height })
  // from the top of the screen: the editor's sticky header would otherwise cover what was scrolled past
  await app.locator('body *').evaluateAll((elements) => elements.forEach((element) => element.scrollTo({ top: 0 })))
  await app.screenshot({ path: `${SHOTS}/${name}.png` })
  if (before) await app.setViewportSize(before)
}

test('the tenant admin creates a rule with two routes and office hours, edits it, sees the reasons beside the name, tests a number, duplicates it and copies it to another PBX', async ({
  app,
  services,
  pbx,
}) => {
  test.setTimeout(120_000)
  const demoId = await savePbx(services, 'Demo office', pbx.url, DEMO)
  await savePbx(services, 'Other office', pbx.url, OTHER)
  await showApp(app)
  await signInThroughTheApp(app, 'Demo office', DEMO)
  const api = await demoApi(pbx.url, DEMO)
  const providers = (await api.get<Page1<Provider>>('/api/providers')).body.items
  const telcoOne = providers.find((provider) => provider.name === 'Telco One')!.id
  const backupSip = providers.find((provider) => provider.name === 'Backup SIP')!.id
  const ruleOnPbx = async (id: string) => (await api.get<OutboundRule>(`/api/outbound_rules/${id}`)).body
  const rulesOnPbx = async () => (await api.get<Page1<OutboundRuleListItem>>('/api/outbound_rules')).body.items

  // what the renderer asks main to send on each update (the harness calls these same handlers)
  const updates: Parameters<typeof services.handlers.updateOutboundRule>[0][] = []
  const update = services.handlers.updateOutboundRule
  services.handlers.updateOutboundRule = async (input) => {
    updates.push(structuredClone(input))
    return update(input)
  }

  // --- the list, in the order the PBX tries the rules --------------------------------------------
  await app.getByRole('menu').getByText('Outbound rules', { exact: true }).click()
  const list = app.getByRole('region', { name: 'Outbound rules' })
  await expect(list.getByText('3 rules', { exact: true }).first()).toBeVisible()
  await expect(list.locator('.outbound-rules__name')).toHaveText(['Emergency', 'Local', 'International'])

  // --- a new rule -------------------------------------------------------------------------------
  await list.getByRole('link', { name: 'New rule' }).click()
  await expect(app.getByRole('heading', { name: 'New outbound rule' })).toBeVisible()
  const nameField = app.getByRole('textbox', { name: /^Name\b/ })
  await nameField.fill(NAME)
  await app.getByRole('textbox', { name: 'Number prefix', exact: true }).fill('9')
  await addTags(app, 'number length', ['8', '9'])
  await addTags(app, 'extension or range', ['100-199', '205'])

  await app.getByRole('button', { name: '+ Add route' }).click()
  await pickProvider(app, 1, 'Telco One')
  await app.getByRole('textbox', { name: 'Route 1 strip digits', exact: true }).fill('1')
  await app.getByRole('textbox', { name: 'Route 1 prepend', exact: true }).fill('0049')
  await app.getByRole('button', { name: '+ Add route' }).click()
  await pickProvider(app, 2, 'Backup SIP')
  await expect(app.getByText('2 of at most 32 routes')).toBeVisible()

  // Monday 08:00-12:00 and 13:00-17:00 (the second range is proposed after the first), then the weekdays alike
  await app.getByRole('switch', { name: 'Monday on' }).click()
  await app.getByRole('button', { name: 'Add a range on Monday' }).click()
  await expect(app.getByRole('textbox', { name: 'Monday range 1 from', exact: true })).toHaveValue('08:00')
  await app.getByRole('textbox', { name: 'Monday range 1 to', exact: true }).fill('12')
  await app.getByRole('textbox', { name: 'Monday range 1 to', exact: true }).blur()
  await expect(app.getByRole('textbox', { name: 'Monday range 1 to', exact: true })).toHaveValue('12:00')
  await app.getByRole('button', { name: 'Add a range on Monday' }).click()
  await expect(app.getByRole('textbox', { name: 'Monday range 2 from', exact: true })).toHaveValue('12:00')
  await app.getByRole('textbox', { name: 'Monday range 2 from', exact: true }).fill('13:00')
  await app.getByRole('textbox', { name: 'Monday range 2 to', exact: true }).fill('17:00')
  await app.getByRole('button', { name: 'Copy Monday to weekdays' }).click()
  for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await expect(app.getByRole('switch', { name: `${day} on` })).toHaveAttribute('aria-checked', 'true')
    await expect(app.getByRole('textbox', { name: `${day} range 2 to`, exact: true })).toHaveValue('17:00')
  }
  await expect(app.getByRole('switch', { name: 'Saturday on' })).toHaveAttribute('aria-checked', 'false')
  await shoot(app, 'outbound-rule-editor')

  await app.getByRole('button', { name: 'Create rule' }).click()
  await expect(app.getByText(`Created ${NAME}`)).toBeVisible()
  await expect(app.getByRole('heading', { name: NAME })).toBeVisible()
  await expect(app).toHaveURL(/#\/outbound\/rules\/rule-\d+$/)
  const ruleId = /rule-\d+$/.exec(app.url())![0]
  const week = { enabled: true, ranges: [{ from: '08:00', to: '12:00' }, { from: '13:00', to: '17:00' }] }
  const created = await ruleOnPbx(ruleId)
  expect(created).toMatchObject({
    id: ruleId,
    name: NAME,
    number_prefix: '9',
    number_length: '8;9',
    number_mask: '100-199;205',
    enabled: true,
    priority: 1000,
    routing_strategy: 'PRIORITIZED',
    office_hours: { mode: 'CUSTOM', monday: week, tuesday: week, wednesday: week, thursday: week, friday: week },
    routes: [
      { provider_id: telcoOne, strip_digits: 1, prepend: '0049', enabled: true },
      { provider_id: backupSip, strip_digits: 0, enabled: true },
    ],
  })
  expect(created.office_hours?.saturday?.enabled ?? false).toBe(false)
  expect(created.office_hours?.sunday?.enabled ?? false).toBe(false)
  expect(created.routes?.[1]?.prepend ?? '').toBe('')

  // --- edit: another prefix, and the routes swapped from the keyboard ------------------------------
  await app.getByRole('textbox', { name: 'Number prefix', exact: true }).fill('8')
  const first = app.getByRole('group', { name: 'Route 1: Telco One' })
  await first.focus()
  await first.press('Alt+ArrowDown')
  await expect(app.getByRole('group', { name: 'Route 1: Backup SIP' })).toBeVisible()
  const moved = app.getByRole('group', { name: 'Route 2: Telco One' })
  await expect(moved).toBeFocused()
  await expect(app.getByText('Route 1 moved to position 2')).toBeAttached()
  await expect(moved.getByRole('textbox', { name: 'Route 2 prepend', exact: true })).toHaveValue('0049')
  await app.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(app.getByText(`Saved ${NAME}`)).toBeVisible()
  await expect(app.getByText('unsaved changes', { exact: true })).toBeHidden()
  const edited = await ruleOnPbx(ruleId)
  expect(edited).toMatchObject({
    name: NAME,
    number_prefix: '8',
    number_length: '8;9',
    number_mask: '100-199;205',
    priority: 1000,
    office_hours: { monday: week, friday: week },
    routes: [
      { provider_id: backupSip, strip_digits: 0 },
      { provider_id: telcoOne, strip_digits: 1, prepend: '0049' },
    ],
  })
  // only what changed was sent (the PBX replaces the route list whole)
  expect(updates).toHaveLength(1)
  expect(updates[0]).toMatchObject({ profileId: demoId, ruleId })
  expect(Object.keys(updates[0]!.changes).sort()).toEqual(['number_prefix', 'routes'])

  // --- 65 characters: the contract's reason beside the name, nothing sent ---------------------------
  const nameItem = app.locator('.n-form-item', { has: nameField })
  await nameField.fill('x'.repeat(65))
  await expect(nameItem.getByText('must be at most 64 characters')).toBeVisible()
  await expect(app.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
  await app.getByRole('textbox', { name: 'Number prefix', exact: true }).focus()
  await app.keyboard.press('Control+s')
  await expect(nameField).toBeFocused()
  expect(updates).toHaveLength(1)
  expect((await ruleOnPbx(ruleId)).name).toBe(NAME)

  // --- a name another rule has: the PBX's own 409, beside the name ---------------------------------
  await nameField.fill('Local')
  await expect(nameItem.getByText('must be at most 64 characters')).toBeHidden()
  await app.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(nameItem.getByText('an outbound rule named Local already exists')).toBeVisible()
  await expect(nameField).toBeFocused()
  expect(updates).toHaveLength(2)
  expect(updates[1]!.changes).toEqual({ name: 'Local' })
  expect((await ruleOnPbx(ruleId)).name).toBe(NAME)
  expect((await rulesOnPbx()).filter((rule) => rule.name === 'Local')).toHaveLength(1)

  // --- leaving with unsaved changes asks first; Keep editing stays ----------------------------------
  await app.getByRole('link', { name: '← All outbound rules' }).click()
  const discard = app.getByRole('dialog').filter({ hasText: 'Discard changes?' })
  await expect(discard).toContainText('Your changes to this rule are not saved yet.')
  await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  await discard.getByRole('button', { name: 'Keep editing' }).click()
  await expect(discard).toBeHidden()
  await expect(app).toHaveURL(new RegExp(`#/outbound/rules/${ruleId}$`))
  await expect(nameField).toHaveValue('Local')
  await expect(app.getByText('unsaved changes', { exact: true })).toBeVisible()
  // Revert asks the same question; Discard changes puts the rule back as the PBX has it
  await app.getByRole('button', { name: 'Revert' }).click()
  await discard.getByRole('button', { name: 'Discard changes' }).click()
  await expect(nameField).toHaveValue(NAME)
  await expect(app.getByText('unsaved changes', { exact: true })).toBeHidden()

  // --- test a number: Monday 10:00 from extension 150 ---------------------------------------------
  await app.getByRole('link', { name: '← All outbound rules' }).click()
  await expect(discard).toBeHidden()
  await app.getByRole('tab', { name: 'Test a number' }).click()
  const tester = app.getByRole('region', { name: 'Test a number' })
  await tester.getByRole('textbox', { name: /^Number dialled/ }).fill('80301234')
  await tester.getByRole('textbox', { name: /^Calling extension/ }).fill('150')
  const when = tester.getByRole('textbox', { name: 'Date and time of the call', exact: true })
  await when.fill('2025-03-03 10:00') // a Monday
  await tester.getByRole('textbox', { name: /^Number dialled/ }).press('Enter')
  await expect(tester.getByText(`${NAME} applies`)).toBeVisible()
  await expect(tester.getByText(/on Monday/).first()).toBeVisible()
  const verdict = (name: string) => tester.getByRole('listitem').filter({ has: app.getByText(name, { exact: true }) })
  for (const [rule, prefix] of [
    ['Emergency', '112'],
    ['Local', '0'],
    ['International', '00'],
  ] as const) {
    await expect(verdict(rule)).toContainText('skipped')
    await expect(verdict(rule).locator('[data-check="prefix"]')).toContainText(`failed:Prefix: prefix ${prefix} — 80301234 does not start with ${prefix}`)
  }
  await expect(verdict(NAME)).toContainText('applies')
  await expect(verdict(NAME).locator('.number-test-verdicts__check--failed')).toHaveCount(0)
  await expect(verdict(NAME).locator('[data-check="office-hours"]')).toContainText('passed')
  const routeRow = (position: number) => tester.locator(`tr[data-position="${position}"]`)
  await expect(routeRow(1)).toContainText('Backup SIP')
  await expect(routeRow(1).locator('.number-test-routes__sent')).toHaveText('80301234')
  await expect(routeRow(2)).toContainText('Telco One')
  await expect(routeRow(2)).toContainText('1 digit')
  await expect(routeRow(2).locator('.number-test-routes__sent')).toHaveText('00490301234')
  await shoot(app, 'outbound-test-a-number', 1400)

  // the same call on a Sunday: office hours keep it off this rule, and no rule is left
  await when.fill('2025-03-09 10:00')
  await tester.getByRole('button', { name: 'Test' }).click()
  await expect(tester.getByText('No enabled rule applies: the call is refused')).toBeVisible()
  await expect(tester.getByText(/on Sunday/).first()).toBeVisible()
  await expect(verdict(NAME)).toContainText('skipped')
  await expect(verdict(NAME).locator('.number-test-verdicts__check--failed')).toHaveAttribute('data-check', 'office-hours')
  await expect(tester.locator('tr[data-position]')).toHaveCount(0)

  // --- duplicate from the list --------------------------------------------------------------------
  await app.getByRole('tab', { name: 'Rules' }).click()
  await expect(list.getByText('4 rules', { exact: true }).first()).toBeVisible()
  await list.getByRole('button', { name: `Duplicate ${NAME}` }).click()
  await expect(app.getByText(`Duplicated ${NAME} as ${NAME} (copy)`)).toBeVisible()
  await expect(list.getByText('5 rules', { exact: true }).first()).toBeVisible()
  const copyItem = (await rulesOnPbx()).find((rule) => rule.name === `${NAME} (copy)`)
  expect(copyItem).toBeDefined()
  const copy = await ruleOnPbx(copyItem!.id)
  expect(copy.id).not.toBe(ruleId)
  expect(copy).toMatchObject({
    number_prefix: '8',
    number_length: '8;9',
    number_mask: '100-199;205',
    office_hours: { monday: week, friday: week },
    routes: [{ provider_id: backupSip }, { provider_id: telcoOne, strip_digits: 1, prepend: '0049' }],
  })

  // --- copy to another saved PBX: its providers are mapped by hand ----------------------------------
  await list.getByRole('checkbox', { name: `Select ${NAME}`, exact: true }).click()
  await list.getByRole('button', { name: 'Copy to another PBX… (1)' }).click()
  const copyDialog = app.getByRole('dialog', { name: 'Copy 1 rule to another PBX' })
  await expect(copyDialog).toContainText(`From Demo office: ${NAME}.`)
  // the dialog has finished entering when its first control has the focus (a click while it still
  // scales in can land beside the label); Naive UI's radio input is hidden under its label: the
  // label is what a pointer clicks
  await expect(copyDialog.getByRole('radio').first()).toBeFocused()
  await copyDialog.getByText('Other office', { exact: true }).click()
  await expect(copyDialog.getByRole('radio', { name: /^Other office manager@other\.pbx\.example sign-in needed$/ })).toBeChecked()
  await copyDialog.getByRole('button', { name: 'Sign in and continue' }).click()
  await app.getByRole('textbox', { name: 'Password' }).fill(OTHER.password)
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(copyDialog.getByRole('heading', { name: 'Rules to create on Other office' })).toBeVisible()
  await expect(copyDialog.getByRole('textbox', { name: `Name of the copy of ${NAME}` })).toHaveValue(NAME)
  const mapping = (provider: string) => copyDialog.locator('.rule-copy-mapping__providers tr', { hasText: provider })
  for (const provider of ['Telco One', 'Backup SIP']) {
    await expect(mapping(provider)).toContainText(`used by ${NAME}`)
    await expect(mapping(provider)).toContainText('required: choose the provider these routes use on Other office')
  }
  await expect(copyDialog.getByText('Choose the provider on Other office for Backup SIP, Telco One.')).toBeVisible()
  const create = copyDialog.getByRole('button', { name: 'Create 1 rule on Other office' })
  await expect(create).toBeDisabled()
  await shoot(app, 'outbound-copy-preview', 1000)
  for (const provider of ['Telco One', 'Backup SIP']) {
    await mapping(provider).locator('.n-base-selection').click()
    await app.locator('.n-base-select-option', { hasText: 'Other Telco' }).filter({ visible: true }).click()
    await expect(mapping(provider)).not.toContainText('required')
    await menusClosed(app)
  }
  await create.click()
  await expect(copyDialog.getByText('Created 1 rule on Other office.')).toBeVisible()
  const other = await demoApi(pbx.url, OTHER)
  const otherTelco = (await other.get<Page1<Provider>>('/api/providers')).body.items.find((provider) => provider.name === 'Other Telco')!.id
  const copied = (await other.get<Page1<OutboundRuleListItem>>('/api/outbound_rules')).body.items.find((rule) => rule.name === NAME)
  expect(copied).toBeDefined()
  await expect(copyDialog.getByText(`id ${copied!.id}`)).toBeVisible()
  expect((await other.get<OutboundRule>(`/api/outbound_rules/${copied!.id}`)).body).toMatchObject({
    name: NAME,
    number_prefix: '8',
    number_length: '8;9',
    number_mask: '100-199;205',
    office_hours: { monday: week, tuesday: week, friday: week },
    routes: [
      { provider_id: otherTelco, strip_digits: 0 },
      { provider_id: otherTelco, strip_digits: 1, prepend: '0049' },
    ],
  })
  await copyDialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(copyDialog).toBeHidden()
  // the source stays the open PBX
  await expect(app.getByRole('group', { name: 'Active PBX' })).toContainText('Demo office')
})

test('Enter in a tag box adds the entry and keeps the box open, with the cursor in it, for the next one', async ({ app, services, pbx }) => {
  // NDynamicTags re-creates the box when a tag is added before it, and Chromium blurs the old box
  // on the way (happy-dom does not): the box must stay open all the same
  await savePbx(services, 'Demo office', pbx.url, DEMO)
  await showApp(app)
  await signInThroughTheApp(app, 'Demo office', DEMO)
  await app.getByRole('menu').getByText('Outbound rules', { exact: true }).click()
  await app.getByRole('link', { name: 'New rule' }).click()
  await app.getByRole('button', { name: 'Add a number length' }).click()
  const box = app.getByRole('textbox', { name: 'New number length' })
  await box.fill('10')
  await box.press('Enter')
  await expect(app.getByRole('button', { name: 'Remove number length 10' })).toBeVisible()
  await expect(box).toBeFocused({ timeout: 2_000 })
})

test('the dialog that copies rules to another PBX is named by its title', async ({ app, services, pbx }) => {
  await savePbx(services, 'Demo office', pbx.url, DEMO)
  await savePbx(services, 'Other office', pbx.url, OTHER)
  await showApp(app)
  await signInThroughTheApp(app, 'Demo office', DEMO)
  await app.getByRole('menu').getByText('Outbound rules', { exact: true }).click()
  await app.getByRole('checkbox', { name: 'Select Local', exact: true }).click()
  await app.getByRole('button', { name: 'Copy to another PBX… (1)' }).click()
  await expect(app.getByRole('dialog').filter({ hasText: 'From Demo office: Local.' })).toBeVisible()
  await expect(app.getByRole('dialog', { name: 'Copy 1 rule to another PBX' })).toBeVisible({ timeout: 2_000 })
})
