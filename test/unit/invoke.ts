import type { BridgeHandlers, OperationInput, OperationOutput } from '../../electron/contract/bridge'
import type { OperationName } from '../../electron/contract/operations'
import type { BridgeError } from '../../electron/contract/result'
import { dispatch } from '../../electron/services/bridge/dispatch'

/** A failed Bridge call, as a test sees it: an Error carrying the BridgeError's fields. */
export type BridgeFailure = Error & BridgeError

/**
 * Calls an operation the way the renderer does: input as typed in the renderer, checked against
 * the contract by `dispatch`; a `{ ok: false }` answer is thrown as a BridgeFailure.
 */
export function invoker(handlers: BridgeHandlers) {
  return async <N extends OperationName>(
    name: N,
    ...args: undefined extends OperationInput<N> ? [input?: OperationInput<N>] : [input: OperationInput<N>]
  ): Promise<OperationOutput<N>> => {
    const result = await dispatch(handlers, name, args[0], (bug) => {
      throw bug
    })
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error)
    return result.value as OperationOutput<N>
  }
}
