import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixturePath } from './e2e-steps'
import { checkLayout } from './layout-checks'
import { expect, showApp, test } from './harness'

// every test sets up the services first, then loads the app once (showApp)
test.use({ appLoadedAtStart: false })

test.use({ pbxOptions: { seed: false } })
let scratch: string
test.beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'pbx-e2e-dect-'))
})
test.afterEach(async () => {
  rmSync(scratch, { recursive: true, force: true })
})

// an Excel export (test/fixtures/csv): semicolons, a BOM, CRLF, German headers, one MAC cut short
const SPREADSHEET = fixturePath('site-a-excel.csv')

test('import a spreadsheet, fix a row, push to the demo PBX, walk the QR codes, export the label PDF and the results CSV', async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  const profile = await services.handlers.saveProfile({
    fields: { label: 'Demo site', baseUrl: pbx.url, username: 'manager', domain: 'demo.pbx.example', signInMethod: 'sign_in', customer: '', tags: [], notes: '', group: '', colour: '', favourite: false },
  })
  await services.handlers.signIn({ profileId: profile.id, password: 'manager', remember: false })
  await showApp(app)

  // offline work: no PBX is open in the app
  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await app.getByRole('button', { name: 'New batch from a spreadsheet' }).click()
  await app.getByLabel('Spreadsheet file').setInputFiles(SPREADSHEET)
  await expect(app.getByLabel('Field for column MAC-Adresse')).toBeVisible()
  await app.getByRole('button', { name: 'Next' }).click()
  await app.getByLabel('Batch name').fill('Site A handsets')
  // Enter in the name creates the batch (issue 40), and the focus goes to the row to fix, not the page
  await app.getByLabel('Batch name').press('Enter')

  // the rows, with the cut-short MAC flagged, then fixed in place
  await expect(app.getByText(/4 rows · 1 with errors/)).toBeVisible()
  await expect(app.getByRole('checkbox', { name: 'Select row 3' })).toBeFocused()
  await expect(app.getByText(/MAC 00:15:65 has 6 of 12 hex digits/).first()).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/dect-rows.png' })
  await app.getByRole('button', { name: 'Edit MAC address, row 3' }).click()
  await app.getByRole('textbox', { name: 'MAC address, row 3' }).fill('00:15:65:A1:B2:03')
  await app.getByRole('textbox', { name: 'MAC address, row 3' }).press('Enter')
  await expect(app.getByText(/4 rows · 0 with errors|4 rows(?! · \d+ with errors)/)).toBeVisible()

  // push to the signed-in demo PBX; the tabs are one Tab stop, the arrow keys move between them (issue 40)
  const tabs = app.getByRole('tab')
  await expect(tabs.and(app.locator('[tabindex="0"]'))).toHaveText(['Rows'])
  await app.getByRole('tab', { name: 'Rows' }).focus()
  await app.keyboard.press('ArrowRight')
  await app.keyboard.press('ArrowRight')
  await expect(app.getByRole('tab', { name: 'Push' })).toBeFocused()
  await expect(app.getByRole('tab', { name: 'Push' })).toHaveAttribute('aria-selected', 'true')
  await expect(tabs.and(app.locator('[tabindex="0"]'))).toHaveText(['Push'])
  const panel = app.getByRole('region', { name: 'Push to a PBX' })
  await panel.getByRole('textbox', { name: 'Target PBX' }).click()
  await app.locator('.n-base-select-option', { hasText: 'Demo site' }).click()
  await panel.getByRole('button', { name: 'Push 4 bases' }).click()
  await expect(panel.getByText('4 of 4 bases are on Demo site: 4 created, 0 matched.')).toBeVisible({ timeout: 20_000 })
  await expect(app.locator('main').getByText('Done', { exact: true })).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/dect-pushed.png' })

  // read back through the PBX's API, not from the screen
  const onPbx = await services.handlers.listDectPhones({ profileId: profile.id })
  expect(onPbx.map((p) => p.mac).sort()).toEqual(['001565A1B201', '001565A1B202', '001565A1B203', '001565A1B204'])
  const reception = onPbx.find((p) => p.mac === '001565A1B201')!

  // the QR walk: the code on screen, decoded by an independent decoder, is the phone's URL
  await app.getByRole('tab', { name: 'QR codes' }).click()
  const walk = app.getByRole('region', { name: 'QR code walk' })
  await expect(walk.getByText('1 of 4')).toBeVisible()
  const shot = join(scratch, 'qr.png')
  const qr = walk.getByRole('img', { name: "QR code of Empfang's provisioning URL" })
  await expect(qr.locator('svg')).toBeVisible()
  // read what is on the screen once it has settled (the tab's transition may still be running)
  await expect
    .poll(async () => {
      await qr.screenshot({ path: shot, animations: 'disabled' })
      return spawnSync('zbarimg', ['-q', '--raw', shot], { encoding: 'utf8' }).stdout.trim()
    })
    .toBe(reception.url)
  await walk.getByRole('button', { name: 'Next' }).click()
  await expect(walk.getByText('2 of 4')).toBeVisible()

  // the label sheet as PDF, and the results as CSV
  await app.getByRole('tab', { name: 'Labels' }).click()
  const labels = app.getByRole('region', { name: 'Labels' })
  // every size: the MAC and extension fit beside the QR code, in the preview drawn from the sheet's layout
  for (const size of ['A4, 14 labels (99.1 × 38.1 mm)', 'US Letter, 30 labels (66.7 × 25.4 mm)', 'Label printer roll, 89 × 36 mm', 'A4, 21 labels (63.5 × 38.1 mm)']) {
    // Naive UI's radio input is hidden under its label: the label is what a user clicks
    await labels.locator('.n-radio', { hasText: size }).click()
    await expect(labels.getByRole('radio', { name: size })).toBeChecked()
    // (the page's elements, as far as this needs them: the test code has no DOM types)
    type Box = { getBoundingClientRect(): { right: number }; querySelectorAll(selector: string): ArrayLike<Box>; textContent: string | null }
    const overflowing = await labels.locator('.dect-labels__label').evaluateAll((items: Box[]) =>
      items.flatMap((item) => {
        const edge = item.getBoundingClientRect().right
        const lines = Array.from(item.querySelectorAll('.dect-labels__mac, .dect-labels__extension'))
        return lines.filter((line) => line.getBoundingClientRect().right > edge).map((line) => line.textContent)
      }),
    )
    expect(overflowing, size).toEqual([])
  }
  const [pdf] = await Promise.all([app.waitForEvent('download'), labels.getByRole('button', { name: 'Export PDF' }).click()])
  const pdfPath = join(scratch, pdf.suggestedFilename())
  await pdf.saveAs(pdfPath)
  expect(pdf.suggestedFilename()).toMatch(/labels-a4-21\.pdf$/)
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-')
  // its toast, in a narrow window: under the header, not over its controls, and the file's name
  // whole on its line (issue 42; the layout audit's own checks)
  const toast = app.locator('.n-message', { hasText: 'Exported the labels' })
  await expect(toast).toContainText(pdf.suggestedFilename())
  await app.setViewportSize({ width: 1024, height: 700 })
  const findings = await app.evaluate(checkLayout, { keyColumns: [] })
  expect(findings.filter((finding) => finding.check === 'covers header' || finding.check === 'broken word')).toEqual([])

  const [csv] = await Promise.all([app.waitForEvent('download'), labels.getByRole('button', { name: 'Export results (CSV)' }).click()])
  const csvPath = join(scratch, 'results.csv')
  await csv.saveAs(csvPath)
  const lines = readFileSync(csvPath, 'utf8').trim().split(/\r?\n/)
  expect(lines[0]).toBe('kind,row,mac,name,extension,id,url,state,outcome,error,ipui,base_mac,handset_index')
  expect(lines.slice(1)).toHaveLength(4)
  expect(lines.find((l) => l.startsWith('base,1,'))).toBe(`base,1,001565A1B201,Empfang,100,${reception.id},${reception.url},done,created,,,,`)
  writeFileSync(join(scratch, 'done'), '')
})
