import { isRetired } from '../../../contract/batch-state'
import { macForPeople, type Batch } from '../../../contract/dect'
import { isHandsetOnPbx, type HandsetRow } from '../../../contract/dect-handsets'
import type { RetireMember, RetireStep } from '../../../contract/dect-retire'
import type { DectMember, DectPhone } from '../../../contract/pbx'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createDectPhonesClient, findDectPhoneByMac } from '../../pbx-client/dect-phones'
import type { BatchStore } from '../batch-store'
import { baseNamed, handsetNamed, handsetText, memberOf, missingMember, sameIpui, type BaseRow } from './handset-find'

/**
 * What a retire would take off the PBX (issue 43), read from the batch and the PBX, nothing
 * written: the bases and handsets asked for, checked (on the PBX, not retired yet, a base no other
 * batch holds), as steps a base each: a base deleted with every member first, then the bases
 * handsets are taken off. handset-retire.ts does the steps.
 */

const FIELD = 'items'
const refused = (message: string): ServiceError => new ServiceError('INVALID_INPUT', `${FIELD}: ${message}`, { field: FIELD })

/** What was asked for: the bases to delete, the handsets to take off, and their keys (`base:<MAC>`, `handset:<id>`), sorted. */
export interface RetireTargets {
  bases: BaseRow[]
  handsets: HandsetRow[]
  keys: string[]
}

/** Each item, a handset (IPUI, IPEI, extension) or a base (MAC, name), once. */
export function retireTargets(batch: Batch, items: readonly string[]): RetireTargets {
  const bases = new Map<string, BaseRow>()
  const handsets = new Map<string, HandsetRow>()
  for (const item of items) {
    const handset = handsetNamed(batch, item)
    const base = handset ? undefined : baseNamed(batch, item, FIELD)
    if (handset) handsets.set(handset.id, handset)
    else if (base) bases.set(base.values.mac, base)
    else throw refused(`the batch "${batch.name}" has no handset or base ${item.trim()}: scan the handset's label or type its extension; a base by its MAC or its name.`)
  }
  const keys = [...[...bases.keys()].map((mac) => `base:${mac}`), ...[...handsets.keys()].map((id) => `handset:${id}`)].sort()
  return { bases: [...bases.values()], handsets: [...handsets.values()], keys }
}

const baseText = (base: BaseRow): string => `base '${base.values.name ?? ''}' (${macForPeople(base.values.mac)})`

/** Refused, naming it: what is retired already or not on the PBX. */
export function checkTargets({ bases, handsets }: RetireTargets): void {
  for (const base of bases) {
    if (isRetired(base)) throw refused(`${baseText(base)} was retired already${base.outcome.at ? ` (${base.outcome.at})` : ''}.`)
    if (base.outcome.state !== 'created' && base.outcome.state !== 'matched') throw refused(`${baseText(base)} is not on the PBX: nothing to delete; remove it from the batch instead.`)
  }
  for (const handset of handsets) {
    if (isRetired(handset)) throw refused(`${handsetText(handset)} was retired already${handset.outcome.at ? ` (${handset.outcome.at})` : ''}.`)
    if (!isHandsetOnPbx(handset) || handset.outcome.baseMac === undefined || handset.values.extension === undefined) {
      throw refused(`${handsetText(handset)} is not on the PBX: nothing to take off; remove it from the batch instead.`)
    }
  }
}

/** Refused, naming the batch: a base another batch still holds (a row of it not retired, or handsets it has on the base). */
export async function checkHolders(store: BatchStore, batchId: string, bases: readonly BaseRow[]): Promise<void> {
  if (bases.length === 0) return
  for (const summary of await store.list()) {
    if (summary.id === batchId) continue
    const other = await store.get(summary.id)
    for (const base of bases) {
      const mac = base.values.mac
      const row = other.rows.find((r) => r.values.mac === mac && !isRetired(r))
      const onIt = other.handsets.filter((h) => isHandsetOnPbx(h) && h.outcome.baseMac === mac)
      if (!row && onIt.length === 0) continue
      const what = row ? `its row ${row.row}` : `its handsets ${onIt.map((h) => `row ${h.row}`).join(', ')} on it`
      throw refused(`${baseText(base)} is held by the batch "${other.name}" too (${what}): retire it there, or take it out of that batch, first.`)
    }
  }
}

/** A member as the plan names it, with the batch's handset for it among `ours`. */
function planMember(m: DectMember, ours: readonly HandsetRow[]): RetireMember {
  const h = ours.find((x) => sameIpui(x.values.ipui, m.ipui))
  const name = h?.values.name ?? m.display_name
  return { extension: m.extension_number, ipui: m.ipui.toUpperCase(), handsetIndex: m.handset_index, ...(h ? { handsetId: h.id, row: h.row } : {}), ...(name ? { name } : {}) }
}

/** A base's members; none where the PBX offers no members (it then has no handsets on bases). */
async function membersOf(caller: PbxCaller, phoneId: string): Promise<DectMember[]> {
  return createDectMembersClient(caller)
    .list(phoneId)
    .catch((error: unknown) => {
      if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') return []
      throw error
    })
}

