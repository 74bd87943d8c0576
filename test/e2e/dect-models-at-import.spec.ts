import { dropFileOnWindow, signedInPbx } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

// The PBX's models at import (issue 37): the wizard asks which PBX the batch is for and reads its
// DECT models, so a model that PBX does not have is an error on its row at once, naming the models
// it has and the closest, not a failure of every such row at the push. The demo PBX has the
// Yealink W70B and W80B.

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const CSV = ['Name;MAC;Vendor;Model', 'Hall;00:15:65:E2:00:01;Yealink;W70B', 'Store;00:15:65:E2:00:02;Yealink;W73H'].join('\r\n')

test('a spreadsheet for a chosen PBX: the model it lacks is an error naming its models and the closest; one edit fixes it', async ({ app, services, pbx }) => {
  const profileId = await signedInPbx(services, 'Kunde Süd', pbx.url, MANAGER)
  await showApp(app)

  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await expect(app.getByRole('button', { name: 'New batch from a spreadsheet' })).toBeVisible()
  await dropFileOnWindow(app, 'sued.csv', new TextEncoder().encode(CSV))
  await expect(app.getByLabel('Field for column Model')).toBeVisible()
  await app.getByRole('button', { name: 'Next' }).click()
  await app.getByLabel('Batch name').fill('Süd')
  const note = app.locator('.dect-new__pbx-note')
  await expect(note).toHaveText('No PBX chosen: the models are checked when the batch is checked against a PBX, or at the push.')
  await app.getByLabel('For which PBX').click()
  await app.locator('.n-base-select-option', { hasText: 'Kunde Süd' }).click()
  await expect(note).toHaveText('Checked against the 6 DECT models of Kunde Süd, read just now: a model it does not have is an error.')
  await app.screenshot({ path: 'test-results/screens/dect-new-for-pbx.png' })
  await app.getByRole('button', { name: 'Create batch' }).click()

  await expect(app.getByText('2 rows · 1 with errors · 0 with warnings')).toBeVisible()
  const today = new Date().toISOString().slice(0, 10)
  const store = app.getByRole('row', { name: /^Select row 2 / })
  await expect(store).toContainText('not sent')
  await expect(store).toContainText(`model 'W73H' is not a model of Kunde Süd (its list as of ${today}); its Yealink models: W70B, W80B; the closest is W70B`)
  await app.screenshot({ path: 'test-results/screens/dect-model-error.png' })

  // both rows ticked, a template set on them, then undone in one step (Ctrl+Z): each row as it was
  await app.getByRole('checkbox', { name: 'Select all rows' }).check()
  await app.getByRole('button', { name: 'Set a value (2)…' }).click()
  const set = app.getByRole('dialog', { name: 'Set a value for 2 rows' })
  await set.getByLabel('Field').fill('Template')
  await app.keyboard.press('Enter')
  await set.getByLabel('Value').fill('custom_{n}.xml')
  await set.getByRole('button', { name: 'Set on 2 rows' }).click()
  await expect(set).toBeHidden()
  const batchId = (await services.handlers.listBatches(undefined)).find((b) => b.name === 'Süd')!.id
  const templates = async () => (await services.handlers.getBatch({ batchId })).rows.map((r) => r.values.template)
  await expect.poll(templates).toEqual(['custom_1.xml', 'custom_2.xml'])
  await app.getByRole('button', { name: /^Undo: Template set to "custom_\{n\}\.xml" on 2 rows$/ }).focus()
  await app.keyboard.press('Control+Z')
  await expect.poll(templates).toEqual([undefined, undefined])
  await expect(app.getByRole('button', { name: /^Undo: / })).toHaveCount(0)

  // the fix: one cell
  await app.getByRole('button', { name: 'Edit Model, row 2', exact: true }).click()
  await app.getByRole('textbox', { name: 'Model, row 2' }).fill('W70B')
  await app.keyboard.press('Enter')
  await expect(app.getByText('2 rows · 0 with errors · 0 with warnings')).toBeVisible()
  expect((await services.handlers.getBatch({ batchId })).targetProfileId).toBe(profileId)
})
