import { fileURLToPath } from 'node:url'
import type { Locator, Page } from '@playwright/test'
import type { Services } from '../../electron/services'
import { expect } from './harness'

/**
 * Steps several specs share: a saved PBX, signing in to it the way a user does, and the demo
 * PBX's own HTTP API, to read back what the app did without going through the app.
 */

export type DemoAccount = { username: string; password: string; domain?: string }

/** The CSV fixtures of the DECT import (test/fixtures/csv). */
export const fixturePath = (fileName: string): string => fileURLToPath(new URL(`../fixtures/csv/${fileName}`, import.meta.url))

/**
 * Saves a PBX profile through the services (as the "Add PBX" form would). The app shows it once
 * loaded again (`showApp`, after the test's set-up).
 */
export async function savePbx(services: Services, label: string, baseUrl: string, account: DemoAccount): Promise<string> {
  const profile = await services.handlers.saveProfile({
    fields: { label, baseUrl, username: account.username, domain: account.domain ?? '', signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false },
  })
  return profile.id
}

/** Saves a PBX and signs its account in through the services (the session the app opens once loaded again). */
export async function signedInPbx(services: Services, label: string, baseUrl: string, account: DemoAccount): Promise<string> {
  const profileId = await savePbx(services, label, baseUrl, account)
  await services.handlers.signIn({ profileId, password: account.password, remember: false })
  return profileId
}

/**
 * Opens "Enrol by scanning" on the Handsets tab and, when given, types the extension range with the
 * keyboard alone (without one, the range the PBX offers stands: its first run of free extensions,
 * waited for); answers the panel and its code box, focused, ready for a base MAC and its handsets
 * (a barcode scanner types each and presses Enter).
 */
export async function openScanning(app: Page, from?: string, to?: string): Promise<{ enrol: Locator; code: Locator }> {
  await app.getByRole('button', { name: 'Enrol by scanning' }).click()
  const enrol = app.getByRole('region', { name: 'Enrol handsets by scanning' })
  const code = enrol.getByRole('textbox', { name: 'Scan a base MAC, then its handsets' })
  await expect(code).toBeFocused()
  if (from === undefined || to === undefined) {
    await expect(enrol.getByText(/ free \(\d+/)).toBeVisible()
    return { enrol, code }
  }
  for (const value of [from, to]) {
    await app.keyboard.press('Tab')
    await app.keyboard.press('Control+A')
    await app.keyboard.type(value)
  }
  await app.keyboard.press('Shift+Tab')
  await app.keyboard.press('Shift+Tab')
  await expect(code).toBeFocused()
  return { enrol, code }
}

/** Opens a saved PBX from its card and signs in with the password, as a user does. */
export async function signInThroughTheApp(app: Page, label: string, account: DemoAccount): Promise<void> {
  await app.getByRole('button', { name: `Open ${label}` }).click()
  await app.getByRole('textbox', { name: 'Password' }).fill(account.password)
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(app.getByText(new RegExp(`signed in as ${account.username} · `))).toBeVisible()
}

/** The demo PBX's API with a session of its own (not the app's): GET answers parsed, with the status; POST answers its status. */
export async function demoApi(
  baseUrl: string,
  account: DemoAccount,
): Promise<{ get<T>(path: string): Promise<{ status: number; body: T }>; post(path: string, json: unknown): Promise<number> }> {
  const credentials = account.domain === undefined ? { username: account.username, password: account.password } : account
  const signIn = await fetch(`${baseUrl}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  })
  expect(signIn.status, 'the demo PBX lets the test sign in on its own').toBe(200)
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  return {
    async get<T>(path: string) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })
      return { status: response.status, body: (await response.json()) as T }
    },
    async post(path: string, json: unknown) {
      const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(json) })
      return response.status
    },
  }
}

/**
 * The page reloaded while a PBX is open: the app opens that PBX and its screen again by itself
 * (remembered-place.ts); waits until it has, so a click that follows does not race it (a click
 * on "PBXs" while it reopens the PBX was taken away by the screen it restores).
 */
export async function reloadWithPbxOpen(app: Page, username: string): Promise<void> {
  await app.reload()
  await expect(app.getByText(new RegExp(`signed in as ${username} · `))).toBeVisible()
}

/**
 * Opens a saved PBX whose session runs, from its card on the PBXs page, as a user does: no password
 * is asked. After a page reload the app may already have reopened the last PBX it remembered;
 * opening it again is harmless.
 */
export async function openPbx(app: Page, label: string, username: string): Promise<void> {
  await openArea(app, 'PBXs')
  await app.getByRole('button', { name: `Open ${label}` }).click()
  await expect(app.getByText(new RegExp(`signed in as ${username} · `))).toBeVisible()
}

/**
 * Drops a file as a drag from the file manager does (dragenter, dragover, drop): by default on the
 * sidebar's menu, no screen's drop zone, so the window takes it; else on `target`.
 */
export async function dropFileOnWindow(app: Page, name: string, bytes: Uint8Array, target: Locator = app.getByRole('menu')): Promise<void> {
  const dataTransfer = await app.evaluateHandle(
    ({ name, content }) => {
      // (the page's classes, as far as this needs them: the test code has no DOM types)
      const page = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } }
        File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown
      }
      const transfer = new page.DataTransfer()
      transfer.items.add(new page.File([new Uint8Array(content)], name, { type: 'text/csv' }))
      return transfer
    },
    { name, content: [...bytes] },
  )
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  await target.dispatchEvent('drop', { dataTransfer })
}

/**
 * Picks an option of a Naive UI select by its label: the select opened from its box (the combobox
 * of that name, lib/naive-a11y.ts's `data-a11y-select`), the option clicked.
 */
export async function choose(app: Page, field: string, option: string): Promise<void> {
  await app.getByRole('combobox', { name: field, exact: true }).click()
  const choice = app.locator('.n-base-select-option', { hasText: option }).filter({ visible: true })
  await choice.click()
  // the menu closes (it fades out) before the next select opens its own
  await expect(choice).toHaveCount(0)
}

/** Opens an area from the sidebar menu, as a user does. */
export async function openArea(app: Page, title: string): Promise<void> {
  await app.getByRole('menu').getByText(title, { exact: true }).click()
}

/**
 * Switches an outbound rule of the tenant off through the demo PBX's own API (not the app's), as
 * someone else on the PBX would: the fleet then warns about it (an amber warning).
 */
export async function switchRuleOff(baseUrl: string, account: DemoAccount, name: string): Promise<void> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign_in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) })
  expect(signIn.status, 'the demo PBX lets the test sign in on its own').toBe(200)
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  const auth = { Authorization: `Bearer ${token}` }
  const found = await fetch(`${baseUrl}/api/outbound_rules?filter=${encodeURIComponent(`name eq '${name}'`)}`, { headers: auth })
  const { items } = (await found.json()) as { items: { id: string | number }[] }
  expect(items, `the demo PBX has the rule ${name}`).toHaveLength(1)
  const update = await fetch(`${baseUrl}/api/outbound_rules/${items[0]!.id}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ enabled: false }),
  })
  expect(update.status, 'the demo PBX switched the rule off').toBe(200)
}
