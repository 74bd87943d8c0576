import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runNode } from '../../support/run-node'

// `npm run dev` where there is no Electron binary (our machines: none can be downloaded): one
// clear message, before electron-vite builds anything into out/ (issue 44).
describe('npm run dev without Electron', () => {
  it('says why and what still works, exits 1, and starts no build', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'pbx-no-electron-'))
    try {
      const run = await runNode(['electron/tools/dev.mjs'], { env: { ELECTRON_OVERRIDE_DIST_PATH: empty } })
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`PBX Provisioner could not start: no Electron binary at ${join(empty, 'electron')}`)
      expect(run.stderr).toContain('(npm run dev -- --verbose shows why)')
      expect(run.stderr).toContain('npm run demo-pbx -- --port 8901')
      expect(run.stderr).toContain('the renderer in Chromium with the real services (docs/development.md)')
      // electron-vite never ran: nothing of its output, no stack trace
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/vite|dev server|\n\s+at /i)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
