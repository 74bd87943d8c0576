import { normalizeMac, type DectPhone } from '../../../contract/pbx'
import { mapLimited } from '../../concurrency/map-limited'
import { ServiceError } from '../../errors'
import type { PbxCaller } from '../../pbx-client/caller'
import { createDectMembersClient } from '../../pbx-client/dect-members'
import type { PbxMember } from './handset-check'

/** How many bases' member lists are read at once when the whole PBX is read. */
const READ_CONCURRENCY = 4

/**
 * Every base on the PBX with its members, each with its base's name and MAC; none, and
 * `supported: false`, for a PBX without members. A base removed between the two reads has none.
 */
export async function membersOnPbx(caller: PbxCaller, phones: readonly DectPhone[]): Promise<{ supported: boolean; members: PbxMember[] }> {
  const client = createDectMembersClient(caller)
  let supported = true
  const lists = await mapLimited(phones, READ_CONCURRENCY, async (phone) => {
    try {
      return (await client.list(phone.id)).map((member) => ({ baseName: phone.name ?? phone.id, baseMac: phone.mac && normalizeMac(phone.mac), member }))
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') supported = false
      else if (!(error instanceof ServiceError && error.code === 'NOT_FOUND')) throw error
      return []
    }
  }, () => !supported)
  return { supported, members: lists.flatMap((list) => list ?? []) }
}
