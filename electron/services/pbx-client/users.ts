import { PbxUserSchema, type ListOf, type PbxUser } from '../../contract/pbx'
import type { PbxCaller } from './caller'
import { walkList, type WalkQuery } from './list'
import { orNotSupported, whenSupported, type CallOptions, type Supported } from './resource'

/**
 * The tenant's users (not in the seed; the PBX family's full API): `GET /api/users`, a paged list
 * with the seed's list query. The app reads every page to check a batch's extensions before a
 * push; a PBX without it (404/405) answers `{supported: false}` and the extensions are left to
 * the PBX to refuse.
 */

export interface UsersClient {
  listAll(query?: WalkQuery, options?: CallOptions): Promise<Supported<ListOf<PbxUser>>>
}

export function createUsersClient(caller: PbxCaller): UsersClient {
  return {
    listAll: (query = {}, options = {}) => whenSupported(() => orNotSupported('a list of users', () => walkList(caller, 'api/users', PbxUserSchema, query, options))),
  }
}
