import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { NotificationSettings } from '../../electron/contract/pbx'
import { demoApi, openArea, reloadWithPbxOpen, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, showApp, test as base } from './harness'
import { recordingProxy, type WireExchange } from './mail-steps'

// the demo PBX's seed: SMTP at smtp.demo.example, one recipient (it@demo.example), stored password "smtp-secret"
const test = base.extend<{ wire: Awaited<ReturnType<typeof recordingProxy>> }>({
  // the demo PBX behind a recording proxy: the app is pointed at the proxy, so a test sees what crossed the wire
  wire: async ({ pbx }, use) => {
    const wire = await recordingProxy(pbx.url)
    await use(wire)
    await wire.close()
  },
})

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

const ADMIN = { username: 'admin', password: 'admin' }
const LABEL = 'Head office'
const SEEDED_PASSWORD = 'smtp-secret'
const NEW_PASSWORD = 'Relay-pass-7319'

/** The form item that holds the recipient chips. */
const recipientsItem = (app: Page) => app.locator('.n-form-item').filter({ has: app.getByText('Recipients', { exact: true }) })

/** Adds one recipient as a user does: "+ Recipient", type the address, Enter. */
async function addRecipient(app: Page, address: string): Promise<void> {
  await app.getByRole('button', { name: 'Add a recipient' }).click()
  const box = app.getByRole('textbox', { name: 'Add a recipient' })
  await expect(box).toBeFocused()
  await box.fill(address)
  await box.press('Enter')
}

const saves = (exchanges: WireExchange[]) => exchanges.filter((exchange) => exchange.method === 'POST' && exchange.path === '/api/admin/notification')

/** Every text of the page a user could read or copy: its visible text and the value of every field. */
async function pageTexts(app: Page): Promise<string> {
  const values = await Promise.all((await app.locator('input, textarea').all()).map((field) => field.inputValue()))
  return [await app.locator('body').innerText(), ...values].join('\n')
}

test('recipients stop at 15 with the reason beside the field, 15 are saved, and a new password goes to the PBX but never comes back', async ({ app, services, pbx, wire }) => {
  test.setTimeout(90_000)
  const profileId = await savePbx(services, LABEL, wire.url, ADMIN)
  await showApp(app)
  await signInThroughTheApp(app, LABEL, ADMIN)
  const api = await demoApi(pbx.url, ADMIN)
  const onPbx = async () => (await api.get<NotificationSettings>('/api/admin/notification')).body

  await openArea(app, 'Notifications')
  const form = app.getByRole('form', { name: 'Notification settings' })
  await expect(form.getByLabel('Server', { exact: true })).toHaveValue('smtp.demo.example')
  await expect(form.getByLabel('Server type')).toBeVisible()
  const recipients = recipientsItem(app)
  await expect(recipients.getByText('it@demo.example', { exact: true })).toBeVisible()
  await expect(recipients.getByText('1 of 15', { exact: true })).toBeVisible()

  // 14 more as chips: 15 in all
  const added = Array.from({ length: 14 }, (_, i) => `alerts${String(i + 2).padStart(2, '0')}@demo.example`)
  for (const address of added) await addRecipient(app, address)
  await expect(recipients.getByText('15 of 15', { exact: true })).toBeVisible()
  for (const address of added) await expect(recipients.getByText(address, { exact: true })).toBeVisible()

  // the 16th is refused beside the field and stays in the box to be corrected; nothing went to the PBX
  await addRecipient(app, 'one-too-many@demo.example')
  await expect(recipients.getByRole('alert')).toHaveText('The PBX takes at most 15 recipients: remove one before adding another.')
  await expect(app.getByRole('textbox', { name: 'Add a recipient' })).toHaveValue('one-too-many@demo.example')
  await expect(recipients.getByText('15 of 15', { exact: true })).toBeVisible()
  await expect(recipients.getByText('one-too-many@demo.example', { exact: true })).toHaveCount(0)
  expect(saves(wire.exchanges)).toEqual([])
  expect((await onPbx()).recipients).toBe('it@demo.example')
  mkdirSync('/tmp/e2e-shots', { recursive: true })
  await recipients.scrollIntoViewIfNeeded()
  await app.screenshot({ path: '/tmp/e2e-shots/notification-recipients.png' })

  // Escape drops the typed 16th; Save sends the 15
  await app.getByRole('textbox', { name: 'Add a recipient' }).press('Escape')
  await expect(recipients.getByRole('alert')).toHaveCount(0)
  await form.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(app.getByText('Notification settings saved', { exact: true })).toBeVisible()
  const savedRecipients = (await onPbx()).recipients?.split(',').map((address) => address.trim())
  expect(savedRecipients).toEqual(['it@demo.example', ...added])
  expect(saves(wire.exchanges)).toHaveLength(1)
  expect(JSON.parse(saves(wire.exchanges)[0]!.requestBody)).not.toHaveProperty('password')

  // a new password: typed once, sent once, and from then on only "unchanged"
  const password = form.getByLabel('Password', { exact: true })
  await expect(password).toBeDisabled()
  await expect(password).toHaveAttribute('placeholder', 'unchanged')
  await expect(password).toHaveValue('')
  await form.getByRole('button', { name: 'Change password' }).click()
  await expect(password).toBeFocused()
  await password.fill(NEW_PASSWORD)
  await form.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(app.getByText('Notification settings saved with the new password', { exact: true })).toBeVisible()
  await expect(password).toBeDisabled()
  await expect(password).toHaveValue('')
  await expect(password).toHaveAttribute('placeholder', 'unchanged')
  await expect(form.getByRole('button', { name: 'Change password' })).toBeVisible()

  // on the wire: the password went to the PBX in the second save, and no answer of the PBX held it
  const [, withPassword] = saves(wire.exchanges)
  expect(JSON.parse(withPassword!.requestBody)).toMatchObject({ password: NEW_PASSWORD, server: 'smtp.demo.example' })
  expect(withPassword!.status).toBe(200)
  for (const exchange of wire.exchanges) {
    expect(exchange.responseBody, `${exchange.method} ${exchange.path}`).not.toContain(NEW_PASSWORD)
    expect(exchange.responseBody, `${exchange.method} ${exchange.path}`).not.toContain(SEEDED_PASSWORD)
  }
  // not from the PBX's API, not from the services, not anywhere on the page
  const read = await onPbx()
  expect(read).not.toHaveProperty('password')
  expect(JSON.stringify(read)).not.toContain(NEW_PASSWORD)
  expect(JSON.stringify(await services.handlers.getNotificationSettings({ profileId }))).not.toContain(NEW_PASSWORD)
  expect(await pageTexts(app)).not.toContain(NEW_PASSWORD)

  // after a reload of the page, the form read again: still only "unchanged"
  await reloadWithPbxOpen(app, ADMIN.username)
  await openArea(app, 'Notifications')
  await expect(recipients.getByText('15 of 15', { exact: true })).toBeVisible()
  await expect(password).toHaveAttribute('placeholder', 'unchanged')
  await expect(password).toHaveValue('')
  expect(await pageTexts(app)).not.toContain(NEW_PASSWORD)
  expect(await pageTexts(app)).not.toContain(SEEDED_PASSWORD)
})

