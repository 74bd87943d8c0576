import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createServices } from '../../../electron/services'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'
import { invoker } from '../invoke'

// The demo PBX runs inside the app on a new port each start. A saved demo PBX must open after a
// restart (from the PBXs list or the remembered place) without the user pressing "Try the demo".
const dir = mkdtempSync(join(tmpdir(), 'pbx-demo-restart-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// the same data folder and the same keychain, as on the next run of the app
const keychain = { available: true as const, store: createMemorySecretStore() }
const start = () =>
  createServices({ dataDir: dir, keychain, app: { name: 'x', version: 't', versions: { node: process.versions.node }, platform: 'linux' } })

describe('a saved demo PBX after a restart', () => {
  it('is opened: main starts the demo again and points the saved PBX at it', async () => {
    const first = start()
    const [tenantId] = (await invoker(first.handlers)('startDemo')).profileIds
    const before = (await invoker(first.handlers)('listProfiles')).find((p) => p.id === tenantId)!.baseUrl
    await first.dispose()

    const second = start()
    try {
      const call = invoker(second.handlers)
      const opened = await call('openPbx', { profileId: tenantId! })
      expect(opened.status).toBe('signed_in')
      const after = (await call('listProfiles')).find((p) => p.id === tenantId)!.baseUrl
      expect(after).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      // the demo of the first run is gone; the profile follows the one running now
      expect((await call('startDemo')).baseUrl).toBe(after)
      expect(before).not.toBe('')
    } finally {
      await second.dispose()
    }
  })

  it('a saved PBX that is not the demo starts no demo', async () => {
    const services = start()
    try {
      const call = invoker(services.handlers)
      const plain = await call('saveProfile', { fields: { label: 'Elsewhere', baseUrl: 'http://127.0.0.1:9', username: 'manager', domain: 'x.example' } })
      const error = await call('openPbx', { profileId: plain.id }).then(
        () => undefined,
        (e: unknown) => e as { code: string },
      )
      expect(error?.code).toBe('NOT_SIGNED_IN')
    } finally {
      await services.dispose()
    }
  })
})
