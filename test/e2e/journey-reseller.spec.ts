import type { Page } from '@playwright/test'
import type { DemoPbx } from '../../electron/demo-pbx'
import { choose, demoApi, openArea, type DemoAccount } from './e2e-steps'
import { expect, test } from './harness'

/**
 * The reseller's day (issue 38), as a new user walks it in Chromium with the real services and
 * keychain: 15 demo PBXs with two tenants each, added as one pasted list of 30 with two passwords;
 * the fleet, fresh on opening; a compare; a rollout of one outbound rule to the 21 PBXs tagged gold
 * or silver, where the 11 second tenants lack its provider "Telco One" and are mapped once, for all
 * of them, to their "Other Telco"; all 21 applied and seen on each PBX through its own API; the
 * undo, which counts 21; and, the next day, the same rollout skipped on purpose for the 11, whose
 * history offers to finish it.
 */
const SCREENS = 'test-results/screens'
const RULE = 'Night service'
const MAIN: DemoAccount = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const BRANCH: DemoAccount = { ...MAIN, domain: 'other.pbx.example' }

test.use({ viewport: { width: 1280, height: 800 } })

/**
 * The list as copied from the reseller's spreadsheet (tabs): site 1's main tenant is the template;
 * the main tenants of sites 2-11 are gold, the second tenants of sites 1-11 silver, the rest bronze.
 */
function siteList(pbxs: readonly DemoPbx[]): string {
  const rows = pbxs.flatMap((pbx, i) => {
    const site = i + 1
    const mainTag = site === 1 ? 'template' : site <= 11 ? 'gold' : 'bronze'
    const branchTag = site <= 11 ? 'silver' : 'bronze'
    return [
      [`Site ${site} main`, pbx.url, MAIN.username, MAIN.domain, `Autohaus Schmidt & Söhne ${site}`, 'North', mainTag],
      [`Site ${site} branch`, pbx.url, BRANCH.username, BRANCH.domain, `Autohaus Schmidt & Söhne ${site}`, 'North', branchTag],
    ].map((cells) => cells.join('\t'))
  })
  return ['label\taddress\tuser\ttenant\tcustomer\tgroup\ttags', ...rows].join('\n')
}

/** How many rules of that name a tenant has, asked of its PBX's own API. */
async function rulesOn(pbx: DemoPbx, account: DemoAccount): Promise<number> {
  const api = await demoApi(pbx.url, account)
  const { body } = await api.get<{ items: unknown[] }>(`/api/outbound_rules?filter=${encodeURIComponent(`name eq '${RULE}'`)}`)
  return body.items.length
}

/** Every target of the rollout (mains of sites 2-11, second tenants of sites 1-11) has the rule `count` times. */
async function expectRuleOnTargets(pbxs: readonly DemoPbx[], count: number): Promise<void> {
  for (const [i, pbx] of pbxs.slice(0, 11).entries()) {
    if (i > 0) expect(await rulesOn(pbx, MAIN), `site ${i + 1} main`).toBe(count)
    expect(await rulesOn(pbx, BRANCH), `site ${i + 1} branch`).toBe(count)
  }
}

/** Roll out: the rule of site 1's main tenant, to every PBX tagged gold or silver, previewed. */
async function previewRollout(app: Page): Promise<void> {
  await openArea(app, 'Fleet')
  await app.getByRole('link', { name: 'Roll out' }).click()
  await choose(app, 'From', 'Site 1 main')
  await app.getByRole('checkbox', { name: RULE }).check()
  await choose(app, 'Add every PBX of a tag or a group', 'Tag: gold')
  await choose(app, 'Add every PBX of a tag or a group', 'Tag: silver')
  await expect(app.getByText('21 PBXs chosen')).toBeVisible()
  await app.getByRole('button', { name: 'Preview on 21 PBXs' }).click()
}

