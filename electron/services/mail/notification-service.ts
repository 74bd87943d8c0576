import type { NotificationRead, NotificationVariantName, SaveNotificationInput } from '../../contract/bridge-mail'
import { ServiceError } from '../errors'
import type { PbxCaller } from '../pbx-client/caller'
import { createNotificationClient, notificationVariantOf } from '../pbx-client/notification'

/**
 * System notification settings (seed 2.8, 4.7; system administrator), in either variant. The
 * variant is read from what the PBX answers (the older one has no `type`); a save must be of the
 * variant the PBX has, and the input schema of that variant (strict) keeps the other variant's
 * fields out of the body. The password is write-only: the PBX never answers it, and a body
 * without one keeps the stored password.
 */

export interface NotificationService {
  get(profileId: string): Promise<NotificationRead>
  save(input: SaveNotificationInput): Promise<NotificationRead>
  sendTestEmail(profileId: string, to: string): Promise<{ sent: true }>
}

const VARIANT_WORDS: Record<NotificationVariantName, string> = {
  current: 'the current notification settings (with server type and tenant access)',
  legacy: 'the older notification settings (no server type, no tenant access, sign-in LOGIN or PLAIN only)',
}

export function createNotificationService(callerOf: (profileId: string) => Promise<PbxCaller>): NotificationService {
  const clientOf = async (profileId: string) => createNotificationClient(await callerOf(profileId))

  return {
    async get(profileId) {
      const settings = await (await clientOf(profileId)).get()
      return { variant: notificationVariantOf(settings), settings }
    },

    async save(input) {
      const client = await clientOf(input.profileId)
      const variant = await client.variant()
      if (variant !== input.variant) {
        throw new ServiceError('INVALID_INPUT', `variant: this PBX has ${VARIANT_WORDS[variant]}; reload the form.`, { field: 'variant' })
      }
      await client.update(input.settings)
      const settings = await client.get()
      return { variant: notificationVariantOf(settings), settings }
    },

    async sendTestEmail(profileId, to) {
      try {
        await (await clientOf(profileId)).sendTestEmail(to)
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'NOT_SUPPORTED') {
          throw new ServiceError(
            'NOT_SUPPORTED',
            'This PBX does not offer test emails (POST /api/admin/notification/test_email). Save the settings and check them with the next notification it sends.',
            error.status === undefined ? {} : { status: error.status },
          )
        }
        throw error
      }
      return { sent: true as const }
    },
  }
}
