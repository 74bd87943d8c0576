import type { BridgeHandlers } from '../../contract/bridge'
import { ServiceError } from '../errors'
import type { SessionManager } from '../session/session-manager'

type MailHandlers = Pick<
  BridgeHandlers,
  'listEmailTemplates' | 'saveEmailTemplate' | 'copyEmailTemplate' | 'getNotificationSettings' | 'saveNotificationSettings' | 'sendTestEmail'
>

const todo = async (): Promise<never> => {
  throw new ServiceError('NOT_SUPPORTED', 'not built yet')
}

/** Custom email templates (per tenant) and notification settings (system) behind the Bridge. */
export function createMailService(_options: { sessions: SessionManager }): { handlers: MailHandlers } {
  return {
    handlers: {
      listEmailTemplates: todo,
      saveEmailTemplate: todo,
      copyEmailTemplate: todo,
      getNotificationSettings: todo,
      saveNotificationSettings: todo,
      sendTestEmail: todo,
    },
  }
}
