import type { BridgeResult } from '@contract/result'

/** Where an area's request stands; `error` goes with the store's `error` holding the reason. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

/**
 * Calls one operation of `window.pbx`. Expected failures already arrive as `{ ok: false }`; this
 * also turns a rejected call (a bug in main, or the bridge missing when the renderer is opened
 * outside the app) into an `INTERNAL` error, so no store is ever left loading forever.
 * Only stores call this.
 */
export async function callBridge<T>(call: () => Promise<BridgeResult<T>>): Promise<BridgeResult<T>> {
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
