import type { BridgeError, BridgeResult } from '@contract/result'

/** Where an area's request stands; `error` goes with the store's `error` holding the reason. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

type FailureListener = (error: BridgeError) => void
const failureListeners = new Set<FailureListener>()

/**
 * Hears the error of every call that fails, whichever store made it: what one call answers may
 * change state another store shows (a changed certificate ends the PBX's session in main, and the
 * sessions store reads the sessions again). Answers the function that stops listening.
 */
export function onBridgeFailure(listener: FailureListener): () => void {
  failureListeners.add(listener)
  return () => failureListeners.delete(listener)
}

/**
 * Calls one operation of `window.pbx`. Expected failures already arrive as `{ ok: false }`; this
 * also turns a rejected call (a bug in main, or the bridge missing when the renderer is opened
 * outside the app) into an `INTERNAL` error, so no store is ever left loading forever. Every
 * failure is told to the `onBridgeFailure` listeners. Only stores call this.
 */
export async function callBridge<T>(call: () => Promise<BridgeResult<T>>): Promise<BridgeResult<T>> {
  const result = await settled(call)
  if (!result.ok) for (const listener of failureListeners) listener(result.error)
  return result
}

async function settled<T>(call: () => Promise<BridgeResult<T>>): Promise<BridgeResult<T>> {
  try {
    return await call()
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause)
    return {
      ok: false,
      error: {
        code: 'INTERNAL',
        message: `The app could not complete the request (${detail}). Restart the app; if it happens again, report it.`,
      },
    }
  }
}

/**
 * A plain copy of what a form holds (Vue's reactive proxies cannot cross the bridge: it copies
 * with the structured clone algorithm). Bridge inputs are JSON data, so JSON makes the copy.
 */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T
