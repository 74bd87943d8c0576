import { z } from 'zod'
import {
  EmailSchema,
  EmailTemplateNameSchema,
  EmailTemplateSchema,
  EmailTemplateUpdateSchema,
  LegacyNotificationUpdateSchema,
  NotificationSettingsSchema,
  NotificationUpdateSchema,
} from './pbx'

/**
 * The Bridge operations of custom email templates (per tenant, seed 2.6, 4.5) and the system
 * notification settings (system administrator, seed 2.8, 4.7, both variants). Spread into
 * `bridge` in `bridge.ts`.
 */

const profileId = z.string().min(1)

/** One of the 14 kinds: the PBX's custom template, or none (the PBX sends its default). */
export const EmailTemplateEntrySchema = z.object({
  name: EmailTemplateNameSchema,
  customised: z.boolean(),
  /** the custom template as the PBX answers it, when customised */
  template: EmailTemplateSchema.optional(),
})
export type EmailTemplateEntry = z.infer<typeof EmailTemplateEntrySchema>

export const NOTIFICATION_VARIANTS = ['current', 'legacy'] as const
export type NotificationVariantName = (typeof NOTIFICATION_VARIANTS)[number]

/** The settings with the variant they were read from (legacy: no type, no tenant access, auth LOGIN/PLAIN). */
export const NotificationReadSchema = z.object({
  variant: z.enum(NOTIFICATION_VARIANTS),
  settings: NotificationSettingsSchema,
})
export type NotificationRead = z.infer<typeof NotificationReadSchema>

/** What the form sends: the body for the variant the PBX has (main refuses the other variant's body). */
export const SaveNotificationInputSchema = z.discriminatedUnion('variant', [
  z.strictObject({ profileId, variant: z.literal('current'), settings: NotificationUpdateSchema }),
  z.strictObject({ profileId, variant: z.literal('legacy'), settings: LegacyNotificationUpdateSchema }),
])
export type SaveNotificationInput = z.input<typeof SaveNotificationInputSchema>

export const mailOperations = {
  // --- custom email templates (per tenant) ----------------------------------------------------

  /** all 14 kinds, each customised (with the PBX's template) or default; the PBX's list has no count */
  listEmailTemplates: { input: z.strictObject({ profileId }), result: z.array(EmailTemplateEntrySchema) },
  /**
   * save a kind: created where the PBX has none of that kind yet (POST 201), updated otherwise
   * (POST on the name, 200); answers it as the PBX reads it back
   */
  saveEmailTemplate: {
    input: z.strictObject({ profileId, name: EmailTemplateNameSchema, template: EmailTemplateUpdateSchema.omit({ id: true }) }),
    result: EmailTemplateEntrySchema,
  },
  /** copy a kind's template to the same kind on another saved PBX (created or updated there) */
  copyEmailTemplate: {
    input: z.strictObject({ fromProfileId: profileId, toProfileId: profileId, name: EmailTemplateNameSchema }),
    result: z.object({ created: z.boolean(), entry: EmailTemplateEntrySchema }),
  },

  // --- system notification settings (system administrator) -------------------------------------

  /** the settings (never the password) and the variant this PBX has */
  getNotificationSettings: { input: z.strictObject({ profileId }), result: NotificationReadSchema },
  /** save; a password left out keeps the stored one; answers the settings read back */
  saveNotificationSettings: { input: SaveNotificationInputSchema, result: NotificationReadSchema },
  /** ask the PBX to send a test email (NOT_SUPPORTED where it does not offer it) */
  sendTestEmail: { input: z.strictObject({ profileId, to: EmailSchema }), result: z.object({ sent: z.literal(true) }) },
} as const
