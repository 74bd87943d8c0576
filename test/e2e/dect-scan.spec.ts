import { mkdirSync } from 'node:fs'
import type { DectPhone } from '../../electron/contract/pbx'
import { demoApi, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, test } from './harness'

// no DECT phone on the PBX yet
test.use({ pbxOptions: { seed: false } })

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }

test('scan bases into a new batch as a barcode scanner types them, see the duplicate warning, push them to the demo PBX', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  await savePbx(app, services, 'Demo site', pbx.url, MANAGER)
  await signInThroughTheApp(app, 'Demo site', MANAGER)

  // a new, empty batch in scan mode, the scan field waiting for the scanner
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await app.getByRole('button', { name: 'New batch by scanning' }).click()
  const scan = app.getByRole('region', { name: 'Scan bases' })
  const field = scan.getByRole('textbox', { name: 'Scan a MAC' })
  await expect(field).toBeFocused()
  await expect(scan.getByRole('status')).toHaveText('Ready: scan the first base.')
  await expect(app.getByText('scanned on site')).toBeVisible()

  // first the bases' vendor and model, for every row, in the batch defaults
  await app.getByRole('button', { name: 'Batch defaults…' }).click()
  const defaults = app.getByRole('dialog').filter({ hasText: 'Batch defaults' })
  await defaults.getByRole('textbox', { name: 'Vendor' }).click()
  await app.keyboard.type('Yealink')
  // Naive UI's options have no role="option": the keyboard picks the one typed
  await expect(defaults.getByText('Yealink', { exact: true })).toBeVisible()
  await app.keyboard.press('Enter')
  await defaults.getByRole('textbox', { name: 'Model' }).click()
  await app.keyboard.type('W80B')
  await app.keyboard.press('Enter')
  await defaults.getByRole('button', { name: 'Save defaults' }).click()
  await expect(defaults).toBeHidden()
  // the closed dialog hands the focus back to "Batch defaults…", not to the scan field: click into it
  await field.click()
  await expect(field).toBeFocused()

  // three bases, each MAC and Enter at scanner speed, in three spellings
  await app.keyboard.type('001565AABB01\n00:15:65:aa:bb:02\n0015.65aa.bb03\n', { delay: 0 })
  await expect(scan.getByText('3 phones scanned')).toBeVisible()
  await expect(app.getByText('3 rows · 0 with errors · 0 with warnings')).toBeVisible()
  await expect(scan.getByRole('status')).toHaveText('✓ Base 3 — 00:15:65:AA:BB:03')
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('')
  for (const [row, mac] of [
    [1, '00:15:65:AA:BB:01'],
    [2, '00:15:65:AA:BB:02'],
    [3, '00:15:65:AA:BB:03'],
  ] as const) {
    await expect(app.getByRole('button', { name: `Edit Name, row ${row}` })).toHaveText(`Base ${row}`)
    await expect(app.getByRole('button', { name: `Edit MAC address, row ${row}` })).toHaveText(mac)
  }

  // the first base again, in yet another spelling: a row, and the warning naming the first
  await app.keyboard.type('00-15-65-AA-BB-01\n', { delay: 0 })
  await expect(scan.getByRole('status')).toHaveText('⚠ Base 4 — 00:15:65:AA:BB:01 already scanned as row 1')
  await expect(scan.getByText('4 phones scanned')).toBeVisible()
  await expect(app.getByRole('button', { name: 'Edit Name, row 4' })).toHaveText('Base 4')
  // the first row keeps the MAC (a warning naming row 4); row 4 is left out of the push (an error)
  await expect(app.getByText('4 rows · 1 with errors · 1 with warnings')).toBeVisible()
  await expect(app.getByRole('row', { name: /^Select row 1 / })).toContainText(/MAC 00:15:65:AA:BB:01 is also in row 4, which is left out of the push/)
  await expect(app.getByRole('row', { name: /^Select row 4 / })).toContainText(/MAC 00:15:65:AA:BB:01 is also in row 1: this row is left out of the push/)
  mkdirSync('/tmp/e2e-shots', { recursive: true })
  await app.screenshot({ path: '/tmp/e2e-shots/dect-scan-duplicate.png' })

  // the duplicate row goes
  await app.getByRole('checkbox', { name: 'Select row 4' }).check()
  await app.getByRole('button', { name: 'Delete selected rows (1)' }).click()
  await app.getByRole('dialog').filter({ hasText: 'Delete 1 row?' }).getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(app.getByRole('button', { name: 'Edit Name, row 4' })).toHaveCount(0)
  await expect(app.getByText('3 rows · 0 with errors · 0 with warnings')).toBeVisible()

  // push to the signed-in demo PBX
  await app.getByRole('tab', { name: 'Push' }).click()
  const panel = app.getByRole('region', { name: 'Push to a PBX' })
  await panel.getByRole('textbox', { name: 'Target PBX' }).click()
  await app.keyboard.type('Demo site')
  await app.keyboard.press('Enter')
  await expect(panel.getByText('Demo site (manager', { exact: false })).toBeVisible()
  await panel.getByRole('button', { name: 'Push 3 bases' }).click()
  await expect(panel.getByText('3 of 3 bases are on Demo site: 3 created, 0 matched.')).toBeVisible({ timeout: 20_000 })

  // read back through the PBX's API, not from the screen
  const api = await demoApi(pbx.url, MANAGER)
  const { body } = await api.get<{ items: DectPhone[] }>('/api/dect_phones')
  expect(body.items.map((phone) => [phone.mac, phone.name, phone.vendor, phone.model]).sort()).toEqual([
    ['001565AABB01', 'Base 1', 'Yealink', 'W80B'],
    ['001565AABB02', 'Base 2', 'Yealink', 'W80B'],
    ['001565AABB03', 'Base 3', 'Yealink', 'W80B'],
  ])
})
