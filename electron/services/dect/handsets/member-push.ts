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
import { clashesOf, createHolderFinder } from './member-holders'
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
 * - One clash never blocks a base. A refusal of the write naming an item (`items.3.…`) fails that
 *   handset and the rest are written again; a refusal naming none is searched for by halving the
 *   handsets written until each refused one stands alone, the others written in their halves.
 *   A handset refused for a clash (409) says where its IPUI or extension is (`member-holders`).
 *   Without a refusal this costs nothing: one write a base, as before.
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

  // 0. the pushed bases and the members each has now, read beside the PBX's users (one stream of
  // pages, one request more in flight): the two answers are waited for, then decided on in order
  const linesById = new Map(phones.map((p) => [p.id, p.lines]))
  const bases: PushedBase[] = batch.rows
    .filter((r) => (r.outcome.state === 'created' || r.outcome.state === 'matched') && r.outcome.phoneId && r.values.mac)
    .map((r) => ({ mac: r.values.mac as string, name: r.values.name ?? (r.values.mac as string), lines: linesById.get(r.outcome.phoneId as string), phoneId: r.outcome.phoneId as string }))
  const lists = new Map<string, DectMember[]>()
  const [users, read] = await Promise.allSettled([
    phase.retry(() => createUsersClient(caller).listAll({}, { signal })),
    mapLimited(bases, phase.concurrency, async (base) => {
      if (phase.stopped()) return
      const list = await phase.retry(() => members.list(base.phoneId, { signal }))
      if (list !== undefined) lists.set(base.mac, list)
    }),
  ])

  // 1. extensions no user of the PBX has
  if (users.status === 'rejected') throw users.reason
  if (users.value === undefined) return
  if (users.value.supported) {
    const known = new Set(users.value.items.map((u) => u.extension_number))
    const unknown = pending.filter((h) => !known.has(h.values.extension ?? ''))
    await decide(new Map(unknown.map((h) => [h.id, { state: 'failed', error: `extension ${h.values.extension} is not on this PBX: no user has it`, at: at() }])))
  }
  if (read.status === 'rejected') {
    const error: unknown = read.reason
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
  // an IPUI or extension that a base of the batch has for another handset: the PBX would refuse it
  // (read again when a refusal asks: the lists change as bases are written)
  const batchBases = () => bases.map((b) => ({ mac: b.mac, name: b.name, members: lists.get(b.mac) ?? [] }))
  const before = batchBases()
  const blocked = new Map<string, HandsetOutcome>()
  for (const h of open.values()) {
    const seen = clashesOf({ ipui: h.values.ipui ?? '', extension: h.values.extension ?? '' }, before)
    if (seen.length > 0) blocked.set(h.id, { state: 'failed', error: seen.join('; '), at: at() })
  }
  await decide(blocked)
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

  // 4. one merge and write per base; what the PBX refuses is found and left out
  const holders = createHolderFinder(
    batchBases,
    phones.filter((p) => !bases.some((b) => b.phoneId === p.id)),
    (phoneId) => phase.retry(() => members.list(phoneId, { signal })),
  )
  await mapLimited(bases.filter((b) => perBase.has(b.mac)), phase.concurrency, async (base) => {
    if (phase.stopped()) return
    try {
      await enrolOnBase(base, perBase.get(base.mac) ?? [], lists.get(base.mac) ?? [])
    } catch (error) {
      if (!phase.stops(error)) await decide(failAll((perBase.get(base.mac) ?? []).map((p) => open.get(p.id)).filter((h): h is HandsetRow => h !== undefined), messageOf(error), base.mac))
    }
  })

  /**
   * Writes the base's list with its handsets, a group at a time (at first one group: all). A
   * refusal that names handsets fails those and writes the rest again; one that names none is
   * halved until each refused handset stands alone. Every write is the list as read just before
   * plus the group, so nothing is lost or written twice, whatever stops it.
   */
  async function enrolOnBase(base: PushedBase, planned: PlannedHandset[], first: DectMember[]): Promise<void> {
    const groups: PlannedHandset[][] = [planned]
    let list: DectMember[] | undefined = first
    let changes = 0
    for (let group = groups.shift(); group !== undefined; group = groups.shift()) {
      list ??= await phase.retry(() => members.list(base.phoneId, { signal }))
      if (list === undefined) return
      lists.set(base.mac, list)
      const merged = mergeMembers(list, group, base, at())
      await decide(merged.decided)
      const todo = group.filter((p) => merged.added.has(p.id))
      if (!merged.items) continue
      const again = await phase.retry(() => members.list(base.phoneId, { signal }))
      if (again === undefined) return
      if (!sameMembers(list, again)) {
        // changed meanwhile: merge with what is there now
        if (++changes < MAX_ROUNDS) {
          list = again
          groups.unshift(todo)
          continue
        }
        const left = [todo, ...groups].flat().map((p) => open.get(p.id)).filter((h): h is HandsetRow => h !== undefined)
        await decide(failAll(left, `base ${base.name}'s member list kept changing on the PBX while this push wrote it; retry the failed handsets`, base.mac))
        return
      }
      const answer = await write(base, merged.items)
      if (answer === undefined) return
      if (answer === 'written') {
        // the PBX took the whole list: each handset added is a member at the index it was given
        await decide(new Map([...merged.added].map(([id, index]) => [id, { state: 'enrolled' as const, baseMac: base.mac, handsetIndex: index, at: at() }])))
        list = undefined
        continue
      }
      // refused, nothing written: the list is as read
      list = again
      const named = namedHandsets(answer, todo, again.length)
      const refused = named ?? (todo.length === 1 ? todo : [])
      if (refused.length > 0) await failRefused(base, refused, answer)
      const rest = todo.filter((p) => !refused.includes(p))
      if (named !== undefined || rest.length <= 1) groups.unshift(rest)
      else groups.unshift(rest.slice(0, Math.ceil(rest.length / 2)), rest.slice(Math.ceil(rest.length / 2)))
    }
  }

  /** Writes the list: 'written', the PBX's refusal (400, 409), or undefined when stopping. */
  async function write(base: PushedBase, items: NonNullable<ReturnType<typeof mergeMembers>['items']>): Promise<'written' | ServiceError | undefined> {
    try {
      // `true` once written: `retry` answers undefined only when the push is stopping
      const done = await phase.retry(async () => {
        await members.replace(base.phoneId, items, { signal })
        return true
      })
      return done === undefined ? undefined : 'written'
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'PBX_ERROR' && (error.status === 400 || error.status === 409)) return error
      throw error
    }
  }

  /**
   * The group's handsets a refusal names (`items.<i>.…`, where the group's start at `kept`); all of
   * them when it names only members already on the base (the base's own list is refused); undefined
   * when it names no item at all (the group is halved to find them).
   */
  function namedHandsets(refusal: ServiceError, todo: PlannedHandset[], kept: number): PlannedHandset[] | undefined {
    const indexes = [...refusal.message.matchAll(/items\.(\d+)\./g)].map((match) => Number(match[1]))
    if (indexes.length === 0) return undefined
    const ours = indexes.map((i) => todo[i - kept]).filter((p): p is PlannedHandset => p !== undefined)
    return ours.length > 0 ? [...new Set(ours)] : todo
  }

  /** Fails the refused handsets, each saying where its IPUI or extension is when the PBX has it elsewhere. */
  async function failRefused(base: PushedBase, refused: PlannedHandset[], refusal: ServiceError): Promise<void> {
    const where = refusal.status === 409 ? await holders.find(new Map(refused.map((p) => [p.id, p]))) : new Map<string, string | undefined>()
    const outcomes = new Map<string, HandsetOutcome>()
    for (const p of refused) outcomes.set(p.id, { state: 'failed', baseMac: base.mac, error: where.get(p.id) ?? `the PBX refused it: ${refusal.message}`, at: at() })
    await decide(outcomes)
  }
}
