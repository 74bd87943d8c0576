import { mkdirSync } from 'node:fs'
import { csvBytes } from '../support/csv-bytes'
import { demoApi, openArea, signedInPbx } from './e2e-steps'
import { expect, test } from './harness'

// Enrolment's defaults from the PBX (issue 40), walked in Chromium with the keyboard: the range
// offered is the PBX's first run of free extensions (read back from its API, not from the screen),
// each scan scrolls the handsets table to its row, another base's MAC is offered as "switch to this
// base", a code that is neither is named on one line; offline, the last range used there. The
// seeded demo PBX: users 1001..1250, the Reception base holding 1001 and 1002; the test puts 1101
// on it too.

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
const HALL = '001565E70001'
const YARD = '001565E70002'

type Page<T> = { items: T[]; count?: number }

/** The first run of free extensions, from the PBX's own API: every user, every base's members. */
async function freeRunOnPbx(baseUrl: string): Promise<{ from: string; to: string; count: number; free: number }> {
  const api = await demoApi(baseUrl, MANAGER)
  const users: string[] = []
  for (let skip = 0; ; skip += 100) {
    const page = (await api.get<Page<{ extension_number?: string }>>(`/api/users?skip=${skip}&top=100`)).body
    users.push(...page.items.flatMap((u) => (u.extension_number ? [u.extension_number] : [])))
    if (page.items.length < 100) break
  }
  const held = new Set<string>()
  for (const phone of (await api.get<Page<{ id: string }>>('/api/dect_phones')).body.items) {
    for (const m of (await api.get<Page<{ extension_number: string }>>(`/api/dect_phones/${phone.id}/members`)).body.items) held.add(m.extension_number)
  }
  const free = new Set(users.filter((u) => !held.has(u)))
  const first = Math.min(...[...free].map(Number))
  let last = first
  while (free.has(String(last + 1))) last++
  return { from: String(first), to: String(last), count: last - first + 1, free: free.size }
}

