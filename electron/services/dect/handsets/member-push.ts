import { rowHasErrors, type Batch } from '../../../contract/dect'
import type { HandsetOutcome, HandsetRow } from '../../../contract/dect-handsets'
import type { DectMember, DectPhone } from '../../../contract/pbx'
import { joinSentences } from '../../../contract/sentences'
import { messageOf, ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { mapLimited } from '../../concurrency/map-limited'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createUsersClient } from '../../pbx-client/users'
import { placeHandsets, type BaseSlot } from './handset-placement'
import { mergeMembers, sameMembers, type PlannedHandset } from './member-merge'

/**
 * The second phase of a push: the batch's handsets enrolled as members of its bases, after the
 * bases are on the PBX. Per base: read its member list, merge the batch's handsets for it, write the
 * whole list once (the API replaces it), read it back.
 *
 * - Resumable and never twice: a handset already a member (same IPUI and extension), on any base,
 *   is `matched` there; a kill between a write and its saved outcome is found again this way.
 * - Extensions the PBX has no user for (`GET /api/users`, where offered) fail before any write.
 * - Handsets without a base go on the batch's bases in order, each up to its model's lines (read
 *   from the PBX's phone record) less the members it has already.
 * - Someone else changing a base's list meanwhile: the list is read again just before the write, and
 *   the write happens only when it is unchanged (else it is merged again, up to five times). The API
 *   has no conditional write, so one round trip between that read and the write remains open.
 *   A write the PBX took (200) enrols each handset at the index it was given: three requests a base.
 * - A refusal of the write naming an item (`items.3.…`) fails that handset and the rest are written
 *   again; a refusal naming none fails the handsets of that write.
 * - A PBX without members (404/405) fails every handset with that reason; the bases stay pushed.
 */

export interface HandsetPhase {
  signal: AbortSignal
  concurrency: number
  /** a request retried on a lost network; undefined when the push is stopping */
  retry<T>(what: () => Promise<T>): Promise<T | undefined>
  /** an error that is not the handset's stops the push: true when it did */
  stops(error: unknown): boolean
  stopped(): boolean
  save(outcomes: ReadonlyMap<string, HandsetOutcome>): Promise<void>
  now(): number
}

interface PushedBase extends BaseSlot {
  phoneId: string
}

const MAX_ROUNDS = 5

