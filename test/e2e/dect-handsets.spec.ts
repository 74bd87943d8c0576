import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { demoApi, openScanning } from './e2e-steps'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

// Handsets on their bases, as an installer does it: a spreadsheet of one handset a row (German
// headers, one IPEI with a wrong check digit), fixed on screen, pushed; the members read back
// through the demo PBX's API; two bases fetch their configuration and turn "seen" on site; then
// three more handsets enrolled with the keyboard alone (a barcode scanner types and presses Enter).
// The seeded demo PBX: users 1001..1250.

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const SHEET = [
  'Basis-MAC;Basisname;Mobilteil-IPUI;Durchwahl;Name;Hersteller;Modell',
  '00:15:65:E0:00:01;Empfang;00AE000001;1101;Anna Becker;Yealink;W70B',
  '00:15:65:E0:00:01;Empfang;00146 0156577 7;1102;Ben Becker;Yealink;W70B',
  '00:15:65:E0:00:02;Lager;00AE000003;1103;Clara Becker;Yealink;W70B',
  '00:15:65:E0:00:02;Lager;00AE000004;1104;David Becker;Yealink;W70B',
].join('\r\n')

let scratch: string
test.beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'pbx-e2e-handsets-'))
})
test.afterEach(() => {
  rmSync(scratch, { recursive: true, force: true })
})

