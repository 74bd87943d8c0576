import { mkdirSync } from 'node:fs'
import { MANAGER, pushedSiteH } from './a11y-steps'
import { demoApi, openArea, openPbx, signedInPbx } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

type Member = { extension_number: string; ipui: string; handset_index: number }

/**
 * Issue 43's swap, from the app, by keyboard and scanner: Ben's handset breaks. On the Handsets
 * tab, "Change a handset…", "Swap a handset…"; the old one by its extension, the new one's label scanned: the new
 * handset rings at Ben's extension, at his index on the Hall base, on the PBX; the old IPUI is gone
 * from it; the batch shows what it replaced; its label goes to the Labels tab alone. An IPUI the
 * PBX has on another base is refused, named, under the new handset's field, and nothing changes.
 * Then Clara moves office: "Change a handset…", "Move a handset…", her extension, the Hall base by its name (after a
 * base the batch lacks, refused under its field): on the PBX her handset rings on Hall, on Yard no more.
 * And Anna takes extension 1160 ("Renumber a handset…"), after one another base holds is refused.
 */
test('a broken handset swapped for a new one, one moved to another base, one renumbered, from the Handsets tab: on the PBX as intended, the swapped label offered, bad input refused under its field', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  mkdirSync('test-results/screens', { recursive: true })
  const profileId = await signedInPbx(services, 'Demo Company', pbx.url, MANAGER)
  const batchId = await pushedSiteH(services, profileId)

  const api = await demoApi(pbx.url, MANAGER)
  const phones = (await api.get<{ items: { id: string; mac: string }[] }>('/api/dect_phones')).body.items
  const hall = phones.find((p) => p.mac.replaceAll(':', '').toUpperCase() === '001565E40001')!
  const yard = phones.find((p) => p.mac.replaceAll(':', '').toUpperCase() === '001565E40002')!
  const membersOf = async (base: { id: string }) => (await api.get<{ items: Member[] }>(`/api/dect_phones/${base.id}/members`)).body.items
  const hallMembers = () => membersOf(hall)
  const before = await hallMembers()
  const ben = before.find((m) => m.extension_number === '1152')!
  expect(ben.ipui).toBe('00AE000002')

  await showApp(app)
  await openPbx(app, 'Demo Company', MANAGER.username)
  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site H' }).click()
  await app.getByRole('tab', { name: 'Handsets (3)' }).click()

  // a handset of another base on the PBX (the seeded Reception base's): refused, named, nothing written
  // (the PBX the batch went to is the one chosen: the button waits for none)
  // (no title on the menu's button: nothing says why a handset cannot be changed)
  const changeMenu = app.getByRole('button', { name: 'Change a handset…' })
  await expect(changeMenu).not.toHaveAttribute('title')
  await changeMenu.click()
  await app.getByRole('menuitem', { name: 'Swap a handset…' }).click()
  const dialog = app.getByRole('dialog', { name: 'Swap a handset on Demo Company' })
  const oldField = dialog.getByRole('textbox', { name: 'Old handset' })
  await expect(oldField).toBeFocused()
  await app.keyboard.type('1152')
  await app.keyboard.press('Enter')
  const newField = dialog.getByRole('textbox', { name: 'New handset' })
  await expect(newField).toBeFocused()
  await app.keyboard.type('00092263DD')
  await app.keyboard.press('Enter')
  await expect(dialog.getByText(/00092263DD/).first()).toBeVisible()
  await expect(dialog).toContainText('Reception base')
  await expect(newField).toBeFocused()
  expect(await hallMembers()).toEqual(before)

  // the new handset's label, scanned over the refused one: swapped
  await app.keyboard.press('Control+A')
  await app.keyboard.type('00AE0000F1')
  await app.keyboard.press('Enter')
  await expect(dialog.getByRole('status')).toContainText('1152')
  const after = await hallMembers()
  expect(after.find((m) => m.ipui === '00AE000002'), 'the old IPUI is off the base').toBeUndefined()
  expect(after.find((m) => m.ipui === '00AE0000F1')).toMatchObject({ extension_number: '1152', handset_index: ben.handset_index })
  expect(after.filter((m) => m.extension_number === '1152')).toHaveLength(1)
  expect(after.length).toBe(before.length)

  // the batch keeps the swap; its label alone goes to the Labels tab
  // Enter prints it: the focus waits on "Print its label"
  await expect(dialog.getByRole('button', { name: 'Print its label' })).toBeFocused()
  await app.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  const labels = app.getByRole('region', { name: 'Labels' })
  await expect(labels.getByText('Reprint: 1 handset chosen')).toBeVisible()
  await expect(labels.locator('.dect-labels__label--handset')).toHaveCount(1)
  const saved = (await services.handlers.getBatch({ batchId })).handsets.find((h) => h.values.extension === '1152')!
  expect(saved.values.ipui).toBe('00AE0000F1')
  expect(saved.swaps).toEqual([expect.objectContaining({ from: '00AE000002', to: '00AE0000F1' })])
  await app.getByRole('tab', { name: 'Handsets (3)' }).click()
  await expect(app.getByRole('row', { name: /^Handset / }).filter({ hasText: '00AE0000F1' })).toContainText('replaced 00AE000002')
  await app.screenshot({ path: 'test-results/screens/handset-swapped-1280x720.png' })

  // Clara moves office, from Yard to Hall: her extension typed, a base the batch lacks refused under
  // its field, then the Hall base by its name
  // from the keyboard: the menu's button, Enter, the second item
  await changeMenu.focus()
  await app.keyboard.press('Enter')
  await app.keyboard.press('ArrowDown')
  await app.keyboard.press('ArrowDown')
  await app.keyboard.press('Enter')
  const move = app.getByRole('dialog', { name: 'Move a handset on Demo Company' })
  await expect(move.getByRole('textbox', { name: 'Handset' })).toBeFocused()
  await app.keyboard.type('1153')
  await app.keyboard.press('Enter')
  const baseField = move.getByRole('textbox', { name: 'To base' })
  await expect(baseField).toBeFocused()
  await app.keyboard.type('Cellar')
  await app.keyboard.press('Enter')
  await expect(move.getByText('the batch "Site H" has no base Cellar', { exact: false })).toBeVisible()
  await expect(baseField).toBeFocused()
  await app.keyboard.press('Control+A')
  await app.keyboard.type('Hall')
  await app.keyboard.press('Enter')
  await expect(move.getByRole('status')).toContainText("rings for extension 1153 on 'Hall'")
  expect((await hallMembers()).filter((m) => m.extension_number === '1153')).toEqual([expect.objectContaining({ ipui: '00AE000003' })])
  expect((await membersOf(yard)).filter((m) => m.extension_number === '1153')).toEqual([])
  const moved = (await services.handlers.getBatch({ batchId })).handsets.find((h) => h.values.extension === '1153')!
  expect(moved.outcome.baseMac).toBe('001565E40001')
  expect(moved.moves).toEqual([expect.objectContaining({ from: '001565E40002', to: '001565E40001' })])
  // Enter goes on to the next move
  await expect(move.getByRole('button', { name: 'Move another' })).toBeFocused()
  await app.keyboard.press('Enter')
  await expect(move.getByRole('textbox', { name: 'Handset' })).toBeFocused()
  await app.keyboard.press('Escape')
  await expect(move).toBeHidden()

  // Anna takes another extension, on her base at her index: the Reception base's 1002 refused,
  // named, under "New extension"; then 1160
  await changeMenu.focus()
  await app.keyboard.press('Enter')
  for (let i = 0; i < 3; i++) await app.keyboard.press('ArrowDown')
  await app.keyboard.press('Enter')
  const renumber = app.getByRole('dialog', { name: 'Renumber a handset on Demo Company' })
  await expect(renumber.getByRole('textbox', { name: 'Handset' })).toBeFocused()
  await app.keyboard.type('1151')
  await app.keyboard.press('Enter')
  const extensionField = renumber.getByRole('textbox', { name: 'New extension' })
  await expect(extensionField).toBeFocused()
  await app.keyboard.type('1002')
  await app.keyboard.press('Enter')
  await expect(renumber).toContainText('Reception base')
  await expect(extensionField).toBeFocused()
  const anna = (await hallMembers()).find((m) => m.ipui === '00AE000001')!
  expect(anna.extension_number).toBe('1151')
  await app.keyboard.press('Control+A')
  await app.keyboard.type('1160')
  await app.keyboard.press('Enter')
  await expect(renumber.getByRole('status')).toContainText('rings for extension 1160')
  expect((await hallMembers()).filter((m) => m.ipui === '00AE000001')).toEqual([expect.objectContaining({ extension_number: '1160', handset_index: anna.handset_index })])
  expect((await hallMembers()).filter((m) => m.extension_number === '1151')).toEqual([])
  // its label shows the new extension: offered for printing
  await expect(renumber.getByRole('button', { name: 'Print its label' })).toBeFocused()
})
