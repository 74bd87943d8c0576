import type { BridgeHandlers } from '../contract/bridge'
import { createDemoService, type DemoPbxModule } from './demo/demo-service'
import type { KeychainState } from './keychain/secret-store'
import { getInfo } from './pbx-client/info'

export interface ServicesOptions {
  /** the app's data folder: saved PBXs and batches live here (never a secret) */
  dataDir: string
  /** the opened keychain (see keychain/keytar-store.ts), or an in-memory store in unit tests */
  keychain: KeychainState
  /** application name and version as the shell knows them */
  app: { name: string; version: string; versions: { node: string; electron?: string; chrome?: string }; platform: string }
  /** loads the demo PBX on first use */
  loadDemoPbx?: () => Promise<DemoPbxModule>
}

export interface Services {
  /** every Bridge operation, taking input already checked against the contract */
  handlers: BridgeHandlers
  /** stops what the services started (the demo PBX, sessions) */
  dispose(): Promise<void>
}

/**
 * Builds the whole behaviour of the app as plain Node objects. The Electron shell binds
 * `handlers` to IPC; the tests call the same object directly or through the Chromium harness.
 */
export function createServices(options: ServicesOptions): Services {
  const demo = createDemoService(
    options.loadDemoPbx ?? (async () => (await import('../demo-pbx/index')) as DemoPbxModule),
  )
  const keychain = options.keychain

  const handlers: BridgeHandlers = {
    async getAbout() {
      return {
        name: options.app.name,
        version: options.app.version,
        versions: options.app.versions,
        platform: options.app.platform,
        keychain: keychain.available ? 'available' : 'unavailable',
        ...(keychain.available ? {} : { keychainMessage: keychain.reason }),
      }
    },
    async probePbx({ baseUrl }) {
      return getInfo(baseUrl)
    },
    async startDemo() {
      return demo.start()
    },
  }

  return {
    handlers,
    async dispose() {
      await demo.stop()
    },
  }
}
