import { z } from 'zod'

/**
 * What crosses the Bridge. Expected failures are values, not exceptions: every operation answers
 * `{ ok: true, value }` or `{ ok: false, error }`, so the renderer sees a typed error with a message
 * meant for the user, and an exception in main is a bug, never a way to report a wrong password.
 */
export const BRIDGE_ERROR_CODES = [
  /** input failed the contract's schema; `field` names the first offending field */
  'INVALID_INPUT',
  /** the PBX could not be reached (refused, DNS, TLS, timeout) */
  'UNREACHABLE',
  /** the server answered, but not as a PBX of this API (HTML, 404 on /api/info, ...) */
  'NOT_A_PBX',
  /** the PBX answered with an error of the API's error shape; `status` and `pbxCode` say which */
  'PBX_ERROR',
  /** the operation needs a keychain and none answers */
  'NO_KEYCHAIN',
  /** anything unexpected: a bug in the app */
  'INTERNAL',
] as const

export const BridgeErrorSchema = z.object({
  code: z.enum(BRIDGE_ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  status: z.number().int().optional(),
  pbxCode: z.string().optional(),
})
export type BridgeError = z.infer<typeof BridgeErrorSchema>

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError }
