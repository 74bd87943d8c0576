import { mkdirSync } from 'node:fs'
import { MANAGER, pushedSiteH } from './a11y-steps'
import { demoApi, openArea, openPbx, signedInPbx } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

type Member = { extension_number: string; ipui: string }
const YARD = '001565E40002'
const macOf = (phone: { mac: string }): string => phone.mac.replaceAll(':', '').toUpperCase()

/**
 * Issue 43's retire, from the app, against the real services and the demo PBX: Clara leaves. On
 * the Handsets tab her handset ticked, "Retire…": the preview names her, the focus on Cancel, Tab
 * and Enter retire her; on the PBX the Yard base has her no more, and the table says "retired".
 * Then the Yard base goes: on the On site tab it is selected, "Retire bases…": the preview says the
 * base is deleted with every handset on it, Retire, and the PBX lists no Yard base any more.
 */
test('a handset retired from the Handsets tab and a base from On site, each after a preview naming it: gone from the PBX', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  mkdirSync('test-results/screens', { recursive: true })
  const profileId = await signedInPbx(services, 'Demo Company', pbx.url, MANAGER)
  const batchId = await pushedSiteH(services, profileId)

  const api = await demoApi(pbx.url, MANAGER)
  const phones = async () => (await api.get<{ items: { id: string; mac: string }[] }>('/api/dect_phones')).body.items
  const yard = (await phones()).find((p) => macOf(p) === YARD)!
  const yardMembers = async () => (await api.get<{ items: Member[] }>(`/api/dect_phones/${yard.id}/members`)).body.items
  expect((await yardMembers()).map((m) => m.ipui)).toContain('00AE000003')

  await showApp(app)
  await openPbx(app, 'Demo Company', MANAGER.username)
  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site H' }).click()
  await app.getByRole('tab', { name: 'Handsets (3)' }).click()

  // Clara's handset ticked, "Retire (1)…"
  const clara = app.getByRole('row', { name: /^Handset / }).filter({ hasText: '00AE000003' })
  await clara.getByRole('checkbox').check()
  await app.getByRole('button', { name: 'Retire (1)…' }).click()
  const dialog = app.getByRole('dialog', { name: 'Retire 1 handset on Demo Company' })
  await expect(dialog).toContainText("off 'Yard'")
  await expect(dialog).toContainText('1153 Clara (00AE000003)')
  expect((await yardMembers()).map((m) => m.ipui), 'the preview writes nothing').toContain('00AE000003')
  // the safe action first, as in the app's other confirmations: Tab, Enter retires
  await expect(dialog.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused()
  await app.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Retire', exact: true })).toBeFocused()
  await app.keyboard.press('Enter')
  await expect(dialog.getByRole('status')).toContainText("Took handset 1153 Clara (00AE000003) off 'Yard'")
  expect((await yardMembers()).map((m) => m.ipui)).not.toContain('00AE000003')
  await app.screenshot({ path: 'test-results/screens/handset-retired-1280x720.png' })
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeFocused()
  await app.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  // the table says so; the tick is gone with the handset's retire
  await expect(clara).toContainText('retired')
  await expect(clara.getByRole('checkbox')).not.toBeChecked()
  expect((await services.handlers.getBatch({ batchId })).handsets.find((h) => h.values.ipui === '00AE000003')?.outcome.state).toBe('retired')

  // the Yard base goes, from On site
  await app.getByRole('tab', { name: 'On site' }).click()
  const site = app.getByRole('region', { name: 'On-site check' })
  await site.getByRole('checkbox', { name: 'Select Yard' }).check()
  await site.getByRole('button', { name: 'Retire bases…' }).click()
  const bases = app.getByRole('dialog', { name: "Retire base 'Yard' on Demo Company" })
  await expect(bases).toContainText("Base 'Yard' is deleted on Demo Company with every handset on it")
  await expect(bases).toContainText("Delete base 'Yard' (00:15:65:E4:00:02) on the PBX")
  await expect(bases.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused()
  await app.screenshot({ path: 'test-results/screens/base-retire-preview-1280x720.png' })
  await bases.getByRole('button', { name: 'Retire', exact: true }).click()
  await expect(bases.getByRole('status')).toContainText("Deleted base 'Yard'")
  expect((await phones()).map(macOf)).not.toContain(YARD)
  expect((await phones()).map(macOf), 'the other base stays').toContain('001565E40001')
  await bases.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(site.getByRole('checkbox', { name: 'Select Yard' })).toHaveCount(0)
})
