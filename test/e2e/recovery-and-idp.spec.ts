import { profileFields } from '../support/profile-fields'
import { expect, test, type DemoPbx } from './harness'

const fields = (pbx: DemoPbx, label: string, username: string) => profileFields(label, pbx.url, username, { domain: 'demo.pbx.example' })
const lastMail = (pbx: DemoPbx, kind: string, username: string) => pbx.outbox.filter((m) => m.kind === kind && m.username === username).at(-1)

test('forgot password: the mailed link comes back to the app, then the code, then a new password signs in', async ({ app, services, pbx }) => {
  await services.handlers.saveProfile({ fields: fields(pbx, 'Acme', 'manager') })
  await app.reload()
  await app.getByRole('button', { name: 'Open Acme' }).click()
  await app.getByRole('button', { name: 'Forgot password?' }).click()
  await expect(app.getByText('Waiting for the link to be opened…')).toBeVisible()

  // the installer opens the mail's link in a browser on this computer
  const link = lastMail(pbx, 'password_reset', 'manager')?.link
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:/)
  expect((await fetch(link!)).status).toBe(200)

  await expect(app.getByRole('heading', { name: 'Enter the code' })).toBeVisible()
  await app.getByRole('textbox', { name: 'One-time code' }).fill(lastMail(pbx, 'otp', 'manager')!.code!)
  await app.getByRole('button', { name: 'Continue' }).click()
  await expect(app.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await app.getByRole('textbox', { name: /^New password/ }).fill('Site-2026-pass')
  await app.getByRole('textbox', { name: /^Repeat the new password/ }).fill('Site-2026-pas')
  await app.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(app.getByText('the two passwords do not match')).toBeVisible()
  await app.getByRole('textbox', { name: /^Repeat the new password/ }).fill('Site-2026-pass')
  await app.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(app.getByText('signed in as manager · Admin')).toBeVisible()

  // the PBX has the new password, and no longer the old one
  const signIn = (password: string) =>
    fetch(`${pbx.url}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password, domain: 'demo.pbx.example' }),
    })
  expect((await signIn('manager')).status).toBe(401)
  expect((await signIn('Site-2026-pass')).status).toBe(200)
})

test('a PBX that requires a new password leads straight to setting one', async ({ app, services, pbx }) => {
  await services.handlers.saveProfile({ fields: fields(pbx, 'Training room', 'trainee') })
  await app.reload()
  await app.getByRole('button', { name: 'Open Training room' }).click()
  await app.getByRole('textbox', { name: 'Password' }).fill('trainee')
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(app.getByText('The PBX requires a new password for trainee before you can work')).toBeVisible()
  await app.getByRole('textbox', { name: 'Reset link from the email' }).fill(lastMail(pbx, 'password_reset', 'trainee')!.link!)
  await app.getByRole('button', { name: 'Continue' }).click()
  await app.getByRole('textbox', { name: 'One-time code' }).fill(lastMail(pbx, 'otp', 'trainee')!.code!)
  await app.getByRole('button', { name: 'Continue' }).click()
  await app.getByRole('textbox', { name: /^New password/ }).fill('Trainee-2026!')
  await app.getByRole('textbox', { name: /^Repeat the new password/ }).fill('Trainee-2026!')
  await app.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(app.getByText('signed in as trainee · Admin')).toBeVisible()
})

test('sign in through the identity provider: the system browser opens its page, the loopback redirect signs in', async ({ app, services, pbx, browserOpened }) => {
  await services.handlers.saveProfile({ fields: fields(pbx, 'Demo Company via IdP', 'manager') })
  await app.reload()
  await app.getByRole('button', { name: 'Open Demo Company via IdP' }).click()
  await app.getByRole('button', { name: 'Sign in with the identity provider' }).click()
  await expect(app.getByText('Continue in your browser — the sign-in page of Demo Company has opened.')).toBeVisible()

  // play the user's browser: the provider's page, its form, the redirect back to the app
  await expect.poll(() => browserOpened.length).toBe(1)
  const page = await fetch(browserOpened[0]!)
  const html = await page.text()
  expect(html).toContain('Demo Company')
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]))
  const answer = await fetch(new URL('/idp/authorize', pbx.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, username: 'manager', password: 'manager' }).toString(),
  })
  expect(answer.status).toBe(302)
  expect((await fetch(answer.headers.get('location')!)).status).toBe(200)

  await expect(app.getByText('signed in as manager · Admin')).toBeVisible()
})
