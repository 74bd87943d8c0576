import { mkdirSync, readFileSync } from 'node:fs'
import { linesOf, readPdf } from '../support/pdf-read'
import { pushBatch } from './a11y-steps'
import { choose, demoApi, openArea, signedInPbx } from './e2e-steps'
import { expect, test } from './harness'

// On site with handsets (issue 40): a batch of three bases and four handsets is pushed; on the PBX
// someone then takes a handset off Hall and puts one the batch does not know on Yard; Hall and
// Yard fetch their configuration, Shed does not. The On site tab shows each base's handsets
// against the batch, Shed ("not seen yet") first, a filter by state, and two bases selected and
// rebooted by keyboard: the reboots are read on the demo PBX, not from the screen.

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const BASES = ['MAC;Name;Vendor;Model', '00:15:65:F2:00:01;Hall;Yealink;W70B', '00:15:65:F2:00:02;Yard;Yealink;W70B', '00:15:65:F2:00:03;Shed;Yealink;W70B'].join('\r\n')
const HALL = '001565F20001'
const YARD = '001565F20002'
const SHED = '001565F20003'

test('On site: handsets per base against the batch, not seen first, a filter, two bases rebooted at once, the hand-over report saved', async ({ app, services, pbx }) => {
  test.setTimeout(90_000)
  mkdirSync('test-results/screens', { recursive: true })
  const profileId = await signedInPbx(services, 'Demo site', pbx.url, MANAGER)
  const created = await services.handlers.createBatchFromCsv({
    name: 'Site H',
    fileName: 'bases.csv',
    base64: Buffer.from(BASES).toString('base64'),
    mapping: { MAC: 'mac', Name: 'name', Vendor: 'vendor', Model: 'model' },
    defaults: {},
  })
  await services.handlers.editBatchHandsets({
    batchId: created.id,
    edits: [],
    remove: [],
    add: [
      { base_mac: HALL, ipui: '00AF200001', extension: '1181', name: 'Anna' },
      { base_mac: HALL, ipui: '00AF200002', extension: '1182', name: 'Ben' },
      { base_mac: YARD, ipui: '00AF200003', extension: '1183', name: 'Clara' },
      { base_mac: SHED, ipui: '00AF200004', extension: '1184', name: 'David' },
    ],
  })
  await pushBatch(services, created.id, profileId)
  const batch = await services.handlers.getBatch({ batchId: created.id })
  expect(batch.handsets.map((h) => h.outcome.state)).toEqual(['enrolled', 'enrolled', 'enrolled', 'enrolled'])

  // on the PBX, after the push: Ben taken off Hall, a handset the batch does not know put on Yard
  const api = await demoApi(pbx.url, MANAGER)
  const phones = (await api.get<{ items: { id: string; mac: string }[] }>('/api/dect_phones')).body.items
  const idOf = (mac: string) => phones.find((p) => p.mac === mac)!.id
  expect(await api.post(`/api/dect_phones/${idOf(HALL)}/members`, { items: [{ extension_number: '1181', ipui: '00AF200001', handset_index: '1' }] })).toBe(200)
  expect(
    await api.post(`/api/dect_phones/${idOf(YARD)}/members`, {
      items: [
        { extension_number: '1183', ipui: '00AF200003', handset_index: '1' },
        { extension_number: '1190', ipui: '00CC200009', handset_index: '2' },
      ],
    }),
  ).toBe(200)
  // Hall and Yard fetch their configuration (as a base does, from its URL); Shed stays dark
  for (const row of batch.rows.slice(0, 2)) expect((await fetch(new URL(new URL(row.outcome.url!).pathname, pbx.url))).status).toBe(200)
  // eleven minutes on in the page: Shed, pushed and never seen, is past the 10 minutes
  await app.clock.setFixedTime(Date.now() + 11 * 60_000)

  await app.reload()
  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site H' }).click()
  await app.getByRole('tab', { name: 'On site' }).click()
  const site = app.getByRole('region', { name: 'On-site check' })
  await expect(site.getByText('2 of 3 pushed bases have fetched their configuration')).toBeVisible()

  // the base not seen first, with why; then the seen ones in batch order
  const rows = site.locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Base Shed')
  await expect(rows.nth(0)).toContainText('not seen yet')
  await expect(rows.nth(0)).toContainText(/Not seen 1\d min after its push: check its power, network and provisioning URL\./)
  await expect(rows.nth(1)).toHaveAttribute('aria-label', 'Base Hall')
  await expect(rows.nth(2)).toHaveAttribute('aria-label', 'Base Yard')
  // each base's handsets on the PBX against the batch
  const hall = site.getByRole('row', { name: 'Base Hall' })
  const yard = site.getByRole('row', { name: 'Base Yard' })
  await expect(hall).toContainText('1 of 2 on the base')
  await expect(hall).toContainText('Missing: 1182 Ben (00AF200002)')
  await expect(yard).toContainText('1 of 1 on the base')
  await expect(yard).toContainText(/Not in the batch: 1190 .*\(00CC200009\), handset 2/)
  await expect(site.getByRole('row', { name: 'Base Shed' })).toContainText('1 of 1 on the base')
  await expect(hall).toContainText(/IP 192\.168\.\d+\.\d+ · firmware \d/)
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    await app.setViewportSize({ width, height })
    // the key columns on screen at this size: base, state, why
    for (const column of ['Base', 'State', 'Why']) await expect(site.getByRole('columnheader', { name: column, exact: true })).toBeInViewport()
    // a base's actions are in its own row, whole on screen, and within the row's lines
    const reboot = hall.getByRole('button', { name: 'Reboot Hall' })
    // into the middle of the pane: scrolled only as far as needed, a row of fractional height
    // (the handsets folded under the base at 1024) left the button a tenth of a pixel under its edge
    await reboot.evaluate((button) => button.scrollIntoView({ block: 'center' }))
    await expect(reboot).toBeInViewport({ ratio: 1 })
    const [row, button] = [await hall.boundingBox(), await reboot.boundingBox()]
    expect(button!.y).toBeGreaterThanOrEqual(row!.y)
    expect(button!.y + button!.height).toBeLessThanOrEqual(row!.y + row!.height)
    await app.evaluate(() => document.querySelector('#app-main')?.scrollTo(0, 0))
    await app.screenshot({ path: `test-results/screens/dect-on-site-handsets-${width}.png` })
  }
  await app.setViewportSize({ width: 1280, height: 800 })

  // the filter: only the base not seen, then the ones seen, then every base again
  await choose(app, 'Show bases', 'Not seen yet')
  await expect(rows).toHaveCount(1)
  await expect(rows.nth(0)).toHaveAttribute('aria-label', 'Base Shed')
  await choose(app, 'Show bases', 'Configuration fetched')
  await expect(rows).toHaveCount(2)
  await expect(site.getByRole('row', { name: 'Base Shed' })).toHaveCount(0)

  // Hall and Yard selected and rebooted, by keyboard alone
  await site.getByRole('checkbox', { name: 'Select Hall' }).focus()
  await app.keyboard.press('Space')
  await app.keyboard.press('Tab')
  // Tab walks Hall's row (its buttons), then Yard's checkbox
  await expect(site.getByRole('button', { name: 'Re-provision Hall' })).toBeFocused()
  await app.keyboard.press('Tab')
  await app.keyboard.press('Tab')
  await expect(site.getByRole('checkbox', { name: 'Select Yard' })).toBeFocused()
  await app.keyboard.press('Space')
  await expect(site.getByText('2 selected')).toBeVisible()
  await site.getByRole('button', { name: 'Reboot selected' }).focus()
  await app.keyboard.press('Enter')
  await expect(site.getByRole('alert').filter({ hasText: 'Reboot asked of 2 bases on Demo site' })).toBeVisible()
  await expect(site.getByText('Asked: Hall, Yard')).toBeVisible()
  // the next step has the focus: checking the bases again
  await expect(site.getByRole('button', { name: 'Check now' })).toBeFocused()
  await app.screenshot({ path: 'test-results/screens/dect-on-site-rebooted.png' })

  // on the PBX: both bases asked to reboot, nothing else
  expect(pbx.phoneActions.map((a) => [a.domain, a.mac, a.action]).sort()).toEqual([
    ['demo.pbx.example', HALL, 'reboot'],
    ['demo.pbx.example', YARD, 'reboot'],
  ])

  // the hand-over report (issue 43): the installer's name asked, A4 chosen, the PDF saved as the labels PDF is, read back
  await site.getByRole('button', { name: 'Hand-over report…' }).click()
  const handover = app.locator('.handover')
  await expect(handover).toBeVisible()
  await handover.getByLabel('Installer’s name').fill('Ines Meyer')
  await handover.locator('.n-radio', { hasText: 'A4' }).click()
  const [download] = await Promise.all([app.waitForEvent('download'), handover.getByRole('button', { name: 'Save PDF…' }).click()])
  expect(download.suggestedFilename()).toBe('Site-H-handover-a4.pdf')
  const read = await readPdf(readFileSync((await download.path())!))
  const lines = read.pages.flatMap((page) => linesOf(page))
  expect(lines).toContain('Installer Ines Meyer')
  expect(lines.some((line) => line.startsWith('Hall 00:15:65:F2:00:01 '))).toBe(true)
  expect(lines.some((line) => line.startsWith('1181 Anna 00AF200001 '))).toBe(true)
  await expect(app.getByText(/Saved the hand-over report of “Site H” \(\d+ pages?, A4\) as Site-H-handover-a4\.pdf\./)).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/dect-on-site-handover.png' })
})
