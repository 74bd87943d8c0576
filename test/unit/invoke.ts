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

/** The BridgeFailure a call ended with (the test fails when it did not fail). */
export async function failure(promise: Promise<unknown>): Promise<BridgeFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof Error && 'code' in error)) throw new Error(`expected the call to fail with a BridgeError, not ${String(error)}`)
  return error as BridgeFailure
}

/** Waits (bounded) until the push of a batch has ended, and answers its last progress. */
export async function pushEnded(call: ReturnType<typeof invoker>, batchId: string, tries = 400) {
  for (let i = 0; i < tries; i++) {
    const progress = await call('getPushProgress', { batchId })
    if (!progress.running && progress.status !== 'pushing') return progress
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the push did not end')
}
