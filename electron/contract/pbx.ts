/**
 * The PBX administration API's resources as zod schemas and inferred types: the single source of
 * truth for shapes. The HTTP client, the IPC validation, the renderer's forms and the demo PBX all
 * use it.
 *
 * Conventions:
 * - `XxxSchema` (plain `z.object`) is what the PBX answers: lenient, extra fields pass.
 * - `XxxCreateSchema` / `XxxUpdateSchema` (`z.strictObject`) are request bodies: every limit of the
 *   seed and of `electron/demo-pbx/README.md`, unknown fields refused. Their types are `z.input`
 *   (what a caller writes); the parsed value (`z.output`) has the defaults filled in.
 * - Enums are exported `as const` arrays; limits are in `LIMITS`.
 * - `checkInput(schema, value)` parses with `pbxErrorMap` and answers `{path, message}` problems.
 *
 * The pieces live in sibling files to keep each short; import from here.
 */
export * from './pbx-common'
export * from './pbx-auth'
export * from './pbx-outbound'
export * from './pbx-resources'
export * from './pbx-dect-handsets'
export * from './pbx-system'

import { itemsOf, listOf } from './pbx-common'
import { HolidaySchema, OutboundRuleListItemSchema, ProviderSchema } from './pbx-outbound'
import { DectPhoneSchema, EmailTemplateSchema, IvrServerSchema } from './pbx-resources'

/** GET /api/outbound_rules */
export const OutboundRuleListSchema = listOf(OutboundRuleListItemSchema)
/** GET /api/ivr_servers */
export const IvrServerListSchema = listOf(IvrServerSchema)
/** GET /api/providers */
export const ProviderListSchema = listOf(ProviderSchema)
/** GET /api/holidays */
export const HolidayListSchema = listOf(HolidaySchema)
/** GET /api/custom_email_templates (no count) */
export const EmailTemplateListSchema = itemsOf(EmailTemplateSchema)
/** GET /api/dect_phones (no count) */
export const DectPhoneListSchema = itemsOf(DectPhoneSchema)
