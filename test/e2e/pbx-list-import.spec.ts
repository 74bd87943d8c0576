import { mkdirSync } from 'node:fs'
import type { DemoPbx } from '../../electron/demo-pbx'
import { expect, test } from './harness'

/**
 * "Add many…" (issue 38) in real Chromium with the real services and keychain: a 30-row list of
 * 15 demo PBXs × 2 tenants pasted, checked (each address asked), the two passwords typed once,
 * added; the PBX list has the 30, each with its password kept. The dialog with its table is
 * photographed at 1280×800 (test-results/screens/pbx-list-import.png).
 */
const SCREENS = 'test-results/screens'
const TENANTS = ['demo.pbx.example', 'other.pbx.example'] as const

test.use({ viewport: { width: 1280, height: 800 } })

/** The list as a spreadsheet copy gives it: tab-separated, a header row first. */
function listOf(pbxs: readonly DemoPbx[]): string {
  const rows = pbxs.flatMap((pbx, i) =>
    TENANTS.map((tenant) => [`Site ${i + 1} ${tenant.split('.')[0]}`, pbx.url, 'manager', tenant, `Customer ${i + 1}`, i < 8 ? 'North' : 'South', 'dect, gold'].join('\t')),
  )
  return ['label\taddress\tuser\ttenant\tcustomer\tgroup\ttags', ...rows].join('\n')
}

test('paste 30 PBXs (15 demo PBXs × 2 tenants), check, type two passwords, add: the list has 30', async ({ app, services, startPbx }) => {
  test.setTimeout(60_000)
  const pbxs = await Promise.all(Array.from({ length: 15 }, () => startPbx({ seed: false })))

  await app.getByRole('button', { name: 'Add many…' }).click()
  const dialog = app.locator('.pbx-list-import')
  const list = dialog.getByLabel('The list: a header row, then one PBX a row')
  await expect(list).toBeFocused()
  await list.fill(listOf(pbxs))
  await list.press('Control+Enter')

  await expect(dialog.getByText('30 rows · no problems')).toBeVisible()
  const rows = dialog.locator('tbody tr')
  await expect(rows).toHaveCount(30)
  await expect(rows.first().locator('[data-col-key="check"]')).toHaveText('Reachable · Demo Company')
  await expect(rows.nth(1).locator('[data-col-key="check"]')).toHaveText('Reachable · Other Company')
  await expect(rows.first().locator('[data-col-key="tags"]')).toHaveText('dect, gold')

  const demo = dialog.getByLabel('Password for manager @ demo.pbx.example (15 PBXs)')
  const other = dialog.getByLabel('Password for manager @ other.pbx.example (15 PBXs)')
  await demo.fill('manager')
  await other.fill('manager')
  const add = dialog.getByRole('button', { name: 'Add 30 PBXs' })
  await expect(add).toBeEnabled()

  // the dialog with its table, its passwords and its buttons all in the 1280×800 window
  for (const part of [dialog.locator('.pbx-list-table'), other, add]) {
    const box = await part.boundingBox()
    expect(box, 'in the page').not.toBeNull()
    expect(box!.y + box!.height, 'above the bottom of the window').toBeLessThanOrEqual(800)
    expect(box!.x + box!.width, 'inside the right edge').toBeLessThanOrEqual(1280)
  }
  mkdirSync(SCREENS, { recursive: true })
  await app.screenshot({ path: `${SCREENS}/pbx-list-import.png` })

  await other.press('Enter') // Enter in the last password adds
  await expect(dialog).toBeHidden({ timeout: 20_000 })
  await expect(app.getByText('Added 30 PBXs, skipped 0. Password kept for 30 PBXs (signed in).')).toBeVisible()
  await expect(app.getByText('30 saved PBXs')).toBeVisible()
  await expect(app.locator('tr[data-profile-id]')).toHaveCount(30)
  // the focus is back in the list, on the first PBX added
  await expect(app.locator('tr[data-profile-id]:focus')).toContainText('Site 1 demo')
  await app.screenshot({ path: `${SCREENS}/pbx-list-imported.png` })

  const saved = await services.handlers.listProfiles(undefined)
  expect(saved).toHaveLength(30)
  expect(saved.every((profile) => profile.rememberPassword && profile.tags.join() === 'dect,gold')).toBe(true)
})

test('a list with a password in an address: the row and field are named, nothing can be added until it is fixed', async ({ app, services, pbx }) => {
  await app.getByRole('button', { name: 'Add many…' }).click()
  const dialog = app.locator('.pbx-list-import')
  const list = dialog.getByLabel('The list: a header row, then one PBX a row')
  const text = (address: string) => `label,address,user,tenant\nAcme,${pbx.url},manager,demo.pbx.example\nBravo,${address},manager,other.pbx.example`
  await list.fill(text('https://admin:secret@pbx.bravo.example'))
  await list.press('Control+Enter')
  await expect(dialog.locator('tr[data-row="2"] [data-col-key="check"] [data-problem]')).toContainText('Row 2, address: remove the user name and password from the address')
  await expect(dialog.locator('tr[data-row="2"] [data-col-key="address"]')).toHaveText('https://admin:•••@pbx.bravo.example')
  await expect(dialog.getByText('Fix the 1 problem in the list, then check again.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Add 2 PBXs' })).toBeDisabled()
  mkdirSync(SCREENS, { recursive: true })
  await app.screenshot({ path: `${SCREENS}/pbx-list-import-problem.png` })

  await list.fill(text(pbx.url))
  await list.press('Control+Enter')
  await expect(dialog.getByText('2 rows · no problems')).toBeVisible()
  await dialog.getByRole('button', { name: 'Add 2 PBXs' }).click()
  await expect(dialog).toBeHidden()
  await expect(app.getByText('Added 2 PBXs, skipped 0. No password was typed: each PBX asks for its password at its first sign-in.')).toBeVisible()
  expect((await services.handlers.listProfiles(undefined)).map((p) => p.label).sort()).toEqual(['Acme', 'Bravo'])
})