test('import handsets, fix a bad IPEI, push, see the members on the PBX, watch two bases fetch their configuration, enrol three by keyboard', async ({ app, services, pbx }) => {
  test.setTimeout(90_000)
  mkdirSync('test-results/screens', { recursive: true })
  const profile = await services.handlers.saveProfile({
    fields: { label: 'Demo site', baseUrl: pbx.url, username: MANAGER.username, domain: MANAGER.domain, signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false },
  })
  await services.handlers.signIn({ profileId: profile.id, password: MANAGER.password, remember: false })
  await showApp(app)

  // the spreadsheet: one handset a row
  const file = join(scratch, 'Site E handsets.csv')
  writeFileSync(file, SHEET)
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await app.getByRole('button', { name: 'New batch from a spreadsheet' }).click()
  await app.getByLabel('Spreadsheet file').setInputFiles(file)
  await expect(app.getByLabel('Field for column Mobilteil-IPUI')).toBeVisible()
  await app.getByRole('button', { name: 'Next' }).click()
  await app.getByLabel('Batch name').fill('Site E')
  await app.getByRole('button', { name: 'Create batch' }).click()
  await expect(app.getByText(/^2 rows · 0 with errors/)).toBeVisible()

  // the handsets: the IPEI with the wrong check digit is named, then fixed in its form
  await app.getByRole('tab', { name: 'Handsets (4)' }).click()
  await expect(app.getByText('4 handsets · 1 with errors · 0 with warnings')).toBeVisible()
  await expect(app.getByText('Error: IPEI 00146 0156577 7: check digit should be 9')).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/dect-handsets.png' })
  await app.getByRole('button', { name: 'Edit handset 2' }).click()
  const form = app.getByRole('dialog').filter({ hasText: 'Edit handset' })
  await form.getByRole('textbox', { name: 'IPUI or IPEI' }).fill('00146 0156577 9')
  await form.getByRole('button', { name: 'Save handset' }).click()
  await expect(form).toBeHidden()
  await expect(app.getByText('4 handsets · 0 with errors · 0 with warnings')).toBeVisible()

  // checked on the PBX before the push: every extension has a user, no handset is anywhere yet
  await app.getByRole('button', { name: 'Check handsets on the PBX' }).click()
  await expect(app.getByText('Every handset is ready for Demo site')).toBeVisible()

  // the push: bases, then handsets
  await app.getByRole('tab', { name: 'Push' }).click()
  const panel = app.getByRole('region', { name: 'Push to a PBX' })
  await panel.getByRole('textbox', { name: 'Target PBX' }).click()
  await app.locator('.n-base-select-option', { hasText: 'Demo site' }).click()
  await panel.getByRole('button', { name: 'Push 2 bases and 4 handsets' }).click()
  await expect(panel.getByText('Push finished')).toBeVisible({ timeout: 20_000 })
  await expect(panel.getByText(/Handsets: 4 of 4 on the PBX: 4 enrolled, 0 matched\./)).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/dect-handsets-pushed.png' })

  // the members, read through the PBX's API, not from the screen
  const api = await demoApi(pbx.url, MANAGER)
  const phones = (await api.get<{ items: { id: string; mac: string; url: string }[] }>('/api/dect_phones')).body.items
  const empfang = phones.find((p) => p.mac === '001565E00001')!
  const lager = phones.find((p) => p.mac === '001565E00002')!
  type Member = { extension_number: string; ipui: string; handset_index: string | number }
  const membersOf = async (id: string) => (await api.get<{ items: Member[] }>(`/api/dect_phones/${id}/members`)).body.items.map((m) => [m.extension_number, m.ipui, Number(m.handset_index)])
  expect(await membersOf(empfang.id)).toEqual([
    ['1101', '00AE000001', 1],
    ['1102', '00092263A1', 2],
  ])
  expect(await membersOf(lager.id)).toEqual([
    ['1103', '00AE000003', 1],
    ['1104', '00AE000004', 2],
  ])

  // on site: both bases wait, then fetch their configuration (as a base does, from its URL) and are seen
  await app.getByRole('tab', { name: 'On site' }).click()
  const site = app.getByRole('region', { name: 'On-site check' })
  await expect(site.getByText('0 of 2 pushed bases have fetched their configuration')).toBeVisible()
  await expect(site.getByRole('row', { name: 'Base Empfang' })).toContainText('waiting')
  for (const phone of [empfang, lager]) expect((await fetch(new URL(new URL(phone.url).pathname, pbx.url))).status).toBe(200)
  await site.getByRole('button', { name: 'Check now' }).click()
  await expect(site.getByText('2 of 2 pushed bases have fetched their configuration')).toBeVisible()
  await expect(site.getByRole('row', { name: 'Base Empfang' })).toContainText('configuration fetched')
  await expect(site.getByRole('row', { name: 'Base Lager' })).toContainText(/192\.168\.\d+\.\d+/)
  await expect(site.getByText('Every pushed base is seen')).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/dect-on-site.png' })

  // three more handsets by keyboard alone: the range, then a base MAC and three IPUIs, each with Enter
  await app.getByRole('tab', { name: 'Handsets (4)' }).click()
  const { enrol, code } = await openScanning(app, '1201', '1210')
  await app.keyboard.type('001565E00002\n', { delay: 0 })
  await expect(enrol.getByRole('status')).toHaveText('✓ Base Lager selected (2 of 10 handsets): scan its handsets.')
  await app.keyboard.type('00AE000011\n00AE000012\n00AE000013\n', { delay: 0 })
  await expect(enrol.getByRole('status')).toHaveText('✓ Extension 1203: handset 00AE000013 on base Lager (5 of 10 lines).')
  await expect(app.getByText('7 handsets · 0 with errors · 0 with warnings')).toBeVisible()
  // the same handset again: nothing added, a warning
  await app.keyboard.type('00AE000012\n', { delay: 0 })
  await expect(enrol.getByRole('status')).toHaveText(/^⚠ IPUI 00AE000012 was scanned before: handset 6, extension 1202 on base Lager\. Nothing added\.$/)
  await expect(app.getByText('7 handsets · 0 with errors · 0 with warnings')).toBeVisible()
  await expect(code).toBeFocused()
  await app.screenshot({ path: 'test-results/screens/dect-enrol-scan.png' })
  const batch = (await services.handlers.listBatches(undefined)).find((b) => b.name === 'Site E')!
  const saved = await services.handlers.getBatch({ batchId: batch.id })
  expect(saved.handsets.slice(4).map((h) => [h.values.ipui, h.values.extension, h.values.base_mac])).toEqual([
    ['00AE000011', '1201', '001565E00002'],
    ['00AE000012', '1202', '001565E00002'],
    ['00AE000013', '1203', '001565E00002'],
  ])
})
