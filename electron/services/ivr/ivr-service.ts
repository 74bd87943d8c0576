import type { BridgeHandlers } from '../../contract/bridge'
import { ServiceError } from '../errors'
import { createIvrServersClient } from '../pbx-client/ivr-servers'
import type { SessionManager } from '../session/session-manager'
import { ivrStatuses } from './ivr-statuses'

type IvrHandlers = Pick<
  BridgeHandlers,
  'listIvrServers' | 'ivrServerStatuses' | 'getIvrServer' | 'createIvrServer' | 'setIvrServerEnabled' | 'deleteIvrServer'
>

/**
 * IVR servers behind the Bridge (system administrator): one page of the list as the screen asks
 * for it, statuses, and changes that answer the server as the PBX reads it back.
 */
export function createIvrService(options: { sessions: SessionManager }): { handlers: IvrHandlers } {
  const servers = async (profileId: string) => createIvrServersClient(await options.sessions.callerOf(profileId, 'system'))

  return {
    handlers: {
      async listIvrServers({ profileId, query }) {
        const { skip, top, search, orderby } = query
        return (await servers(profileId)).list({ skip, top, ...(search ? { search } : {}), ...(orderby ? { orderby } : {}) })
      },
      async ivrServerStatuses({ profileId, serverIds }) {
        return ivrStatuses(await servers(profileId), serverIds)
      },
      async getIvrServer({ profileId, serverId }) {
        return (await servers(profileId)).get(serverId)
      },
      async createIvrServer({ profileId, server }) {
        const client = await servers(profileId)
        return client.get(await client.create(server))
      },
      async setIvrServerEnabled({ profileId, serverId, enabled }) {
        const client = await servers(profileId)
        await client.update(serverId, { enabled })
        return client.get(serverId)
      },
      async deleteIvrServer({ profileId, serverId }) {
        const client = await servers(profileId)
        // the PBX refuses it too (403), but the user is told why before anything is sent
        const server = await client.get(serverId)
        if (server.type === 'INTERNAL') {
          throw new ServiceError(
            'INVALID_INPUT',
            `serverId: ${server.name ?? serverId} is the PBX's built-in IVR server, which cannot be deleted. Switch it off instead.`,
            { field: 'serverId' },
          )
        }
        await client.destroy(serverId)
        return { deleted: true as const }
      },
    },
  }
}
