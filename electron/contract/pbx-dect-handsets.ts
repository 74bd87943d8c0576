import { z } from 'zod'
import { itemsOf, listOf } from './pbx-common'

/**
 * The parts of the PBX family's full API (version 22) beyond the seed that enrol handsets on their
 * bases: DECT models, a base's members (handset IPUI → extension), the tenant's users (who own the
 * extensions) and the provisioned phones (bases that fetched their configuration). Any of them may
 * be missing on an older PBX (404/405); the client then says what it cannot do there.
 * Re-exported by `pbx.ts`.
 */

/** An extension number: 3 to 64 digits. */
export const EXTENSION_NUMBER_PATTERN = /^\d{3,64}$/
export const ExtensionNumberSchema = z.string().regex(EXTENSION_NUMBER_PATTERN, { error: 'must be 3 to 64 digits' })

/** An IPUI as the API carries it: 10 hex digits (IPUI-N), stored and answered in upper case. */
export const API_IPUI_PATTERN = /^[0-9A-Fa-f]{10}$/
export const ApiIpuiSchema = z
  .string()
  .regex(API_IPUI_PATTERN, { error: 'must be 10 hex digits (an IPUI-N such as 00092263DD)' })
  .transform((s) => s.toUpperCase())

// --- models ------------------------------------------------------------------------------------

/**
 * One entry of `GET /api/dect_phone_models`: `filename` is the template, `lines` the most handsets
 * one base takes. There is no vendor field; `display_name` reads like "Yealink W70B".
 */
export const DectModelSchema = z.object({
  filename: z.string().min(1),
  model: z.string().min(1),
  lines: z.int().min(1),
  display_name: z.string().optional(),
})
export type DectModel = z.infer<typeof DectModelSchema>
export const DectModelListSchema = itemsOf(DectModelSchema)

/** `GET /api/dect_phone_models/{filename}`: one model's details. */
export const DectModelDetailSchema = z.object({
  template: z.string().optional(),
  languages: z.array(z.string()).optional(),
  tones: z.array(z.string()).optional(),
  time_zones: z.array(z.string()).optional(),
  codecs: z.array(z.string()).optional(),
  lines: z.int().min(1).optional(),
})
export type DectModelDetail = z.infer<typeof DectModelDetailSchema>

/**
 * The vendor of a model entry: its display name without the model at its end ("Yealink W70B" →
 * "Yealink"); the display name itself when it does not end with the model; '' without one.
 */
export const vendorOfModel = (m: Pick<DectModel, 'model' | 'display_name'>): string => {
  const name = (m.display_name ?? '').trim()
  if (name.toLowerCase().endsWith(` ${m.model.toLowerCase()}`)) return name.slice(0, name.length - m.model.length).trim()
  return name
}

/**
 * The entry of a model list for a base's vendor and model (case ignored): the one of that vendor,
 * else the first of that model (the vendor may be typed otherwise than the list names it).
 */
export function findModel<M extends Pick<DectModel, 'model' | 'display_name'>>(models: readonly M[], vendor: string | undefined, model: string | undefined): M | undefined {
  if (!model) return undefined
  const same = models.filter((m) => m.model.toLowerCase() === model.toLowerCase())
  return same.find((m) => !vendor || vendorOfModel(m).toLowerCase() === vendor.toLowerCase()) ?? same[0]
}

// --- members -------------------------------------------------------------------------------------

/** A handset index as the PBX may answer it: a whole number, or digits in a string (the API's type). */
const HandsetIndexAnswerSchema = z.union([z.int().min(0), z.string().regex(/^\d+$/).transform(Number)])

/** One member of `GET /api/dect_phones/{id}/members`: a handset on the base, and whose extension it rings. */
export const DectMemberSchema = z.object({
  id: z.string().optional(),
  extension_number: z.string(),
  display_name: z.string().optional(),
  ipui: z.string(),
  handset_index: HandsetIndexAnswerSchema,
})
export type DectMember = z.infer<typeof DectMemberSchema>
export const DectMemberListSchema = itemsOf(DectMemberSchema)

/** The most handsets one base may take in any model (a base's own limit is its model's `lines`). */
export const MAX_HANDSET_INDEX = 9999

/** One member of the list a client writes: `handset_index` is a string of digits (the API's type). */
export const DectMemberWriteSchema = z.strictObject({
  extension_number: ExtensionNumberSchema,
  ipui: ApiIpuiSchema,
  handset_index: z.string().regex(/^[1-9]\d{0,3}$/, { error: `must be a whole number 1..${MAX_HANDSET_INDEX}, written as text ("1")` }),
})
export type DectMemberWrite = z.input<typeof DectMemberWriteSchema>

/** Body of `POST /api/dect_phones/{id}/members`: the whole member list (it replaces the one there). */
export const DectMemberListWriteSchema = z.strictObject({ items: z.array(DectMemberWriteSchema) })
export type DectMemberListWrite = z.input<typeof DectMemberListWriteSchema>

// --- users and provisioned phones ---------------------------------------------------------------

/** One entry of `GET /api/users` (a paged list): the fields the app uses of a tenant's user. */
export const PbxUserSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  display_name: z.string().optional(),
  extension_number: z.string().optional(),
  enabled: z.boolean().optional(),
  email: z.string().optional(),
  role: z.string().optional(),
})
export type PbxUser = z.infer<typeof PbxUserSchema>
export const PbxUserListSchema = listOf(PbxUserSchema)

/** One entry of `GET /api/phones`: a device that fetched its configuration (passwords never kept). */
export const ProvisionedPhoneSchema = z.object({
  mac: z.string(),
  vendor: z.string().optional(),
  model: z.string().optional(),
  fwver: z.string().optional(),
  ip: z.string().optional(),
  name: z.string().optional(),
  extension_number: z.string().optional(),
})
export type ProvisionedPhone = z.infer<typeof ProvisionedPhoneSchema>
export const ProvisionedPhoneListSchema = itemsOf(ProvisionedPhoneSchema)
