import { expect } from 'vitest'
import type { Batch } from '../../../electron/contract/dect'
import type { PbxCaller } from '../../../electron/services/pbx-client/caller'
import { createDectMembersClient } from '../../../electron/services/pbx-client/dect-members'
import type { NewBatchRow, NewHandsetRow } from '../../../electron/services/dect/batch-store'
import { createPushRunner } from '../../../electron/services/dect/push'
import { phonesOn, PROFILE_ID, type Site } from './push-support'

/**
 * What the tests of a handset changed on site (issue 43: swap, move, renumber) share: a batch's
 * bases and handsets written briefly and pushed, and the PBX's members read back to compare.
 */

/** a base row of the batch, a Yealink W70B */
export const baseRow = (row: number, name: string, mac: string): NewBatchRow => ({ row, values: { name, mac, vendor: 'Yealink', model: 'W70B' }, problems: [] })

export const handsetRow = (row: number, base_mac: string, ipui: string, extension: string, name: string): NewHandsetRow => ({ row, values: { base_mac, ipui, extension, name }, problems: [] })

/** A batch of these bases and handsets, pushed to the site's PBX: every handset enrolled. */
export async function pushSite({ store, caller }: Pick<Site, 'store' | 'caller'>, name: string, rows: NewBatchRow[], handsets: NewHandsetRow[]): Promise<Batch> {
  const batch = await store.create({ name, source: 'site.csv', rows, handsets })
  const end = await createPushRunner({ store, callerFor: () => caller, retryDelaysMs: [10] }).start(batch.id, PROFILE_ID)
  expect(end.handsets).toMatchObject({ enrolled: handsets.length, failed: 0 })
  return store.get(batch.id)
}

/** each member as [extension, IPUI, index] */
export type MemberLine = [string, string, number]

/** the members on the PBX of these bases (all of them when none are named), by MAC */
export async function readMembers(caller: PbxCaller, macs?: readonly string[]): Promise<Record<string, MemberLine[]>> {
  const client = createDectMembersClient(caller)
  const out: Record<string, MemberLine[]> = {}
  for (const phone of await phonesOn(caller)) {
    const mac = phone.mac ?? phone.id
    if (macs && !macs.includes(mac)) continue
    out[mac] = (await client.list(phone.id)).map((m): MemberLine => [m.extension_number, m.ipui, m.handset_index])
  }
  return out
}

/** on no two bases at once: every extension of these bases once */
export function extensionsOnce(members: Record<string, MemberLine[]>): void {
  const all = Object.values(members).flat().map((m) => m[0])
  expect(new Set(all).size).toBe(all.length)
}
