import type { Locator } from '@playwright/test'
import { batchFromFixture, MANAGER, pushBatch } from './a11y-steps'
import { openArea, openPbx, signedInPbx } from './e2e-steps'
import { expect, test } from './harness'

/**
 * The QR walk in a small window (issue 40): it opens with the focus on the code, the phone's name
 * and MAC stand beside the code inside the window (no scrolling), and a MAC typed as a scanner
 * types it (then Enter) jumps to that base.
 */
test.use({ viewport: { width: 1024, height: 700 } })

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox()
  expect(box, 'it is drawn').not.toBeNull()
  return box!
}

/** The phone's name, MAC, extension and Next stand to the right of the code, within its height, all inside the window. */
async function expectBesideInWindow(walk: Locator, size: { width: number; height: number }): Promise<void> {
  const inWindow = (box: { x: number; y: number; width: number; height: number }) => box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height
  const codeBox = await boxOf(walk.getByRole('img', { name: /^QR code of / }))
  expect(inWindow(codeBox), `the code is inside the ${size.width}×${size.height} window`).toBe(true)
  const beside = [walk.locator('.dect-qr-walk__name'), walk.locator('.dect-qr-walk__mac'), walk.locator('.dect-qr-walk__extension'), walk.getByRole('button', { name: 'Next' })]
  for (const detail of beside) {
    const box = await boxOf(detail)
    expect(inWindow(box), `${await detail.textContent()} is inside the ${size.width}×${size.height} window`).toBe(true)
    expect(box.x).toBeGreaterThanOrEqual(codeBox.x + codeBox.width)
    expect(box.y).toBeGreaterThanOrEqual(codeBox.y)
    expect(box.y + box.height).toBeLessThanOrEqual(codeBox.y + codeBox.height)
  }
}

test('at 1024×700 the name and MAC stand beside the code in the window; a scanned MAC jumps to its base', async ({ app, services, pbx }) => {
  const profileId = await signedInPbx(services, 'Demo Company', pbx.url, MANAGER)
  const batchId = await batchFromFixture(services, 'Site A handsets', 'mixed-mac-forms.csv')
  await pushBatch(services, batchId, profileId)
  const codes = await services.handlers.batchQrCodes({ batchId })
  expect(codes.length).toBeGreaterThan(2)
  await app.reload()
  await openPbx(app, 'Demo Company', MANAGER.username)

  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site A handsets' }).click()
  await app.getByRole('tab', { name: 'QR codes' }).click()
  const walk = app.getByRole('region', { name: 'QR code walk' })
  const code = walk.getByRole('img', { name: /^QR code of / })
  const position = walk.locator('.dect-qr-walk__position')
  await expect(position).toContainText(`1 of ${codes.length}`)
  await expect(code).toBeFocused()

  await expectBesideInWindow(walk, { width: 1024, height: 700 })

  // the last base's MAC, typed as a scanner types it (colons, then Enter)
  const last = codes.at(-1)!
  const scanned = last.mac.match(/../g)!.join(':')
  await app.keyboard.type(scanned)
  await app.keyboard.press('Enter')
  await expect(position).toContainText(`${codes.length} of ${codes.length}`)
  await expect(walk.locator('.dect-qr-walk__mac')).toHaveText(scanned.toUpperCase())

  await app.keyboard.press('PageUp')
  await expect(position).toContainText(`${codes.length - 1} of ${codes.length}`)

  // and in the 1280×800 window the issue measured
  await app.setViewportSize({ width: 1280, height: 800 })
  await expectBesideInWindow(walk, { width: 1280, height: 800 })
  await app.screenshot({ path: 'test-results/screens/qr-walk-1280x800.png' })
})

test('arrowing along the tabs passes the QR codes by: the focus stays on the tabs, and one Tab leads to the code', async ({ app, services, pbx }) => {
  const profileId = await signedInPbx(services, 'Demo Company', pbx.url, MANAGER)
  const batchId = await batchFromFixture(services, 'Site A handsets', 'mixed-mac-forms.csv')
  await pushBatch(services, batchId, profileId)
  await app.reload()
  await openPbx(app, 'Demo Company', MANAGER.username)
  await openArea(app, 'DECT phones')
  await app.getByRole('button', { name: 'Open Site A handsets' }).click()

  const tab = (name: string) => app.getByRole('tab', { name })
  await tab('Rows').focus()
  for (let i = 0; i < 4; i++) await app.keyboard.press('ArrowRight')
  await expect(tab('QR codes')).toHaveAttribute('aria-selected', 'true')
  const walk = app.getByRole('region', { name: 'QR code walk' })
  await expect(walk.locator('.dect-qr-walk__position')).toContainText('1 of ')
  await expect(tab('QR codes')).toBeFocused()
  await app.keyboard.press('ArrowRight')
  await expect(tab('Labels')).toBeFocused()
  await app.keyboard.press('ArrowLeft')
  await expect(tab('QR codes')).toBeFocused()
  await app.keyboard.press('Tab')
  await expect(walk.getByRole('img', { name: /^QR code of / })).toBeFocused()
})
