import type { Locator, Page } from '@playwright/test'
import { batchFromFixture, MANAGER, pushBatch, pushedSiteH } from './a11y-steps'
import { openArea, openPbx, signedInPbx } from './e2e-steps'
import { expect, test } from './harness'

/**
 * Labels that print (issue 40). The system's print dialog is played by the test (the harness's
 * `printer`: the services hand it the sheet, as the app's hidden window would): Ctrl+P prints the
 * open batch's sheet; a start on a partly used sheet, chosen on its picture by keyboard; a start
 * past the sheet's end refused, naming the field; a reprint of two ticked rows, and of two ticked
 * handsets; and no printer, the dialog's reason shown.
 */
test.use({ viewport: { width: 1280, height: 800 } })

/** The control is drawn inside the window as it stands: no scrolling needed to reach it. */
async function expectInWindow(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox()
  const size = page.viewportSize()!
  expect(box, 'it is drawn').not.toBeNull()
  expect(box!.y + box!.height, `${await locator.textContent()} is above the fold`).toBeLessThanOrEqual(size.height)
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width)
}

test('Ctrl+P prints the sheet; a start on a partly used sheet; past its end refused; a reprint of two rows; no printer shown', async ({ app, services, pbx, printer }) => {
  test.setTimeout(120_000)
  const profileId = await signedInPbx(services, 'Demo Company', pbx.url, MANAGER)
  const batchId = await batchFromFixture(services, 'Site A labels', 'mixed-mac-forms.csv')
  await pushBatch(services, batchId, profileId)
  const pushed = (await services.handlers.batchQrCodes({ batchId })).map((code) => code.row)
  expect(pushed.length).toBeGreaterThanOrEqual(4)
  await app.reload()
  await openPbx(app, 'Demo Company', MANAGER.username)
  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site A labels' }).click()
  await expect(app.getByRole('tab', { name: 'Rows' })).toHaveAttribute('aria-selected', 'true')

  // Ctrl+P from the rows: the Labels tab opens and the whole sheet goes to the print dialog, fresh
  await app.keyboard.press('Control+p')
  const labels = app.getByRole('region', { name: 'Labels' })
  await expect(app.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true')
  await expect.poll(() => printer.jobs.length).toBe(1)
  expect(printer.jobs[0]).toMatchObject({ batchId, size: 'a4-21', start: { row: 1, column: 1 }, rows: pushed, handsets: [] })
  expect(printer.jobs[0]!.pdf.subarray(0, 5).toString()).toBe('%PDF-')
  await expect(app.getByText(`Sent ${pushed.length} labels (1 page) to the printer.`)).toBeVisible()

  // Print and Export PDF stand in the window at 1280×800, without scrolling
  const print = labels.getByRole('button', { name: 'Print labels…' })
  await expectInWindow(app, print)
  await expectInWindow(app, labels.getByRole('button', { name: 'Export PDF' }))
  await app.screenshot({ path: 'test-results/screens/labels-1280x800.png' })

  // the start, on the sheet's picture by keyboard: one Tab stop, the arrows move it
  const sheet = labels.getByRole('radiogroup', { name: 'Start cell on the sheet' })
  await expect(sheet.getByRole('radio', { name: 'Row 1, column 1' })).toHaveAttribute('aria-checked', 'true')
  await sheet.getByRole('radio', { name: 'Row 1, column 1' }).focus()
  await app.keyboard.press('ArrowDown')
  await app.keyboard.press('ArrowRight')
  await app.keyboard.press('ArrowRight')
  const start = sheet.getByRole('radio', { name: 'Row 2, column 3' })
  await expect(start).toHaveAttribute('aria-checked', 'true')
  await expect(start).toBeFocused()
  // the five cells before it are greyed as used; the Row and Column fields follow
  await expect(sheet.getByRole('radio', { name: /, used$/ })).toHaveCount(5)
  await expect(labels.getByLabel('Row', { exact: true })).toHaveValue('2')
  await expect(labels.getByLabel('Column', { exact: true })).toHaveValue('3')
  await expect(labels.getByRole('status').filter({ hasText: 'from row 2, column 3' })).toBeVisible()
  await print.click()
  await expect.poll(() => printer.jobs.length).toBe(2)
  expect(printer.jobs[1]).toMatchObject({ start: { row: 2, column: 3 }, rows: pushed })

  // bad input: a start past the sheet's end (A4 of 21 has 7 rows) is refused, naming the field
  const row = labels.getByLabel('Row', { exact: true })
  await row.fill('8')
  await expect(labels.getByRole('alert').filter({ hasText: "Row: row 8 is past the sheet's end: this stock has 7 rows." })).toBeVisible()
  await expect(row).toHaveAttribute('aria-invalid', 'true')
  await expect(print).toBeDisabled()
  await expect(labels.getByRole('button', { name: 'Export PDF' })).toBeDisabled()
  await app.keyboard.press('Control+p')
  await expect(app.getByText('Choose a start on the sheet first: the one given is past its end.')).toBeVisible()
  expect(printer.jobs).toHaveLength(2)
  await row.fill('2')
  await expect(labels.getByRole('alert').filter({ hasText: 'past the sheet' })).toHaveCount(0)
  await expect(print).toBeEnabled()

  // a reprint of two ticked rows: their labels alone, from the same start
  const chosen = [pushed[1]!, pushed[3]!]
  await app.getByRole('tab', { name: 'Rows' }).click()
  for (const number of chosen) await app.getByRole('checkbox', { name: `Select row ${number}` }).check()
  await app.getByRole('button', { name: 'Reprint labels (2)' }).click()
  await expect(app.getByRole('tab', { name: 'Labels' })).toHaveAttribute('aria-selected', 'true')
  await expect(labels.getByText('Reprint: 2 rows chosen')).toBeVisible()
  await expect(labels.locator('.dect-labels__label[data-row-id]')).toHaveCount(2)
  await app.keyboard.press('Control+p')
  await expect.poll(() => printer.jobs.length).toBe(3)
  expect(printer.jobs[2]).toMatchObject({ batchId, start: { row: 2, column: 3 }, rows: chosen, handsets: [] })

  // no printer: the print dialog's reason is shown, and stays until closed
  printer.answer = { success: false, failureReason: 'No printers available' }
  await print.click()
  await expect.poll(() => printer.jobs.length).toBe(4)
  const failure = labels.getByRole('alert').filter({ hasText: 'The labels were not printed' })
  await expect(failure).toContainText('the print dialog said "No printers available"')
  await expect(failure).toContainText('Check that a printer is set up')

  // every label again
  await labels.getByRole('button', { name: 'Print every label instead' }).click()
  await expect(labels.getByText('Reprint: 2 rows chosen')).toHaveCount(0)
  await expect(labels.locator('.dect-labels__label[data-row-id]')).toHaveCount(Math.min(pushed.length, 6))

  // and in the 1024×700 window, Print and Export PDF still stand without scrolling
  await app.setViewportSize({ width: 1024, height: 700 })
  await expectInWindow(app, print)
  await expectInWindow(app, labels.getByRole('button', { name: 'Export PDF' }))
  await app.screenshot({ path: 'test-results/screens/labels-1024x700.png' })
})

test('a reprint of two ticked handsets: their labels alone go to the print dialog', async ({ app, services, pbx, printer }) => {
  test.setTimeout(120_000)
  const profileId = await signedInPbx(services, 'Demo Company', pbx.url, MANAGER)
  const batchId = await pushedSiteH(services, profileId)
  await app.reload()
  await openPbx(app, 'Demo Company', MANAGER.username)
  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site H' }).click()

  await app.getByRole('tab', { name: 'Handsets (3)' }).click()
  const rows = (await services.handlers.getBatch({ batchId })).handsets
  const ben = rows.find((h) => h.values.ipui === '00AE000002')!
  const clara = rows.find((h) => h.values.ipui === '00AE000003')!
  for (const handset of [ben, clara]) await app.getByRole('cell', { name: `Select handset ${handset.row}` }).getByRole('checkbox').check()
  await app.getByRole('button', { name: 'Reprint labels (2)' }).click()
  const labels = app.getByRole('region', { name: 'Labels' })
  await expect(labels.getByText('Reprint: 2 handsets chosen')).toBeVisible()
  await expect(labels.locator('.dect-labels__label--handset')).toHaveCount(2)
  await expect(labels.locator('.dect-labels__label[data-row-id]')).toHaveCount(0)
  await labels.getByRole('button', { name: 'Print labels…' }).click()
  await expect.poll(() => printer.jobs.length).toBe(1)
  expect(printer.jobs[0]).toMatchObject({ batchId: batchId, start: { row: 1, column: 1 }, rows: [], handsets: ['00AE000002', '00AE000003'] })
  await expect(app.getByText('Sent 2 labels (1 page) to the printer.')).toBeVisible()
})
