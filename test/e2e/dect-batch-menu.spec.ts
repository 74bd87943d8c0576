import { createBatchStore } from '../../electron/services/dect/batch-store'
import { expect, test } from './harness'

const rows = [1, 2].map((n) => ({ row: n, values: { name: `Handset ${n}`, mac: `00156500000${n}`, vendor: 'Yealink', model: 'W80B' }, problems: [] }))

test('a batch\'s "More" menu by keyboard alone: Enter opens, the arrows move, Enter picks, Escape closes; the focus stays on the button', async ({ app, dataDir }) => {
  await createBatchStore(dataDir).create({ name: 'Site A', source: 'a.csv', rows })
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  const more = app.getByRole('button', { name: 'More actions for Site A', exact: true })
  const menu = app.getByRole('menu', { name: 'More actions for Site A', exact: true })
  await more.focus()

  await app.keyboard.press('Enter')
  await expect(menu).toBeVisible()
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  await expect(menu.getByRole('menuitem')).toHaveText(['Rename', 'Duplicate', 'Export', 'Delete'])
  await app.keyboard.press('ArrowDown')
  await app.keyboard.press('ArrowDown')
  await expect(menu.locator('.n-dropdown-option-body--pending')).toHaveText('Duplicate')
  // the button keeps the focus and points at the item reached, for a screen reader to read out
  const duplicate = menu.getByRole('menuitem', { name: 'Duplicate' })
  await expect(more).toHaveAttribute('aria-activedescendant', (await duplicate.getAttribute('id')) ?? 'an id')
  await app.keyboard.press('ArrowDown')
  await expect(more).toHaveAttribute('aria-activedescendant', (await menu.getByRole('menuitem', { name: 'Export' }).getAttribute('id')) ?? 'an id')
  await app.keyboard.press('ArrowUp')
  await expect(more).toHaveAttribute('aria-activedescendant', (await duplicate.getAttribute('id')) ?? 'an id')
  await app.screenshot({ path: 'test-results/screens/dect-batch-menu.png' })
  await app.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(more).toBeFocused()
  await expect(more).not.toHaveAttribute('aria-activedescendant')

  // Space opens it too; Enter on the second item duplicates the batch, and the menu does not open again
  await app.keyboard.press('Space')
  await expect(menu).toBeVisible()
  await app.keyboard.press('ArrowDown')
  await app.keyboard.press('ArrowDown')
  await app.keyboard.press('Enter')
  await expect(app.getByText('Duplicated as Site A (copy)')).toBeVisible()
  await expect(app.locator('tr[data-batch-id]')).toHaveCount(2)
  await expect(menu).toBeHidden()
  await expect(more).toBeFocused()
})
