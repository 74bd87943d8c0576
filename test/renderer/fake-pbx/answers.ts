// How the fake answers: BridgeResult values (`ok`, `fail`), and `deferred` to hold an answer back.
import type { BridgeError, BridgeResult } from '@contract/result'

export const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value })

export const fail = (code: BridgeError['code'], message: string, more: Partial<BridgeError> = {}): BridgeResult<never> => ({
  ok: false,
  error: { code, message, ...more },
})

/** A promise resolved from outside, to hold an operation in flight while a test looks. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