test('enrolment offers the PBX free extensions, follows each scan in the table, offers a base scanned by mistake, names junk; offline the last range', async ({ app, services, pbx }) => {
  test.setTimeout(90_000)
  mkdirSync('test-results/screens', { recursive: true })
  const profileId = await signedInPbx(services, 'Demo site', pbx.url, MANAGER)
  // 1101 goes on the Reception base: the first run ends before it
  const reception = (await services.handlers.listDectPhones({ profileId })).find((p) => p.name === 'Reception base')!
  const { members } = await services.handlers.listBaseMembers({ profileId, phoneId: reception.id })
  await services.handlers.saveBaseMembers({
    profileId,
    phoneId: reception.id,
    members: [...members.map((m) => ({ extension_number: m.extension_number, ipui: m.ipui, handset_index: String(m.handset_index) })), { extension_number: '1101', ipui: '00AF700001', handset_index: '3' }],
  })
  const expected = await freeRunOnPbx(pbx.url)
  expect(expected).toEqual({ from: '1003', to: '1100', count: 98, free: 247 })

  // a batch of two bases with 40 handsets already (extensions 1200..1239): the table scrolls
  const batch = await services.handlers.createBatchFromCsv({
    name: 'Site G',
    fileName: 'site-g.csv',
    base64: csvBytes(['MAC,Name', `${HALL},Hall`, `${YARD},Yard`].join('\n')),
    mapping: { MAC: 'mac', Name: 'name' },
    defaults: { vendor: 'Yealink', model: 'W80B' },
  })
  const ipui = (n: number) => `00AF71${n.toString(16).toUpperCase().padStart(4, '0')}`
  await services.handlers.editBatchHandsets({
    batchId: batch.id,
    edits: [],
    remove: [],
    add: Array.from({ length: 40 }, (_, i) => ({ base_mac: HALL, ipui: ipui(i), extension: String(1200 + i) })),
  })
  await app.reload()
  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site G' }).click()
  await app.getByRole('tab', { name: 'Handsets (40)' }).click()

  // the range, from the PBX: its free users, no typing
  await app.getByRole('button', { name: 'Enrol by scanning' }).click()
  const enrol = app.getByRole('region', { name: 'Enrol handsets by scanning' })
  const code = enrol.getByRole('textbox', { name: 'Scan a base MAC, then its handsets' })
  await expect(code).toBeFocused()
  await expect(enrol.getByText(`${expected.from}–${expected.to} free (${expected.count}; ${expected.free} free on Demo site in all)`)).toBeVisible()
  await expect(enrol.getByRole('textbox', { name: 'Extension from' })).toHaveValue(expected.from)
  await expect(enrol.getByRole('textbox', { name: 'to', exact: true })).toHaveValue(expected.to)

  // a scan: the table follows it to its row (41, below the fold) and picks it out
  const row41 = app.getByRole('row', { name: 'Handset 41' })
  await app.keyboard.type(`${HALL}\n00AF720001\n`, { delay: 0 })
  const status = enrol.getByRole('status')
  await expect(status).toHaveText('✓ Extension 1003: handset 00AF720001 on base Hall (41 of 100 lines).')
  // whole but for the half pixel Naive UI's virtual list keeps under its edge (rows of 58.06 px)
  await expect(row41).toBeInViewport({ ratio: 0.98 })
  await expect(code).toBeInViewport({ ratio: 1 })
  await expect(row41).toHaveAttribute('aria-current', 'true')
  await expect(app.getByRole('row', { name: 'Handset 1', exact: true })).not.toBeInViewport()
  await app.screenshot({ path: 'test-results/screens/dect-enrol-follow.png' })

  // another base's MAC, scanned by mistake: offered, nothing changed; Enter switches
  await app.keyboard.type(`${YARD}\n`, { delay: 0 })
  await expect(status).toHaveText(/^⚠ That is base Yard \(00:15:65:E7:00:02\), not a handset: press Enter to switch to it, or scan the next handset for Hall\. Nothing added\.$/)
  await expect(enrol.getByRole('button', { name: 'Switch to Yard' })).toBeVisible()
  await expect(app.getByText(/^41 handsets · /)).toBeVisible()
  await expect(code).toBeFocused()
  // the long line stays one line, at the sizes of a laptop and a small window
  const viewport = app.viewportSize()!
  for (const [width, height] of [
    [1280, 800],
    [1024, 700],
  ] as const) {
    await app.setViewportSize({ width, height })
    await expect(enrol.getByRole('button', { name: 'Switch to Yard' })).toBeInViewport()
    expect((await status.boundingBox())!.height).toBeLessThan(30)
    await app.screenshot({ path: `test-results/screens/dect-enrol-switch-offer-${width}.png` })
  }
  await app.setViewportSize(viewport)
  const tableTop = (await app.locator('.handsets').boundingBox())!.y
  await app.keyboard.press('Enter')
  await expect(status).toHaveText('✓ Base Yard selected (0 of 100 handsets): scan its handsets.')
  await expect(enrol.getByRole('button', { name: 'Switch to Yard' })).toBeHidden()
  expect((await app.locator('.handsets').boundingBox())!.y).toBe(tableTop)

  // a code that is neither MAC nor IPUI/IPEI: named, on one line, the rest on focus; nothing added
  await app.keyboard.type('PALLET-0042-LOT-77\n', { delay: 0 })
  await expect(status).toContainText('✗ PALLET-0042-LOT-77 is neither a base MAC (12 hex digits) nor a handset IPUI (10 hex digits) or IPEI (13 digits)')
  await expect(app.getByText(/^41 handsets · /)).toBeVisible()
  expect((await status.boundingBox())!.height).toBeLessThan(30)
  expect((await app.locator('.handsets').boundingBox())!.y).toBe(tableTop)
  // the keyboard reaches the rest: Tab from "Stop scanning" lands on the line, shown whole
  await enrol.getByRole('button', { name: 'Stop scanning' }).focus()
  // (the focus may scroll the page to show the button whole: measured from here)
  const tableBefore = (await app.locator('.handsets').boundingBox())!.y
  await app.keyboard.press('Tab')
  await expect(status).toBeFocused()
  expect((await status.boundingBox())!.height).toBeGreaterThan(30)
  expect((await app.locator('.handsets').boundingBox())!.y).toBe(tableBefore)
  await app.screenshot({ path: 'test-results/screens/dect-enrol-error-focused.png' })

  // the one handset, on the PBX's free extension
  const saved = await services.handlers.getBatch({ batchId: batch.id })
  expect(saved.handsets.slice(40).map((h) => [h.values.ipui, h.values.extension, h.values.base_mac])).toEqual([['00AF720001', '1003', HALL]])

  // Esc in the scan field stops scanning, as "Stop scanning" does; the focus goes to the handset just
  // scanned, where Space ticks it for a value (issue 40), not lost with the panel
  await enrol.getByRole('textbox', { name: 'Scan a base MAC, then its handsets' }).focus()
  await app.keyboard.press('Escape')
  await expect(enrol).toBeHidden()
  await expect(app.getByRole('cell', { name: 'Select handset 41' }).getByRole('checkbox')).toBeFocused()

  // offline: the last range used there, said so
  pbx.faults.down()
  await app.getByRole('button', { name: 'Enrol by scanning' }).click()
  await expect(enrol.getByText(/^The last range used on Demo site, 1003–1100: Demo site cannot be reached now \(/)).toBeVisible({ timeout: 20_000 })
  await expect(enrol.getByRole('textbox', { name: 'Extension from' })).toHaveValue('1003')
  await expect(enrol.getByRole('textbox', { name: 'to', exact: true })).toHaveValue('1100')
  await pbx.faults.up()
})
