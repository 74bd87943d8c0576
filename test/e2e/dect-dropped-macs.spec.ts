import { rowHasErrors } from '../../electron/contract/dect'
import { dropFileOnWindow } from './e2e-steps'
import { expect, test } from './harness'

// A spreadsheet from the field, dropped on the window: beside a good base, the MACs no phone can
// have (the broadcast address, all zeros, a multicast one: refused, each saying why), a locally
// administered one (allowed, with a warning), and the first base again in another spelling (the
// first row stays pushable and names the later one; the later one is left out).
const FILE = 'bases-from-the-field.csv'
const CSV = [
  'Name,MAC,Vendor,Model',
  'Reception,00:15:65:AA:BB:01,Yealink,W80B',
  'Broadcast,FF:FF:FF:FF:FF:FF,Yealink,W80B',
  'Placeholder,00:00:00:00:00:00,Yealink,W80B',
  'Multicast,01:15:65:AA:BB:02,Yealink,W80B',
  'Lab base,02:15:65:AA:BB:03,Yealink,W80B',
  'Reception again,00-15-65-aa-bb-01,Yealink,W80B',
].join('\r\n')

test('a dropped spreadsheet’s impossible MACs are refused with why, a locally administered one warned, and of a MAC twice the first row stays pushable', async ({ app, services }) => {
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await expect(app.getByRole('button', { name: 'New batch from a spreadsheet' })).toBeVisible()
  await dropFileOnWindow(app, FILE, new TextEncoder().encode(CSV))

  await expect(app.getByLabel('Field for column MAC')).toBeVisible()
  await app.getByRole('button', { name: 'Next' }).click()
  await app.getByLabel('Batch name').fill('From the field')
  await app.getByRole('button', { name: 'Create batch' }).click()

  await expect(app.getByText('6 rows · 4 with errors · 2 with warnings')).toBeVisible()
  const row = (n: number) => app.getByRole('row', { name: new RegExp(`^Select row ${n} `) })
  await expect(row(2)).toContainText('MAC FF:FF:FF:FF:FF:FF is the broadcast address; no phone has it')
  await expect(row(3)).toContainText('MAC 00:00:00:00:00:00 is all zeros; no phone has it')
  await expect(row(4)).toContainText('MAC 01:15:65:AA:BB:02 is a multicast address (its first octet 01 is odd)')
  await expect(row(5)).toContainText('MAC 02:15:65:AA:BB:03 is locally administered')
  await expect(row(6)).toContainText('MAC 00:15:65:AA:BB:01 is also in row 1: this row is left out of the push')
  await expect(row(1)).toContainText('MAC 00:15:65:AA:BB:01 is also in row 6, which is left out of the push')
  await app.screenshot({ path: 'test-results/screens/dect-dropped-macs.png', fullPage: true })

  // read back from main: the rows the push would take are the good base and the local one
  const [summary] = await services.handlers.listBatches(undefined)
  const batch = await services.handlers.getBatch({ batchId: summary!.id })
  expect(batch.rows.map((batchRow) => batchRow.values.name)).toEqual(['Reception', 'Broadcast', 'Placeholder', 'Multicast', 'Lab base', 'Reception again'])
  expect(batch.rows.filter((batchRow) => !rowHasErrors(batchRow)).map((batchRow) => batchRow.values.name)).toEqual(['Reception', 'Lab base'])
})
