import { macForPeople } from '../../../contract/dect'
import type { HandsetRow } from '../../../contract/dect-handsets'
import { normalizeMac, type DectMember, type DectMemberWrite, type DectPhone } from '../../../contract/pbx'
import { mapLimited } from '../../concurrency/map-limited'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import { createDectPhonesClient, findDectPhoneByMac } from '../../pbx-client/dect-phones'
import { handsetText } from './handset-find'
import type { PbxMember } from './handset-check'
import type { BaseMembers } from './member-holders'

/** How many bases' member lists are read at once when the whole PBX is read. */
const READ_CONCURRENCY = 4

/**
 * Every base on the PBX with its members (as `clashesOf` reads them); none, and `supported:
 * false`, for a PBX without members. A base removed between the two reads has none.
 */
export async function membersOnPbx(caller: PbxCaller, phones: readonly DectPhone[]): Promise<{ supported: boolean; bases: BaseMembers[] }> {
  const client = createDectMembersClient(caller)
  let supported = true
  const bases = await mapLimited(phones, READ_CONCURRENCY, async (phone): Promise<BaseMembers> => {
    const base = { name: phone.name ?? phone.id, mac: phone.mac && normalizeMac(phone.mac) }
    try {
      return { ...base, members: await client.list(phone.id) }
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') supported = false
      else if (!(error instanceof ServiceError && error.code === 'NOT_FOUND')) throw error
      return { ...base, members: [] }
    }
  }, () => !supported)
  return { supported, bases: bases.flatMap((base) => (base ? [base] : [])) }
}

/** Each member of these bases with its base's name and MAC. */
export function eachMember(bases: readonly BaseMembers[]): PbxMember[] {
  return bases.flatMap((base) => base.members.map((member) => ({ baseName: base.name, baseMac: base.mac, member })))
}

/** A base's members as they are written back (its whole list is replaced by each write). */
export const writesOf = (members: readonly DectMember[]): DectMemberWrite[] =>
  members.map((m) => ({ extension_number: m.extension_number, ipui: m.ipui, handset_index: String(m.handset_index) }))

/**
 * The base a handset is on (its MAC, as the push put it there) read from the PBX with its members,
 * and the PBX's other bases; refused NOT_FOUND, naming the handset, when the PBX has it no more.
 */
export async function handsetBaseOnPbx(caller: PbxCaller, h: HandsetRow, baseMac: string) {
  const phones = (await createDectPhonesClient(caller).list()).items
  const base = findDectPhoneByMac(phones, baseMac)
  if (!base) throw new ServiceError('NOT_FOUND', `The base ${macForPeople(baseMac)} of ${handsetText(h)} is not on the PBX any more.`, { field: 'handset' })
  const members = await createDectMembersClient(caller).list(base.id)
  return { base, name: base.name ?? macForPeople(baseMac), members, others: phones.filter((p) => p.id !== base.id) }
}
