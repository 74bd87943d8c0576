import { bridge, type BridgeHandlers } from '../../contract/bridge'
import { OPERATION_NAMES, type OperationName } from '../../contract/operations'
import type { BridgeResult } from '../../contract/result'
import { ServiceError } from '../errors'
import { checked } from '../validation'

const known = new Set<string>(OPERATION_NAMES)

export const isOperationName = (name: unknown): name is OperationName => typeof name === 'string' && known.has(name)

/**
 * The one way into the services from outside: check the operation name and the input against the
 * contract, run the handler, and answer a BridgeResult. Used by the IPC binding in main and by the
 * test harness that serves the renderer in Chromium, so both run the same checks.
 */
export async function dispatch(
  handlers: BridgeHandlers,
  name: unknown,
  input: unknown,
  onBug: (error: unknown) => void = () => {},
): Promise<BridgeResult<unknown>> {
  if (!isOperationName(name)) {
    return { ok: false, error: { code: 'INVALID_INPUT', message: `Unknown operation ${String(name)}.` } }
  }
  try {
    const valid: unknown = checked(bridge[name].input, input, 'input')
    const handler = handlers[name] as (input: unknown) => Promise<unknown>
    return { ok: true, value: await handler(valid) }
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, error: error.toBridgeError() }
    onBug(error)
    return {
      ok: false,
      error: { code: 'INTERNAL', message: 'Something went wrong inside the app. Details are in the log.' },
    }
  }
}
