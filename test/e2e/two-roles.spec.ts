import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IvrServer } from '../../electron/contract/pbx'
import { demoApi, openArea, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

/**
 * One saved entry per PBX for both roles (issue 38), as a reseller meets it: an entry for the
 * tenant and one for the system administrator, saved long ago for the same PBX, merged on the
 * user's word; then the tenant entry opens IVR servers by signing in as the system administrator
 * right there, and Notifications opens from the quick switcher with no second sign-in. The outcome
 * is checked where it lives: one entry in profiles.json holding both sign-ins, the IVR server added
 * on the PBX.
 */
const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const ADMIN = { username: 'admin', password: 'admin' }

test('a reseller merges two entries of one PBX, signs in as its system administrator from IVR servers, and works in both roles from one entry', async ({ app, services, pbx, dataDir }) => {
  test.setTimeout(60_000)
  await savePbx(services, 'Demo PBX admin', pbx.url, ADMIN)
  await savePbx(services, 'Demo Company', pbx.url, MANAGER)
  await showApp(app)

  // the PBX list says the two entries are one PBX, and merges them on the user's word
  const notice = app.getByRole('alert').filter({ hasText: `Two entries for ${pbx.url}` })
  await expect(notice).toContainText('"Demo PBX admin" signs in as its system administrator, "Demo Company" as a tenant')
  await app.screenshot({ path: 'test-results/screens/two-roles-merge.png' })
  await notice.getByRole('button', { name: 'Merge "Demo PBX admin" into "Demo Company"…' }).click()
  const confirm = app.getByRole('dialog').filter({ hasText: 'Merge "Demo PBX admin" into "Demo Company"' })
  await expect(confirm).toContainText('"Demo Company" will also sign in as admin, the system administrator of')
  await confirm.getByRole('button', { name: 'Merge', exact: true }).click()
  await expect(app.getByText('Merged: 1 entry holds both sign-ins now')).toBeVisible()
  await expect(notice).toHaveCount(0)
  await expect(app.getByRole('button', { name: 'Open Demo PBX admin' })).toHaveCount(0)
  await expect(app.getByText('manager@demo.pbx.example + admin (system administrator)')).toBeVisible()
  const saved = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as { profiles: { label: string; systemAdmin: unknown }[] }
  expect(saved.profiles).toEqual([expect.objectContaining({ label: 'Demo Company', systemAdmin: { username: 'admin', rememberPassword: false } })])

  // the tenant entry opens; IVR servers says what it needs and offers the sign-in right there
  await signInThroughTheApp(app, 'Demo Company', MANAGER)
  const ivrItem = app.getByRole('menuitem', { name: /IVR servers/ })
  await expect(ivrItem).toHaveAccessibleDescription('needs the system administrator')
  await expect(ivrItem).not.toHaveAttribute('aria-disabled', 'true')
  await openArea(app, 'IVR servers')
  await expect(app.getByText('IVR servers need the system administrator of this PBX. Demo Company is signed in as manager (Admin)')).toBeVisible()
  await app.getByRole('button', { name: 'Sign in as the system administrator of this PBX' }).click()

  // the dialog knows who (kept on the entry by the merge); a wrong password says so and keeps the dialog
  const dialog = app.getByRole('dialog', { name: /Sign in as the system administrator of this PBX: Demo Company/ })
  await expect(dialog.getByRole('textbox', { name: 'System administrator' })).toHaveValue('admin')
  const password = dialog.getByRole('textbox', { name: 'Password' })
  await expect(password).toBeFocused()
  await password.fill('wrong')
  await password.press('Enter')
  await expect(dialog.getByText(/Wrong user name or password/)).toBeVisible()
  await password.fill(ADMIN.password)
  await password.press('Enter')
  await expect(dialog).toHaveCount(0)

  // both roles on one entry: the header says so, the IVR list is the PBX's
  await expect(app.getByText('signed in as manager · Admin + admin · system administrator')).toBeVisible()
  const list = app.getByRole('region', { name: 'IVR servers' })
  await expect(list.getByText('2 servers', { exact: true })).toBeVisible()
  await list.getByRole('button', { name: 'Add IVR server' }).click()
  await app.getByRole('textbox', { name: /^Name\b/ }).fill('Branch office IVR')
  await app.getByLabel('IPv4 address', { exact: true }).fill('192.168.1.60')
  await app.getByRole('button', { name: 'Add server' }).click()
  await expect(app.getByRole('status').filter({ hasText: 'Branch office IVR was added to Demo Company' })).toBeVisible()
  const onPbx = (await (await demoApi(pbx.url, ADMIN)).get<{ items: IvrServer[] }>('/api/ivr_servers')).body.items
  expect(onPbx.map((server) => server.name)).toContain('Branch office IVR')

  // Notifications from the quick switcher: no second sign-in, the settings are the PBX's
  await app.keyboard.press('Control+K')
  const search = app.getByRole('dialog', { name: 'Go to a PBX or an area' }).getByRole('combobox', { name: 'Search saved PBXs and areas' })
  await expect(search).toBeFocused()
  await search.fill('Notifications')
  await expect(app.getByRole('option', { name: /^Notifications/ })).toContainText('area')
  await search.press('Enter')
  await expect(app.getByRole('region', { name: 'Notification settings' }).getByRole('button', { name: 'Reload' })).toBeVisible()
  // and the tenant's own areas stay the tenant's
  await openArea(app, 'Outbound rules')
  await expect(app).toHaveURL(/#\/outbound/)
  const sessions = await services.handlers.listSessions(undefined)
  expect(sessions).toEqual([expect.objectContaining({ status: 'signed_in', user: expect.objectContaining({ role_name: 'Admin' }), system: expect.objectContaining({ status: 'signed_in' }) })])
  await app.screenshot({ path: 'test-results/screens/two-roles.png' })
})
