import { z } from 'zod'
import { EmailSchema, LIMITS, text } from './pbx-common'

/**
 * IVR servers (seed 2.5, 4.4), custom email templates (2.6, 4.5) and DECT phones (2.7, 4.6).
 * Re-exported by `pbx.ts`.
 */

// --- IVR servers --------------------------------------------------------------------------------

export const IVR_TYPES = ['INTERNAL', 'EXTERNAL'] as const
export type IvrType = (typeof IVR_TYPES)[number]

/** An IVR server as the PBX answers it. */
export const IvrServerSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  enabled: z.boolean().optional(),
  ipv4: z.string().optional(),
  ipv6: z.string().optional(),
  type: z.enum(IVR_TYPES).optional(),
})
export type IvrServer = z.infer<typeof IvrServerSchema>

const ivrFields = {
  name: text(LIMITS.ivrName),
  enabled: z.boolean(),
  ipv4: z.ipv4(),
  ipv6: z.ipv6(),
}

/** Body of POST /api/ivr_servers: name required, at least one of ipv4 and ipv6. */
export const IvrServerCreateSchema = z
  .strictObject({
    name: ivrFields.name,
    enabled: ivrFields.enabled.default(true),
    ipv4: ivrFields.ipv4.optional(),
    ipv6: ivrFields.ipv6.optional(),
  })
  .refine((s) => s.ipv4 !== undefined || s.ipv6 !== undefined, {
    error: 'give an IPv4 or an IPv6 address (at least one is needed)',
    path: ['ipv4'],
  })
export type IvrServerCreate = z.input<typeof IvrServerCreateSchema>

/** Body of POST /api/ivr_servers/{id}. */
export const IvrServerUpdateSchema = z.strictObject({
  id: z.string().optional(),
  name: ivrFields.name.optional(),
  enabled: ivrFields.enabled.optional(),
  ipv4: ivrFields.ipv4.optional(),
  ipv6: ivrFields.ipv6.optional(),
})
export type IvrServerUpdate = z.input<typeof IvrServerUpdateSchema>

/** Answer of GET /api/ivr_servers/{id}/status. */
export const IvrStatusSchema = z.object({ reachable: z.boolean(), checked_at: z.string() })
export type IvrStatus = z.infer<typeof IvrStatusSchema>

// --- custom email templates ---------------------------------------------------------------------

export const EMAIL_TEMPLATE_NAMES = [
  'USER_CREATION',
  'QUEUE_CALL_LOST',
  'QUEUE_SLA',
  'QUEUE_CALLBACK',
  'QUEUE_CALLBACK_FAILED',
  'VOICEMAIL_RECEIVED',
  'CALL_REPORT_COMPLETED',
  'DISK_LOW',
  'EMERGENCY_CALL',
  'LICENSE_LIMITED',
  'RECHARGE',
  'CONFERENCE_INVITATION',
  'TRUNK_CONNECTED',
  'TRUNK_DISCONNECTED',
] as const
export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number]
export const EmailTemplateNameSchema = z.enum(EMAIL_TEMPLATE_NAMES)

/** A custom email template as the PBX answers it. */
export const EmailTemplateSchema = z.object({
  name: EmailTemplateNameSchema,
  from: z.string().optional(),
  subject: z.string().optional(),
  body: z.string().optional(),
})
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>

const templateFields = {
  from: EmailSchema.max(LIMITS.templateFrom.max),
  subject: text(LIMITS.templateSubject),
  body: text(LIMITS.templateBody),
}

/** Body of POST /api/custom_email_templates. */
export const EmailTemplateCreateSchema = z.strictObject({
  name: EmailTemplateNameSchema,
  from: templateFields.from.optional(),
  subject: templateFields.subject.optional(),
  body: templateFields.body.optional(),
})
export type EmailTemplateCreate = z.input<typeof EmailTemplateCreateSchema>

/** Body of POST /api/custom_email_templates/{name}; `id`, when given, must equal the name. */
export const EmailTemplateUpdateSchema = z.strictObject({
  id: z.string().optional(),
  from: templateFields.from.optional(),
  subject: templateFields.subject.optional(),
  body: templateFields.body.optional(),
})
export type EmailTemplateUpdate = z.input<typeof EmailTemplateUpdateSchema>

// --- DECT phones --------------------------------------------------------------------------------

export const DECT_LANGUAGES = [
  'ENGLISH',
  'CHINESE',
  'DUTCH',
  'FRENCH',
  'GERMAN',
  'GREEK',
  'ITALIAN',
  'JAPANESE',
  'POLISH',
  'RUSSIAN',
  'SPANISH',
  'SWEDISH',
  'UKRAINIAN',
  'BULGARIAN',
] as const
export type DectLanguage = (typeof DECT_LANGUAGES)[number]

export const DECT_INTERFACES = ['WEB_DOMAIN', 'PUBLIC_IPV4', 'PUBLIC_IPV6', 'PRIVATE_IPV4', 'PRIVATE_IPV6', 'SBC_DOMAIN'] as const
export type DectInterface = (typeof DECT_INTERFACES)[number]

