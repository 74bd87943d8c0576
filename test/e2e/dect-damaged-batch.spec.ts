import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBatchStore } from '../../electron/services/dect/batch-store'
import { expect, test } from './harness'

/** two phones, as the store writes a batch (one row a line) */
const rows = [1, 2].map((n) => ({ row: n, values: { name: `Handset ${n}`, mac: `00156500000${n}`, vendor: 'Yealink', model: 'W80B' }, problems: [] }))

test('a damaged batch file shows in the batches list as damaged, with its three actions; deleting it moves it aside', async ({ app, dataDir }) => {
  // written by a store of its own (as an earlier run of the app), then damaged on the disk
  const store = createBatchStore(dataDir)
  await store.create({ name: 'Site A', source: 'a.csv', rows })
  const broken = await store.create({ name: 'Site B', source: 'b.csv', rows })
  const file = join(dataDir, 'batches', `${broken.id}.json`)
  const text = readFileSync(file, 'utf8')
  // cut short in the last row's line: the first row still reads
  const cut = text.slice(0, text.lastIndexOf('{"id"') + 12)
  writeFileSync(file, cut)

  await app.getByRole('menu').getByText('DECT phones', { exact: true }).click()
  await expect(app.locator('tr[data-batch-id]')).toHaveCount(1)
  const damaged = app.getByRole('region', { name: 'Batch files that cannot be read' })
  await expect(damaged).toBeVisible()
  await expect(damaged.getByText('A batch file cannot be read')).toBeVisible()
  await expect(damaged.getByText('Site B', { exact: true })).toBeVisible()
  await expect(damaged.getByText(file)).toBeVisible()
  await expect(damaged.getByText(/^The file cannot be read: it is cut short: it ends after \d+ bytes, in the middle of the batch/)).toBeVisible()
  await expect(damaged.getByText('1 row still reads: export it to keep what the batch held.')).toBeVisible()
  await app.screenshot({ path: 'test-results/screens/dect-damaged-batch.png' })

  // 1. show in its folder: the desktop app opens the file manager; this harness has none, and says where the file is
  await damaged.getByRole('button', { name: `Show ${broken.id}.json in its folder` }).click()
  await expect(app.getByText(`This build cannot open folders. The file is ${file}.`)).toBeVisible()

  // 2. export what still reads, as CSV
  const [download] = await Promise.all([app.waitForEvent('download'), damaged.getByRole('button', { name: `Export what can be read of ${broken.id}.json` }).click()])
  expect(download.suggestedFilename()).toBe('Site B-readable-rows.csv')
  const csv = readFileSync((await download.path())!, 'utf8').trim().split('\r\n')
  expect(csv).toHaveLength(2)
  expect(csv[1]).toMatch(/^base,1,001565000001,Handset 1,/)

  // 3. delete: asked first, then moved aside, not erased
  await damaged.getByRole('button', { name: `Delete ${broken.id}.json` }).click()
  await app.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(app.getByText(/^Moved .*\.json aside to .*\/batches\/damaged\//)).toBeVisible()
  await expect(damaged).toHaveCount(0)
  expect(existsSync(file)).toBe(false)
  const aside = readdirSync(join(dataDir, 'batches', 'damaged'))
  expect(aside).toEqual([expect.stringMatching(new RegExp(`^${broken.id}-.+\\.json$`))])
  expect(readFileSync(join(dataDir, 'batches', 'damaged', aside[0]!), 'utf8')).toBe(cut)
  await expect(app.locator('tr[data-batch-id]')).toHaveCount(1)
})
