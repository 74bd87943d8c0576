import type { BridgeHandlers } from '../../contract/bridge'
import { ServiceError } from '../errors'
import type { SessionManager } from '../session/session-manager'

type OutboundHandlers = Pick<
  BridgeHandlers,
  | 'listOutboundRules'
  | 'getOutboundRule'
  | 'outboundReferences'
  | 'createOutboundRule'
  | 'updateOutboundRule'
  | 'duplicateOutboundRule'
  | 'deleteOutboundRule'
  | 'previewRuleCopy'
  | 'copyRules'
  | 'testNumber'
>

const todo = async (): Promise<never> => {
  throw new ServiceError('NOT_SUPPORTED', 'not built yet')
}

/** Outbound rules behind the Bridge (per tenant). */
export function createOutboundService(_options: { sessions: SessionManager }): { handlers: OutboundHandlers } {
  return {
    handlers: {
      listOutboundRules: todo,
      getOutboundRule: todo,
      outboundReferences: todo,
      createOutboundRule: todo,
      updateOutboundRule: todo,
      duplicateOutboundRule: todo,
      deleteOutboundRule: todo,
      previewRuleCopy: todo,
      copyRules: todo,
      testNumber: todo,
    },
  }
}
