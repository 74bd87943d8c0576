import type { Page } from '@playwright/test'
import { OPERATION_NAMES } from '../../electron/contract/operations'
import { ASKED_AT_START, createBridgeApi } from '../../electron/preload/bridge-api'
import type { Services } from '../../electron/services'
import { dispatch } from '../../electron/services/bridge/dispatch'

/**
 * Installs `window.pbx` in a Chromium page as the preload does in the app, with the preload's
 * own code, but over a Playwright binding: each call runs the same `dispatch` (contract
 * validation included) on `services` in this process. `onBug` receives what a service threw
 * that it should not have.
 */
export async function installBridge(page: Page, services: Services, onBug: (error: unknown) => void): Promise<void> {
  await exposeServices(page, services, onBug)
  await installPreloadApi(page)
}

/** The binding `window.pbx` calls (`__pbxInvoke`): `dispatch` on `services`. */
export async function exposeServices(page: Page, services: Services, onBug: (error: unknown) => void): Promise<void> {
  await page.exposeBinding('__pbxInvoke', (_source, name: unknown, input: unknown) => dispatch(services.handlers, name, input, onBug))
}

/**
 * The preload's own window.pbx (electron/preload/bridge-api.ts) over `__pbxInvoke`, its source run
 * as each document starts, before its HTML is parsed; the first screen's calls asked early, as
 * there, by the page's own documents alone (the app's preload runs in its window's top frame, on
 * its scheme).
 */
export async function installPreloadApi(page: Page): Promise<void> {
  // (__name: the helper tsx's compiler writes into a function's source to keep its inner
  // functions' names, which the bench's source then holds; the page has none of its own)
  await page.addInitScript({
    content: `(() => {
      const __name = (target) => target
      Object.defineProperty(globalThis, 'pbx', {
        value: (${createBridgeApi.toString()})(
          ${JSON.stringify(OPERATION_NAMES)},
          window.top === window && location.protocol === 'http:' ? ${JSON.stringify(ASKED_AT_START)} : [],
          (name, input) => globalThis.__pbxInvoke(name, input),
        ),
        writable: false,
      })
    })()`,
  })
}
