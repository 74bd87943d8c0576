import { expect, test } from './harness'
import { profileFields } from '../support/profile-fields'

/**
 * The demo's `installer` signs in with a one-time code the demo "mails" to an outbox nobody reads
 * (issue 40): the code step shows it in the demo's own notice, and typing it signs in. Keyboard only.
 */
test('signing in to the built-in demo as its installer shows the demo’s code, and typing it signs in', async ({ app, services }) => {
  const { baseUrl, profileIds } = await services.handlers.startDemo(undefined)
  await services.handlers.saveProfile({
    id: profileIds[0]!,
    fields: profileFields('Demo PBX · Demo Company', baseUrl, 'installer', { domain: 'demo.pbx.example', customer: 'Demo Company', tags: ['demo'] }),
  })
  await app.reload()

  // the list's row is its one Tab stop: Enter opens it, and the password field has the focus
  await app.getByRole('row', { name: /^Demo PBX · Demo Company,/ }).focus()
  await app.keyboard.press('Enter')
  await expect(app.getByRole('textbox', { name: 'Password' })).toBeFocused()
  await app.keyboard.type('installer')
  await app.keyboard.press('Enter')

  const notice = app.getByText(/^Demo PBX: the code is \d{6}$/)
  await expect(notice).toBeVisible()
  await expect(app.getByRole('textbox', { name: 'One-time code' })).toBeFocused()
  const code = /\d{6}/.exec((await notice.textContent()) ?? '')![0]
  await app.keyboard.type(code)
  await app.keyboard.press('Enter')
  await expect(app.getByText('signed in as installer · Admin')).toBeVisible()
})

test('a saved PBX that merely points at a demo server shows no code', async ({ app, services, pbx }) => {
  await services.handlers.saveProfile({ fields: profileFields('Someone else’s demo', pbx.url, 'installer', { domain: 'demo.pbx.example' }) })
  await app.reload()
  await app.getByRole('row', { name: /^Someone else’s demo,/ }).focus()
  await app.keyboard.press('Enter')
  await expect(app.getByRole('textbox', { name: 'Password' })).toBeFocused()
  await app.keyboard.type('installer')
  await app.keyboard.press('Enter')
  await expect(app.getByRole('textbox', { name: 'One-time code' })).toBeFocused()
  await expect(app.getByText(/Demo PBX: the code is/)).toHaveCount(0)
})
