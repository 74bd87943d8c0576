import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { IvrServer } from '../../electron/contract/pbx'
import { demoApi, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

// the demo PBX's seed: the built-in INTERNAL server and one EXTERNAL ("Reception IVR")

const ADMIN = { username: 'admin', password: 'admin' }
const NEW_NAME = 'Branch office IVR'

/** The form item (label, field, the message beside it) that holds the field labelled `label`. */
const formItemOf = (app: Page, label: string) => app.locator('.n-form-item', { has: app.getByLabel(label, { exact: true }) })

test('the system administrator lists, adds (with the reasons beside the fields), switches off, searches and deletes an IVR server', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  await savePbx(services, 'Head office', pbx.url, ADMIN)
  await showApp(app)
  await signInThroughTheApp(app, 'Head office', ADMIN)
  const api = await demoApi(pbx.url, ADMIN)
  const serversOnPbx = async () => (await api.get<{ count: number; items: IvrServer[] }>('/api/ivr_servers')).body.items

  // the list, counted by the PBX, with the built-in server marked and locked
  await app.getByRole('menu').getByText('IVR servers', { exact: true }).click()
  const list = app.getByRole('region', { name: 'IVR servers' })
  await expect(list.getByText('2 servers', { exact: true })).toBeVisible()
  const builtIn = list.getByRole('row', { name: /Built-in IVR/ })
  await expect(builtIn.getByText('INTERNAL', { exact: true })).toBeVisible()
  await expect(builtIn.getByText('built-in', { exact: true })).toBeVisible()
  const builtInSwitch = builtIn.getByRole('switch', { name: 'Built-in IVR: enabled' })
  await expect(builtInSwitch).toHaveAttribute('aria-disabled', 'true')
  await expect(builtInSwitch).toHaveAttribute('aria-checked', 'true')
  await expect(builtIn.getByRole('button', { name: /Delete/ })).toHaveCount(0)
  // the locked switch takes the keyboard focus and is read out with why; hovering shows why; pressing it changes nothing
  const why = 'The built-in IVR server is part of the PBX: it is listed read-only, and cannot be switched off or deleted here.'
  await expect(builtInSwitch).toHaveAccessibleDescription(why)
  await builtInSwitch.focus()
  await expect(builtInSwitch).toBeFocused()
  await builtInSwitch.press('Space')
  await builtInSwitch.hover()
  await expect(app.locator('.n-tooltip').getByText(why)).toBeVisible()
  // aria-disabled: Playwright would wait for it to be enabled; a user's click lands anyway
  await builtInSwitch.click({ force: true })
  await expect(builtInSwitch).toHaveAttribute('aria-checked', 'true')
  expect((await serversOnPbx()).find((server) => server.type === 'INTERNAL')?.enabled).toBe(true)
  await expect(list.getByRole('row', { name: /Reception IVR/ }).getByRole('switch', { name: 'Reception IVR: enabled' })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  )

  // a name and no address: the reason stands beside the address fields, nothing reaches the PBX
  await list.getByRole('button', { name: 'Add IVR server' }).click()
  await expect(app.getByRole('heading', { name: 'New IVR server on Head office' })).toBeVisible()
  // the required name is labelled "Name *" (Naive UI's asterisk)
  const nameField = app.getByRole('textbox', { name: /^Name\b/ })
  await expect(nameField).toBeFocused()
  await nameField.fill(NEW_NAME)
  await app.getByRole('button', { name: 'Add server' }).click()
  const atLeastOne = 'give an IPv4 or an IPv6 address (at least one is needed)'
  await expect(formItemOf(app, 'IPv4 address').getByText(atLeastOne)).toBeVisible()
  await expect(formItemOf(app, 'IPv6 address').getByText(atLeastOne)).toBeVisible()
  await expect(app.getByLabel('IPv4 address', { exact: true })).toBeFocused()
  expect((await serversOnPbx()).map((server) => server.name)).toEqual(['Built-in IVR', 'Reception IVR'])

  // a bad IPv4: its own reason beside it (and "at least one" is settled)
  await app.getByLabel('IPv4 address', { exact: true }).fill('192.168.1.300')
  await app.getByRole('button', { name: 'Add server' }).click()
  await expect(formItemOf(app, 'IPv4 address').getByText('must be an IPv4 address (e.g. 192.168.1.50)')).toBeVisible()
  await expect(formItemOf(app, 'IPv6 address').getByText(atLeastOne)).toBeHidden()
  expect(await serversOnPbx()).toHaveLength(2)

  // a valid IPv4: the Done step shows the server as the PBX read it back
  await app.getByLabel('IPv4 address', { exact: true }).fill('192.168.1.60')
  await app.getByRole('button', { name: 'Add server' }).click()
  await expect(app.getByRole('status').filter({ hasText: `${NEW_NAME} was added to Head office` })).toBeVisible()
  const added = (await serversOnPbx()).find((server) => server.name === NEW_NAME)
  expect(added).toMatchObject({ name: NEW_NAME, ipv4: '192.168.1.60', enabled: true, type: 'EXTERNAL' })
  const details = app.locator(`[data-server-id="${added!.id}"]`)
  for (const [label, value] of [
    ['Name', NEW_NAME],
    ['Type', 'EXTERNAL'],
    ['IPv4', '192.168.1.60'],
    ['Enabled', 'Yes'],
    ['Id', added!.id],
  ]) {
    await expect(details.getByRole('row', { name: new RegExp(`^${label}\\b`) })).toContainText(value!)
  }

  // back to the list: three servers; switch the new one off, and the PBX has it off
  await app.getByRole('button', { name: 'Back to the list' }).click()
  await expect(list.getByText('3 servers', { exact: true })).toBeVisible()
  const row = list.getByRole('row', { name: new RegExp(NEW_NAME) })
  const toggle = row.getByRole('switch', { name: `${NEW_NAME}: enabled` })
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
  mkdirSync('/tmp/e2e-shots', { recursive: true })
  await app.screenshot({ path: '/tmp/e2e-shots/ivr-servers-list.png' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  await expect(toggle).toBeEnabled()
  await expect.poll(async () => (await api.get<IvrServer>(`/api/ivr_servers/${added!.id}`)).body.enabled).toBe(false)

  // the PBX searches: only the new one is left
  await list.getByRole('searchbox', { name: 'Search IVR servers' }).fill('Branch')
  await expect(list.getByText('1 server matching “Branch”', { exact: true })).toBeVisible()
  await expect(list.getByRole('row', { name: /Built-in IVR/ })).toHaveCount(0)
  await expect(row).toBeVisible()

  // delete it, confirmed: gone on the PBX
  await row.getByRole('button', { name: `Delete ${NEW_NAME}` }).click()
  const confirm = app.getByRole('dialog').filter({ hasText: `Delete ${NEW_NAME}?` })
  await expect(confirm).toContainText(`${NEW_NAME} (192.168.1.60) is removed from Head office`)
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(app.getByText(`Deleted ${NEW_NAME}`)).toBeVisible()
  await expect(list.getByText(`No IVR server matches “Branch”`)).toBeVisible()
  expect((await api.get(`/api/ivr_servers/${added!.id}`)).status).toBe(404)
  expect((await serversOnPbx()).map((server) => server.name)).toEqual(['Built-in IVR', 'Reception IVR'])
})
