import { mkdirSync } from 'node:fs'
import { demoApi, dropFileOnWindow, openScanning, signedInPbx } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

// The order on site: the bases first, then the handsets as they come out of their boxes. Two bases
// are pushed (the batch is done); a spreadsheet of four handsets is dropped on the batch; the Push
// tab offers "Push 4 handsets", not "done"; then one more is scanned and pushed. Each state the
// screen calls done is read back from the demo PBX's API. The seeded demo PBX: users 1001..1250.

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const BASES = ['MAC;Name;Vendor;Model', '00:15:65:E1:00:01;Hall;Yealink;W70B', '00:15:65:E1:00:02;Yard;Yealink;W70B'].join('\r\n')
const HANDSETS = [
  'Base MAC;IPUI;Extension;Name',
  '00:15:65:E1:00:01;00AF000001;1141;Anna',
  '00:15:65:E1:00:01;00AF000002;1142;Ben',
  '00:15:65:E1:00:02;00AF000003;1143;Clara',
  '00:15:65:E1:00:02;00AF000004;1144;David',
].join('\r\n')

test('bases pushed, then handsets dropped on the batch and pushed, then one scanned and pushed: every one on the PBX', async ({ app, services, pbx }) => {
  test.setTimeout(90_000)
  mkdirSync('test-results/screens', { recursive: true })
  await signedInPbx(services, 'Demo site', pbx.url, MANAGER)
  await showApp(app)

  // the bases, from a spreadsheet dropped on the window, pushed
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await expect(app.getByRole('button', { name: 'New batch from a spreadsheet' })).toBeVisible()
  await dropFileOnWindow(app, 'bases.csv', new TextEncoder().encode(BASES))
  await expect(app.getByLabel('Field for column MAC')).toBeVisible()
  await app.getByRole('button', { name: 'Next' }).click()
  await app.getByLabel('Batch name').fill('Site F')
  await app.getByRole('button', { name: 'Create batch' }).click()
  await expect(app.getByText(/^2 rows · 0 with errors/)).toBeVisible()
  await app.getByRole('tab', { name: 'Push' }).click()
  const panel = app.getByRole('region', { name: 'Push to a PBX' })
  await panel.getByRole('textbox', { name: 'Target PBX' }).click()
  await app.locator('.n-base-select-option', { hasText: 'Demo site' }).click()
  await panel.getByRole('button', { name: 'Push 2 bases' }).click()
  await expect(panel.getByText('Push finished: everything is on the PBX')).toBeVisible({ timeout: 20_000 })
  const batchTag = app.locator('.dect-batch__header .n-tag')
  await expect(batchTag).toHaveText('Done')

  // the handsets, out of their boxes: a spreadsheet dropped on the batch joins it
  await dropFileOnWindow(app, 'handsets.csv', new TextEncoder().encode(HANDSETS), app.getByRole('region', { name: 'Batch Site F' }))
  const add = app.getByRole('dialog', { name: 'Add a spreadsheet to Site F' })
  await expect(add.getByLabel('Field for column IPUI')).toBeVisible()
  await expect(add).toContainText('one base row is made for each MAC the batch does not have yet')
  await app.screenshot({ path: 'test-results/screens/dect-add-spreadsheet.png' })
  await add.getByRole('button', { name: 'Add to Site F' }).click()
  await expect(add).toBeHidden()
  await expect(app.getByText('Added 4 handsets from handsets.csv.')).toBeVisible()
  await expect(app.getByRole('tab', { name: 'Handsets (4)' })).toHaveAttribute('aria-selected', 'true')
  await expect(batchTag).not.toHaveText('Done')

  // the Push tab does not call it done: it offers the handsets
  await app.getByRole('tab', { name: 'Push' }).click()
  await panel.getByRole('button', { name: 'Push 4 handsets' }).click()
  await expect(panel.getByText('Push finished: everything is on the PBX')).toBeVisible({ timeout: 20_000 })
  await expect(batchTag).toHaveText('Done')
  await app.screenshot({ path: 'test-results/screens/dect-handsets-later-pushed.png' })

  // read through the PBX's API, not from the screen
  const api = await demoApi(pbx.url, MANAGER)
  const phones = (await api.get<{ items: { id: string; mac: string }[] }>('/api/dect_phones')).body.items
  type Member = { extension_number: string; ipui: string }
  const membersOf = async (mac: string) => {
    const phone = phones.find((p) => p.mac === mac)!
    return (await api.get<{ items: Member[] }>(`/api/dect_phones/${phone.id}/members`)).body.items.map((m) => [m.extension_number, m.ipui])
  }
  expect(await membersOf('001565E10001')).toEqual([
    ['1141', '00AF000001'],
    ['1142', '00AF000002'],
  ])
  expect(await membersOf('001565E10002')).toEqual([
    ['1143', '00AF000003'],
    ['1144', '00AF000004'],
  ])

  // one more, scanned by the keyboard's Enter (a barcode scanner), then pushed
  await app.getByRole('tab', { name: 'Handsets (4)' }).click()
  // the extensions this PBX has users for: from 1145
  const { enrol } = await openScanning(app, '1145', '1150')
  await app.keyboard.type('001565E10002\n00AF000005\n', { delay: 0 })
  await expect(enrol.getByRole('status')).toHaveText(/^✓ Extension 1145: handset 00AF000005 on base Yard/)
  await app.getByRole('tab', { name: 'Push' }).click()
  await panel.getByRole('button', { name: 'Push 1 handset' }).click()
  await expect(panel.getByText('Push finished: everything is on the PBX')).toBeVisible({ timeout: 20_000 })
  await expect(batchTag).toHaveText('Done')
  expect(await membersOf('001565E10002')).toEqual([
    ['1143', '00AF000003'],
    ['1144', '00AF000004'],
    ['1145', '00AF000005'],
  ])
})
