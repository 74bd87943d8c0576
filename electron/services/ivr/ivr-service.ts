import type { BridgeHandlers } from '../../contract/bridge'
import { ServiceError } from '../errors'
import type { SessionManager } from '../session/session-manager'

type IvrHandlers = Pick<
  BridgeHandlers,
  'listIvrServers' | 'ivrServerStatuses' | 'getIvrServer' | 'createIvrServer' | 'setIvrServerEnabled' | 'deleteIvrServer'
>

const todo = async (): Promise<never> => {
  throw new ServiceError('NOT_SUPPORTED', 'not built yet')
}

/** IVR servers behind the Bridge (system administrator). */
export function createIvrService(_options: { sessions: SessionManager }): { handlers: IvrHandlers } {
  return {
    handlers: {
      listIvrServers: todo,
      ivrServerStatuses: todo,
      getIvrServer: todo,
      createIvrServer: todo,
      setIvrServerEnabled: todo,
      deleteIvrServer: todo,
    },
  }
}
