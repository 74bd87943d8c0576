import type { IvrStatus } from '../../contract/pbx'
import { ServiceError } from '../errors'
import { mapLimited } from '../concurrency/map-limited'
import type { IvrServersClient } from '../pbx-client/ivr-servers'

/** How many status requests run at once: a page of servers answers quickly, the PBX is not flooded. */
const AT_ONCE = 4

export interface IvrStatuses {
  supported: boolean
  statuses: (IvrStatus & { id: string })[]
}

/**
 * The reachability of some IVR servers (`GET /api/ivr_servers/{id}/status`, a few at a time).
 * Where the PBX does not offer it (404 for a server that exists): `supported: false` and no
 * statuses, and no further request is made. A server deleted meanwhile is left out.
 */
export async function ivrStatuses(client: IvrServersClient, ids: readonly string[]): Promise<IvrStatuses> {
  let unsupported = false
  const answers = await mapLimited(
    [...new Set(ids)],
    AT_ONCE,
    async (id) => {
      try {
        const answer = await client.status(id)
        if (!answer.supported) {
          unsupported = true
          return undefined
        }
        return { id, reachable: answer.reachable, checked_at: answer.checked_at }
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'NOT_FOUND') return undefined
        throw error
      }
    },
    () => unsupported,
  )
  if (unsupported) return { supported: false, statuses: [] }
  return { supported: true, statuses: answers.filter((s) => s !== undefined) }
}
