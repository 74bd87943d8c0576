import { asClause } from '../../contract/sentences'
import { messageOf } from '../errors'
import { isTransient } from './push-errors'
import { stopRun, type Run } from './push-run'

/** A push's requests tried again after a lost network, with waits between; the push pauses after the last. */

export const DEFAULT_RETRY_DELAYS_MS = [250, 1000, 3000] as const

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

/** Runs a request again after a lost network while the push goes on; answers undefined when it should stop. */
export async function withRetries<T>(run: Run, delays: readonly number[], what: () => Promise<T>): Promise<T | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await what()
    } catch (error) {
      if (run.cancel.signal.aborted) return undefined
      if (!isTransient(error)) throw error
      if (attempt >= delays.length || run.halt.signal.aborted) {
        stopRun(run, 'halt', `The PBX could not be reached (${asClause(messageOf(error))}). The push paused; resume it when the PBX answers again.`)
        return undefined
      }
      await sleep(delays[attempt]!, run.halt.signal)
      if (run.halt.signal.aborted) return undefined
    }
  }
}
