import {
  DectPhoneCreateSchema,
  DectPhoneListSchema,
  DectPhoneSchema,
  DectPhoneUpdateSchema,
  normalizeMac,
  type DectPhone,
  type DectPhoneCreate,
  type DectPhoneUpdate,
  type ItemsOf,
} from '../../contract/pbx'
import type { PbxCaller } from './caller'
import { parseBody } from './request'
import { checked } from '../validation'
import { createdId, destroyItem, itemPath, type CallOptions } from './resource'

/**
 * DECT phones (seed 2.7, 4.6): `GET/POST /api/dect_phones` (the list has no count and no paging:
 * `{items}`), `GET/POST /api/dect_phones/{id}` (404 when the phone does not exist, seed 7.3).
 * `mac`, `template`, `vendor` and `model` are given on create only; the update schema refuses them
 * before sending.
 *
 * Creating a phone whose MAC is already in the tenant answers 409 CONFLICT: it stays a PBX_ERROR
 * with status 409, pbxCode CONFLICT and the PBX's own message (field `mac`). To never create a
 * phone twice, look it up first with `findDectPhoneByMac`, which compares normalised MACs
 * (`00:15:65:aa:bb:cc`, `00-15-65-AA-BB-CC` and `001565AABBCC` are one phone).
 *
 * Optional: `POST /api/dect_phones/{id}/destroy` (204): 404/405 → NOT_SUPPORTED, a 404 for a
 * phone that is gone → NOT_FOUND.
 */

const BASE = 'api/dect_phones'
const NAMES = { what: 'DECT phone', plural: 'DECT phones' }

export interface DectPhonesClient {
  list(options?: CallOptions): Promise<ItemsOf<DectPhone>>
  get(id: string, options?: CallOptions): Promise<DectPhone>
  /** answers the new phone's id */
  create(body: DectPhoneCreate, options?: CallOptions): Promise<string>
  update(id: string, body: DectPhoneUpdate, options?: CallOptions): Promise<void>
  destroy(id: string, options?: CallOptions): Promise<void>
}

/** The phone of `list` with that MAC (in any of the accepted spellings), if any. */
export function findDectPhoneByMac(list: readonly DectPhone[], mac: string): DectPhone | undefined {
  const wanted = normalizeMac(mac.trim())
  return list.find((phone) => phone.mac !== undefined && normalizeMac(phone.mac.trim()) === wanted)
}

export function createDectPhonesClient(caller: PbxCaller): DectPhonesClient {
  return {
    async list(options = {}) {
      const response = await caller.call(BASE, { signal: options.signal })
      return parseBody(DectPhoneListSchema, response, 'GET /api/dect_phones')
    },
    async get(id, options = {}) {
      const response = await caller.call(itemPath(BASE, id), { signal: options.signal })
      return parseBody(DectPhoneSchema, response, 'GET /api/dect_phones/{id}')
    },
    async create(body, options = {}) {
      checked(DectPhoneCreateSchema, body)
      const response = await caller.call(BASE, { method: 'POST', json: body, signal: options.signal })
      return createdId(response, 'POST /api/dect_phones')
    },
    async update(id, body, options = {}) {
      const path = itemPath(BASE, id)
      checked(DectPhoneUpdateSchema, body)
      await caller.call(path, { method: 'POST', json: body, signal: options.signal })
    },
    destroy: (id, options = {}) => destroyItem(caller, BASE, id, NAMES, options),
  }
}