test('the reseller: 30 PBXs from one list, the fleet, a compare, a rollout to 21 with 11 mapped once, undo, and a rollout skipped on purpose', async ({ app, services, startPbx }) => {
  test.setTimeout(240_000)
  const pbxs = await Promise.all(Array.from({ length: 15 }, () => startPbx({ users: 5 })))

  // 1. thirty saved PBXs, pasted as one list; a password typed once for each of the two accounts
  await app.getByRole('button', { name: 'Add many…' }).click()
  const dialog = app.locator('.pbx-list-import')
  const list = dialog.getByLabel('The list: a header row, then one PBX a row')
  await list.fill(siteList(pbxs))
  await list.press('Control+Enter')
  await expect(dialog.getByText('30 rows · no problems')).toBeVisible({ timeout: 20_000 })
  await dialog.getByLabel(`Password for manager @ ${MAIN.domain} (15 PBXs)`).fill(MAIN.password)
  const branchPassword = dialog.getByLabel(`Password for manager @ ${BRANCH.domain} (15 PBXs)`)
  await branchPassword.fill(BRANCH.password)
  await branchPassword.press('Enter')
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(app.locator('tr[data-profile-id]')).toHaveCount(30)

  // the template's rule, made on site 1's main tenant (the reseller's reference PBX)
  const template = (await services.handlers.listProfiles(undefined)).find((p) => p.label === 'Site 1 main')!
  await services.handlers.openPbx({ profileId: template.id })
  const refs = await services.handlers.outboundReferences({ profileId: template.id })
  const telco = refs.providers.items.find((p) => p.name === 'Telco One')!
  await services.handlers.createOutboundRule({ profileId: template.id, rule: { name: RULE, number_prefix: '0900', priority: 500, enabled: true, routing_strategy: 'PRIORITIZED', routes: [{ enabled: true, provider_id: telco.id, strip_digits: 0 }] } })

  // 2. the fleet, fresh on opening: every PBX read in the background, signed in from the keychain
  await openArea(app, 'Fleet')
  const rows = app.locator('.fleet-table tr[data-profile-id]')
  await expect(rows).toHaveCount(30)
  await expect(rows.locator('td[data-col-key="checkedAt"]')).toHaveText(Array(30).fill('just now'), { timeout: 30_000 })
  await expect(rows.locator('td[data-col-key="access"]')).toHaveText(Array(30).fill('signed in'))
  await app.screenshot({ path: `${SCREENS}/journey-reseller-fleet.png` })

  // 3. compare the template with a gold customer: the rule is only on the template
  await app.getByRole('link', { name: 'Compare' }).click()
  await choose(app, 'Left', 'Site 1 main')
  await choose(app, 'Right', 'Site 2 main')
  await app.getByRole('button', { name: 'Compare', exact: true }).click()
  const comparison = app.getByRole('region', { name: 'Comparison' })
  await expect(comparison.getByText(RULE)).toBeVisible()
  await expect(comparison.getByText('only on the left')).toBeVisible()

  // 4. the rollout to 21: said up front, the 11 without "Telco One" mapped once for all of them
  await previewRollout(app)
  const summary = app.getByRole('status').filter({ hasText: `${RULE}:` })
  await expect(summary).toHaveText(`${RULE}: 10 PBXs ready, 11 need a provider for "Telco One"`, { timeout: 30_000 })
  await expect(app.getByRole('button', { name: 'Apply to 10 PBXs; skip 11' })).toBeVisible()
  await choose(app, 'Provider "Telco One" on the 11 PBXs without it:', 'Other Telco')
  await expect(summary).toHaveText(`${RULE}: 21 PBXs ready`, { timeout: 30_000 })
  await app.screenshot({ path: `${SCREENS}/journey-reseller-rollout.png`, fullPage: true })

  // 5. all 21 applied, and there on each PBX
  await app.getByRole('button', { name: 'Apply to 21 PBXs' }).click()
  await expect(app.getByText('Finished: 21 PBXs changed')).toBeVisible({ timeout: 60_000 })
  await expectRuleOnTargets(pbxs, 1)

  // 6. undo, which counts the 21 it changed, and takes the rule off each
  await app.getByRole('link', { name: 'History' }).click()
  const entry = app.locator('.n-collapse-item').first()
  await expect(entry).toContainText('21 PBXs changed')
  await entry.locator('.n-collapse-item__header-main').click()
  await entry.getByRole('button', { name: 'Undo this rollout' }).click()
  await expect(app.locator('.n-popconfirm')).toContainText('on 21 PBXs?')
  await app.getByRole('button', { name: 'Confirm' }).click()
  await expect(app.locator('.n-collapse-item').first()).toContainText('21 PBXs taken back', { timeout: 60_000 })
  await expectRuleOnTargets(pbxs, 0)

  // 7. the next day (the app started again, no mapping chosen): the same rollout, the 11 skipped on
  // purpose; the history counts them and offers to finish them
  await app.reload()
  await previewRollout(app)
  await expect(summary).toHaveText(`${RULE}: 10 PBXs ready, 11 need a provider for "Telco One"`, { timeout: 30_000 })
  await app.getByRole('button', { name: 'Apply to 10 PBXs; skip 11' }).click()
  await expect(app.locator('.n-popconfirm')).toContainText('Skip 11 PBXs? 11 need a provider for "Telco One"')
  await app.getByRole('button', { name: 'Yes, skip 11' }).click()
  await expect(app.getByText('Finished: 10 PBXs changed · 11 skipped')).toBeVisible({ timeout: 60_000 })
  await app.getByRole('link', { name: 'History' }).click()
  const second = app.locator('.n-collapse-item').first()
  await expect(second).toContainText('10 PBXs changed · 11 skipped')
  await second.locator('.n-collapse-item__header-main').click()
  await expect(second.getByRole('button', { name: 'Finish on 11 PBXs' })).toBeVisible()
  await app.screenshot({ path: `${SCREENS}/journey-reseller-history.png`, fullPage: true })
  // on the PBXs: the gold mains have it, the second tenants not (skipped, nothing written there)
  for (const [i, pbx] of pbxs.slice(1, 11).entries()) expect(await rulesOn(pbx, MAIN), `site ${i + 2} main`).toBe(1)
  for (const [i, pbx] of pbxs.slice(0, 11).entries()) expect(await rulesOn(pbx, BRANCH), `site ${i + 1} branch`).toBe(0)
})
