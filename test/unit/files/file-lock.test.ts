import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { lockOf, retriesWithin } from '../../../electron/services/files/shared-file'

describe('a lock another holder keeps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pbx-file-lock-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is waited for as long as asked, then refused BUSY naming what is busy', async () => {
    const file = join(dir, 'batch.json')
    writeFileSync(file, '{}')
    const release = await lockOf(file, 0, 'this batch')
    try {
      const started = performance.now()
      await expect(lockOf(file, 1_000, 'this batch')).rejects.toMatchObject({ code: 'BUSY', message: expect.stringMatching(/Another window or command line is using this batch/) })
      const waited = performance.now() - started
      // about the wait asked for (not refused at once); the pace's own figures are the next test's
      expect(waited).toBeGreaterThan(700)
      expect(waited).toBeLessThan(2_500)
    } finally {
      await release()
    }
    // released: taken at once
    await (await lockOf(file, 0, 'this batch'))()
  })

  it('is tried again at a pace whose pauses add up to no more than the wait', () => {
    expect(retriesWithin(0)).toBe(0)
    // 20 + 30 + 45 + 67.5 + 101.25 + 151.875 = 415.6 ms, then 200 ms a try
    expect(retriesWithin(415)).toBe(5)
    expect(retriesWithin(416)).toBe(6)
    expect(retriesWithin(3_000)).toBe(6 + 12)
  })
})
