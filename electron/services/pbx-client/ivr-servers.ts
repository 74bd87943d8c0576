import {
  IvrServerCreateSchema,
  IvrServerSchema,
  IvrServerUpdateSchema,
  IvrStatusSchema,
  type IvrServer,
  type IvrServerCreate,
  type IvrServerUpdate,
  type IvrStatus,
  type ListOf,
  type ListQueryInput,
} from '../../contract/pbx'
import type { PbxCaller } from './caller'
import { fetchPage, walkList, type WalkQuery } from './list'
import { parseBody } from './request'
import { checked } from '../validation'
import { createdId, destroyItem, ensureExists, isMissingEndpoint, itemPath, notSupported, whenSupported, type CallOptions, type Supported } from './resource'

/**
 * IVR servers (seed 2.5, 4.4; system administrator): `GET/POST /api/ivr_servers`,
 * `GET/POST /api/ivr_servers/{id}`; create answers 200 `{id}` (any 2xx is accepted).
 *
 * Optional endpoints of this PBX family:
 * - `POST /api/ivr_servers/{id}/destroy` (204): 404/405 → NOT_SUPPORTED, a 404 for a server that
 *   is gone → NOT_FOUND.
 * - `GET /api/ivr_servers/{id}/status`: `status(id)` answers `{supported: true, reachable,
 *   checked_at}`, or `{supported: false}` when the PBX does not offer it. A 404 there is told
 *   apart like destroy's: the server is read, and a missing server throws NOT_FOUND.
 *
 * Bodies are checked against the contract before anything is sent, and sent as written. The
 * built-in INTERNAL server refuses changes other than `enabled` and deleting (403, kept as
 * PBX_ERROR with the PBX's message).
 */

const BASE = 'api/ivr_servers'
const NAMES = { what: 'IVR server', plural: 'IVR servers' }

export interface IvrServersClient {
  list(query?: ListQueryInput, options?: CallOptions): Promise<ListOf<IvrServer>>
  listAll(query?: WalkQuery, options?: CallOptions): Promise<ListOf<IvrServer>>
  get(id: string, options?: CallOptions): Promise<IvrServer>
  /** answers the new server's id */
  create(body: IvrServerCreate, options?: CallOptions): Promise<string>
  update(id: string, body: IvrServerUpdate, options?: CallOptions): Promise<void>
  destroy(id: string, options?: CallOptions): Promise<void>
  status(id: string, options?: CallOptions): Promise<Supported<IvrStatus>>
}

export function createIvrServersClient(caller: PbxCaller): IvrServersClient {
  const get = async (id: string, options: CallOptions = {}): Promise<IvrServer> => {
    const response = await caller.call(itemPath(BASE, id), { signal: options.signal })
    return parseBody(IvrServerSchema, response, 'GET /api/ivr_servers/{id}')
  }

  return {
    list: (query = {}, options = {}) => fetchPage(caller, BASE, IvrServerSchema, query, options),
    listAll: (query = {}, options = {}) => walkList(caller, BASE, IvrServerSchema, query, options),
    get,
    async create(body, options = {}) {
      checked(IvrServerCreateSchema, body)
      const response = await caller.call(BASE, { method: 'POST', json: body, signal: options.signal })
      return createdId(response, 'POST /api/ivr_servers')
    },
    async update(id, body, options = {}) {
      const path = itemPath(BASE, id)
      checked(IvrServerUpdateSchema, body)
      await caller.call(path, { method: 'POST', json: body, signal: options.signal })
    },
    destroy: (id, options = {}) => destroyItem(caller, BASE, id, NAMES, options),
    status: (id, options = {}) =>
      whenSupported(async () => {
        const path = `${itemPath(BASE, id)}/status`
        try {
          return parseBody(IvrStatusSchema, await caller.call(path, { signal: options.signal }), 'GET /api/ivr_servers/{id}/status')
        } catch (error) {
          if (!isMissingEndpoint(error)) throw error
          if (error.status === 404) await ensureExists(caller, itemPath(BASE, id), id, NAMES.what, options)
          throw notSupported('the status of IVR servers', error.status)
        }
      }),
  }
}