export const TRANSPORTS = ['UDP', 'TCP', 'TLS'] as const
export type Transport = (typeof TRANSPORTS)[number]

/** 12 hex digits, optionally separated by `:` or `-` in pairs (one kind of separator). */
export const MAC_PATTERN = /^(?:[0-9A-Fa-f]{12}|[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}|[0-9A-Fa-f]{2}(?:-[0-9A-Fa-f]{2}){5})$/
const MAC_SEPARATORS = /[:-]/g
/** The stored form: 12 upper-case hex digits, no separators. (One regex for every call: an import makes 20,000.) */
export const normalizeMac = (mac: string): string => mac.replace(MAC_SEPARATORS, '').toUpperCase()
export const MacSchema = z
  .string()
  .regex(MAC_PATTERN, { error: 'must be 12 hex digits, optionally in pairs separated by : or - (e.g. 00:15:65:AA:BB:CC)' })
  .transform(normalizeMac)

/** A DECT phone as the PBX answers it (passwords are never answered). */
export const DectPhoneSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  mac: z.string().optional(),
  template: z.string().optional(),
  vendor: z.string().optional(),
  model: z.string().optional(),
  timezone: z.string().optional(),
  region: z.string().optional(),
  language: z.string().optional(),
  handset_language: z.string().optional(),
  tone: z.string().optional(),
  rps: z.boolean().optional(),
  https: z.boolean().optional(),
  codecs: z.array(z.string()).optional(),
  lines: z.int().optional(),
  interface: z.enum(DECT_INTERFACES).optional(),
  preferred_transport: z.enum(TRANSPORTS).optional(),
  url: z.string().optional(),
})
export type DectPhone = z.infer<typeof DectPhoneSchema>

/** Codec priority: at least one name, no repeats (which names a PBX knows is the PBX's choice). */
export const CodecListSchema = z
  .array(z.string().min(1))
  .min(1)
  .superRefine((list, ctx) => {
    list.forEach((c, i) => {
      if (list.indexOf(c) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `repeats ${c}` })
    })
  })

const dectFields = {
  name: text(LIMITS.dectName),
  password: text(LIMITS.dectPassword),
  user_password: text(LIMITS.dectPassword),
  engineer_password: text(LIMITS.dectPassword),
  timezone: text(LIMITS.dectText),
  region: text(LIMITS.dectText),
  language: z.enum(DECT_LANGUAGES),
  handset_language: z.enum(DECT_LANGUAGES),
  tone: text(LIMITS.dectText),
  rps: z.boolean(),
  https: z.boolean(),
  codecs: CodecListSchema,
  interface: z.enum(DECT_INTERFACES),
  preferred_transport: z.enum(TRANSPORTS),
}

/** Body of POST /api/dect_phones: name, mac, vendor and model required. */
export const DectPhoneCreateSchema = z.strictObject({
  name: dectFields.name,
  mac: MacSchema,
  template: text(LIMITS.dectTemplate).optional(),
  vendor: text(LIMITS.dectVendor),
  model: text(LIMITS.dectModel),
  password: dectFields.password.optional(),
  user_password: dectFields.user_password.optional(),
  engineer_password: dectFields.engineer_password.optional(),
  timezone: dectFields.timezone.optional(),
  region: dectFields.region.optional(),
  language: dectFields.language.optional(),
  handset_language: dectFields.handset_language.optional(),
  tone: dectFields.tone.optional(),
  rps: dectFields.rps.default(false),
  https: dectFields.https.default(true),
  codecs: dectFields.codecs.optional(),
  interface: dectFields.interface.default('WEB_DOMAIN'),
  preferred_transport: dectFields.preferred_transport.default('UDP'),
})
export type DectPhoneCreate = z.input<typeof DectPhoneCreateSchema>

const createOnly = (field: string) =>
  z.never({ error: `is given on create only (${field} cannot be changed)` }).optional()

/** Body of POST /api/dect_phones/{id}: mac, template, vendor and model cannot be changed. */
export const DectPhoneUpdateSchema = z.strictObject({
  id: z.string().optional(),
  mac: createOnly('mac'),
  template: createOnly('template'),
  vendor: createOnly('vendor'),
  model: createOnly('model'),
  name: dectFields.name.optional(),
  password: dectFields.password.optional(),
  user_password: dectFields.user_password.optional(),
  engineer_password: dectFields.engineer_password.optional(),
  timezone: dectFields.timezone.optional(),
  region: dectFields.region.optional(),
  language: dectFields.language.optional(),
  handset_language: dectFields.handset_language.optional(),
  tone: dectFields.tone.optional(),
  rps: dectFields.rps.optional(),
  https: dectFields.https.optional(),
  codecs: dectFields.codecs.optional(),
  interface: dectFields.interface.optional(),
  preferred_transport: dectFields.preferred_transport.optional(),
})
export type DectPhoneUpdate = z.input<typeof DectPhoneUpdateSchema>
