import { rowHasErrors, type Batch, type BatchRow, type RowOutcome } from '../../contract/dect'
import type { HandsetOutcome } from '../../contract/dect-handsets'
import { normalizeMac, type DectPhone } from '../../contract/pbx'
import { asClause } from '../../contract/sentences'
import { messageOf } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createDectPhonesClient } from '../pbx-client/dect-phones'
import { pushHandsets } from './handsets/member-push'
import type { DectPasswords } from './phone-body'
import { existingPhoneOutcome } from './own-phone'
import { withRetries } from './push-retry'
import { phoneByMac, pushRow, stopOrFail } from './push-row'
import { count, stopRun, type Run, type RunContext } from './push-run'

/**
 * The steps of one push once it has begun (push.ts): what the PBX has already, the rows by a pool
 * of workers, the provisioning urls, then the handsets. Each step returns early when the push stops.
 */
export async function runPushSteps(run: Run, context: RunContext, batch: Batch, concurrency: number, caller: PbxCaller, passwords: DectPasswords): Promise<void> {
  const { store, now, delays, emit } = context
  const client = createDectPhonesClient(caller)
  const signal = run.cancel.signal

  // 1. what the PBX has already: those rows are matched (or reported), never created again
  const before = await withRetries(run, delays, () => client.list({ signal }))
  if (before === undefined) return
  const existing = phoneByMac(before.items)
  const known = new Map<string, RowOutcome>()
  const queue: BatchRow[] = []
  const at = new Date(now()).toISOString()
  for (const row of batch.rows) {
    if (row.outcome.state !== 'pending' || rowHasErrors(row)) continue
    const phone = row.values.mac ? existing.get(normalizeMac(row.values.mac.trim())) : undefined
    if (phone) known.set(row.id, existingPhoneOutcome(phone, row.values, at))
    else queue.push(row)
  }
  if (known.size > 0) {
    await store.saveOutcomes(run.batchId, known)
    for (const outcome of known.values()) count(run, outcome)
    emit(run)
  }

  // 2. the workers. Each outcome goes to the store at once and is on disk with the next write
  // (writes are grouped, one at a time); a worker does not wait for the disk before its next row.
  // A crash before that write loses nothing the resume cannot find again: a created phone is
  // matched by its MAC, a refused row is sent again and refused again.
  let next = 0
  const writes = new Set<Promise<void>>()
  const worker = async () => {
    while (!run.stop && next < queue.length) {
      const row = queue[next++]!
      const outcome = await pushRow(run, context, client, batch, row, passwords)
      if (!outcome) continue
      const write = store.saveOutcomes(run.batchId, { [row.id]: outcome }).catch((error: unknown) => {
        stopRun(run, 'halt', `The batch could not be saved (${asClause(messageOf(error))}). The push paused.`)
      })
      writes.add(write)
      void write.finally(() => writes.delete(write))
      count(run, outcome)
      run.finished++
      emit(run)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, queue.length)) }, worker))
  await Promise.all(writes)
  if (run.stop) return

  // 3. one list call for every provisioning url
  let after: { items: DectPhone[] } | undefined
  try {
    after = await withRetries(run, delays, () => client.list({ signal }))
  } catch (error) {
    run.reason = `The provisioning addresses could not be read (${asClause(messageOf(error))}). Push again to read them.`
    return
  }
  if (after === undefined) {
    // every row is done: the push ends as done or partly failed, only the addresses are missing
    if (run.stop === 'halt') run.reason = 'The provisioning addresses could not be read: the PBX did not answer. Push again to read them.'
    return
  }
  const urls = new Map(after.items.map((p) => [p.id, p.url]))
  const current = await store.get(run.batchId)
  const withUrls = new Map<string, RowOutcome>()
  for (const row of current.rows) {
    const { phoneId } = row.outcome
    if ((row.outcome.state === 'created' || row.outcome.state === 'matched') && phoneId !== undefined) {
      const url = urls.get(phoneId)
      if (url !== undefined && url !== row.outcome.url) withUrls.set(row.id, { ...row.outcome, url })
    }
  }
  if (withUrls.size > 0) await store.saveOutcomes(run.batchId, withUrls)

  // 4. the handsets, on the bases now on the PBX
  const stamp = () => new Date(now()).toISOString()
  await pushHandsets(await store.get(run.batchId), after.items, caller, {
    signal,
    concurrency,
    retry: (what) => withRetries(run, delays, what),
    stops: (error) => stopOrFail(run, error, stamp()) === undefined,
    stopped: () => run.stop !== undefined,
    now,
    save: async (outcomes: ReadonlyMap<string, HandsetOutcome>) => {
      await store.saveHandsetOutcomes(run.batchId, outcomes)
      for (const outcome of outcomes.values()) {
        run.handsets.pending--
        if (outcome.state !== 'pending' && outcome.state !== 'retired') run.handsets[outcome.state]++
      }
      emit(run)
    },
  })
}
