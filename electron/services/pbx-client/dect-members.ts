import { DectMemberListSchema, DectMemberListWriteSchema, DectMemberSchema, type DectMember, type DectMemberWrite } from '../../contract/pbx'
import type { PbxCaller } from './caller'
import { parseBody } from './request'
import { checked } from '../validation'
import { ensureExists, isMissingEndpoint, itemPath, notSupported, type CallOptions } from './resource'

/**
 * The members of a DECT base (not in the seed; the PBX family's full API): which handset (IPUI)
 * rings for which extension. `GET /api/dect_phones/{id}/members` lists them; `POST` with
 * `{items:[{extension_number, ipui, handset_index}]}` **replaces the whole list** (200, no body);
 * `GET …/members/{extension_number}` checks one.
 *
 * A 404 is told apart by reading the base: the base exists, so the PBX does not offer members
 * (NOT_SUPPORTED, "handsets cannot be enrolled here"); it does not, so it is gone (NOT_FOUND).
 * The list written is checked against the contract before anything is sent; the PBX's refusals
 * (an unknown extension, more handsets than the model's lines: 400; an IPUI or extension on
 * another base: 409) stay PBX_ERROR with the PBX's message.
 */

const BASE = 'api/dect_phones'
const WHAT = 'DECT phone'
const OFFER = 'handset enrolment (DECT phone members)'

export interface DectMembersClient {
  list(baseId: string, options?: CallOptions): Promise<DectMember[]>
  /** replaces the whole member list of the base */
  replace(baseId: string, items: DectMemberWrite[], options?: CallOptions): Promise<void>
  /** the member with that extension, or undefined when the extension is not a member */
  find(baseId: string, extension: string, options?: CallOptions): Promise<DectMember | undefined>
}

export function createDectMembersClient(caller: PbxCaller): DectMembersClient {
  /** Runs a call of a base's members; a 404 or 405 becomes NOT_FOUND (no base) or NOT_SUPPORTED. */
  const onBase = async <T>(baseId: string, run: (path: string) => Promise<T>, options: CallOptions): Promise<T> => {
    const base = itemPath(BASE, baseId)
    try {
      return await run(`${base}/members`)
    } catch (error) {
      if (!isMissingEndpoint(error)) throw error
      if (error.status === 404) await ensureExists(caller, base, baseId, WHAT, options)
      throw notSupported(OFFER, error.status)
    }
  }

  const list = (baseId: string, options: CallOptions = {}) =>
    onBase(baseId, async (path) => parseBody(DectMemberListSchema, await caller.call(path, { signal: options.signal }), `GET /${BASE}/{id}/members`).items, options)

  return {
    list,
    async replace(baseId, items, options = {}) {
      const body = checked(DectMemberListWriteSchema, { items })
      await onBase(baseId, (path) => caller.call(path, { method: 'POST', json: body, signal: options.signal }), options)
    },
    async find(baseId, extension, options = {}) {
      const path = `${itemPath(BASE, baseId)}/members/${encodeURIComponent(extension)}`
      try {
        return parseBody(DectMemberSchema, await caller.call(path, { signal: options.signal }), `GET /${BASE}/{id}/members/{extension_number}`)
      } catch (error) {
        if (!isMissingEndpoint(error) || error.status !== 404) throw error
        // not a member, or no such endpoint, or no such base: the list tells
        const members = await list(baseId, options)
        return members.find((m) => m.extension_number === extension)
      }
    },
  }
}
