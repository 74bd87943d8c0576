import type { BridgeError, BridgeResult } from '@contract/result'
import type { Ref } from 'vue'
import { callBridge, type LoadStatus } from './bridge-call'

/**
 * What the stores' requests leave behind them, written once: where a read stands and why it
 * failed (`showAnswer`, `lastLoadWins`), and the flag and error of an action (`busyRequest`). The
 * stores keep their own refs (what components and tests use); these only set them.
 */

type Read<T> = Extract<BridgeResult<T>, { ok: true }>

/** A read a store shows: where it stands, and why it failed. */
export interface ReadState {
  status: Ref<LoadStatus>
  error: Ref<BridgeError | null>
}

/**
 * Shows a read's answer: its value (`show`), then no error and `ready`; or its error and `error`,
 * then `failed` (what the store shows without the value). Answers whether it read.
 */
export function showAnswer<T>(read: ReadState, result: BridgeResult<T>, show: (value: T) => void, failed?: (error: BridgeError) => void): result is Read<T> {
  if (result.ok) {
    show(result.value)
    read.error.value = null
    read.status.value = 'ready'
    return true
  }
  read.error.value = result.error
  read.status.value = 'error'
  failed?.(result.error)
  return false
}

/**
 * A read a store shows when reads overlap (another PBX chosen, a page turned, the screen opened
 * again): the last one asked for wins, and the answer to an older one is dropped, whenever it
 * comes. `status` is `loading` from each request on; the error shown stays until an answer comes
 * (a store that shows none meanwhile clears it before it asks).
 */
export function lastLoadWins(read: ReadState) {
  let latest = 0

  /** Asks; answers the result, or null when a later read was asked meanwhile (or `drop`ped). */
  async function ask<T>(call: () => Promise<BridgeResult<T>>): Promise<BridgeResult<T> | null> {
    const request = ++latest
    read.status.value = 'loading'
    const result = await callBridge(call)
    return request === latest ? result : null
  }

  /** Asks and shows the answer (`showAnswer`); answers the result, or null when it was dropped. */
  async function load<T>(call: () => Promise<BridgeResult<T>>, show: (value: T) => void, failed?: (error: BridgeError) => void): Promise<BridgeResult<T> | null> {
    const result = await ask(call)
    if (result) showAnswer(read, result, show, failed)
    return result
  }

  return {
    ask,
    load,
    /** Shows an answer `ask` gave (`showAnswer`), after the store looked at it. */
    showAnswer: <T>(result: BridgeResult<T>, show: (value: T) => void, failed?: (error: BridgeError) => void): result is Read<T> =>
      showAnswer(read, result, show, failed),
    /** Drops the answer of the read under way (the store starts again, or forgets what it showed). */
    drop(): void {
      latest++
    },
  }
}

/**
 * `run`, one at a time: a call while one is under way joins it (answers the same promise); the
 * next call after it is answered runs again.
 */
export function joined(run: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | null = null
  return () =>
    (pending ??= run().finally(() => {
      pending = null
    }))
}

/**
 * The flag a store raises while an action runs: `true`, or what it works on (`[working, batchId]`:
 * the id of the item, the action asked for), back to false or null once it is answered.
 */
export type BusyFlag<V> = Ref<boolean> | readonly [Ref<V | null>, V]

function raise<V>(busy: BusyFlag<V>, up: boolean): void {
  if (Array.isArray(busy)) {
    const [flag, on] = busy as readonly [Ref<V | null>, V]
    flag.value = up ? on : null
  } else (busy as Ref<boolean>).value = up
}

export interface BusyRequestOptions<T, V> {
  /** up while the request runs and its answer is shown */
  busy: BusyFlag<V>
  /** why the last request failed: cleared as one starts, kept when it fails */
  error: Ref<BridgeError | null>
  /** shows the value, with `busy` still up (so what watches the flag finds the answer shown) */
  done?: (value: T) => unknown
  /** after the error is kept, with `busy` still up (a BUSY answer read again, NOT_SUPPORTED remembered) */
  failed?: (error: BridgeError) => unknown
}

/**
 * One action of a store: `busy` up while its request runs, the error kept, the value shown by
 * `done`. Answers main's result. With `current`, an answer that no longer concerns what the store
 * shows (asked whether when it comes, before anything is kept) is dropped: nothing is kept, and it
 * answers null.
 */
export function busyRequest<T, V>(
  call: () => Promise<BridgeResult<T>>,
  options: BusyRequestOptions<T, V> & { current: () => boolean },
): Promise<BridgeResult<T> | null>
export function busyRequest<T, V>(call: () => Promise<BridgeResult<T>>, options: BusyRequestOptions<T, V>): Promise<BridgeResult<T>>
export function busyRequest<T, V>(
  call: () => Promise<BridgeResult<T>>,
  options: BusyRequestOptions<T, V> & { current?: () => boolean },
): Promise<BridgeResult<T> | null> {
  const { done } = options
  return runBusy(call, { ...options, done: done && ((result) => (result.ok ? done(result.value) : undefined)) })
}

/**
 * A delete, run as `busyRequest` runs an action, where gone already counts as deleted: a
 * NOT_FOUND answer keeps no error. `deleted` runs once the thing is gone either way (`busy` still
 * up). Answers whether it is gone.
 */
export async function busyDelete<T, V>(
  call: () => Promise<BridgeResult<T>>,
  options: Omit<BusyRequestOptions<T, V>, 'done'> & { deleted: () => unknown },
): Promise<boolean> {
  const gone = (error: BridgeError) => error.code === 'NOT_FOUND'
  const result = await runBusy(call, { ...options, gone, done: options.deleted })
  return result !== null && (result.ok || gone(result.error))
}

interface Run<T, V> extends Omit<BusyRequestOptions<T, V>, 'done'> {
  current?: () => boolean
  /** an error that still counts as done (a delete's NOT_FOUND) */
  gone?: (error: BridgeError) => boolean
  done?: (result: BridgeResult<T>) => unknown
}

async function runBusy<T, V>(call: () => Promise<BridgeResult<T>>, how: Run<T, V>): Promise<BridgeResult<T> | null> {
  raise(how.busy, true)
  how.error.value = null
  try {
    const result = await callBridge(call)
    if (how.current && !how.current()) return null
    // a hook's work is waited for only when under way: a hook done at once lowers the flag in the same tick
    if (!result.ok && !how.gone?.(result.error)) {
      how.error.value = result.error
      const after = how.failed?.(result.error)
      if (after instanceof Promise) await after
      return result
    }
    const shown = how.done?.(result)
    if (shown instanceof Promise) await shown
    return result
  } finally {
    raise(how.busy, false)
  }
}
