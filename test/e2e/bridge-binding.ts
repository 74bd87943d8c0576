import type { Page } from '@playwright/test'
import { OPERATION_NAMES } from '../../electron/contract/operations'
import type { Services } from '../../electron/services'
import { dispatch } from '../../electron/services/bridge/dispatch'

/**
 * Installs `window.pbx` in a Chromium page as the preload does in the app, but over a Playwright
 * binding: each call runs the same `dispatch` (contract validation included) on `services` in
 * this process. `onBug` receives what a service threw that it should not have.
 */
export async function installBridge(page: Page, services: Services, onBug: (error: unknown) => void): Promise<void> {
  await page.exposeBinding('__pbxInvoke', (_source, name: unknown, input: unknown) => dispatch(services.handlers, name, input, onBug))
  await page.addInitScript((names: readonly string[]) => {
    const page = globalThis as unknown as { __pbxInvoke(name: string, input: unknown): Promise<unknown> }
    const api = Object.fromEntries(names.map((name) => [name, (input?: unknown) => page.__pbxInvoke(name, input)]))
    Object.defineProperty(page, 'pbx', { value: Object.freeze(api), writable: false })
  }, OPERATION_NAMES)
}
