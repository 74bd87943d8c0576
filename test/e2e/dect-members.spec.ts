import { mkdirSync } from 'node:fs'
import { demoApi, openArea, savePbx, signInThroughTheApp } from './e2e-steps'
import { expect, test } from './harness'

// A base's handsets on the DECT phones screen: the seeded Reception base (Yealink W70B, 10 lines)
// has 1001 = 00092263DD at index 1 and 1002 = 00092263DE at index 2. Reassign, add one by the IPEI
// printed on its box, refuse a duplicate by its line (the PBX's list untouched), remove; every
// result read back through the demo PBX's API, not from the screen.

const MANAGER = { username: 'manager', password: 'manager', domain: 'demo.pbx.example' }
type Member = { extension_number: string; ipui: string; handset_index: string | number }

test("a base's handsets: reassigned, added by IPEI, a duplicate named by its line, removed", async ({ app, services, pbx }) => {
  test.setTimeout(60_000)
  mkdirSync('test-results/screens', { recursive: true })
  await savePbx(app, services, 'Demo site', pbx.url, MANAGER)
  await signInThroughTheApp(app, 'Demo site', MANAGER)
  const api = await demoApi(pbx.url, MANAGER)
  const reception = (await api.get<{ items: { id: string; name: string }[] }>('/api/dect_phones')).body.items.find((p) => p.name === 'Reception base')!
  const members = async () =>
    (await api.get<{ items: Member[] }>(`/api/dect_phones/${reception.id}/members`)).body.items.map((m) => [m.extension_number, m.ipui, Number(m.handset_index)])

  await openArea(app, 'DECT phones')
  await app.getByRole('tab', { name: 'Phones on the PBX' }).click()
  const table = app.getByRole('region', { name: 'DECT phones on the PBX' })
  await table.getByText('Reception base').click()
  const handsets = app.getByRole('region', { name: 'Handsets on this base' })
  await expect(handsets.getByRole('heading')).toHaveText('Handsets 2 of 10 handsets')
  await expect(handsets.getByRole('textbox', { name: 'IPUI, line 2' })).toHaveValue('00092263DE')

  // reassign line 2 to extension 1003
  await handsets.getByRole('textbox', { name: 'Extension, line 2' }).click()
  await app.keyboard.type('1003')
  await app.keyboard.press('Enter')
  await handsets.getByRole('button', { name: 'Save handsets' }).click()
  await expect(app.getByText('Handsets saved: 2 of 10 handsets')).toBeVisible()
  expect(await members()).toEqual([
    ['1001', '00092263DD', 1],
    ['1003', '00092263DE', 2],
  ])

  // add one by the IPEI on its box
  await handsets.getByRole('button', { name: 'Add a handset' }).click()
  await handsets.getByRole('textbox', { name: 'Extension, line 3' }).click()
  await app.keyboard.type('1004')
  await app.keyboard.press('Enter')
  await handsets.getByRole('textbox', { name: 'IPUI, line 3' }).fill('00146 0156577 9')
  await expect(handsets.getByRole('textbox', { name: 'Index, line 3' })).toHaveValue('3')
  await handsets.getByRole('button', { name: 'Save handsets' }).click()
  await expect(handsets.getByRole('heading')).toHaveText('Handsets 3 of 10 handsets')
  expect(await members()).toEqual([
    ['1001', '00092263DD', 1],
    ['1003', '00092263DE', 2],
    ['1004', '00092263A1', 3],
  ])
  await app.screenshot({ path: 'test-results/screens/dect-base-members.png' })

  // a duplicate extension: named by its line, nothing written
  await handsets.getByRole('textbox', { name: 'Extension, line 3' }).click()
  await app.keyboard.type('1001')
  await app.keyboard.press('Enter')
  await handsets.getByRole('button', { name: 'Save handsets' }).click()
  await expect(handsets.getByRole('alert')).toHaveText('Line 3: 1001 is also on line 1')
  expect((await members()).map((m) => m[0])).toEqual(['1001', '1003', '1004'])

  // a mistyped IPUI is named before anything is sent
  await handsets.getByRole('textbox', { name: 'IPUI, line 3' }).fill('00092263A')
  await handsets.getByRole('button', { name: 'Save handsets' }).click()
  await expect(handsets.getByRole('alert')).toHaveText(/^Line 3: IPUI 00092263A has 9 digits/)

  // remove line 3 (the mistakes go with it) and save
  await handsets.getByRole('button', { name: 'Remove line 3' }).click()
  await handsets.getByRole('button', { name: 'Save handsets' }).click()
  await expect(handsets.getByRole('heading')).toHaveText('Handsets 2 of 10 handsets')
  expect(await members()).toEqual([
    ['1001', '00092263DD', 1],
    ['1003', '00092263DE', 2],
  ])
})