test('"Send a test email" lands a mail for the address given in the PBX\'s outbox', async ({ app, services, pbx, wire }) => {
  await savePbx(services, LABEL, wire.url, ADMIN)
  await showApp(app)
  await signInThroughTheApp(app, LABEL, ADMIN)
  await openArea(app, 'Notifications')

  const sendTo = app.getByRole('textbox', { name: 'Send to' })
  // the first saved recipient is offered
  await expect(sendTo).toHaveValue('it@demo.example')
  await sendTo.fill('ops@demo.example')
  await app.getByRole('button', { name: 'Send a test email' }).click()
  await expect(app.getByText('The PBX accepted the test email to ops@demo.example.')).toBeVisible()
  const mails = pbx.outbox.filter((mail) => mail.kind === 'test_email')
  expect(mails).toHaveLength(1)
  expect(mails[0]).toMatchObject({ to: 'ops@demo.example', subject: 'PBX test email' })
  expect(mails[0]!.body).toContain('smtp.demo.example')
})

test('the older variant: the form without server type and tenant access, sign-in LOGIN or PLAIN only; a change is saved and read back', async ({
  app,
  services,
  startPbx,
}) => {
  const legacy = await startPbx({ notificationVariant: 'legacy' })
  await savePbx(services, 'Old branch', legacy.url, ADMIN)
  await showApp(app)
  await signInThroughTheApp(app, 'Old branch', ADMIN)
  const api = await demoApi(legacy.url, ADMIN)
  await openArea(app, 'Notifications')

  const form = app.getByRole('form', { name: 'Notification settings' })
  await expect(form.getByText('This PBX has the older settings form', { exact: false })).toBeVisible()
  await expect(form.getByLabel('Server', { exact: true })).toHaveValue('smtp.demo.example')
  await expect(form.getByLabel('Server type')).toHaveCount(0)
  await expect(form.getByRole('switch', { name: 'Apply these email server settings to all tenants' })).toHaveCount(0)
  // the group is named by aria-label (Naive UI's radio group has no radiogroup role)
  const auth = form.getByLabel('Sign-in method', { exact: true })
  await expect(auth.getByRole('radio')).toHaveCount(2)
  await expect(auth.getByRole('radio', { name: 'LOGIN' })).toBeChecked()
  await expect(auth.getByRole('radio', { name: 'PLAIN' })).not.toBeChecked()
  await expect(auth.getByRole('radio', { name: 'Automatic' })).toHaveCount(0)
  mkdirSync('/tmp/e2e-shots', { recursive: true })
  await app.screenshot({ path: '/tmp/e2e-shots/notification-legacy.png' })

  await form.getByLabel('Server', { exact: true }).fill('mail.branch.example')
  await auth.getByText('PLAIN', { exact: true }).click()
  await form.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(app.getByText('Notification settings saved', { exact: true })).toBeVisible()

  // the PBX has it, in its own (older) shape
  const read = (await api.get<NotificationSettings>('/api/admin/notification')).body
  expect(read).toMatchObject({ server: 'mail.branch.example', auth: 'PLAIN', username: 'alerts@demo.example' })
  expect(read).not.toHaveProperty('type')
  expect(read).not.toHaveProperty('enable_tenant_access')
  // and the form, read again, shows it
  await app.getByRole('button', { name: 'Reload' }).click()
  await expect(form.getByLabel('Server', { exact: true })).toHaveValue('mail.branch.example')
  await expect(auth.getByRole('radio', { name: 'PLAIN' })).toBeChecked()
})
