import { mkdirSync } from 'node:fs'
import type { DectPhone } from '../../electron/contract/pbx'
import { demoApi, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, showApp, test } from './harness'

// no DECT phone on the PBX yet
test.use({ pbxOptions: { seed: false } })
// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }

test('scan bases into a new batch as a barcode scanner types them, see the duplicate warning, push them to the demo PBX', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  await savePbx(services, 'Demo site', pbx.url, MANAGER)
  await showApp(app)
  await signInThroughTheApp(app, 'Demo site', MANAGER)

  // a new, empty batch in scan mode: first the bases' model, the choice taking the focus
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await app.getByRole('button', { name: 'New batch by scanning' }).click()
  const scan = app.getByRole('region', { name: 'Scan bases' })
  await expect(app.getByText('scanned on site')).toBeVisible()
  const ask = scan.getByRole('form', { name: 'Before the first scan: which bases?' })
  const model = ask.getByRole('combobox', { name: 'Base model' }).or(ask.getByRole('textbox', { name: 'Base model' }))
  await expect(model).toBeFocused()
  await expect(ask).toContainText('The 6 DECT models the PBX lists.')
  // the keyboard alone: the model found by typing, Enter to pick it, Enter to start
  await app.keyboard.type('W80')
  await expect(app.locator('.scan-model__option').filter({ hasText: 'Yealink W80B' })).toBeVisible()
  await app.keyboard.press('Enter')
  await expect(ask).toContainText('Yealink W80B')
  await app.keyboard.press('Enter')

  // the model is in the batch defaults, the scan field has the focus, waiting for the scanner
  const field = scan.getByRole('textbox', { name: 'Scan a MAC' })
  await expect(field).toBeFocused()
  await expect(scan.getByRole('status')).toHaveText('Ready: scan the first base.')
  await expect(scan.getByText('Next bases: Yealink W80B')).toBeVisible()
  mkdirSync('/tmp/e2e-shots', { recursive: true })

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
  // the select shows the PBX's label; its account and session are in the list
  await expect(panel.locator('.n-base-selection')).toContainText('Demo site')
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

test('scan mode by keyboard alone: a model, a name pattern and a first extension asked first; Alt+3 changes the model mid-scan; a handset code is named and not added; pushed with each base its model', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  await savePbx(services, 'Demo site', pbx.url, MANAGER)
  await showApp(app)
  await signInThroughTheApp(app, 'Demo site', MANAGER)
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await app.getByRole('button', { name: 'New batch by scanning' }).click()
  const scan = app.getByRole('region', { name: 'Scan bases' })
  const ask = scan.getByRole('form', { name: 'Before the first scan: which bases?' })
  await expect(ask).toContainText('Alt+1 … Alt+6 change the model')
  mkdirSync('/tmp/e2e-shots', { recursive: true })
  await app.screenshot({ path: '/tmp/e2e-shots/dect-scan-question.png' })
  await app.setViewportSize({ width: 1024, height: 700 })
  await app.screenshot({ path: '/tmp/e2e-shots/dect-scan-question-1024.png' })
  await app.setViewportSize({ width: 1280, height: 800 })
  await expect(ask.getByRole('combobox', { name: 'Base model' }).or(ask.getByRole('textbox', { name: 'Base model' }))).toBeFocused()

  // the model, then Tab to the name pattern and the first extension, Enter to start
  await app.keyboard.type('W70')
  await expect(app.locator('.scan-model__option').filter({ hasText: 'Yealink W70B' })).toContainText('Alt+1')
  await app.keyboard.press('Enter')
  await app.keyboard.press('Tab')
  await expect(ask.getByRole('textbox', { name: 'Name pattern' })).toBeFocused()
  await app.keyboard.press('ControlOrMeta+A')
  await app.keyboard.type('Floor {n} base')
  await app.keyboard.press('Tab')
  await expect(ask.getByRole('textbox', { name: 'First extension' })).toBeFocused()
  await app.keyboard.type('1101')
  await app.keyboard.press('Enter')
  const field = scan.getByRole('textbox', { name: 'Scan a MAC' })
  await expect(field).toBeFocused()

  // two bases of the first model, then Alt+3 (Snom M400) and one more: valid at once, the focus kept
  await app.keyboard.type('001565CC0001\n001565CC0002\n', { delay: 0 })
  await expect(scan.getByRole('status')).toHaveText('✓ Floor 2 base — 00:15:65:CC:00:02, extension 1102')
  await app.keyboard.press('Alt+3')
  await expect(scan.getByText('Next bases: Snom M400')).toBeVisible()
  await expect(scan.getByRole('button', { name: 'Snom M400' })).toHaveAttribute('aria-pressed', 'true')
  await expect(field).toBeFocused()
  await app.keyboard.type('001565CC0003\n', { delay: 0 })
  await expect(scan.getByRole('status')).toHaveText('✓ Floor 3 base — 00:15:65:CC:00:03, extension 1103')
  await expect(app.getByText('3 rows · 0 with errors · 0 with warnings')).toBeVisible()
  await app.screenshot({ path: '/tmp/e2e-shots/dect-scan-scanning.png' })
  await app.setViewportSize({ width: 1024, height: 700 })
  await app.screenshot({ path: '/tmp/e2e-shots/dect-scan-scanning-1024.png' })
  await app.setViewportSize({ width: 1280, height: 800 })

  // a handset's IPUI scanned here, and a code that is no MAC: each named, nothing added
  await app.keyboard.type('00092263DD\n', { delay: 0 })
  await expect(scan.getByRole('status')).toHaveText("✗ “00092263DD” is a handset's IPUI 00092263DD (IPEI 00146 0156637 8), not a base's MAC: handsets are scanned in the Handsets tab (scanned “00092263DD”)")
  await app.keyboard.type('PALLET-7\n', { delay: 0 })
  await expect(scan.getByRole('status')).toContainText('✗ MAC PALLET-7 has characters that are not hex digits')
  await expect(scan.getByText('3 phones scanned')).toBeVisible()
  await expect(app.getByText('3 rows · 0 with errors · 0 with warnings')).toBeVisible()
  await expect(field).toBeFocused()
  for (const [row, extension] of [
    [1, '1101'],
    [2, '1102'],
    [3, '1103'],
  ] as const) {
    await expect(app.getByRole('button', { name: `Edit Extension, row ${row}` })).toHaveText(extension)
  }

  await app.getByRole('tab', { name: 'Push' }).click()
  const panel = app.getByRole('region', { name: 'Push to a PBX' })
  await panel.getByRole('textbox', { name: 'Target PBX' }).click()
  await app.keyboard.type('Demo site')
  await app.keyboard.press('Enter')
  await panel.getByRole('button', { name: 'Push 3 bases' }).click()
  await expect(panel.getByText('3 of 3 bases are on Demo site: 3 created, 0 matched.')).toBeVisible({ timeout: 20_000 })

  // on the PBX: the first two as the model asked first (the batch defaults), the third as Alt+3 chose
  const api = await demoApi(pbx.url, MANAGER)
  const { body } = await api.get<{ items: DectPhone[] }>('/api/dect_phones')
  expect(body.items.map((phone) => [phone.mac, phone.name, phone.vendor, phone.model, phone.template]).sort()).toEqual([
    ['001565CC0001', 'Floor 1 base', 'Yealink', 'W70B', 'yealink_w70b.xml'],
    ['001565CC0002', 'Floor 2 base', 'Yealink', 'W70B', 'yealink_w70b.xml'],
    ['001565CC0003', 'Floor 3 base', 'Snom', 'M400', 'snom_m400.xml'],
  ])
})
