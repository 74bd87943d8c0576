import type { Batch, BatchRow, RowOutcome } from '../../contract/dect'
import { normalizeMac, type DectPhone, type DectPhoneCreate } from '../../contract/pbx'
import { asClause, joinSentences } from '../../contract/sentences'
import { messageOf, ServiceError } from '../errors'
import type { DectPhonesClient } from '../pbx-client/dect-phones'
import { toDectPhoneCreate, type DectPasswords } from './phone-body'
import { isConflict } from './push-errors'
import { existingPhoneOutcome } from './own-phone'
import { withRetries } from './push-retry'
import { stopRun, type Run, type RunContext } from './push-run'

/**
 * One row of a push (push.ts): its base created on the PBX, or, when the PBX has its MAC already
 * (409 CONFLICT), matched or reported (own-phone.ts); and what an error means, for the row or for
 * the whole push.
 */

/** The outcome of one row, or undefined when it stays pending (the push is stopping). */
export async function pushRow(run: Run, context: RunContext, client: DectPhonesClient, batch: Batch, row: BatchRow, passwords: DectPasswords): Promise<RowOutcome | undefined> {
  const { now, delays } = context
  const at = () => new Date(now()).toISOString()
  let body: DectPhoneCreate
  try {
    body = toDectPhoneCreate(row.values, batch.defaults, passwords)
  } catch (error) {
    return { state: 'failed', error: messageOf(error), at: at() }
  }
  const signal = run.cancel.signal
  try {
    const id = await withRetries(run, delays, () => client.create(body, { signal }))
    return id === undefined ? undefined : { state: 'created', phoneId: id, at: at() }
  } catch (error) {
    if (isConflict(error)) {
      // the MAC is in the tenant already: ours (created by a request whose answer was lost), or another's
      try {
        const list = await withRetries(run, delays, () => client.list({ signal }))
        if (list === undefined) return undefined
        const phone = phoneByMac(list.items).get(normalizeMac(body.mac.trim()))
        if (phone) return existingPhoneOutcome(phone, body, at())
        return { state: 'failed', error: messageOf(error), at: at() }
      } catch (again) {
        return stopOrFail(run, again, at())
      }
    }
    return stopOrFail(run, error, at())
  }
}

/** A refusal of this row fails the row; a problem of the whole push (sign-in, permission, a bug) stops it. */
export function stopOrFail(run: Run, error: unknown, at: string): RowOutcome | undefined {
  if (run.cancel.signal.aborted || (error instanceof ServiceError && error.code === 'CANCELLED')) return undefined
  if (error instanceof ServiceError) {
    const rowOnly = error.code === 'INVALID_INPUT' || (error.code === 'PBX_ERROR' && error.status !== 401 && error.status !== 403)
    if (rowOnly) return { state: 'failed', error: error.message, at }
    stopRun(run, 'halt', joinSentences(error.message, 'The push paused; resume it when this is solved.'))
    return undefined
  }
  stopRun(run, 'halt', `The push stopped on an unexpected error (${asClause(messageOf(error))}).`)
  return undefined
}

export function phoneByMac(phones: readonly DectPhone[]): Map<string, DectPhone> {
  const map = new Map<string, DectPhone>()
  for (const phone of phones) if (phone.mac) map.set(normalizeMac(phone.mac.trim()), phone)
  return map
}
