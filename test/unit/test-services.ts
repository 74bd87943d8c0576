import { createServices, type Services, type ServicesOptions } from '../../electron/services'
import { createMemorySecretStore } from '../../electron/services/keychain/memory-store'

/**
 * The app's services as a Node test builds them: a data folder of the test's, a keychain in memory
 * (a new, empty one unless given), and the app's name and version as "x" and "t". `more` adds or
 * replaces options (openExternal, showItemInFolder, a shared keychain).
 */
export function testServices(dataDir: string, more: Partial<ServicesOptions> = {}): Services {
  return createServices({
    dataDir,
    keychain: { available: true, store: createMemorySecretStore() },
    app: { name: 'x', version: 't', versions: { node: process.versions.node }, platform: 'linux' },
    ...more,
  })
}