export async function pushHandsets(batch: Batch, phones: readonly DectPhone[], caller: PbxCaller, phase: HandsetPhase): Promise<void> {
  const pending = batch.handsets.filter((h) => h.outcome.state === 'pending' && !rowHasErrors(h))
  if (pending.length === 0) return
  const at = () => new Date(phase.now()).toISOString()
  const { signal } = phase
  const members = createDectMembersClient(caller)
  const open = new Map(pending.map((h) => [h.id, h]))
  const decide = async (outcomes: Map<string, HandsetOutcome>) => {
    if (outcomes.size === 0) return
    for (const id of outcomes.keys()) open.delete(id)
    await phase.save(outcomes)
  }
  const failAll = (handsets: Iterable<HandsetRow>, error: string, baseMac?: string) =>
    new Map([...handsets].map((h) => [h.id, { state: 'failed' as const, error, at: at(), ...(baseMac ? { baseMac } : {}) }]))

  // 0. extensions no user of the PBX has
  const users = await phase.retry(() => createUsersClient(caller).listAll({}, { signal }))
  if (users === undefined) return
  if (users.supported) {
    const known = new Set(users.items.map((u) => u.extension_number))
    const unknown = pending.filter((h) => !known.has(h.values.extension ?? ''))
    await decide(new Map(unknown.map((h) => [h.id, { state: 'failed', error: `extension ${h.values.extension} is not on this PBX: no user has it`, at: at() }])))
  }

  // 1. the pushed bases and the members each has now
  const linesById = new Map(phones.map((p) => [p.id, p.lines]))
  const bases: PushedBase[] = batch.rows
    .filter((r) => (r.outcome.state === 'created' || r.outcome.state === 'matched') && r.outcome.phoneId && r.values.mac)
    .map((r) => ({ mac: r.values.mac as string, name: r.values.name ?? (r.values.mac as string), lines: linesById.get(r.outcome.phoneId as string), phoneId: r.outcome.phoneId as string }))
  const lists = new Map<string, DectMember[]>()
  try {
    await mapLimited(bases, phase.concurrency, async (base) => {
      if (phase.stopped()) return
      const list = await phase.retry(() => members.list(base.phoneId, { signal }))
      if (list !== undefined) lists.set(base.mac, list)
    })
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') return decide(failAll(open.values(), joinSentences(error.message, 'The bases are pushed; enrol the handsets on the PBX.')))
    if (!phase.stops(error)) await decide(failAll(open.values(), messageOf(error)))
    return
  }
  if (phase.stopped() || lists.size < bases.length) return

  // 2. handsets that are members already, wherever they are
  const found = new Map<string, HandsetOutcome>()
  for (const h of open.values()) {
    for (const base of bases) {
      const m = lists.get(base.mac)?.find((x) => x.ipui.toUpperCase() === h.values.ipui && x.extension_number === h.values.extension)
      if (m) found.set(h.id, { state: 'matched', baseMac: base.mac, handsetIndex: m.handset_index, at: at() })
    }
  }
  await decide(found)

  // 3. a base for each of the rest: its own, else the next with room
  const failedBases = new Map(batch.rows.filter((r) => r.outcome.state === 'failed' && r.values.mac).map((r) => [r.values.mac as string, r]))
  const notPlaced = new Map<string, HandsetOutcome>()
  for (const h of open.values()) {
    const failed = h.values.base_mac === undefined ? undefined : failedBases.get(h.values.base_mac)
    if (failed) notPlaced.set(h.id, { state: 'failed', baseMac: h.values.base_mac, error: `its base ${failed.values.name ?? ''} is not on the PBX (${failed.outcome.error ?? 'it failed'})`, at: at() })
  }
  await decide(notPlaced)
  const room = bases.map((b) => ({ ...b, lines: b.lines === undefined ? undefined : Math.max(0, b.lines - (lists.get(b.mac)?.length ?? 0)) }))
  const places = placeHandsets([...open.values()], room)
  const perBase = new Map<string, PlannedHandset[]>()
  const unplaced = new Map<string, HandsetOutcome>()
  for (const h of open.values()) {
    const place = places.get(h.id)
    if (!place?.ok) {
      unplaced.set(h.id, { state: 'failed', error: place?.message ?? 'no base', at: at() })
      continue
    }
    perBase.set(place.baseMac, [...(perBase.get(place.baseMac) ?? []), { id: h.id, ipui: h.values.ipui as string, extension: h.values.extension as string, handsetIndex: place.handsetIndex }])
  }
  await decide(unplaced)

  // 4. one merge and write per base
  await mapLimited(bases.filter((b) => perBase.has(b.mac)), phase.concurrency, async (base) => {
    if (phase.stopped()) return
    try {
      await enrolOnBase(base, perBase.get(base.mac) ?? [], lists.get(base.mac) ?? [])
    } catch (error) {
      if (!phase.stops(error)) await decide(failAll((perBase.get(base.mac) ?? []).map((p) => open.get(p.id)).filter((h): h is HandsetRow => h !== undefined), messageOf(error), base.mac))
    }
  })

  async function enrolOnBase(base: PushedBase, planned: PlannedHandset[], first: DectMember[]): Promise<void> {
    let todo = planned
    let list: DectMember[] | undefined = first
    for (let round = 0; round < MAX_ROUNDS && todo.length > 0; round++) {
      list ??= await phase.retry(() => members.list(base.phoneId, { signal }))
      if (list === undefined) return
      const merged = mergeMembers(list, todo, base, at())
      await decide(merged.decided)
      todo = todo.filter((p) => merged.added.has(p.id))
      if (!merged.items) return
      const again = await phase.retry(() => members.list(base.phoneId, { signal }))
      if (again === undefined) return
      if (!sameMembers(list, again)) {
        list = again // changed meanwhile: merge with what is there now
        continue
      }
      const refused = await write(base, merged.items, [...merged.added.keys()], list.length)
      if (refused === undefined) return
      if (refused.size === 0) {
        // the PBX took the whole list: each handset added is a member at the index it was given
        await decide(new Map([...merged.added].map(([id, index]) => [id, { state: 'enrolled' as const, baseMac: base.mac, handsetIndex: index, at: at() }])))
        return
      }
      // refused, nothing written: the others are merged again with the list as it is then
      todo = todo.filter((p) => !refused.has(p.id))
      list = undefined
    }
    if (todo.length > 0) {
      await decide(failAll(todo.map((p) => open.get(p.id)).filter((h): h is HandsetRow => h !== undefined), `base ${base.name}'s member list kept changing on the PBX while this push wrote it; retry the failed handsets`, base.mac))
    }
  }

  /** Writes the list: answers the handsets the PBX refused (none: all written), undefined when stopping. */
  async function write(base: PushedBase, items: NonNullable<ReturnType<typeof mergeMembers>['items']>, addedOrder: string[], kept: number): Promise<Set<string> | undefined> {
    try {
      // `true` once written: `retry` answers undefined only when the push is stopping
      const done = await phase.retry(async () => {
        await members.replace(base.phoneId, items, { signal })
        return true
      })
      return done === undefined ? undefined : new Set()
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'PBX_ERROR' || (error.status !== 400 && error.status !== 409)) throw error
      const named = new Set<string>()
      for (const match of error.message.matchAll(/items\.(\d+)\./g)) {
        const id = addedOrder[Number(match[1]) - kept]
        if (id !== undefined) named.add(id)
      }
      const refused = named.size > 0 ? named : new Set(addedOrder)
      await decide(failAll([...refused].map((id) => open.get(id)).filter((h): h is HandsetRow => h !== undefined), `the PBX refused it: ${error.message}`, base.mac))
      return refused
    }
  }
}
