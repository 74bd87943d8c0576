import { CreatedSchema } from '../../contract/pbx'
import { ServiceError } from '../errors'
import type { PbxCaller } from './caller'
import { parseBody, type PbxResponse } from './request'

/**
 * What the typed resource clients share: checking input against the contract before anything is
 * sent, item paths, the `{id}` of a create, and the optional endpoints of this PBX family (not in
 * the seed) that a PBX may lack: they answer 404 or 405 there, which becomes NOT_SUPPORTED.
 *
 * Paths are relative (`api/outbound_rules`, no leading slash), as `pbxRequest` resolves them
 * against the base URL, which may have a path of its own.
 */

/** Options every method that talks to the PBX accepts. */
export interface CallOptions {
  signal?: AbortSignal
}

/** `<base>/<id>` with the id encoded; an empty id is refused before anything is sent. */
export function itemPath(base: string, id: string, field = 'id'): string {
  if (typeof id !== 'string' || id === '') throw new ServiceError('INVALID_INPUT', `${field}: must not be empty`, { field })
  return `${base}/${encodeURIComponent(id)}`
}

/** The id answered by a create (`{id}`; any 2xx status is accepted, the id must be there). */
export function createdId(response: PbxResponse, what: string): string {
  return parseBody(CreatedSchema, response, what).id
}

/**
 * Why a read got no answer, where that is the PBX's say and not a failure: it does not offer the
 * endpoint (404/405, or NOT_SUPPORTED from a client) or the account may not read it (403).
 * undefined for anything else (unreachable, a 500, a cancel): those are failures.
 */
export function unreadReasonOf(error: unknown): 'not_offered' | 'not_allowed' | undefined {
  if (!(error instanceof ServiceError)) return undefined
  if (error.code === 'NOT_SUPPORTED' || error.status === 404 || error.status === 405) return 'not_offered'
  if (error.status === 403) return 'not_allowed'
  return undefined
}

/** The PBX answered 404 or 405: for an optional endpoint, it does not offer it. */
export function isMissingEndpoint(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.code === 'PBX_ERROR' && (error.status === 404 || error.status === 405)
}

export function notSupported(what: string, status?: number): ServiceError {
  return new ServiceError('NOT_SUPPORTED', `This PBX does not offer ${what}.`, status === undefined ? {} : { status })
}

/** Runs a call to an optional endpoint; 404 / 405 become NOT_SUPPORTED. */
export async function orNotSupported<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isMissingEndpoint(error)) throw notSupported(what, error.status)
    throw error
  }
}

/** The answer of a read-only optional endpoint: `{supported: false}` when the PBX lacks it. */
export type Supported<T extends object> = { supported: false } | ({ supported: true } & T)

/** Runs a read of an optional endpoint; NOT_SUPPORTED becomes `{supported: false}`. */
export async function whenSupported<T extends object>(run: () => Promise<T>): Promise<Supported<T>> {
  try {
    return { supported: true, ...(await run()) }
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') return { supported: false }
    throw error
  }
}

/**
 * `POST <base>/<id>/destroy` (204; not in the seed). A 405 means the PBX does not offer deleting.
 * A 404 is ambiguous: no such endpoint, or no such item. The item is read to tell: it exists, so
 * deleting is not offered (NOT_SUPPORTED); it does not, so it is gone (NOT_FOUND).
 * `what` names the item for messages ("outbound rule"), `plural` the kind ("outbound rules").
 */
export async function destroyItem(
  caller: PbxCaller,
  base: string,
  id: string,
  names: { what: string; plural: string; field?: string },
  options: CallOptions = {},
): Promise<void> {
  const path = itemPath(base, id, names.field)
  const offer = `deleting ${names.plural}`
  try {
    await caller.call(`${path}/destroy`, { method: 'POST', signal: options.signal })
    return
  } catch (error) {
    if (!isMissingEndpoint(error)) throw error
    if (error.status === 405) throw notSupported(offer, 405)
  }
  await ensureExists(caller, path, id, names.what, options)
  throw notSupported(offer, 404)
}

/**
 * After a 404 from an optional endpoint of an item: reads the item (`GET <path>`); throws NOT_FOUND
 * ("The <what> <id> no longer exists on the PBX.") when it is not there, answers when it is.
 */
export async function ensureExists(caller: PbxCaller, path: string, id: string, what: string, options: CallOptions = {}): Promise<void> {
  try {
    await caller.call(path, { signal: options.signal })
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'PBX_ERROR' && error.status === 404) {
      throw new ServiceError('NOT_FOUND', `The ${what} ${id} no longer exists on the PBX.`, { status: 404 })
    }
    throw error
  }
}
