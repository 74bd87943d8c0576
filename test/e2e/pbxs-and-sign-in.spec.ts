import { expect, test } from './harness'

test('add a PBX, test the connection, sign in with a wrong then the right password, see the role', async ({ app, services, pbx }) => {
  await app.getByRole('button', { name: 'Add PBX' }).first().click()
  await app.getByLabel('Label').fill('Acme head office')
  await app.getByLabel('Address').fill(pbx.url)
  await app.getByLabel('User name').fill('manager')
  await app.getByLabel('Tenant domain').fill('demo.pbx.example')
  await app.getByRole('button', { name: 'Test connection' }).click()
  await expect(app.getByText('pbx.demo.example').first()).toBeVisible()
  await expect(app.getByText('Demo Company').first()).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/pbx-form.png' })
  await app.getByRole('button', { name: 'Add PBX' }).last().click()

  await expect(app.getByRole('button', { name: 'Open Acme head office' })).toBeVisible()
  // the services saved it, with no secret
  const [saved] = await services.handlers.listProfiles(undefined)
  expect(saved).toMatchObject({ label: 'Acme head office', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example' })

  await app.getByRole('button', { name: 'Open Acme head office' }).click()
  await app.getByRole('textbox', { name: 'Password' }).fill('wrong')
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(app.getByText('Wrong user name or password')).toBeVisible()
  await app.getByRole('textbox', { name: 'Password' }).fill('manager')
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()

  await expect(app.getByText('signed in as manager · Admin')).toBeVisible()
  await expect(app).toHaveURL(/#\/dect/)
  // the IVR area needs the system administrator: it says so, and opens to offer that sign-in (two-roles.spec.ts)
  await expect(app.getByRole('menuitem', { name: /IVR servers/ })).toHaveAccessibleDescription('needs the system administrator')
  expect((await services.handlers.listSessions(undefined))[0]).toMatchObject({ status: 'signed_in', user: { role_name: 'Admin' } })
  await app.screenshot({ path: 'test-results/screens/signed-in.png' })

  await app.getByRole('button', { name: 'Sign out of Acme head office' }).click()
  await expect(app.getByText('No PBX open')).toBeVisible()
  expect((await services.handlers.listSessions(undefined))[0]?.status).toBe('signed_out')
})

test('the first PBX added from the keyboard leaves the focus on its "Open" (issue 40), and Enter there signs in', async ({ app, pbx }) => {
  // the empty list's "Add PBX" goes with the list's first PBX: the focus must not drop to the page
  await app.getByRole('button', { name: 'Add PBX' }).first().focus()
  await app.keyboard.press('Enter')
  const form = app.getByRole('dialog', { name: 'Add PBX' })
  await expect(form.getByLabel('Label')).toBeFocused()
  await app.keyboard.type('Keyboard office')
  await form.getByLabel('Address').focus()
  await app.keyboard.type(pbx.url)
  await form.getByLabel('User name').focus()
  await app.keyboard.type('manager')
  await app.keyboard.press('Enter')
  await expect(form).toBeHidden()
  await expect(app.getByRole('button', { name: 'Open Keyboard office' })).toBeFocused()
  await app.keyboard.press('Enter')
  await expect(app.getByRole('textbox', { name: 'Password' })).toBeVisible()
})

test('a PBX that is down says so in the sign-in dialog', async ({ app, services, pbx }) => {
  await services.handlers.saveProfile({
    fields: { label: 'Down PBX', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false },
  })
  await app.reload()
  await pbx.faults.down()
  await app.getByRole('button', { name: 'Open Down PBX' }).click()
  await app.getByRole('textbox', { name: 'Password' }).fill('manager')
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(app.getByText(/Could not reach 127\.0\.0\.1:\d+: the connection was refused/)).toBeVisible()
  await pbx.faults.up()
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(app.getByText('signed in as manager · Admin')).toBeVisible()
})
