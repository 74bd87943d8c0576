import type { BridgeHandlers } from '../../electron/contract/bridge'
import { OPERATION_NAMES } from '../../electron/contract/operations'

/**
 * A full set of Bridge handlers for tests of the IPC plumbing: the ones a test gives run, every
 * other one fails loudly if it is ever called.
 */
export function fakeHandlers(given: Partial<BridgeHandlers>): BridgeHandlers {
  const all = Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      given[name] ??
        (async () => {
          throw new Error(`the test did not expect ${name} to be called`)
        }),
    ]),
  )
  return all as BridgeHandlers
}
