import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { savePbx } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

const DEMO = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const OTHER = { username: 'manager', password: 'manager', domain: 'other.pbx.example' }

const switcher = (app: Page) => app.getByRole('dialog', { name: 'Go to a PBX or an area' })
const searchBox = (app: Page) => switcher(app).getByRole('combobox', { name: 'Search saved PBXs and areas' })
const options = (app: Page) => switcher(app).getByRole('option')
const activePbx = (app: Page) => app.getByRole('group', { name: 'Active PBX' })

/** Control+K, then the search typed: the switcher opens with the cursor in its search box. */
async function goTo(app: Page, search: string): Promise<void> {
  await app.keyboard.press('Control+k')
  await expect(switcher(app)).toBeVisible()
  await expect(searchBox(app)).toBeFocused()
  await app.keyboard.type(search)
}

/** The sign-in dialog a PBX without a session asks for, answered with the password. */
async function signIn(app: Page, password: string): Promise<void> {
  await app.getByRole('textbox', { name: 'Password' }).fill(password)
  await app.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test('Control+K finds a PBX or an area by part of its name: Enter opens it (signing in where needed), the arrows move, Escape closes', async ({
  app,
  services,
  pbx,
}) => {
  test.setTimeout(60_000)
  await savePbx(services, 'Demo office', pbx.url, DEMO)
  await savePbx(services, 'Other office', pbx.url, OTHER)
  await showApp(app)
  await expect(activePbx(app)).toContainText('No PBX open')

  // every saved PBX and every area, the areas that need a PBX listed with why they cannot be chosen
  await app.keyboard.press('Control+k')
  await expect(switcher(app)).toBeVisible()
  await expect(searchBox(app)).toBeFocused()
  await expect(switcher(app).getByRole('group', { name: 'Saved PBXs' }).getByRole('option')).toHaveCount(2)
  await expect(switcher(app).getByRole('option', { name: /^Outbound rules/ })).toHaveAttribute('aria-disabled', 'true')
  await expect(switcher(app).getByRole('option', { name: /^Outbound rules/ })).toContainText('open a PBX first')
  mkdirSync('/tmp/e2e-shots', { recursive: true })
  await app.screenshot({ path: '/tmp/e2e-shots/quick-switcher.png' })
  // Escape closes it, and nothing changed
  await app.keyboard.press('Escape')
  await expect(switcher(app)).toBeHidden()
  await expect(app).toHaveURL(/#\/pbxs$/)

  // part of a PBX's name, Enter: its sign-in, then it is the open PBX (on its first area)
  await goTo(app, 'demo')
  await expect(options(app)).toHaveText([/^Demo office/])
  await expect(options(app).first()).toHaveAttribute('aria-selected', 'true')
  await app.keyboard.press('Enter')
  await expect(switcher(app)).toBeHidden()
  await signIn(app, DEMO.password)
  await expect(activePbx(app)).toContainText('Demo office: signed in as manager · Admin')
  await expect(app).toHaveURL(/#\/dect$/)

  // an area by name, Enter: that screen, for the open PBX
  await goTo(app, 'Outbound')
  await expect(options(app)).toHaveText([/^Outbound rules/])
  await expect(searchBox(app)).toHaveAttribute('aria-activedescendant', (await options(app).first().getAttribute('id'))!)
  await app.keyboard.press('Enter')
  await expect(switcher(app)).toBeHidden()
  await expect(app.getByRole('heading', { level: 1, name: 'Outbound rules' })).toBeVisible()
  const list = app.getByRole('region', { name: 'Outbound rules' })
  await expect(list.locator('.outbound-rules__name')).toHaveText(['Emergency', 'Local', 'International'])

  // the other PBX: signed in to, and the screen stays Outbound rules (now the other tenant's)
  await goTo(app, 'other off')
  await expect(options(app)).toHaveText([/^Other office/])
  await app.keyboard.press('Enter')
  await signIn(app, OTHER.password)
  await expect(activePbx(app)).toContainText('Other office: signed in as manager · Admin')
  await expect(app).toHaveURL(/#\/outbound$/)
  await expect(list.locator('.outbound-rules__name')).toHaveText(['Other Local'])

  // both PBXs match "office": the arrows move to the one not open, Enter opens it with its running session
  await goTo(app, 'office')
  const pbxOptions = switcher(app).getByRole('group', { name: 'Saved PBXs' }).getByRole('option')
  await expect(pbxOptions).toHaveCount(2)
  await expect(pbxOptions.filter({ hasText: 'Other office' })).toContainText('open now')
  await expect(pbxOptions.filter({ hasText: 'Demo office' })).toContainText('signed in')
  // the most recently used first: the open one; ArrowDown moves to the other, ArrowUp back, ArrowDown again
  await expect(pbxOptions).toHaveText([/^Other office/, /^Demo office/])
  await expect(pbxOptions.first()).toHaveAttribute('aria-selected', 'true')
  await app.keyboard.press('ArrowDown')
  await expect(pbxOptions.last()).toHaveAttribute('aria-selected', 'true')
  await app.keyboard.press('ArrowUp')
  await expect(pbxOptions.first()).toHaveAttribute('aria-selected', 'true')
  await expect(pbxOptions.last()).toHaveAttribute('aria-selected', 'false')
  await app.keyboard.press('ArrowDown')
  await expect(pbxOptions.filter({ hasText: 'Demo office' })).toHaveAttribute('aria-selected', 'true')
  await app.keyboard.press('Enter')
  await expect(switcher(app)).toBeHidden()
  await expect(app.getByRole('dialog').filter({ has: app.getByRole('textbox', { name: 'Password' }) })).toHaveCount(0)
  await expect(activePbx(app)).toContainText('Demo office: signed in as manager · Admin')
  await expect(list.locator('.outbound-rules__name')).toHaveText(['Emergency', 'Local', 'International'])
})

test('the last PBX and screen come back after a reload, and when the app starts again', async ({ app, services, pbx, rendererUrl }) => {
  test.setTimeout(60_000)
  const demoId = await savePbx(services, 'Demo office', pbx.url, DEMO)
  await savePbx(services, 'Other office', pbx.url, OTHER)
  await showApp(app)

  // open the PBX and a screen a few levels in: one rule's editor
  await goTo(app, 'demo')
  await app.keyboard.press('Enter')
  await signIn(app, DEMO.password)
  await expect(activePbx(app)).toContainText('Demo office: signed in as manager · Admin')
  await goTo(app, 'Outbound')
  await app.keyboard.press('Enter')
  await app.getByRole('region', { name: 'Outbound rules' }).getByRole('link', { name: 'Local', exact: true }).click()
  await expect(app.getByRole('heading', { level: 2, name: 'Local' })).toBeVisible()
  const path = /#(\/outbound\/rules\/rule-\d+)$/.exec(app.url())?.[1]
  expect(path).toBeDefined()
  // main has it (the renderer tells it a moment after the last change)
  await expect.poll(() => services.handlers.getUiState(undefined)).toEqual({ lastProfileId: demoId, lastPath: path })

  // a reload: the same PBX is open again (its session lives on in main), on the same screen
  await app.reload()
  await expect(activePbx(app)).toContainText('Demo office: signed in as manager · Admin')
  await expect(app.getByRole('heading', { level: 2, name: 'Local' })).toBeVisible()
  await expect(app.getByRole('textbox', { name: 'Number prefix' })).toHaveValue('0')
  await expect(app).toHaveURL(new RegExp(`#${path}$`))

  // the app started again (the address it opens with, no screen in it): back to that PBX and screen
  await app.evaluate(() => Reflect.set(globalThis, '__sameDocument', true))
  await app.goto(rendererUrl)
  expect(await app.evaluate(() => Reflect.get(globalThis, '__sameDocument')), 'a new document').toBeUndefined()
  await expect(activePbx(app)).toContainText('Demo office: signed in as manager · Admin')
  await expect(app).toHaveURL(new RegExp(`#${path}$`))
  await expect(app.getByRole('heading', { level: 2, name: 'Local' })).toBeVisible()
  await expect(app.getByRole('dialog')).toHaveCount(0)
})
