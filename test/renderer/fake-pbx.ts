import type { About, DemoStatus, PbxApi } from '@contract/bridge'
import type { SystemInfo } from '@contract/pbx'
import type { BridgeError, BridgeResult } from '@contract/result'
import { vi, type Mock } from 'vitest'

/** A `window.pbx` for renderer tests: each operation a vitest mock answering BridgeResult values. */
export type FakePbx = { [N in keyof PbxApi]: Mock<PbxApi[N]> }

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value })

export const fail = (code: BridgeError['code'], message: string, more: Partial<BridgeError> = {}): BridgeResult<never> => ({
  ok: false,
  error: { code, message, ...more },
})

export const sampleAbout: About = {
  name: 'PBX Provisioner',
  version: '0.1.0',
  versions: { node: '22.20.0', electron: '45.4.1', chrome: '142.0.0.0' },
  platform: 'linux',
  keychain: 'available',
}

export const sampleDemo: DemoStatus = {
  baseUrl: 'http://127.0.0.1:40123',
  accounts: [
    { username: 'admin', password: 'admin', domain: '', role: 'SystemAdmin' },
    { username: 'manager', password: 'manager', domain: 'demo.pbx.example', role: 'Admin' },
    { username: '1001', password: '1001', domain: 'demo.pbx.example', role: 'StandardUser' },
  ],
}

/** What the demo PBX answers at GET /api/info (electron/demo-pbx/README.md). */
export const sampleInfo: SystemInfo = {
  web_domain: 'pbx.demo.example',
  private_ipv4: '192.168.1.10',
  public_ipv4: '203.0.113.10',
  enable_ipv6: true,
  private_ipv6: 'fd00::10',
  public_ipv6: '2001:db8::10',
  primary_dns_server: '192.168.1.1',
  secondary_dns_server: '9.9.9.9',
  enable_dataflow: false,
}

/** A fake answering the samples above; pass implementations to change one operation. */
export function createFakePbx(overrides: Partial<PbxApi> = {}): FakePbx {
  return {
    getAbout: vi.fn<PbxApi['getAbout']>(overrides.getAbout ?? (async () => ok(sampleAbout))),
    probePbx: vi.fn<PbxApi['probePbx']>(overrides.probePbx ?? (async () => ok(sampleInfo))),
    startDemo: vi.fn<PbxApi['startDemo']>(overrides.startDemo ?? (async () => ok(sampleDemo))),
  }
}

/** Installs `fake` as `window.pbx` (declared read-only for the app, hence defineProperty). */
export function installFakePbx(fake: FakePbx = createFakePbx()): FakePbx {
  Object.defineProperty(window, 'pbx', { value: fake, configurable: true, writable: true })
  return fake
}

/** Removes `window.pbx`, as when the renderer is opened outside the app. */
export function removePbx(): void {
  Reflect.deleteProperty(window, 'pbx')
}

/** A promise resolved from outside, to hold an operation in flight while a test looks. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