/** A base deleted: every member of it on the PBX, and the batch's handsets for it that are none. */
async function deleteStep(caller: PbxCaller, batch: Batch, base: BaseRow, phone: DectPhone | undefined): Promise<RetireStep> {
  const mac = base.values.mac
  const ours = batch.handsets.filter((h) => !isRetired(h) && (isHandsetOnPbx(h) ? h.outcome.baseMac : h.values.base_mac) === mac)
  const members = phone ? (await membersOf(caller, phone.id)).map((m) => planMember(m, ours)) : []
  const unsent = ours
    .filter((h) => !members.some((m) => m.handsetId === h.id))
    .map((h) => ({ handsetId: h.id, row: h.row, ...pick(h.values, ['extension', 'ipui', 'name']) }))
  return { mac, name: base.values.name ?? phone?.name ?? macForPeople(mac), deleted: true, ...(phone ? { phoneId: phone.id } : {}), rowId: base.id, members, unsent }
}

const pick = <T extends object, K extends keyof T>(values: T, keys: readonly K[]): Partial<Pick<T, K>> =>
  Object.fromEntries(keys.flatMap((key) => (values[key] === undefined ? [] : [[key, values[key]]]))) as Partial<Pick<T, K>>

/** Handsets taken off one base: each must be its member there, with its IPUI and extension. */
async function takeOffStep(caller: PbxCaller, batch: Batch, mac: string, handsets: readonly HandsetRow[], phone: DectPhone | undefined): Promise<RetireStep> {
  const name = batch.rows.find((row) => row.values.mac === mac)?.values.name ?? phone?.name ?? macForPeople(mac)
  if (!phone) throw new ServiceError('NOT_FOUND', `The base '${name}' of ${handsets.map(handsetText).join(', ')} is not on the PBX any more: retire the base itself.`, { field: FIELD })
  const list = await createDectMembersClient(caller).list(phone.id)
  const members = handsets.map((h) => {
    const member = memberOf(list, h.values.ipui ?? '', h.values.extension ?? '')
    if (!member) throw missingMember(name, h.values.ipui ?? '', h.values.extension ?? '', list, FIELD)
    return planMember(member, handsets)
  })
  return { mac, name, deleted: false, phoneId: phone.id, members, unsent: [] }
}

/** The steps: the bases deleted (in the batch's order), then the handsets taken off, one step a base (a handset on a base deleted goes with it). */
export async function planSteps(caller: PbxCaller, batch: Batch, { bases, handsets }: RetireTargets): Promise<RetireStep[]> {
  const phones = (await createDectPhonesClient(caller).list()).items
  const deleted = new Set(bases.map((b) => b.values.mac))
  const order = new Map(batch.rows.map((row, i) => [row.id, i]))
  const steps: RetireStep[] = []
  for (const base of [...bases].sort((a, b) => order.get(a.id)! - order.get(b.id)!)) steps.push(await deleteStep(caller, batch, base, findDectPhoneByMac(phones, base.values.mac)))
  const byBase = new Map<string, HandsetRow[]>()
  for (const h of handsets) {
    const mac = h.outcome.baseMac!
    if (!deleted.has(mac)) byBase.set(mac, [...(byBase.get(mac) ?? []), h])
  }
  for (const [mac, list] of byBase) steps.push(await takeOffStep(caller, batch, mac, list, findDectPhoneByMac(phones, mac)))
  return steps
}

/** "1183 Clara (00AE200003)" */
const memberWords = (m: { extension?: string | undefined; name?: string | undefined; ipui?: string | undefined }): string => {
  const head = [m.extension, m.name].filter(Boolean).join(' ')
  return m.ipui ? `${head} (${m.ipui})`.trim() : head
}
const list = (words: readonly string[]): string => words.join(', ')

/** One step in a sentence: what it does (`done` false) or did. */
function stepText(step: RetireStep, done: boolean): string {
  const base = `'${step.name}' (${macForPeople(step.mac)})`
  const handsets = list(step.members.map(memberWords))
  if (!step.deleted) return `${done ? 'Took' : 'Take'} ${step.members.length === 1 ? 'handset' : 'handsets'} ${handsets} off ${base}.`
  const unsent = step.unsent.length === 0 ? '' : ` The batch's handsets for it that are not on the PBX are retired too: ${list(step.unsent.map(memberWords))}.`
  if (step.phoneId === undefined) return `Base ${base} is not on the PBX any more: ${done ? 'it was' : 'it is'} retired in the batch alone.${unsent}`
  const members = step.members.length === 0 ? 'with no handsets on it' : `with its ${step.members.length === 1 ? 'handset' : 'handsets'} ${handsets}`
  return `${done ? 'Deleted' : 'Delete'} base ${base} on the PBX ${members}.${unsent}`
}

/** The plan in sentences, a step each. */
export const planText = (steps: readonly RetireStep[], done: boolean): string => steps.map((step) => stepText(step, done)).join(' ')

/** What the confirmation names, in one text: the same for the same steps, whatever their order of reading. */
export const planKey = (steps: readonly RetireStep[]): string =>
  steps.map((s) => [s.deleted ? 'delete' : 'off', s.mac, ...s.members.map((m) => `${m.extension}=${m.ipui}`).sort(), ...s.unsent.map((u) => u.handsetId).sort()].join(' ')).join('\n')
