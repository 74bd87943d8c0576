import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../electron/services'
import { createMemorySecretStore } from '../../../electron/services/keychain/memory-store'

const app = { name: 'PBX Provisioner', version: '0.0.0-test', versions: { node: process.versions.node }, platform: 'linux' }
const made: { services: Services; dir: string }[] = []

function build(keychain: Parameters<typeof createServices>[0]['keychain']) {
  const dir = mkdtempSync(join(tmpdir(), 'pbx-services-'))
  const services = createServices({ dataDir: dir, keychain, app })
  made.push({ services, dir })
  return services
}

afterEach(async () => {
  for (const { services, dir } of made.splice(0)) {
    await services.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
})

describe('createServices', () => {
  it('reports the app and an available keychain', async () => {
    const services = build({ available: true, store: createMemorySecretStore() })
    expect(await services.handlers.getAbout(undefined)).toEqual({ ...app, keychain: 'available' })
  })

  it('reports a missing keychain with the reason', async () => {
    const services = build({ available: false, reason: 'No keychain answered (test).' })
    expect(await services.handlers.getAbout(undefined)).toMatchObject({
      keychain: 'unavailable',
      keychainMessage: 'No keychain answered (test).',
    })
  })

  it('starts the demo PBX once, on loopback, and probes it over HTTP', async () => {
    const services = build({ available: true, store: createMemorySecretStore() })
    const [first, second] = await Promise.all([services.handlers.startDemo(undefined), services.handlers.startDemo(undefined)])
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(second.baseUrl).toBe(first.baseUrl)
    expect(first.accounts).toContainEqual(expect.objectContaining({ username: 'admin', password: 'admin', domain: '' }))
    const info = await services.handlers.probePbx({ baseUrl: first.baseUrl })
    expect(info).toMatchObject({ web_domain: 'pbx.demo.example', public_ipv4: '203.0.113.10' })
  })

  it('stops the demo PBX on dispose', async () => {
    const services = build({ available: true, store: createMemorySecretStore() })
    const { baseUrl } = await services.handlers.startDemo(undefined)
    await services.dispose()
    await expect(services.handlers.probePbx({ baseUrl })).rejects.toMatchObject({ code: 'UNREACHABLE' })
  })
})
