import { readFileSync } from 'node:fs'
import { dropFileOnWindow, fixturePath } from './e2e-steps'
import { expect, test } from './harness'

// A spreadsheet Excel saved as "CSV" on a German Windows: Windows-1252, not UTF-8 ("Büro Jürgen"
// is the byte FC twice). Dropped on the window, its bytes go to main, which reads the encoding;
// the renderer never decodes it (as UTF-8 it would show "B�ro J�rgen").
const FILE = 'windows-1252-excel.csv'

test('a Windows-1252 spreadsheet dropped on the window shows Büro Jürgen, says it was read as Windows-1252, and makes the batch with those names', async ({ app, services }) => {
  const bytes = readFileSync(fixturePath(FILE))
  expect(bytes.includes(0xfc)).toBe(true)

  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await expect(app.getByRole('button', { name: 'New batch from a spreadsheet' })).toBeVisible()

  // a drag from the file manager, dropped on the navigation (no screen's drop zone: the window takes it)
  await dropFileOnWindow(app, FILE, bytes)

  // the wizard opens at the mapping: the names as written, the encoding said
  await expect(app.getByLabel('Field for column MAC-Adresse')).toBeVisible()
  const table = app.locator('.dect-mapping__table tbody')
  await expect(table).toContainText('Büro Jürgen')
  await expect(table).toContainText('Lager „Süd“ – Tor 2')
  await expect(table).toContainText('Kasse (€)')
  await expect(table).not.toContainText('\uFFFD')
  await expect(app.locator('.dect-mapping__summary')).toContainText('read as Windows-1252')
  await app.screenshot({ path: 'test-results/screens/dect-encoding-windows-1252.png' })

  await app.getByRole('button', { name: 'Next' }).click()
  await app.getByLabel('Batch name').fill('Büro')
  await app.getByRole('button', { name: 'Create batch' }).click()
  await expect(app.getByRole('button', { name: 'Edit Name, row 1' })).toHaveText('Büro Jürgen')

  // read back from main, not from the screen
  const [summary] = await services.handlers.listBatches(undefined)
  const batch = await services.handlers.getBatch({ batchId: summary!.id })
  expect(batch.rows.map((row) => row.values.name)).toEqual(['Büro Jürgen', 'Küche', 'Lager „Süd“ – Tor 2', 'Kasse (€)'])
})
