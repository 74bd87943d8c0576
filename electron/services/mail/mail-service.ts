import type { BridgeHandlers } from '../../contract/bridge'
import type { SessionManager } from '../session/session-manager'
import { createEmailTemplatesService } from './email-templates-service'
import { createNotificationService } from './notification-service'

type MailHandlers = Pick<
  BridgeHandlers,
  'listEmailTemplates' | 'saveEmailTemplate' | 'copyEmailTemplate' | 'getNotificationSettings' | 'saveNotificationSettings' | 'sendTestEmail'
>

/** Custom email templates (per tenant) and notification settings (system) behind the Bridge. */
export function createMailService(options: { sessions: Pick<SessionManager, 'callerOf'> }): { handlers: MailHandlers } {
  const callerOf = options.sessions.callerOf
  const templates = createEmailTemplatesService((profileId) => callerOf(profileId))
  // notification settings are the system administrator's: a tenant entry's second sign-in
  const notification = createNotificationService((profileId) => callerOf(profileId, 'system'))
  return {
    handlers: {
      listEmailTemplates: ({ profileId }) => templates.list(profileId),
      saveEmailTemplate: async ({ profileId, name, template }) => (await templates.save(profileId, name, template)).entry,
      copyEmailTemplate: ({ fromProfileId, toProfileId, name }) => templates.copy(fromProfileId, toProfileId, name),
      getNotificationSettings: ({ profileId }) => notification.get(profileId),
      saveNotificationSettings: (input) => notification.save(input),
      sendTestEmail: ({ profileId, to }) => notification.sendTestEmail(profileId, to),
    },
  }
}
