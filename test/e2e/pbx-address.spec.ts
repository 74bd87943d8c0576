import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PLAIN_HTTP_WARNING } from '../../electron/contract/pbx-address'
import { PROFILES_FILE } from '../../electron/services/profiles/profile-store'
import { expect, test } from './harness'

/**
 * The PBX's address in the add-PBX dialog, in Chromium with the real services: a password in it is
 * refused (never saved, never repeated), plain http across a network is said beside it and on the
 * PBX's row, and https to a port that answers plain http says so in words.
 */

const CREDENTIALS_MESSAGE =
  'remove the user name and password from the address, leaving https://pbx.example; the user name has its own field and the password is asked when you sign in (a password in an address would be saved in plain text)'

test('refuses an address with a user name and password, and saves nothing', async ({ app, services, dataDir }) => {
  await app.getByRole('button', { name: 'Add PBX' }).first().click()
  await app.getByLabel('Label').fill('Leaky PBX')
  await app.getByLabel('Address').fill('https://alice:secret@pbx.example')
  await app.getByLabel('User name').fill('manager')
  await app.getByRole('button', { name: 'Add PBX' }).last().click()

  await expect(app.getByText(CREDENTIALS_MESSAGE)).toBeVisible()
  // the dialog stays, and nothing in the page repeats the password (the field itself keeps what was typed)
  const dialog = app.locator('.pbx-profile-form')
  await expect(dialog).toBeVisible()
  expect(await dialog.innerText()).not.toContain('secret')
  expect(await services.handlers.listProfiles(undefined)).toEqual([])
  const file = join(dataDir, PROFILES_FILE)
  expect(existsSync(file) ? readFileSync(file, 'utf8') : '').not.toContain('secret')

  // taking them out saves the address alone
  await app.getByLabel('Address').fill('https://pbx.example')
  await app.getByRole('button', { name: 'Add PBX' }).last().click()
  await expect(app.getByRole('button', { name: 'Open Leaky PBX' })).toBeVisible()
  expect((await services.handlers.listProfiles(undefined))[0]?.baseUrl).toBe('https://pbx.example')
})

test('warns about plain http beside the address and on the saved PBX, not for https or this computer', async ({ app, pbx }) => {
  await app.getByRole('button', { name: 'Add PBX' }).first().click()
  const address = app.getByLabel('Address')
  const warning = app.locator('.pbx-profile-form [data-warning="plain-http"]')

  await address.fill('http://pbx.example')
  await expect(warning).toHaveText(PLAIN_HTTP_WARNING)
  // the field's description names the warning (the app adds the form item's feedback beside it)
  const warningId = (await warning.getAttribute('id'))!
  await expect(address).toHaveAttribute('aria-describedby', new RegExp(`(^| )${warningId}( |$)`))

  await address.fill('https://pbx.example')
  await expect(warning).toHaveCount(0)
  // the demo PBX listens on 127.0.0.1: plain http that never leaves this computer
  await address.fill(pbx.url)
  await expect(warning).toHaveCount(0)

  await address.fill('HTTP://PBX.Example:80/')
  await expect(warning).toBeVisible()
  await app.getByLabel('Label').fill('Shop floor')
  await app.getByLabel('User name').fill('manager')
  await app.screenshot({ path: 'test-results/screens/pbx-plain-http.png' })
  await app.getByRole('button', { name: 'Add PBX' }).last().click()

  const row = app.locator('tr[data-profile-id]', { hasText: 'Shop floor' })
  await expect(row.getByText('plain http', { exact: true })).toBeVisible()
  await expect(row).toHaveAttribute('aria-label', /plain http \(unencrypted\)/)
  await expect(row.getByText('http://pbx.example', { exact: true })).toBeVisible()
})

test('https to the port of a plain-http PBX says to use http:// or the https port', async ({ app, pbx }) => {
  const host = new URL(pbx.url).host
  await app.getByRole('button', { name: 'Add PBX' }).first().click()
  await app.getByLabel('Address').fill(`https://${host}`)
  await app.getByRole('button', { name: 'Test connection' }).click()

  await expect(
    app.getByText(`${host} answers plain http on this port, not https: change the address to http://${host} or use the PBX's https port.`),
  ).toBeVisible()
  await expect(app.getByText(/wrong version number/i)).toHaveCount(0)
})
